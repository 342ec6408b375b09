import {
  addAgendaBookmark,
  getMyTimeline,
  listUserAgendas,
  listUserTickets as listUserTicketsContract,
  removeAgendaBookmark,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import {
  addBookmark,
  getTimeline,
  listBookmarkedAgendas,
  listUserTickets,
  removeBookmark,
} from './bookmarks.service.ts';

/**
 * The personal agenda (§7 Users: POST/DELETE /users/{id}/agendas/{agenda_id}, GET /users/{id}/agendas
 * and /tickets; §2 /my/schedules: GET /meeting/my/timeline). All need a login and use the session
 * meeting.
 */
export function bookmarkRoutes(app: App): void {
  const { db, config } = app.deps;
  app.route({
    ...contractRoute(addAgendaBookmark),
    config: { auth: 'required' },
    handler: async (request) =>
      addBookmark(
        { db },
        {
          callerId: requireUserId(request),
          userId: request.params.id,
          agendaId: request.params.agenda_id,
          meetingId: request.actor.sessionMeetingId,
        },
      ),
  });
  app.route({
    ...contractRoute(removeAgendaBookmark),
    config: { auth: 'required' },
    handler: async (request) =>
      removeBookmark(
        { db },
        { callerId: requireUserId(request), userId: request.params.id, agendaId: request.params.agenda_id },
      ),
  });
  app.route({
    ...contractRoute(listUserAgendas),
    config: { auth: 'required' },
    handler: async (request) => ({
      results: await listBookmarkedAgendas(
        { db },
        {
          callerId: requireUserId(request),
          userId: request.params.id,
          meetingId: request.actor.sessionMeetingId,
        },
      ),
    }),
  });
  app.route({
    ...contractRoute(listUserTicketsContract),
    config: { auth: 'required' },
    handler: async (request) => ({
      results: await listUserTickets(
        { db, config },
        {
          callerId: requireUserId(request),
          userId: request.params.id,
          meetingId: request.actor.sessionMeetingId,
        },
      ),
    }),
  });
  app.route({
    ...contractRoute(getMyTimeline),
    config: { auth: 'required' },
    handler: async (request) => ({
      results: await getTimeline(
        { db },
        { userId: requireUserId(request), meetingId: request.actor.sessionMeetingId },
      ),
    }),
  });
}
