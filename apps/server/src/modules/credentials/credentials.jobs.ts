import type { App } from '../../app-types.ts';
import type { JobType } from '../jobs/jobs.service.ts';
import { purgeExpiredCredentials } from './credentials.service.ts';

const day = 86_400;

/**
 * The daily retention purge (§3 Registrant ID number: "deleted a set number of days after the
 * meeting"): deletes every credential whose purge_after has passed. A singleton per day slot: every
 * replica offers it, the queue keeps one.
 */
export const purgeCredentialsJob: JobType<Record<string, never>> = {
  name: 'credentials-purge',
  retryLimit: 5,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 600,
};

/** Works the purge and offers today's job at start and every hour (until the app closes). */
export function credentialJobs(app: App): void {
  const { db, jobs } = app.deps;
  jobs.work(purgeCredentialsJob, async () => {
    const deleted = await purgeExpiredCredentials(db, new Date());
    if (deleted > 0) app.log.info({ deleted }, 'credentials: purged after retention');
  });
  let isClosed = false;
  const offer = async () => {
    try {
      const id = await jobs.enqueue(
        db,
        purgeCredentialsJob,
        {},
        { singletonKey: 'daily', singletonSeconds: day },
      );
      if (id) jobs.wake(purgeCredentialsJob);
    } catch (error) {
      if (!isClosed) app.log.error({ err: error }, 'credentials: could not offer the purge');
    }
  };
  app.addHook('onReady', offer);
  const timer = setInterval(() => void offer(), 3_600_000);
  timer.unref();
  app.addHook('onClose', async () => {
    isClosed = true;
    clearInterval(timer);
  });
}
