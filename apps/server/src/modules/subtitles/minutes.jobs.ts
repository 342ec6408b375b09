import type { App } from '../../app-types.ts';
import { aiProviderOf } from '../../providers/ai/ai-provider-of.ts';
import { liveMinutesJob } from '../lives/lives.reminders.ts';
import { type MinutesDeps, writeLiveMinutes } from './minutes.service.ts';

/**
 * The minutes job's worker (DESIGN §9 durable queue; §1 minutes): `lives-minutes`, enqueued by the
 * console's save of a live for its end (lives.reminders.ts scheduleLiveJobs) and by the console's
 * regenerate call. The job survives restarts; a rerun finds the minutes written and does nothing.
 * Called once in app.ts.
 */
export function minutesJobs(app: App): void {
  const { db, config, jobs } = app.deps;
  const deps: MinutesDeps = { db, config, jobs, ai: aiProviderOf(config), log: app.log };
  jobs.work(liveMinutesJob, async (data) => {
    await writeLiveMinutes(deps, data);
  });
}
