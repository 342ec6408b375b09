import { type LocalizedText, localize } from '@app/domain';
import { ICalCalendar } from 'ical-generator';
import { Temporal } from 'temporal-polyfill';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { fill } from '../codes/codes.messages.ts';
import { calendarTexts } from './schedules.messages.ts';
import type { CalendarEntryRow } from './schedules.repository.ts';

/**
 * The iCalendar document of a user's schedule (beyond the spec; §3 Schedule), written with ical-generator
 * (DESIGN §5). Each event is dated in its appointment's own zone (DTSTART;TZID=…) with that zone's VTIMEZONE
 * from timezones-ical-library (IANA data), so a calendar app shows the right instant across daylight-saving
 * changes, whatever zone the phone is in.
 */

/** How often a subscribed calendar app should fetch the feed again, in seconds (REFRESH-INTERVAL). */
export const calendarRefreshSeconds = 3600;

/** The VTIMEZONE block and the TZID it declares (a link such as 'US/Eastern' resolves to its zone). */
function vtimezoneOf(zone: string): { tzid: string; block: string } | null {
  try {
    const result = tzlib_get_ical_block(zone);
    if (!Array.isArray(result)) return null;
    const [block, tzidLine] = result;
    if (!block?.startsWith('BEGIN:VTIMEZONE') || !tzidLine?.startsWith('TZID=')) return null;
    return { tzid: tzidLine.slice('TZID='.length), block };
  } catch {
    return null;
  }
}

export type CalendarInput = {
  userId: string;
  /** The owner's UI language (users.language) for the texts. */
  language: string | null;
  /** PUBLIC_URL without a trailing slash: links and the UIDs' host. */
  publicBase: string;
  entries: CalendarEntryRow[];
  /** Bookmarked sessions and registered activities (§2 /my/schedules), already in their texts. */
  events?: CalendarEvent[];
};

/**
 * An event of the feed other than an appointment: a bookmarked session or a registered activity.
 * `uid` is stable across fetches ('bookmark-<agenda id>', 'activity-<ticket id>'); `timezone` is the
 * meeting's IANA zone; `path` the web route (with its query) of the item's page.
 */
export type CalendarEvent = {
  uid: string;
  start: Date;
  end: Date;
  timezone: string;
  stamp: Date;
  summary: string;
  location: string;
  path: string;
};

/**
 * The feed as text: X-WR-CALNAME and REFRESH-INTERVAL, then one VEVENT per entry with
 * UID `<schedule id>@<host>` (stable across fetches), DTSTART/DTEND in the entry's zone, SUMMARY
 * 'Meeting with <enterprise>' for the requester or 'Meeting with <requester>' for the exhibitor,
 * DESCRIPTION the matter, LOCATION the booth (offline) or 'Online', URL the appointment page; then
 * one VEVENT per bookmarked session and registered activity (§2 /my/schedules) in its meeting's zone.
 * An entry whose zone has no VTIMEZONE data is written in UTC, which is still the right instant.
 */
export function renderCalendar(input: CalendarInput): string {
  const texts = calendarTexts(input.language);
  const host = new URL(input.publicBase).host;
  const blocks = new Map<string, string>();
  const calendar = new ICalCalendar({
    prodId: { company: host, product: 'schedule', language: 'EN' },
    name: texts.name,
    ttl: calendarRefreshSeconds,
    // No calendar zone (DTSTAMP stays UTC); the generator writes a VTIMEZONE for each event's zone.
    timezone: { name: null, generator: (zone) => blocks.get(zone) ?? null },
  });
  for (const { entry, appointment, enterpriseTitle, requesterName } of input.entries) {
    const zone = vtimezoneOf(entry.timezone);
    if (zone) blocks.set(zone.tzid, zone.block);
    const tzid = zone?.tzid ?? 'UTC';
    const zoned = (date: Date) =>
      Temporal.Instant.fromEpochMilliseconds(date.getTime()).toZonedDateTimeISO(tzid);
    const isRequesterSide = entry.userId === input.userId;
    const otherSide = isRequesterSide
      ? localize(enterpriseTitle as LocalizedText, input.language ?? undefined)
      : requesterName;
    const link = new URL(`${input.publicBase}/`);
    link.hash = `/appointment?${new URLSearchParams({
      appointment_id: appointment.id,
      meeting_id: entry.meetingId,
    }).toString()}`;
    calendar.createEvent({
      id: `${entry.id}@${host}`,
      start: zoned(entry.start),
      end: zoned(entry.end),
      timezone: tzid,
      stamp: entry.updatedAt,
      summary: fill(texts.summary, { name: otherSide || texts.visitor }),
      description: appointment.matter,
      location: appointment.mode === 'online' ? texts.online : appointment.booth || null,
      url: link.toString(),
    });
  }
  for (const event of input.events ?? []) {
    const zone = vtimezoneOf(event.timezone);
    if (zone) blocks.set(zone.tzid, zone.block);
    const tzid = zone?.tzid ?? 'UTC';
    const zoned = (date: Date) =>
      Temporal.Instant.fromEpochMilliseconds(date.getTime()).toZonedDateTimeISO(tzid);
    calendar.createEvent({
      id: `${event.uid}@${host}`,
      start: zoned(event.start),
      end: zoned(event.end),
      timezone: tzid,
      stamp: event.stamp,
      summary: event.summary,
      location: event.location || null,
      url: `${input.publicBase}/#${event.path}`,
    });
  }
  return calendar.toString();
}
