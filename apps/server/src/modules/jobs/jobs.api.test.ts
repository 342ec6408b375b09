import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReopenableTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { listFailedJobs } from './jobs.repository.ts';
import { createJobQueue, type JobQueue, type JobType } from './jobs.service.ts';

/**
 * The job queue (DESIGN §9) on PGlite, and on PostgreSQL when DATABASE_URL is set: transactional
 * enqueueing, restarts, several workers on one database, retries and shutdown.
 */

type Note = { note: string };
/** A job type of its own per test (the tests share one database). */
const noteJobType = (name: string): JobType<Note> => ({
  name,
  retryLimit: 2,
  retryDelaySeconds: 1,
  retryBackoff: true,
  expireInSeconds: 60,
});
const fast = { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0 };

/** Jobs of a type by state, read in SQL. */
async function jobStates(handle: DatabaseHandle, type: JobType<Note>): Promise<Record<string, number>> {
  const result = (await handle.db.execute(
    sql`SELECT state::text AS state, count(*)::int AS n FROM pgboss.job WHERE name = ${type.name} GROUP BY state`,
  )) as unknown as { rows: { state: string; n: number }[] };
  return Object.fromEntries(result.rows.map((row) => [row.state, Number(row.n)]));
}

const waitUntil = (condition: () => unknown | Promise<unknown>, timeout = 15_000) =>
  vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error('not yet');
    },
    { timeout, interval: 50 },
  );

