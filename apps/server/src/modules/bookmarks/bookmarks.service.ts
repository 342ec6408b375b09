import type { Agenda, BookmarkState, LocalizedText, Ticket, TimelineItem } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { unix } from '../../db/wire.ts';
import { AppError, noPermission, notFound } from '../../errors.ts';
import { listAgendas } from '../agendas/agendas.service.ts';
import { can } from '../roles/roles.permissions.ts';
import { meetingAccess, type RolesDeps } from '../roles/roles.service.ts';
import { findTickets } from '../tickets/tickets.repository.ts';
import { toWireTickets } from '../tickets/tickets.service.ts';
import {
  deleteBookmark,
  findAppointmentEntries,
  findBookmarkedAgendaIds,
  findRegisteredActivities,
  findShownAgenda,
  insertBookmark,
} from './bookmarks.repository.ts';

type Deps = { db: Database };

/** At most this many bookmarks, appointments and activities each in a list or timeline. */
export const personalListLimit = 500;

/** The session meeting of a call that needs one (a token is always bound to a meeting, §7 Login). */
function requireMeeting(meetingId: string | null): string {
  if (!meetingId) throw new AppError(400, 'meeting_id_required', 'meeting_id is required');
  return meetingId;
}

/** Only the user themself manages their bookmarks. @throws 403 no_permission */
function requireSelf(callerId: string, userId: string): void {
  if (callerId !== userId) throw noPermission();
}

/**
 * POST /users/{id}/agendas/{agenda_id} (§7 Users): bookmarks a shown session of the session meeting.
 * Idempotent (the primary key user + agenda; a repeat or a concurrent twin changes nothing).
 * @throws 403 no_permission (id is not the caller); 404 not_found (no shown session of that id in the
 *   session meeting)
 */
export async function addBookmark(
  deps: Deps,
  input: { callerId: string; userId: string; agendaId: string; meetingId: string | null },
): Promise<BookmarkState> {
  requireSelf(input.callerId, input.userId);
  const agenda = await findShownAgenda(deps.db, input.agendaId);
  if (!agenda || agenda.meetingId !== input.meetingId) throw notFound('Agenda');
  await insertBookmark(deps.db, { userId: input.userId, agendaId: agenda.id, meetingId: agenda.meetingId });
  return { agenda_id: agenda.id, bookmarked: 1 };
}

/**
 * DELETE /users/{id}/agendas/{agenda_id} (§7 Users): removes the bookmark; idempotent (answers
 * bookmarked 0 whether or not it was there, and for a session since hidden or deleted).
 * @throws 403 no_permission (id is not the caller)
 */
export async function removeBookmark(
  deps: Deps,
  input: { callerId: string; userId: string; agendaId: string },
): Promise<BookmarkState> {
  requireSelf(input.callerId, input.userId);
  await deleteBookmark(deps.db, input.userId, input.agendaId);
  return { agenda_id: input.agendaId, bookmarked: 0 };
}

/**
 * GET /users/{id}/agendas (§7 Users): the user's bookmarked shown sessions in the session meeting,
 * by start, as the programme's Agenda items (at most 500).
 * @throws 403 no_permission (id is not the caller); 400 meeting_id_required (no session meeting)
 */
export async function listBookmarkedAgendas(
  deps: Deps,
  input: { callerId: string; userId: string; meetingId: string | null },
): Promise<Agenda[]> {
  requireSelf(input.callerId, input.userId);
  const meetingId = requireMeeting(input.meetingId);
  const ids = await findBookmarkedAgendaIds(deps.db, {
    userId: input.userId,
    meetingId,
    limit: personalListLimit,
  });
  if (ids.length === 0) return [];
  const items = await listAgendas(deps, {
    meeting_id: meetingId,
    query: { _id: { $in: ids } },
    limit: ids.length,
  });
  return items.sort((a, b) => a.start - b.start);
}

/**
 * GET /users/{id}/tickets (§7 Users): the user's own tickets in the session meeting, newest first,
 * each with its activity (at most 500). The user themself gets the owner view (contacts, answers);
 * a holder of registration.read in that meeting (organisers, registration staff) gets the staff
 * view, without phone, e-mail, ID number nor form answers — §6 gives organisers contacts only in
 * the console.
 * @throws 403 no_permission; 400 meeting_id_required (no session meeting)
 */
