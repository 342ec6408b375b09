import {
  countSpeakers as countSpeakersContract,
  getSpeaker as getSpeakerContract,
  listSpeakers as listSpeakersContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { countSpeakers, getSpeaker, listSpeakers } from './speakers.service.ts';

/** GET /meeting/speakers, /meeting/speakers/count and /meetings/{meeting_id}/speakers/{speaker_id}. */
export function speakerRoutes(app: App): void {
  const { db } = app.deps;
  app.route({
    ...contractRoute(listSpeakersContract),
    config: { isCacheable: true, isGuestViewable: true },
    handler: async (request) => ({ results: await listSpeakers({ db }, request.query) }),
  });
  app.route({
    ...contractRoute(countSpeakersContract),
    config: { isCacheable: true, isGuestViewable: true },
    handler: async (request) => countSpeakers({ db }, request.query),
  });
  app.route({
    ...contractRoute(getSpeakerContract),
    config: { isCacheable: true, isGuestViewable: true },
    handler: async (request) =>
      getSpeaker({ db }, { meetingId: request.params.meeting_id, speakerId: request.params.speaker_id }),
  });
}
