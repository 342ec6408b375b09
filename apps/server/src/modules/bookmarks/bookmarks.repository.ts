import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activities } from '../activities/activities.tables.ts';
import { agendas } from '../agendas/agendas.tables.ts';
import { appointments, schedules } from '../appointments/appointments.tables.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { agendaBookmarks } from './bookmarks.tables.ts';

/** A shown, live session (enable_show 1, not deleted) with its meeting, or undefined. */
export async function findShownAgenda(
  db: Database,
  agendaId: string,
): Promise<{ id: string; meetingId: string } | undefined> {
  const [row] = await db
    .select({ id: agendas.id, meetingId: agendas.meetingId })
    .from(agendas)
    .where(and(eq(agendas.id, agendaId), eq(agendas.enableShow, 1), eq(agendas.deleted, 0)))
    .limit(1);
  return row;
}

/** Inserts the bookmark unless it is there (primary key user + agenda): idempotent. */
export async function insertBookmark(
  db: Database,
  row: { userId: string; agendaId: string; meetingId: string },
): Promise<void> {
  await db.insert(agendaBookmarks).values(row).onConflictDoNothing();
}

/** Removes the bookmark if there. */
export async function deleteBookmark(db: Database, userId: string, agendaId: string): Promise<void> {
  await db
    .delete(agendaBookmarks)
    .where(and(eq(agendaBookmarks.userId, userId), eq(agendaBookmarks.agendaId, agendaId)));
}

/** Ids of the user's bookmarked shown sessions in a meeting, by start (at most `limit`). */
export async function findBookmarkedAgendaIds(
  db: Database,
  input: { userId: string; meetingId: string; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: agendas.id })
    .from(agendaBookmarks)
    .innerJoin(agendas, eq(agendas.id, agendaBookmarks.agendaId))
    .where(
      and(
        eq(agendaBookmarks.userId, input.userId),
        eq(agendaBookmarks.meetingId, input.meetingId),
        eq(agendas.enableShow, 1),
        eq(agendas.deleted, 0),
      ),
    )
    .orderBy(asc(agendas.start), asc(agendas.id))
    .limit(input.limit);
  return rows.map((row) => row.id);
}

/** The bookmarked shown sessions of a user in every meeting (calendar feed), by start. */
export async function findBookmarkedAgendasOfUser(
  db: Database,
  input: { userId: string; limit: number },
): Promise<(typeof agendas.$inferSelect)[]> {
  const rows = await db
    .select({ agenda: agendas })
    .from(agendaBookmarks)
    .innerJoin(agendas, eq(agendas.id, agendaBookmarks.agendaId))
    .where(and(eq(agendaBookmarks.userId, input.userId), eq(agendas.enableShow, 1), eq(agendas.deleted, 0)))
    .orderBy(asc(agendas.start), asc(agendas.id))
    .limit(input.limit);
  return rows.map((row) => row.agenda);
}

/** Ticket statuses that count as registered for the timeline and feed: under review, approved, checked in. */
export const registeredStatuses = [0, 1, 3];

/** One registered activity of a user: the ticket and its activity. */
export type RegisteredActivityRow = {
  ticketId: string;
  status: number;
  activity: typeof activities.$inferSelect;
};

/**
 * Activities the user holds a live ticket for (status 0, 1 or 3), optionally in one meeting; deleted
 * activities left out. One row per ticket (a user holds at most one own ticket per activity).
 */
export async function findRegisteredActivities(
  db: Database,
  input: { userId: string; meetingId?: string; limit: number },
): Promise<RegisteredActivityRow[]> {
  return db
    .select({ ticketId: tickets.id, status: tickets.status, activity: activities })
    .from(tickets)
    .innerJoin(activities, eq(activities.id, tickets.activityId))
    .where(
      and(
        eq(tickets.userId, input.userId),
        eq(tickets.deleted, 0),
        inArray(tickets.status, registeredStatuses),
        eq(activities.deleted, 0),
        input.meetingId ? eq(tickets.meetingId, input.meetingId) : sql`true`,
      ),
    )
    .orderBy(asc(activities.start), asc(tickets.id))
    .limit(input.limit);
}

/** One accepted appointment of the user (their own schedule entry) with the enterprise's title. */
export type AppointmentEntryRow = {
  appointmentId: string;
  meetingId: string;
  start: Date;
  end: Date;
  mode: string;
  booth: string;
  enterpriseTitle: unknown;
};

/** The user's live accepted-appointment entries in a meeting (schedules kind 'appointment'), by start. */
export async function findAppointmentEntries(
  db: Database,
  input: { userId: string; meetingId: string; limit: number },
): Promise<AppointmentEntryRow[]> {
  return db
    .select({
      appointmentId: appointments.id,
      meetingId: schedules.meetingId,
      start: schedules.start,
      end: schedules.end,
      mode: appointments.mode,
      booth: appointments.booth,
      enterpriseTitle: enterprises.title,
    })
    .from(schedules)
    .innerJoin(appointments, eq(appointments.id, schedules.appointmentId))
    .innerJoin(enterprises, eq(enterprises.id, appointments.enterpriseId))
    .where(
      and(
        eq(schedules.userId, input.userId),
        eq(schedules.meetingId, input.meetingId),
        eq(schedules.kind, 'appointment'),
        eq(schedules.deleted, 0),
      ),
    )
    .orderBy(asc(schedules.start), asc(schedules.id))
    .limit(input.limit);
}
