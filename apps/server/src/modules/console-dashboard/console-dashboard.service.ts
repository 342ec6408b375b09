import type { ConsoleDashboard } from '@app/contracts';
import { toWireId } from '@app/contracts';
import { notFound } from '../../errors.ts';
import { findMeetingById } from '../meetings/meetings.repository.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import {
  countCheckins,
  countMeetingViewsPerDay,
  countNewApplications,
  countRegistrationsPerDay,
  countTeam,
  countTicketsBySource,
  countTicketsByStatus,
  countTicketsByType,
  localToday,
  sumViewCounters,
} from './console-dashboard.repository.ts';

/** Days the per-day series covers when the caller names none. */
export const defaultDashboardDays = 30;

/** The meeting's zone when the runtime knows it, else UTC (a stored zone is checked on save). */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** `YYYY-MM-DD` `days` calendar days before `date` (plain date arithmetic, no zone involved). */
export function shiftDate(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * GET /console/meetings/{meeting_id}/dashboard (DESIGN §7): the meeting's figures, each one SQL
 * aggregate. Input: the caller, the meeting and `days` (1–366, default 30) of the per-day series,
 * which ends today and uses calendar dates in the meeting's time zone (`time_zone` of the answer).
 * A zone the database does not know counts in UTC (answered as `time_zone`).
 * Output: ConsoleDashboard (counts, no money). @throws 403 no_permission (needs dashboard.read),
 * 404 not_found when the meeting is gone after the check (an administrator naming an unknown id).
 */
export async function getDashboard(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; days?: number | undefined },
): Promise<ConsoleDashboard> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'dashboard.read' });
  const meeting = await findMeetingById(deps.db, input.meetingId);
  if (!meeting) throw notFound('Meeting');
  const { db } = deps;
  const meetingId = meeting.id;
  let timeZone = knownZone(meeting.timeZone);
  const days = input.days ?? defaultDashboardDays;
  let today: string;
  try {
    today = await localToday(db, timeZone);
  } catch {
    // A zone the runtime's Intl knows but the database does not (US/Pacific-New: Node 20's ICU keeps
    // it, PostgreSQL's tzdata dropped it) would fail every AT TIME ZONE with a 500: count in UTC.
    timeZone = 'UTC';
    today = await localToday(db, timeZone);
  }
  const fromDate = shiftDate(today, -(days - 1));

  const [perDay, viewsPerDay, byStatus, bySource, byType, checkins, views, newApplications, teamSize] =
    await Promise.all([
      countRegistrationsPerDay(db, { meetingId, timeZone, fromDate }),
      countMeetingViewsPerDay(db, { meetingId, timeZone, fromDate }),
      countTicketsByStatus(db, meetingId),
      countTicketsBySource(db, meetingId),
      countTicketsByType(db, meetingId),
      countCheckins(db, { meetingId, timeZone, today }),
      sumViewCounters(db, meetingId),
      countNewApplications(db, meetingId),
      countTeam(db, meetingId),
    ]);

  const registrationsOn = new Map(perDay.map((row) => [row.date, row.total]));
  const viewsOn = new Map(viewsPerDay.map((row) => [row.date, row.total]));
  const statusTotal = (status: number) => byStatus.find((row) => row.status === status)?.total ?? 0;
  const registrations = {
    review: statusTotal(0),
    registered: statusTotal(1),
    rejected: statusTotal(2),
    checked_in: statusTotal(3),
  };
  return {
    time_zone: timeZone,
    today,
    days: Array.from({ length: days }, (_, index) => {
      const date = shiftDate(fromDate, index);
      return { date, registrations: registrationsOn.get(date) ?? 0, views: viewsOn.get(date) ?? 0 };
    }),
    registrations: {
      total:
        registrations.review + registrations.registered + registrations.rejected + registrations.checked_in,
      ...registrations,
    },
    by_source: bySource.map((row) => ({
      _id: row.sourceId ? toWireId(row.sourceId) : null,
      title: row.title ?? '',
      total: row.total,
    })),
    by_ticket_type: byType.map((row) => ({
      _id: toWireId(row.priceId),
      title: row.title,
      activity_title: row.activityTitle,
      total: row.total,
    })),
    checkins,
    views: {
      meeting: views.meeting,
      activities: views.activities,
      exhibitors: views.exhibitors,
      exhibition_pages: views.exhibitionPages,
    },
    pending_review: registrations.review,
    new_applications: newApplications,
    team_size: teamSize,
  };
}
