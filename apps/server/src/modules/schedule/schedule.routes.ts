import { exportSchedule as exportScheduleContract } from '@app/contracts';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { exportSchedule } from './schedule.service.ts';

/**
 * Schedule interchange routes (§3 Agenda, Speaker; beyond the spec): GET /api/meetings/{id}/schedule.json
 * exports the meeting's programme as c3voc schedule JSON (public; 404 invalid_object_id for a malformed id,
 * 404 for an unknown meeting). Import runs from the CLI (`npm run import -- schedule <file>`), not over HTTP.
 */
export function scheduleRoutes(app: App): void {
  app.route({
    ...contractRoute(exportScheduleContract),
    handler: async (request) => exportSchedule({ db: app.deps.db }, { meetingId: request.params.id }),
  });
}
