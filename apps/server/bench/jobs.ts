/**
 * Job queue benchmark (DESIGN §9), on PostgreSQL: jobs per second through the queue of
 * modules/jobs (pg-boss on the app's pg pool), in this process, on a scratch database.
 *
 * 1. Enqueue: BENCH_JOBS jobs (default 5,000), each in its own transaction as a change enqueues its
 *    job, BENCH_JOBS_IN_FLIGHT (default 20) transactions at a time, no worker running.
 * 2. Drain: one worker (concurrency BENCH_JOBS_CONCURRENCY, default 20) works that backlog with a
 *    handler that does nothing, so the number is the queue's own cost (fetch, complete).
 * 3. Through: the worker running while the same number are enqueued as in 1: from the first enqueue
 *    to the last job completed.
 *
 * Every run also checks that each job ran exactly once.
 */
import { openDatabase } from '../src/db/client.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { createJobQueue, type JobType } from '../src/modules/jobs/jobs.service.ts';

export type JobsRun = {
  run: string;
  jobs: number;
  seconds: number;
  jobsPerSecond: number;
  /** Jobs that ran other than exactly once (0 expected; null when nothing runs). */
  notOnce: number | null;
};

const benchJob: JobType<{ n: number }> = {
  name: 'bench-noop',
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 60,
};

/** Runs `work(i)` for i < count with `inFlight` at a time. */
async function pooled(count: number, inFlight: number, work: (index: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

const runOf = (run: string, jobs: number, ms: number, notOnce: number | null): JobsRun => ({
  run,
  jobs,
  seconds: Math.round(ms) / 1000,
  jobsPerSecond: Math.round((jobs / ms) * 1000),
  notOnce,
});

/** The three runs on the PostgreSQL database at `databaseUrl`. */
export async function benchJobs(databaseUrl: string): Promise<JobsRun[]> {
  const count = Number(process.env.BENCH_JOBS ?? 5000);
  const inFlight = Number(process.env.BENCH_JOBS_IN_FLIGHT ?? 20);
  const concurrency = Number(process.env.BENCH_JOBS_CONCURRENCY ?? 20);
  const database = await openDatabase({ url: databaseUrl, poolSize: inFlight + 5 });
  await database.migrate();
  const producer = createJobQueue(database, { types: [benchJob as JobType<unknown>] });
  const runs = new Map<number, number>();
  let done = 0;
  let allDone = () => {};
  const consumer = createJobQueue(database, { pollingIntervalSeconds: 0.5 });
  consumer.work(
    benchJob,
    async ({ n }) => {
      runs.set(n, (runs.get(n) ?? 0) + 1);
      done += 1;
      if (done === count) allDone();
    },
    { concurrency },
  );
  // As a service does: enqueue in the change's transaction, then wake the local worker.
  const enqueue = (offset: number) =>
    pooled(count, inFlight, async (index) => {
      await inTransaction(database.db, (tx) => producer.enqueue(tx, benchJob, { n: offset + index }));
      consumer.wake(benchJob);
    });
  const notOnce = (offset: number) =>
    Array.from({ length: count }, (_, index) => runs.get(offset + index) ?? 0).filter((n) => n !== 1).length;
  try {
    await producer.start();
    let started = performance.now();
    await enqueue(0);
    const enqueued = runOf('enqueue (one transaction each)', count, performance.now() - started, null);

    let finished = new Promise<void>((resolve) => {
      allDone = resolve;
    });
    started = performance.now();
    await consumer.start();
    consumer.wake(benchJob);
    await finished;
    const drained = runOf('drain a backlog (no-op handler)', count, performance.now() - started, notOnce(0));

    done = 0;
    finished = new Promise<void>((resolve) => {
      allDone = resolve;
    });
    started = performance.now();
    await enqueue(count);
    consumer.wake(benchJob);
    await finished;
    const through = runOf('enqueue while working', count, performance.now() - started, notOnce(count));
    return [enqueued, drained, through];
  } finally {
    await consumer.stop();
    await producer.stop();
    await database.close();
  }
}
