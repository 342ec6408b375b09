import type { Agenda, MeetingDay } from '@app/contracts';
import { toMilliseconds } from '@app/domain';
import { datesBetween, dayRange } from '../../../lib/zoned-days.ts';

/** A programme day with instants in epoch ms. */
export type ScheduleDay = { index: number; date: string; start: number; end: number };

/** The meeting's days, or days derived from its start and end in its time zone. */
export function scheduleDays(meeting: {
  days: MeetingDay[];
  start: number;
  end: number;
  time_zone: string;
}): ScheduleDay[] {
  if (meeting.days.length > 0) {
    return [...meeting.days]
      .sort((a, b) => a.start - b.start)
      .map((day, i) => ({
        index: i + 1,
        date: day.date,
        start: toMilliseconds(day.start),
        end: toMilliseconds(day.end),
      }));
  }
  return datesBetween(toMilliseconds(meeting.start), toMilliseconds(meeting.end), meeting.time_zone).map(
    (date, i) => ({
      index: i + 1,
      date,
      ...dayRange(date, meeting.time_zone),
    }),
  );
}

export type SessionGroup = { start: number; sessions: Agenda[] };

/** Sessions grouped by start instant, earliest first (each group keeps the server order by room). */
export function groupByStart(sessions: readonly Agenda[]): SessionGroup[] {
  const groups = new Map<number, Agenda[]>();
  for (const session of sessions) {
    const start = toMilliseconds(session.start);
    const group = groups.get(start);
    if (group) group.push(session);
    else groups.set(start, [session]);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([start, list]) => ({ start, sessions: list }));
}

export type FilterOption = { value: string; label: string; color?: string | null };

/** Rooms and tracks present in a day's sessions, for the filter chips. */
export function filterOptions(sessions: readonly Agenda[], localizeName: (name: Agenda['title']) => string) {
  const rooms = new Map<string, FilterOption>();
  const tracks = new Map<string, FilterOption>();
  for (const session of sessions) {
    if (session.room)
      rooms.set(session.room._id.$id, {
        value: session.room._id.$id,
        label: localizeName(session.room.name),
      });
    if (session.track) {
      tracks.set(session.track._id.$id, {
        value: session.track._id.$id,
        label: session.track.name,
        color: session.track.color,
      });
    }
  }
  const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label);
  return { rooms: [...rooms.values()].sort(byLabel), tracks: [...tracks.values()].sort(byLabel) };
}

export function applyFilters(
  sessions: readonly Agenda[],
  filters: { roomId?: string | undefined; trackId?: string | undefined },
) {
  return sessions.filter(
    (session) =>
      (!filters.roomId || session.room?._id.$id === filters.roomId) &&
      (!filters.trackId || session.track?._id.$id === filters.trackId),
  );
}

/** The day to open: the asked one, else today when the programme runs today, else the first. */
export function pickDay(
  days: readonly ScheduleDay[],
  asked: string | undefined,
  now: number,
): ScheduleDay | undefined {
  return (
    days.find((day) => day.date === asked) ?? days.find((day) => day.start <= now && now < day.end) ?? days[0]
  );
}

/** Index of the first group starting after `now` (where the "now" line goes); -1 when none. */
export function nowLineIndex(groups: readonly SessionGroup[], now: number): number {
  return groups.findIndex((group) => group.start > now);
}
