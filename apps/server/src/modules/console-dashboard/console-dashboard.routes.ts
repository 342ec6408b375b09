import { getConsoleDashboard } from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { getDashboard } from './console-dashboard.service.ts';

/**
 * GET /console/meetings/{meeting_id}/dashboard (DESIGN §7): the meeting's figures for the console's
 * landing screen. Needs a logged-in caller with dashboard.read (403 no_permission otherwise).
 */
export function dashboardRoutes(app: App): void {
  const { db, config } = app.deps;
  app.route({
    ...contractRoute(getConsoleDashboard),
    config: { auth: 'required' },
    handler: async (request) =>
      getDashboard(
        { db, config },
        { userId: requireUserId(request), meetingId: request.params.meeting_id, days: request.query.days },
      ),
  });
}
