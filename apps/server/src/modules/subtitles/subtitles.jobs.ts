import type { App } from '../../app-types.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue, JobType } from '../jobs/jobs.service.ts';
import { liveClock } from '../lives/lives.clock.ts';
import { liveHubOf } from '../lives/lives.hub.ts';
import { livesNeedingWorker } from './subtitles.repository.ts';
import { type SubtitleDeps, startLiveWorker, stopAllWorkers } from './subtitles.service.ts';

/**
 * The subtitle workers' lifecycle on the durable queue (DESIGN §9; §1 AI subtitles):
 * - a `subtitles-start` job per live starts its worker: enqueued for the live's start when the
 *   organiser saves subtitles on, at once when they turn them on for a running live;
 * - every process offers, every {@link sweepSeconds} s, a start job for each ongoing live with
 *   subtitles on whose lease is free or stale (no run, 'idle', or no heartbeat for 30 s): this is how
 *   a live resumes after a restart or when its replica died — the state is in the database, nothing
 *   that must survive a restart waits in a timer. The queue keeps one job per live per slot, and the
 *   lease (live_subtitle_runs) lets one replica run it.
 */

export type SubtitleStartData = { liveId: string };

/** Starts (or resumes) a live's subtitle worker in the process that takes the lease. */
export const subtitleStartJob: JobType<SubtitleStartData> = {
  name: 'subtitles-start',
  retryLimit: 2,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 120,
};

/** Seconds between the sweeps that offer start jobs for lives needing a worker. */
export const sweepSeconds = 10;

/**
 * Enqueues, in `tx`, the start job of a live's worker at `at` (its start, or now), once per live per
 * 10-second slot. Call `jobs.wake(subtitleStartJob)` after the commit.
 */
export async function enqueueSubtitleStart(
  tx: Database,
  jobs: JobQueue,
  liveId: string,
  at: Date,
): Promise<void> {
  await jobs.enqueue(
    tx,
    subtitleStartJob,
    { liveId },
    { startAfter: at, singletonKey: `${liveId}:${at.getTime()}`, singletonSeconds: sweepSeconds },
  );
}

/** Offers a start job for every live needing a worker now; answers how many were offered. */
export async function sweepSubtitleLives(db: Database, jobs: JobQueue): Promise<number> {
  const ids = await livesNeedingWorker(db, liveClock.now());
  let offered = 0;
  for (const liveId of ids) {
    const id = await jobs.enqueue(
      db,
      subtitleStartJob,
      { liveId },
      { singletonKey: `${liveId}:sweep`, singletonSeconds: sweepSeconds },
    );
    if (id) offered += 1;
  }
  if (offered > 0) jobs.wake(subtitleStartJob);
  return offered;
}

/** The deps the subtitle worker gets from the app: database, configuration, the live hub, the log. */
export function subtitleDepsOf(app: App): SubtitleDeps {
  const hub = liveHubOf(app);
  return {
    db: app.deps.db,
    config: app.deps.config,
    publish: (liveId, event) => hub.publish(liveId, event),
    log: app.log,
  };
}

/**
 * The subtitles module's worker and sweep (called once in app.ts). On close, the workers of this
 * process stop and put their leases back to 'idle' so another replica resumes at once.
 */
export function subtitleJobs(app: App): void {
  const { db, jobs } = app.deps;
  let deps: SubtitleDeps | undefined;
  jobs.work(subtitleStartJob, async (data) => {
    deps ??= subtitleDepsOf(app);
    await startLiveWorker(deps, data.liveId);
  });
  let isClosed = false;
  const timer = setInterval(() => {
    sweepSubtitleLives(db, jobs).catch((error: unknown) => {
      if (!isClosed) app.log.error({ err: error }, 'subtitles: sweep failed');
    });
  }, sweepSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    isClosed = true;
    clearInterval(timer);
    await stopAllWorkers(app.deps.config);
  });
}
