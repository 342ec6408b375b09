import { getLiveMinutes, regenerateConsoleLiveMinutes } from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { aiProviderOf } from '../../providers/ai/ai-provider-of.ts';
import { meetingOfLive } from '../lives/lives.repository.ts';
import { getLiveMinutesOf, regenerateLiveMinutes } from './minutes.service.ts';

/**
 * Minutes of a live (§1 minutes): GET /lives/{id}/minutes (the right to watch the live; visitors
 * where the meeting admits guests, like the live's permission) and the console's regenerate call
 * POST /console/meetings/{meeting_id}/lives/{id}/minutes (lives.edit).
 */
export function minutesRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  app.route({
    ...contractRoute(getLiveMinutes),
    config: {
      isGuestViewable: true,
      guestMeetingOf: (request) => meetingOfLive(db, (request.params as { id?: string }).id ?? ''),
    },
    handler: async (request) =>
      getLiveMinutesOf(
        { db, config },
        { liveId: request.params.id, userId: request.actor.userId, language: request.query.language },
      ),
  });
  app.route({
    ...contractRoute(regenerateConsoleLiveMinutes),
    config: { auth: 'required' },
    handler: async (request) =>
      regenerateLiveMinutes(
        { db, config, jobs, ai: aiProviderOf(config) },
        { userId: requireUserId(request), meetingId: request.params.meeting_id, liveId: request.params.id },
      ),
  });
}