describe('job queue', () => {
  let database: Awaited<ReturnType<typeof createReopenableTestDatabase>>;
  beforeAll(async () => {
    database = await createReopenableTestDatabase();
  });
  afterAll(() => database.drop());

  it('never runs a job enqueued in a transaction that rolled back, and runs one that committed', async () => {
    const noteJob = noteJobType('test-rollback');
    const handle = await database.open();
    const ran: string[] = [];
    const queue = createJobQueue(handle, fast);
    queue.work(noteJob, async (data) => {
      ran.push(data.note);
    });
    await queue.start();
    try {
      await expect(
        inTransaction(handle.db, async (tx) => {
          await queue.enqueue(tx, noteJob, { note: 'rolled back' });
          throw new Error('the change fails');
        }),
      ).rejects.toThrow('the change fails');
      await inTransaction(handle.db, (tx) => queue.enqueue(tx, noteJob, { note: 'committed' }));
      queue.wake(noteJob);
      await waitUntil(async () => (await jobStates(handle, noteJob)).completed === 1);
      expect(ran).toEqual(['committed']);
      // Nothing of the rolled-back job was ever stored.
      expect(await jobStates(handle, noteJob)).toEqual({ completed: 1 });
    } finally {
      await queue.stop();
      await handle.close();
    }
  });

  it('keeps a job across a restart and runs it in the next process', async () => {
    const noteJob = noteJobType('test-restart');
    const types = [noteJob] as JobType<unknown>[];
    const before = await database.open();
    const first = createJobQueue(before, { ...fast, types });
    await first.start();
    const jobId = await inTransaction(before.db, (tx) =>
      first.enqueue(tx, noteJob, { note: 'after the restart' }),
    );
    await first.stop();
    await before.close();

    const after = await database.open();
    const ran: { note: string; jobId: string }[] = [];
    const second = createJobQueue(after, fast);
    second.work(noteJob, async (data, attempt) => {
      ran.push({ note: data.note, jobId: attempt.jobId });
    });
    await second.start();
    try {
      await waitUntil(() => ran.some((run) => run.jobId === jobId));
      expect(ran.filter((run) => run.jobId === jobId)).toEqual([{ note: 'after the restart', jobId }]);
    } finally {
      await second.stop();
      await after.close();
    }
  });

  it('runs each job exactly once with two workers (two processes on PostgreSQL) on one database', async () => {
    const noteJob = noteJobType('test-two-workers');
    const first = await database.open();
    const second = database.canOpenTwice ? await database.open() : first;
    const runs = new Map<string, number>();
    const byWorker = [0, 0];
    const queues: JobQueue[] = [first, second].map((handle, worker) => {
      const queue = createJobQueue(handle, fast);
      queue.work(
        noteJob,
        async (_data, attempt) => {
          runs.set(attempt.jobId, (runs.get(attempt.jobId) ?? 0) + 1);
          byWorker[worker] = (byWorker[worker] ?? 0) + 1;
          // Long enough for both workers to poll while jobs are running.
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
        { concurrency: 4 },
      );
      return queue;
    });
    try {
      for (const queue of queues) await queue.start();
      const jobs = 120;
      const [enqueuer] = queues as [JobQueue];
      for (let index = 0; index < jobs; index += 10) {
        await inTransaction(first.db, async (tx) => {
          for (let offset = 0; offset < 10; offset += 1) {
            await enqueuer.enqueue(tx, noteJob, { note: `job ${index + offset}` });
          }
        });
        for (const queue of queues) queue.wake(noteJob);
      }
      await waitUntil(async () => (await jobStates(first, noteJob)).completed === jobs, 30_000);
      expect(runs.size).toBe(jobs);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(byWorker[0]! + byWorker[1]!).toBe(jobs);
    } finally {
      for (const queue of queues) await queue.stop();
      await first.close();
      if (second !== first) await second.close();
    }
  });

  it('retries a failing job up to its limit, then keeps it as failed with the last error', async () => {
    const noteJob = noteJobType('test-retries');
    const handle = await database.open();
    const attempts: { note: string; retryCount: number; isLastAttempt: boolean }[] = [];
    const queue = createJobQueue(handle, fast);
    queue.work(noteJob, async (data, attempt) => {
      attempts.push({
        note: data.note,
        retryCount: attempt.retryCount,
        isLastAttempt: attempt.isLastAttempt,
      });
      if (data.note === 'always fails' || attempt.retryCount === 0) {
        throw new Error(`provider down (${attempt.retryCount})`);
      }
    });
    await queue.start();
    try {
      await inTransaction(handle.db, async (tx) => {
        await queue.enqueue(tx, noteJob, { note: 'always fails' });
        await queue.enqueue(tx, noteJob, { note: 'fails once' });
      });
      queue.wake(noteJob);
      await waitUntil(async () => {
        const states = await jobStates(handle, noteJob);
        return states.failed === 1 && states.completed === 1;
      });
      const ofNote = (note: string) => attempts.filter((attempt) => attempt.note === note);
      expect(ofNote('always fails')).toEqual([
        { note: 'always fails', retryCount: 0, isLastAttempt: false },
        { note: 'always fails', retryCount: 1, isLastAttempt: false },
        { note: 'always fails', retryCount: 2, isLastAttempt: true },
      ]);
      expect(ofNote('fails once').map((attempt) => attempt.retryCount)).toEqual([0, 1]);

      const failed = await listFailedJobs(handle.db, { name: noteJob.name });
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({
        name: noteJob.name,
        data: { note: 'always fails' },
        output: { message: 'provider down (2)' },
        retryCount: 2,
      });
      expect(failed[0]?.failedAt).toBeInstanceOf(Date);
      expect(await listFailedJobs(handle.db, { name: 'another-job' })).toEqual([]);
    } finally {
      await queue.stop();
      await handle.close();
    }
  });

  it('spaces retries out by the job type’s back-off', async () => {
    const noteJob = noteJobType('test-backoff');
    const handle = await database.open();
    const startedAt: number[] = [];
    const queue = createJobQueue(handle, { pollingIntervalSeconds: 0.5 });
    queue.work(noteJob, async () => {
      startedAt.push(Date.now());
      throw new Error('still down');
    });
    await queue.start();
    try {
      await inTransaction(handle.db, (tx) => queue.enqueue(tx, noteJob, { note: 'backs off' }));
      queue.wake(noteJob);
      await waitUntil(() => startedAt.length === 2);
      // retryDelaySeconds 1 with back-off: the first retry waits between 1 and 2 seconds.
      const gap = (startedAt[1] ?? 0) - (startedAt[0] ?? 0);
      expect(gap).toBeGreaterThanOrEqual(900);
      expect(gap).toBeLessThan(3_500);
    } finally {
      await queue.stop();
      await handle.close();
    }
  });

  it('lets a poll wait for a transaction in flight (one PGlite connection) and stops without hanging', async () => {
    const noteJob = noteJobType('test-in-flight');
    const handle = await database.open();
    const ran: string[] = [];
    const queue = createJobQueue(handle, fast);
    queue.work(noteJob, async (data) => {
      ran.push(data.note);
    });
    await queue.start();
    try {
      await inTransaction(handle.db, async (tx) => {
        await queue.enqueue(tx, noteJob, { note: 'woken inside the transaction' });
        // The worker polls now, while this transaction still holds (on PGlite: the) connection.
        queue.wake(noteJob);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await tx.execute(sql`SELECT 1`);
      });
      await waitUntil(() => ran.length === 1);
      expect(ran).toEqual(['woken inside the transaction']);
    } finally {
      const started = Date.now();
      await queue.stop();
      expect(Date.now() - started).toBeLessThan(5_000);
      await handle.close();
    }
  });
});
