import {
  countActivities as countActivitiesContract,
  listActivities as listActivitiesContract,
  listActivitySources as listActivitySourcesContract,
  recordActivityView as recordActivityViewContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { findActivityById } from './activities.repository.ts';
import {
  countActivities,
  listActivities,
  listActivitySources,
  recordActivityView,
} from './activities.service.ts';

/**
 * §7 Activities: GET /activities, /activities/count, /activities/{id}/sources; POST
 * /activities/{id}/views. The GETs are guest-viewable but never response-cached: ticket totals move
 * with every registration.
 */
export function activityRoutes(app: App): void {
  const { db } = app.deps;
  app.route({
    ...contractRoute(listActivitiesContract),
    config: { isGuestViewable: true },
    handler: async (request) => ({ results: await listActivities({ db }, request.query) }),
  });
  app.route({
    ...contractRoute(countActivitiesContract),
    config: { isGuestViewable: true },
    handler: async (request) => ({ total: await countActivities({ db }, request.query) }),
  });
  app.route({
    ...contractRoute(recordActivityViewContract),
    handler: async (request) => ({
      views_total: await recordActivityView(
        { db },
        {
          activityId: request.params.id,
          userId: request.actor.userId ?? null,
          deviceId: request.actor.deviceId ?? null,
          sourceId: request.body?.source_id ?? null,
        },
      ),
    }),
  });
  app.route({
    ...contractRoute(listActivitySourcesContract),
    config: {
      isGuestViewable: true,
      guestMeetingOf: async (request) =>
        (await findActivityById(db, (request.params as { id: string }).id))?.meetingId,
    },
    handler: async (request) => ({ results: await listActivitySources({ db }, request.params.id) }),
  });
}
