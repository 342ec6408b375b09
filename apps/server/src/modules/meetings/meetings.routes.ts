import {
  listMeetings as listMeetingsContract,
  recordMeetingView as recordMeetingViewContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { listMeetings, recordMeetingView } from './meetings.service.ts';

/**
 * GET /demand/meetings (public, cached) and POST /meetings/{id}/views (§7 Meetings).
 */
export function meetingRoutes(app: App): void {
  const { db } = app.deps;
  app.route({
    ...contractRoute(listMeetingsContract),
    config: { isCacheable: true },
    handler: async (request) => ({ results: await listMeetings({ db }, request.query) }),
  });
  app.route({
    ...contractRoute(recordMeetingViewContract),
    handler: async (request) =>
      recordMeetingView(
        { db },
        {
          meetingId: request.params.id,
          userId: request.body?.user_id,
          deviceId: request.actor.deviceId,
          sourceId: request.body?.source_id,
        },
      ),
  });
}