export async function listUserTickets(
  deps: RolesDeps,
  input: { callerId: string; userId: string; meetingId: string | null },
): Promise<Ticket[]> {
  const meetingId = requireMeeting(input.meetingId);
  const self = input.callerId === input.userId;
  if (!self) {
    const access = await meetingAccess(deps, input.callerId, meetingId);
    if (!can(access, 'registration.read')) throw noPermission();
  }
  const rows = await findTickets(
    deps.db,
    { meetingId, userId: input.userId },
    { limit: personalListLimit, skip: 0 },
  );
  return toWireTickets(deps.db, rows, self ? 'owner' : 'staff', true);
}

/**
 * Marks clashes in place: two items clash when their times overlap ([start, end) intervals; touching
 * ends do not clash). Items must be sorted by start. O(n log n + clashes).
 */
export function markClashes(items: TimelineItem[]): TimelineItem[] {
  for (let i = 0; i < items.length; i += 1) {
    const a = items[i];
    if (!a) continue;
    for (let j = i + 1; j < items.length; j += 1) {
      const b = items[j];
      if (!b || b.start >= a.end) break;
      if (b.start < a.end && a.start < b.end) {
        a.clashes_with.push(b.id);
        b.clashes_with.push(a.id);
      }
    }
  }
  return items;
}

const onlineLabel: LocalizedText = {
  en: 'Online',
  zh: '线上',
};

/**
 * GET /meeting/my/timeline (beyond spec, §2 /my/schedules): the caller's bookmarked sessions,
 * accepted appointments and registered activities (tickets under review, approved or checked in) in
 * the session meeting, by start then kind, each with `clashes_with` (the ids of overlapping items).
 * Times are unix seconds; `link` is the web route of the item's page.
 * @throws 400 meeting_id_required (no session meeting)
 */
export async function getTimeline(
  deps: Deps,
  input: { userId: string; meetingId: string | null },
): Promise<TimelineItem[]> {
  const meetingId = requireMeeting(input.meetingId);
  const [agendas, appointments, registrations] = await Promise.all([
    listBookmarkedAgendas(deps, { callerId: input.userId, userId: input.userId, meetingId }),
    findAppointmentEntries(deps.db, { userId: input.userId, meetingId, limit: personalListLimit }),
    findRegisteredActivities(deps.db, { userId: input.userId, meetingId, limit: personalListLimit }),
  ]);
  const query = (values: Record<string, string>) => new URLSearchParams(values).toString();
  const items: TimelineItem[] = [
    ...agendas.map((agenda) => ({
      id: `bookmark:${agenda._id.$id}`,
      kind: 'bookmark' as const,
      ref_id: agenda._id.$id,
      meeting_id: meetingId,
      start: agenda.start,
      end: agenda.end,
      title: agenda.title,
      location: agenda.room?.name ?? '',
      link: `/meeting/agenda/details?${query({ agenda_id: agenda._id.$id, meeting_id: meetingId })}`,
      status: null,
      clashes_with: [],
    })),
    ...appointments.map((row) => ({
      id: `appointment:${row.appointmentId}`,
      kind: 'appointment' as const,
      ref_id: row.appointmentId,
      meeting_id: meetingId,
      start: unix(row.start),
      end: unix(row.end),
      title: row.enterpriseTitle as LocalizedText,
      location: row.mode === 'online' ? onlineLabel : row.booth,
      link: `/appointment?${query({ appointment_id: row.appointmentId, meeting_id: meetingId })}`,
      status: null,
      clashes_with: [],
    })),
    ...registrations.map((row) => ({
      id: `activity:${row.ticketId}`,
      kind: 'activity' as const,
      ref_id: row.activity.id,
      meeting_id: meetingId,
      start: unix(row.activity.start),
      end: unix(row.activity.end),
      title: row.activity.title as LocalizedText,
      location: (row.activity.address ?? '') as LocalizedText,
      link: `/meeting/activity/detail?${query({ activity_id: row.activity.id, meeting_id: meetingId })}`,
      status: row.status,
      clashes_with: [],
    })),
  ];
  const kindOrder = { activity: 0, bookmark: 1, appointment: 2 } as const;
  items.sort(
    (a, b) => a.start - b.start || kindOrder[a.kind] - kindOrder[b.kind] || a.id.localeCompare(b.id),
  );
  return markClashes(items);
}
