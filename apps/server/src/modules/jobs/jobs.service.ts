import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { clientExecutor, drizzleExecutor } from './jobs.repository.ts';

/**
 * The durable job queue (DESIGN §1, §9): pg-boss on the app's own database — the pg pool on
 * PostgreSQL, the one PGlite connection otherwise — in its `pgboss` schema, which pg-boss installs
 * and migrates itself when the queue starts.
 *
 * - A job is enqueued with the caller's database handle, usually its transaction: a rolled-back
 *   change leaves no job, a committed one always has its job (`enqueue`).
 * - Jobs are rows, so they survive a restart; every replica runs the workers, and a job is fetched
 *   by one worker only (`FOR UPDATE SKIP LOCKED`, state → active in the same statement).
 * - A failed attempt is retried with exponential back-off up to the job type's limit, then the job
 *   stays `failed` (see `listFailedJobs` in jobs.repository.ts). A worker that dies mid-job leaves
 *   it active until its expiry, when pg-boss's maintenance hands it out again: delivery is at least
 *   once, so handlers are written to be repeatable (the outbox handler checks its row first).
 *
 * Workers are a small fetch loop per job type over pg-boss's fetch/complete/fail rather than
 * `boss.work`, so that stopping awaits every query and handler it started (pg-boss completes jobs
 * without awaiting, which races a closing PGlite) and a commit can wake the local worker at once.
 * On PGlite every query waits for the one connection: a poll waits for a transaction in flight, and
 * enqueueing inside a transaction goes through that transaction, never around it (which would wait
 * for itself).
 */

/** A kind of job: its queue name and retry policy; `T` is the JSON data a job carries. */
export type JobType<T> = {
  /** pg-boss queue name: letters, digits, `-` and `_`. */
  name: string;
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) per retry when `retryBackoff`. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** Seconds an attempt may stay active before maintenance fails it (and it is retried). */
  expireInSeconds: number;
  /** Type marker only, never set. */
  readonly data?: T;
};

/** What a handler learns about the attempt it runs. */
export type JobAttempt = {
  jobId: string;
  /** 0 for the first attempt. */
  retryCount: number;
  /** true when a failure now makes the job `failed` for good. */
  isLastAttempt: boolean;
};

export type JobHandler<T> = (data: T, attempt: JobAttempt) => Promise<void>;

export type EnqueueOptions = {
  /** Not before this instant. */
  startAfter?: Date;
  /** Jobs of a type with one key and the same `singletonSeconds` slot are enqueued once. */
  singletonKey?: string;
  /**
   * With `singletonKey`: one job per key per slot of this many seconds, counted from the epoch (a
   * periodic job that every replica enqueues is stored once a slot; the others get null).
   */
  singletonSeconds?: number;
};

export type JobQueueOptions = {
  /** Job types this process enqueues but does not work (worked types need not be listed). */
  types?: JobType<unknown>[];
  /** Seconds between polls of an idle worker (default 2; pg-boss's minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** Replaces every job type's retry delay and turns back-off off (tests: retries without waiting). */
  retryDelaySeconds?: number;
  /** Errors of the queue itself (a poll or maintenance that failed); console.error by default. */
  onError?: (error: unknown) => void;
};

export type JobQueue = {
  /**
   * Stores a job in the database `db` writes to — pass the caller's transaction so the job commits
   * or rolls back with the change that causes it. Answers the job id (null when a singleton key
   * already holds the slot). Call `wake` after the commit to start it without waiting for a poll.
   */
  enqueue: <T>(db: Database, type: JobType<T>, data: T, options?: EnqueueOptions) => Promise<string | null>;
  /** Runs `handler` for jobs of `type` in this process from `start` on; `concurrency` jobs at a time. */
  work: <T>(type: JobType<T>, handler: JobHandler<T>, options?: { concurrency?: number }) => void;
  /** Makes this process's worker of `type` poll now (after a commit that enqueued). */
  wake: (type: JobType<unknown>) => void;
  /** Installs or migrates the pgboss schema, creates the queues, starts the workers. */
  start: () => Promise<void>;
  /** Stops polling and waits for running jobs (up to `timeoutMs`, default 30 s), then for maintenance. */
  stop: (timeoutMs?: number) => Promise<void>;
};

/** A wait of `ms` that `wake()` ends early. */
function wakeableDelay(ms: number): { promise: Promise<void>; wake: () => void } {
  let wake = () => {};
  const promise = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { promise, wake };
}

/** The message of a failure, as stored in the job's output. */
function failureOutput(error: unknown): { message: string } {
  return { message: error instanceof Error ? error.message : String(error) };
}

