import { z } from 'zod';
import { Agenda } from '../agendas/agendas.contracts.ts';
import { Ticket } from '../tickets/tickets.contracts.ts';
import { LocalizedText, resultsOf, UnixSeconds } from '../wire/common.ts';
import { ObjectIdString } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The personal agenda (§2 /my/schedules; §7 Users GET /users/{id}/agendas and /tickets, POST and
 * DELETE /users/{id}/agendas/{agenda_id}): bookmarked sessions, one's tickets, and the timeline that
 * puts bookmarks, accepted appointments and registered activities side by side with clashes marked.
 */

const UserAgendaParams = z.object({ id: ObjectIdString, agenda_id: ObjectIdString });

/** Answer of POST/DELETE /users/{id}/agendas/{agenda_id}: whether the session is bookmarked now. */
export const BookmarkState = z.object({
  agenda_id: z.string(),
  bookmarked: z.union([z.literal(0), z.literal(1)]),
});
export type BookmarkState = z.infer<typeof BookmarkState>;

export const addAgendaBookmark = defineRoute({
  method: 'POST',
  path: '/users/:id/agendas/:agenda_id',
  summary:
    'Bookmarks a shown session for the personal agenda (idempotent: a second call changes nothing). 401 login.required; 403 no_permission (another user); 404 not_found (no such shown session).',
  spec: '§7 Users, §2 /my/schedules',
  tags: ['bookmarks'],
  isPublic: false,
  params: UserAgendaParams,
  response: BookmarkState,
});

export const removeAgendaBookmark = defineRoute({
  method: 'DELETE',
  path: '/users/:id/agendas/:agenda_id',
  summary:
    'Removes a bookmark (idempotent: removing one that is not there answers bookmarked 0). 401 login.required; 403 no_permission (another user).',
  spec: '§7 Users, §2 /my/schedules',
  tags: ['bookmarks'],
  isPublic: false,
  params: UserAgendaParams,
  response: BookmarkState,
});

export const listUserAgendas = defineRoute({
  method: 'GET',
  path: '/users/:id/agendas',
  summary:
    "The user's bookmarked shown sessions in the session meeting, by start. 401 login.required; 403 no_permission (another user).",
  spec: '§7 Users, §2 /my/schedules',
  tags: ['bookmarks'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  response: resultsOf(Agenda),
});

export const listUserTickets = defineRoute({
  method: 'GET',
  path: '/users/:id/tickets',
  summary:
    "The user's tickets in the session meeting, newest first, each with its activity. 401 login.required; 403 no_permission (neither the user nor a holder of registration.read in that meeting).",
  spec: '§7 Users',
  tags: ['bookmarks'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  response: resultsOf(Ticket),
});

/** One item of the personal timeline. Times are unix seconds. */
export const TimelineItem = z.object({
  /** `<kind>:<id of the session, appointment or ticket>`, unique in one timeline. */
  id: z.string(),
  kind: z.enum(['bookmark', 'appointment', 'activity']),
  /** The session's, appointment's or activity's id. */
  ref_id: z.string(),
  meeting_id: z.string(),
  start: UnixSeconds,
  end: UnixSeconds,
  title: LocalizedText,
  /** Room, booth or address; '' when none (an online appointment says 'online'). */
  location: LocalizedText,
  /** Web route (hash path with its query) of the item's page, e.g. '/meeting/agenda/detail?agenda_id=…'. */
  link: z.string(),
  /** Tickets: 0 under review, 1 approved, 3 checked in; other kinds null. */
  status: z.number().int().nullable(),
  /** Ids (this list's `id`) of the other items whose time overlaps this one. */
  clashes_with: z.array(z.string()),
});
export type TimelineItem = z.infer<typeof TimelineItem>;

export const getMyTimeline = defineRoute({
  method: 'GET',
  path: '/meeting/my/timeline',
  summary:
    "The caller's timeline in the session meeting (beyond spec, §2 /my/schedules): bookmarked sessions, accepted appointments and registered activities (tickets approved or under review), by start, each with the items it clashes with. 401 login.required.",
  spec: '§2 /my/schedules',
  tags: ['bookmarks'],
  isPublic: false,
  response: resultsOf(TimelineItem),
});
