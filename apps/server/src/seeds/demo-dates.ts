import { resolveWallTime } from '@app/domain/zoned-time';
import { Temporal } from 'temporal-polyfill';

/**
 * Dates of the demo meeting. Its programme is real (Chaos Communication Camp 2019) but a demo must
 * be usable: registration open, sessions ahead. So at seed time the whole programme moves by a whole
 * number of weeks into the coming weeks, in the meeting's time zone (§3 Meeting: start, end), which
 * keeps every session's weekday and time of day (an 11:00 Wednesday talk stays an 11:00 Wednesday
 * talk, whatever daylight-saving time does between 2019 and now). Pure functions, no clock reads.
 */

const week = 7 * 86_400_000;

/** Days between the seed time and the demo meeting's first day, at least: registration stays open that long. */
export const demoLeadDays = 14;

/**
 * The whole number of weeks (≥ 0) to move a meeting that starts at `start` so that it starts at
 * least `leadDays` after `now` — the first such week, so it lands in the coming weeks
 * (between `leadDays` and `leadDays + 7` days ahead). 0 when it already does.
 * Weeks are counted on the wall clock of `timeZone`: see {@link shiftByWeeks}.
 * @param start the meeting's start, an instant
 * @param now the seed time
 * @param timeZone the meeting's IANA zone
 * @throws RangeError for a zone the runtime does not know
 */
export function shiftToComingWeeks(
  start: Date,
  now: Date,
  timeZone: string,
  leadDays = demoLeadDays,
): number {
  const earliest = now.getTime() + leadDays * 86_400_000;
  if (start.getTime() >= earliest) return 0;
  // A first guess from elapsed time, then corrected on the zone's wall clock (an hour of daylight
  // saving can put the guess one week off).
  let weeks = Math.max(0, Math.ceil((earliest - start.getTime()) / week) - 1);
  while (shiftByWeeks(start, weeks, timeZone).getTime() < earliest) weeks += 1;
  return weeks;
}

/**
 * `at` moved by `weeks` weeks on the wall clock of `timeZone`: same weekday and time of day there
 * (so across a daylight-saving change the elapsed time differs from 7·24 h by the change).
 * A wall time that does not exist on the new date (skipped by a clock change) moves forward by the
 * gap, as every zoned wall time does here (`@app/domain/zoned-time`).
 * @throws RangeError for a zone the runtime does not know
 */
export function shiftByWeeks(at: Date, weeks: number, timeZone: string): Date {
  if (weeks === 0) return new Date(at.getTime());
  const zoned = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone);
  return new Date(zoned.add({ weeks }).epochMilliseconds);
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A schedule date (`2019-08-21`) or date-time with offset (`2019-08-21T11:00:00+02:00`), moved. */
function shiftText(text: string, weeks: number, timeZone: string): string {
  if (isoDate.test(text)) return Temporal.PlainDate.from(text).add({ weeks }).toString();
  const zoned = Temporal.ZonedDateTime.from(`${text}[${timeZone}]`, { offset: 'prefer' }).add({ weeks });
  // Whole seconds with the offset of the new date, as the schedule files write them.
  return zoned.toString({ timeZoneName: 'never', smallestUnit: 'second' });
}

type Conference = {
  start?: string;
  end?: string;
  time_zone_name?: string;
  days: {
    date: string;
    day_start?: string;
    day_end?: string;
    rooms: Record<string, { date: string; [key: string]: unknown }[]>;
    [key: string]: unknown;
  }[];
  [key: string]: unknown;
};

/**
 * A frab/pretalx schedule document (the shape of fixtures/camp2019.schedule.json) with every date
 * moved by `weeks` weeks in the conference's zone: conference start and end, each day's date,
 * day_start and day_end, and each event's date (its `start` wall time stays as it is). Returns a new
 * document; the input is not changed.
 */
export function shiftScheduleDocument<T extends { schedule: { conference: Conference } }>(
  document: T,
  weeks: number,
): T {
  const copy = structuredClone(document);
  if (weeks === 0) return copy;
  const conference = copy.schedule.conference;
  const zone = conference.time_zone_name ?? 'UTC';
  const move = (text: string) => shiftText(text, weeks, zone);
  if (conference.start) conference.start = move(conference.start);
  if (conference.end) conference.end = move(conference.end);
  for (const day of conference.days) {
    day.date = move(day.date);
    if (day.day_start) day.day_start = move(day.day_start);
    if (day.day_end) day.day_end = move(day.day_end);
    for (const events of Object.values(day.rooms)) {
      for (const event of events) event.date = move(event.date);
    }
  }
  return copy;
}

/**
 * The instant of the wall time `time` ('HH:mm') on day `dayIndex` (0 = the first) of a meeting whose
 * first day is `firstDate` ('YYYY-MM-DD') in `timeZone`: how the demo activities are placed inside
 * the meeting's days.
 */
export function meetingDayAt(firstDate: string, dayIndex: number, time: string, timeZone: string): Date {
  const wall = Temporal.PlainDate.from(firstDate)
    .add({ days: dayIndex })
    .toPlainDateTime(Temporal.PlainTime.from(time));
  return new Date(resolveWallTime(wall, timeZone).epochMilliseconds);
}

/** The calendar date ('YYYY-MM-DD') of an instant in a zone. */
export function dateIn(at: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString();
}
