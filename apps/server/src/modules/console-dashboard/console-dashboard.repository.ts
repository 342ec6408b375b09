import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activities, activityPrices, activitySources } from '../activities/activities.tables.ts';
import { exhibitionViewTotals, exhibitorApplications, exhibitors } from '../exhibitors/exhibitors.tables.ts';
import { meetings, meetingViews } from '../meetings/meetings.tables.ts';
import { meetingRoles } from '../roles/roles.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';

/**
 * The dashboard's SQL aggregates (DESIGN §7): each function is one COUNT or SUM, grouped where the
 * figure is a series. Tickets count when not deleted. Dates are calendar dates `YYYY-MM-DD` in the
 * IANA zone passed in (`AT TIME ZONE`). No rules here.
 */

/** `YYYY-MM-DD` of a timestamptz column in a zone. */
const localDate = (column: unknown, timeZone: string) =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/** The first instant of a local date in a zone (`'2026-05-01'` in Asia/Shanghai → 2026-04-30T16:00Z). */
const startOfLocalDate = (date: string, timeZone: string) =>
  sql`(${date}::date::timestamp at time zone ${timeZone})`;

const liveTicketsOf = (meetingId: string) => and(eq(tickets.meetingId, meetingId), eq(tickets.deleted, 0));

/** Today's date in a zone, by the database clock. */
export async function localToday(db: Database, timeZone: string): Promise<string> {
  const result = (await db.execute(sql`select ${localDate(sql`now()`, timeZone)} as today`)) as unknown as {
    rows: { today: string }[];
  };
  return result.rows[0]?.today ?? new Date().toISOString().slice(0, 10);
}

/** Registrations (tickets) created per local date from `fromDate` on; dates without any are absent. */
export async function countRegistrationsPerDay(
  db: Database,
  input: { meetingId: string; timeZone: string; fromDate: string },
): Promise<{ date: string; total: number }[]> {
  const date = localDate(tickets.createdAt, input.timeZone);
  return (
    db
      .select({ date, total: count() })
      .from(tickets)
      .where(
        and(
          liveTicketsOf(input.meetingId),
          gte(tickets.createdAt, startOfLocalDate(input.fromDate, input.timeZone)),
        ),
      )
      // By position: the zone is a bound parameter, and a second binding would not match the select's.
      .groupBy(sql`1`)
  );
}

/** Meeting views (meeting_views rows) per local date from `fromDate` on. */
export async function countMeetingViewsPerDay(
  db: Database,
  input: { meetingId: string; timeZone: string; fromDate: string },
): Promise<{ date: string; total: number }[]> {
  const date = localDate(meetingViews.createdAt, input.timeZone);
  return db
    .select({ date, total: count() })
    .from(meetingViews)
    .where(
      and(
        eq(meetingViews.meetingId, input.meetingId),
        gte(meetingViews.createdAt, startOfLocalDate(input.fromDate, input.timeZone)),
      ),
    )
    .groupBy(sql`1`);
}

/** Tickets per §4 status (0 review, 1 registered, 2 rejected, 3 checked in). */
export async function countTicketsByStatus(
  db: Database,
  meetingId: string,
): Promise<{ status: number; total: number }[]> {
  return db
    .select({ status: tickets.status, total: count() })
    .from(tickets)
    .where(liveTicketsOf(meetingId))
    .groupBy(tickets.status);
}

/** Tickets per registration channel, most first; a null id groups tickets that named none. */
export async function countTicketsBySource(
  db: Database,
  meetingId: string,
): Promise<{ sourceId: string | null; title: string | null; total: number }[]> {
  return db
    .select({ sourceId: tickets.sourceId, title: activitySources.title, total: count() })
    .from(tickets)
    .leftJoin(activitySources, eq(activitySources.id, tickets.sourceId))
    .where(liveTicketsOf(meetingId))
    .groupBy(tickets.sourceId, activitySources.title)
    .orderBy(desc(count()), tickets.sourceId);
}

/** Tickets per ticket type (price item) with the type's and its activity's titles, most first. */
export async function countTicketsByType(db: Database, meetingId: string) {
  return db
    .select({
      priceId: tickets.priceId,
      title: activityPrices.title,
      activityTitle: activities.title,
      total: count(),
    })
    .from(tickets)
    .innerJoin(activityPrices, eq(activityPrices.id, tickets.priceId))
    .innerJoin(activities, eq(activities.id, tickets.activityId))
    .where(liveTicketsOf(meetingId))
    .groupBy(tickets.priceId, activityPrices.title, activities.title)
    .orderBy(desc(count()), tickets.priceId);
}

/** Checked-in tickets (status 3): all, and those checked in on `today` (a local date in the zone). */
export async function countCheckins(
  db: Database,
  input: { meetingId: string; timeZone: string; today: string },
): Promise<{ total: number; today: number }> {
  const [row] = await db
    .select({
      total: count(),
      today:
        sql<number>`count(*) filter (where ${localDate(tickets.checkedInAt, input.timeZone)} = ${input.today})`.mapWith(
          Number,
        ),
    })
    .from(tickets)
    .where(and(liveTicketsOf(input.meetingId), eq(tickets.status, 3)));
  return { total: row?.total ?? 0, today: row?.today ?? 0 };
}

/** The page view counters: the meeting's, its activities', its exhibitors' and its pavilion pages'. */
export async function sumViewCounters(
  db: Database,
  meetingId: string,
): Promise<{ meeting: number; activities: number; exhibitors: number; exhibitionPages: number }> {
  const sum = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  const [[meeting], [activityViews], [exhibitorViews], [pageViews]] = await Promise.all([
    db.select({ total: meetings.viewsTotal }).from(meetings).where(eq(meetings.id, meetingId)),
    db
      .select({ total: sum(activities.viewsTotal) })
      .from(activities)
      .where(and(eq(activities.meetingId, meetingId), eq(activities.deleted, 0))),
    db
      .select({ total: sum(exhibitors.viewsTotal) })
      .from(exhibitors)
      .where(and(eq(exhibitors.meetingId, meetingId), eq(exhibitors.deleted, 0))),
    db
      .select({ total: sum(exhibitionViewTotals.viewsTotal) })
      .from(exhibitionViewTotals)
      .where(eq(exhibitionViewTotals.meetingId, meetingId)),
  ]);
  return {
    meeting: meeting?.total ?? 0,
    activities: activityViews?.total ?? 0,
    exhibitors: exhibitorViews?.total ?? 0,
    exhibitionPages: pageViews?.total ?? 0,
  };
}

/** Exhibitor applications waiting for review (status 0). */
export async function countNewApplications(db: Database, meetingId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(exhibitorApplications)
    .where(and(eq(exhibitorApplications.meetingId, meetingId), eq(exhibitorApplications.status, 0)));
  return row?.total ?? 0;
}

/** Grants of the meeting's roles. */
export async function countTeam(db: Database, meetingId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(meetingRoles)
    .where(eq(meetingRoles.meetingId, meetingId));
  return row?.total ?? 0;
}
