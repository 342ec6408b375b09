import { type LocalizedText, localize } from '@app/domain';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rooms } from '../agendas/agendas.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import type { CalendarEvent } from '../schedules/schedules.calendar.ts';
import { findBookmarkedAgendasOfUser, findRegisteredActivities } from './bookmarks.repository.ts';

/** At most this many bookmarks and this many registrations in one feed. */
const feedLimit = 1000;

/**
 * The calendar feed's events beyond appointments (§2 /my/schedules): the user's bookmarked shown
 * sessions and registered activities (tickets under review, approved or checked in) in every
 * meeting, each in its meeting's time zone, texts in `language` (the owner's UI language).
 */
export async function personalCalendarEvents(
  db: Database,
  input: { userId: string; language: string | null },
): Promise<CalendarEvent[]> {
  const [agendas, registrations] = await Promise.all([
    findBookmarkedAgendasOfUser(db, { userId: input.userId, limit: feedLimit }),
    findRegisteredActivities(db, { userId: input.userId, limit: feedLimit }),
  ]);
  const meetingIds = [
    ...new Set([...agendas.map((a) => a.meetingId), ...registrations.map((r) => r.activity.meetingId)]),
  ];
  const roomIds = [...new Set(agendas.flatMap((a) => (a.roomId ? [a.roomId] : [])))];
  const [zones, roomNames] = await Promise.all([
    meetingIds.length
      ? db
          .select({ id: meetings.id, timeZone: meetings.timeZone })
          .from(meetings)
          .where(inArray(meetings.id, meetingIds))
      : [],
    roomIds.length
      ? db.select({ id: rooms.id, name: rooms.name }).from(rooms).where(inArray(rooms.id, roomIds))
      : [],
  ]);
  const zoneOf = new Map(zones.map((row) => [row.id, row.timeZone]));
  const roomOf = new Map(roomNames.map((row) => [row.id, row.name]));
  const text = (value: unknown) => localize((value ?? '') as LocalizedText, input.language ?? undefined);
  const query = (values: Record<string, string>) => new URLSearchParams(values).toString();
  return [
    ...agendas.map((agenda) => ({
      uid: `bookmark-${agenda.id}`,
      start: agenda.start,
      end: agenda.end,
      timezone: zoneOf.get(agenda.meetingId) ?? 'UTC',
      stamp: agenda.updatedAt,
      summary: text(agenda.title),
      location: agenda.roomId ? (roomOf.get(agenda.roomId) ?? '') : '',
      path: `/meeting/agenda/details?${query({ agenda_id: agenda.id, meeting_id: agenda.meetingId })}`,
    })),
    ...registrations.map(({ ticketId, activity }) => ({
      uid: `activity-${ticketId}`,
      start: activity.start,
      end: activity.end,
      timezone: zoneOf.get(activity.meetingId) ?? 'UTC',
      stamp: activity.updatedAt,
      summary: text(activity.title),
      location: text(activity.address),
      path: `/meeting/activity/detail?${query({ activity_id: activity.id, meeting_id: activity.meetingId })}`,
    })),
  ];
}
