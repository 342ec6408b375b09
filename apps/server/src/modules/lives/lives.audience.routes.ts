import { listLiveUsers, sendLiveHeartbeat, updateLiveSubscription } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { App } from '../../app-types.ts';
import type { Database } from '../../db/client.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { liveClock } from './lives.clock.ts';
import { liveHubOf } from './lives.hub.ts';
import { setLiveSubscription } from './lives.reminders.ts';
import { listLiveAudience, onlinePusher, recordHeartbeat } from './lives.viewers.ts';

/** The meeting of a live (any state), for the guest-view rule of routes that name only the live (§6). */
async function meetingOfLiveId(db: Database, liveId: unknown): Promise<string | undefined> {
  if (typeof liveId !== 'string' || !/^[0-9a-f]{24}$/.test(liveId)) return undefined;
  const [row] = await db
    .select({ meetingId: lives.meetingId })
    .from(lives)
    .where(eq(lives.id, liveId))
    .limit(1);
  return row?.meetingId;
}

/**
 * The audience of lives (§7 Lives: POST /lives/{id}/heartbeats, GET /lives/users; §9 PUT
 * /lives/{id}/subscription for the reminder). Heartbeats come from visitors too (their device id);
 * every route keeps a session in its own meeting and visitors to meetings open to guests (§6). A
 * heartbeat that changes the online count tells the room (`online` event, at most every 10 s).
 */
export function liveAudienceRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  const deps = { db, config };
  const pushOnline = onlinePusher((liveId, event) => liveHubOf(app).publish(liveId, event));
  const ofPathLive = (request: { params: unknown }) =>
    meetingOfLiveId(db, (request.params as { id?: unknown } | undefined)?.id);

  app.route({
    ...contractRoute(sendLiveHeartbeat),
    config: { isGuestViewable: true, guestMeetingOf: ofPathLive },
    handler: async (request) => {
      const answer = await recordHeartbeat(deps, {
        liveId: request.params.id,
        userId: request.actor.userId,
        deviceId: request.actor.deviceId,
      });
      // After the commit; the room's figure never fails the heartbeat.
      try {
        await pushOnline(request.params.id, answer.online, liveClock.now().getTime());
      } catch (error) {
        request.log.warn({ err: error, liveId: request.params.id }, 'live online count not pushed');
      }
      return answer;
    },
  });
  app.route({
    ...contractRoute(listLiveUsers),
    config: {
      isGuestViewable: true,
      guestMeetingOf: (request) => meetingOfLiveId(db, (request.query as { live_id?: unknown }).live_id),
    },
    handler: async (request) =>
      listLiveAudience(deps, {
        liveId: request.query.live_id,
        userId: request.actor.userId,
        limit: request.query.limit,
        skip: request.query.skip,
      }),
  });
  app.route({
    ...contractRoute(updateLiveSubscription),
    config: { auth: 'required', isGuestViewable: true, guestMeetingOf: ofPathLive },
    handler: async (request) =>
      setLiveSubscription(
        { db, config, jobs },
        { liveId: request.params.id, userId: requireUserId(request), subscribed: request.body.subscribed },
      ),
  });
}
