import type { App } from '../../app-types.ts';
import type { JobType } from '../jobs/jobs.service.ts';
import { hasPendingViews } from './views.repository.ts';
import { foldViews } from './views.service.ts';

/** Seconds between folds: a view reaches its total within about this long (plus one poll). */
export const foldIntervalSeconds = 3;

/**
 * The fold of pending view rows into the totals (views.repository.ts foldViewBatch). Jobs of it are
 * singletons per {@link foldIntervalSeconds} slot: every replica offers the current slot's job and the
 * queue keeps one, so N replicas fold once a slot, and a job that fails is retried; were two folds
 * to run at once anyway, they take disjoint rows and count each exactly once.
 */
export const foldViewsJob: JobType<Record<string, never>> = {
  name: 'views-fold',
  retryLimit: 3,
  retryDelaySeconds: 1,
  retryBackoff: true,
  expireInSeconds: 120,
};

/**
 * The views module's worker and its clock (DESIGN §9): folds on the queue, and a timer in every
 * process that offers the current slot's fold job whenever view rows wait (a row in the queue: nothing
 * counted lives in memory; after a restart the pending rows are folded by the first job). Stops with
 * the app.
 */
export function viewJobs(app: App): void {
  const { db, jobs } = app.deps;
  jobs.work(
    foldViewsJob,
    async () => {
      await foldViews(db);
    },
    { concurrency: 1 },
  );
  let isClosed = false;
  const offerNextFold = async () => {
    try {
      // An idle event stores no job: the queue holds a fold only when views wait for one.
      if (!(await hasPendingViews(db))) return;
      const id = await jobs.enqueue(
        db,
        foldViewsJob,
        {},
        {
          singletonKey: 'fold',
          singletonSeconds: foldIntervalSeconds,
        },
      );
      if (id) jobs.wake(foldViewsJob);
    } catch (error) {
      if (!isClosed) app.log.error({ err: error }, 'views: could not offer the next fold');
    }
  };
  const timer = setInterval(() => void offerNextFold(), foldIntervalSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    isClosed = true;
    clearInterval(timer);
  });
}
