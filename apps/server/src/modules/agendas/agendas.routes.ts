import {
  countAgendas as countAgendasContract,
  listAgendas as listAgendasContract,
  listSpeakerUserAgendas as listSpeakerUserAgendasContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { countAgendas, listAgendas, listSpeakerUserAgendas } from './agendas.service.ts';

/** GET /meeting/agendas, /meeting/agendas/count, /meetings/{id}/speaker/users/{user_id}/agendas (§7). */
export function agendaRoutes(app: App): void {
  const { db } = app.deps;
  app.route({
    ...contractRoute(listAgendasContract),
    config: { isCacheable: true, isGuestViewable: true },
    handler: async (request) => ({ results: await listAgendas({ db }, request.query) }),
  });
  app.route({
    ...contractRoute(countAgendasContract),
    config: { isCacheable: true, isGuestViewable: true },
    handler: async (request) => countAgendas({ db }, request.query),
  });
  app.route({
    ...contractRoute(listSpeakerUserAgendasContract),
    handler: async (request) => ({
      results: await listSpeakerUserAgendas(
        { db },
        { meetingId: request.params.id, userId: request.params.user_id, limit: request.query.limit },
      ),
    }),
  });
}
