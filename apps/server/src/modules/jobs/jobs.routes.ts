import { listFailedJobs } from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { listFailedJobsForConsole } from './jobs.console.ts';

/** GET /console/jobs/failed: the console's failed-jobs page (DESIGN §7, §9), administrators only. */
export function jobRoutes(app: App): void {
  const { db, config } = app.deps;
  app.route({
    ...contractRoute(listFailedJobs),
    config: { auth: 'required' },
    handler: async (request) => ({
      results: await listFailedJobsForConsole(
        { db, config },
        { userId: requireUserId(request), name: request.query.name },
      ),
    }),
  });
}