/**
 * A job queue on the app's database (`db`/`kind` of its DatabaseHandle), not started yet. `start`
 * creates the queue of every worked type and of `options.types`: a job of any other type cannot be
 * enqueued.
 */
export function createJobQueue(
  database: { db: Database; kind: 'pglite' | 'postgres' },
  options: JobQueueOptions = {},
): JobQueue {
  const onError = options.onError ?? ((error: unknown) => console.error('job queue:', error));
  const pollingMs = Math.max(0.5, options.pollingIntervalSeconds ?? 2) * 1000;
  const boss = new PgBoss({
    db: clientExecutor(database.db, database.kind) as PgBoss.Db,
    // Cron schedules are not used yet: no timekeeper polling. Maintenance (expiring jobs whose
    // worker died, archiving, deleting) runs on one replica at a time under an advisory lock.
    schedule: false,
    supervise: true,
    migrate: true,
  });
  let isStopping = false;
  boss.on('error', (error) => {
    if (!isStopping) onError(error);
  });

  type Worker = { type: JobType<unknown>; handler: JobHandler<unknown>; concurrency: number };
  const workers = new Map<string, Worker>();
  const wakers = new Map<string, () => void>();
  /** Types woken while their loop was busy: the loop fetches again instead of waiting. */
  const pendingWakes = new Set<string>();
  const loops: Promise<void>[] = [];

  /** Runs one job; a failure is recorded at once (retry or failed). Answers whether it succeeded. */
  async function runOne(worker: Worker, job: PgBoss.JobWithMetadata<unknown>): Promise<boolean> {
    try {
      await worker.handler(job.data, {
        jobId: job.id,
        retryCount: job.retryCount,
        isLastAttempt: job.retryCount >= job.retryLimit,
      });
      return true;
    } catch (error) {
      await boss.fail(worker.type.name, job.id, failureOutput(error));
      return false;
    }
  }

  async function loop(worker: Worker): Promise<void> {
    const { name } = worker.type;
    while (!isStopping) {
      let jobs: PgBoss.JobWithMetadata<unknown>[] = [];
      try {
        jobs = await boss.fetch(name, { batchSize: worker.concurrency, includeMetadata: true });
        const succeeded = await Promise.all(jobs.map((job) => runOne(worker, job)));
        // One statement completes the batch's successes.
        const completed = jobs.filter((_, index) => succeeded[index]).map((job) => job.id);
        if (completed.length > 0) await boss.complete(name, completed);
      } catch (error) {
        if (!isStopping) onError(error);
      }
      // A full batch means more may be waiting, and a wake during this round may mean a new job:
      // fetch again at once.
      const isWoken = pendingWakes.delete(name);
      if (isStopping || isWoken || (jobs.length === worker.concurrency && jobs.length > 0)) continue;
      const wait = wakeableDelay(pollingMs);
      wakers.set(name, wait.wake);
      await wait.promise;
      wakers.delete(name);
      pendingWakes.delete(name);
    }
  }

  const policyOf = (type: JobType<unknown>) =>
    options.retryDelaySeconds === undefined
      ? { retryDelay: type.retryDelaySeconds, retryBackoff: type.retryBackoff }
      : { retryDelay: options.retryDelaySeconds, retryBackoff: false };

  return {
    enqueue: async (db, type, data, enqueueOptions = {}) =>
      boss.send(type.name, data as object, {
        ...policyOf(type as JobType<unknown>),
        retryLimit: type.retryLimit,
        expireInSeconds: type.expireInSeconds,
        ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
        ...(enqueueOptions.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
        ...(enqueueOptions.singletonSeconds ? { singletonSeconds: enqueueOptions.singletonSeconds } : {}),
        db: drizzleExecutor(db) as PgBoss.Db,
      }),
    work: (type, handler, workOptions = {}) => {
      workers.set(type.name, {
        type: type as JobType<unknown>,
        handler: handler as JobHandler<unknown>,
        concurrency: Math.max(1, workOptions.concurrency ?? 5),
      });
    },
    wake: (type) => {
      if (!workers.has(type.name)) return;
      const wake = wakers.get(type.name);
      if (wake) wake();
      else pendingWakes.add(type.name);
    },
    start: async () => {
      await boss.start();
      const names = new Set([...(options.types ?? []).map((type) => type.name), ...workers.keys()]);
      for (const name of names) await boss.createQueue(name);
      for (const worker of workers.values()) loops.push(loop(worker));
    },
    stop: async (timeoutMs = 30_000) => {
      if (isStopping) return;
      isStopping = true;
      for (const wake of wakers.values()) wake();
      const timeout = wakeableDelay(timeoutMs);
      await Promise.race([Promise.allSettled(loops), timeout.promise]);
      timeout.wake();
      await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}
