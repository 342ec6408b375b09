/**
 * Pure mapping between the frab/pretalx schedule-JSON standard (c3voc schema,
 * `fixtures/schedule-json.schema.json`) and our programme rows (Issue 2, schedule interchange).
 *
 * Lossless round trip: whatever the schema allows and we do not model lands in the `extra` jsonb of
 * its row; `extra.$import` keeps bookkeeping of how the source wrote it (which keys were present, raw
 * strings of derived values) so the export gives back the same document. Where the source violates
 * the schema, the export normalises (each case is marked `Normalisation:` below).
 *
 * No I/O here: the service loads and stores rows, these functions only transform them.
 */
import { createHash } from 'node:crypto';
import { formatDuration, localize, parseDuration } from '@app/domain';
import { z } from 'zod';
import type { MeetingScheduleMeta } from '../meetings/meetings.tables.ts';

// ---------------------------------------------------------------------------------------------------
// Shared types
// ---------------------------------------------------------------------------------------------------

/** A text column: a language map `{ en: '…' }`, or '' for "no value" (the column default). */
export type LocalizedValue = string | Record<string, string>;
export type Reference = { url: string; title?: string; type?: string };
export type JsonObject = Record<string, unknown>;

/** Bookkeeping kept in `extra.$import`; never exported as such. */
export type ImportInfo = {
  /** The keys the source object had (modelled ones for events, rooms, conference; all for persons). */
  present?: string[];
  /** Raw `end` of an event, conference `start`/`end`: given back verbatim while the instant matches. */
  end?: string;
  start?: string;
  /** Conference only: the room names each day listed, in source order (keeps empty room lists). */
  dayRooms?: string[][];
};
export const importKey = '$import';

/** The exported document (c3voc schedule JSON). */
export type ScheduleDocument = {
  $schema?: string;
  generator?: JsonObject;
  schedule: { version: string; base_url?: string; conference: JsonObject; [key: string]: unknown };
};

/** Where one validation problem is, as a JSON path (`schedule.conference.days[0].rooms["Curie"][3].guid`). */
export type ScheduleIssue = { path: string; message: string };

// ---------------------------------------------------------------------------------------------------
// Time: instants are epoch milliseconds; offsets are minutes east of UTC
// ---------------------------------------------------------------------------------------------------

const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
/** RFC 3339 with seconds and an explicit offset: what ajv's `date-time` format accepts. */
const strictDateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** True when `timeZone` is an IANA zone name the runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * UTC offset of `timeZone` at the instant `ms`, in minutes east of UTC (Europe/Berlin in summer → 120).
 * @throws RangeError for an unknown zone (validated before use).
 */
export function offsetMinutesAt(ms: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, formatter);
  }
  const name =
    formatter.formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{1,2})(?::?(\d{2}))?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** The instant at which the wall-clock time `wallMs` (fields read as UTC) occurs in `timeZone`. */
function wallToInstant(wallMs: number, timeZone: string): number {
  const guess = wallMs - offsetMinutesAt(wallMs, timeZone) * 60_000;
  return wallMs - offsetMinutesAt(guess, timeZone) * 60_000;
}

function wallClock(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0) {
  const value = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const date = new Date(value);
  const isValid =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 61;
  return isValid ? value : undefined;
}

/**
 * Parses an ISO 8601 date-time (`2019-08-21T11:00:00+02:00`) to epoch milliseconds. Without an offset
 * the wall-clock time is read in `timeZone`. Undefined when malformed.
 */
export function parseDateTime(text: string, timeZone = 'UTC'): number | undefined {
  const match = dateTimePattern.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = match;
  const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
  const wall = wallClock(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s ?? 0), ms);
  if (wall === undefined) return undefined;
  if (!zone) return wallToInstant(wall, timeZone);
  if (zone === 'Z' || zone === 'z') return wall;
  const digits = zone.slice(1).replace(':', '');
  const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0);
  return wall - (zone.startsWith('-') ? -offset : offset) * 60_000;
}

/** Midnight at the start of `date` (`YYYY-MM-DD`) in `timeZone`, as epoch milliseconds; undefined when malformed. */
export function zonedMidnight(date: string, timeZone: string): number | undefined {
  const match = datePattern.exec(date);
  if (!match) return undefined;
  const wall = wallClock(Number(match[1]), Number(match[2]), Number(match[3]));
  return wall === undefined ? undefined : wallToInstant(wall, timeZone);
}

/** Parses a conference `start`/`end`: a date (midnight in `timeZone`) or a date-time. */
export function parseDateOrDateTime(text: string, timeZone: string): number | undefined {
  return datePattern.test(text) ? zonedMidnight(text, timeZone) : parseDateTime(text, timeZone);
}

/** Formats an instant as RFC 3339 with the given offset: `2019-08-21T11:00:00+02:00`. */
export function formatDateTime(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Formats an instant in `timeZone` with that zone's offset at that instant. */
export function formatInZone(ms: number, timeZone: string): string {
  return formatDateTime(ms, offsetMinutesAt(ms, timeZone));
}

/** The offset written in a date-time string, in minutes; undefined when it has none. */
export function offsetOfText(text: string): number | undefined {
  const zone = dateTimePattern.exec(text.trim())?.[8];
  if (!zone) return undefined;
  if (zone === 'Z' || zone === 'z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0);
  return zone.startsWith('-') ? -minutes : minutes;
}

function isStrictDateTime(text: string | undefined | null): text is string {
  return typeof text === 'string' && strictDateTimePattern.test(text) && parseDateTime(text) !== undefined;
}

/**
 * `text` when it is strict RFC 3339 and still denotes `ms`, else `ms` formatted in `timeZone`.
 * Normalisation: a date-time without seconds or offset becomes strict RFC 3339 (ajv `date-time`).
 */
function keepOrFormat(
  text: string | null | undefined,
  ms: number,
  timeZone: string,
  offset?: number,
): string {
  if (isStrictDateTime(text) && parseDateTime(text) === ms) return text;
  return offset === undefined ? formatInZone(ms, timeZone) : formatDateTime(ms, offset);
}

// ---------------------------------------------------------------------------------------------------
// Text: language maps
// ---------------------------------------------------------------------------------------------------

/**
 * Stores a source text as a language map keyed by the session's language: `'Hi'` → `{ en: 'Hi' }`;
 * an empty string stays a map (`{ en: '' }`) and null/absent becomes '' (the column's "no value"),
 * so the export can tell "" from null exactly.
 */
export function toLanguageMap(text: string | null | undefined, language: string): LocalizedValue {
  return typeof text === 'string' ? { [language]: text } : '';
}

/**
 * The text to export from a language-map column: the wanted language's entry (even ''), else English,
 * else the first non-empty entry; a plain non-empty string as is; null for '' or an empty map.
 */
export function textOf(value: LocalizedValue | null | undefined, language?: string | null): string | null {
  if (value == null) return null;
  if (typeof value === 'string') return value === '' ? null : value;
  const keys = Object.keys(value);
  if (keys.length === 0) return null;
  const wanted = language ? value[language] : undefined;
  if (typeof wanted === 'string') return wanted;
  return localize(value, language ?? 'en') || (value[keys[0] ?? ''] ?? '');
}

// ---------------------------------------------------------------------------------------------------
// Normalisers: make exported values valid against the schema
// ---------------------------------------------------------------------------------------------------

const acronymPattern = /^[a-z0-9_-][a-z0-9_]{3,}(-2[0-9]{3}-[a-z]+)?$/;
const slugPattern = /^[a-z0-9_-]+[a-z0-9]$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const codePattern = /^[A-Z0-9]+$/;
const schemePattern = /^[a-z][a-z0-9+.-]*:/i;
const hostLikePattern = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d+)?(?:[/?#]|$)/i;
const timeZoneNamePattern = /^([A-Z][a-z]+\/[A-Z][a-z]+)|UTC$/;
const referenceTypes = ['slides', 'paper', 'web', 'blog', 'article', 'media', 'related', 'activitypub'];
const roomTypes = 'lecturehall stage workshop outside online project bbb hangar other'.split(' ');

/**
 * Normalisation: the schema's acronym pattern wants lowercase (`Camp2019` → `camp2019`); other invalid
 * characters become `_` and a too short acronym is padded with `_`.
 */
export function normaliseAcronym(acronym: string): string {
  if (acronymPattern.test(acronym)) return acronym;
  const lower = acronym.toLowerCase();
  if (acronymPattern.test(lower)) return lower;
  return lower.replace(/[^a-z0-9_]/g, '_').padEnd(4, '_');
}

/**
 * Normalisation: slugs must match `^[a-z0-9_-]+[a-z0-9]$` (frab writes `Camp2019-10386-opening_ceremony`
 * → `camp2019-10386-opening_ceremony`): lowercase, accents stripped, other characters to `-`, trailing
 * separators removed; `fallback` (already a slug candidate) when nothing usable remains.
 */
export function normaliseSlug(value: string | null | undefined, fallback: string): string {
  if (typeof value === 'string' && slugPattern.test(value)) return value;
  const slugify = (text: string) =>
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/[^a-z0-9]+$/, '');
  const cleaned = slugify(value ?? '');
  if (slugPattern.test(cleaned)) return cleaned;
  const other = slugify(fallback);
  return slugPattern.test(other)
    ? other
    : `x-${createHash('sha1').update(fallback).digest('hex').slice(0, 8)}`;
}

/** A valid UUID: `value` itself when it is one, else a name-based UUID (v5 layout) derived from it. */
export function toUuid(value: string): string {
  if (uuidPattern.test(value)) return value;
  const hex = createHash('sha1').update(`schedule:${value}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** Normalisation: event/person `code` must be `^[A-Z0-9]+$`; undefined when nothing usable remains. */
export function normaliseCode(code: string): string | undefined {
  if (codePattern.test(code)) return code;
  const cleaned = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return cleaned === '' ? undefined : cleaned;
}

function percentEncodeInvalid(url: string): string {
  let out = '';
  for (let i = 0; i < url.length; ) {
    const point = url.codePointAt(i) ?? 0;
    const char = String.fromCodePoint(point);
    i += char.length;
    if (char === '%') {
      out += /^[0-9a-f]{2}$/i.test(url.slice(i, i + 2)) ? '%' : '%25';
    } else if (/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]/.test(char)) {
      out += char;
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/**
 * Normalisation: `format: uri` needs an absolute URI. A relative path is resolved against `base_url`
 * ("base for relative media URIs in this document"; a leading `/` counts as relative to base_url, as
 * in frab's static Fahrplan exports: `/system/…` → `<base_url>system/…`); a scheme-less host name
 * (`nymtech.net`) gets base_url's scheme, else https (like §2: "a link without a scheme gets the
 * current protocol"); characters a URI cannot hold are percent-encoded.
 */
export function normaliseUri(value: string, baseUrl?: string): string {
  const text = value.trim();
  const baseScheme = (baseUrl && schemePattern.exec(baseUrl)?.[0]) || 'https:';
  let absolute = text;
  if (schemePattern.test(text)) absolute = text;
  else if (text.startsWith('//')) absolute = `${baseScheme}${text}`;
  else if (hostLikePattern.test(text)) absolute = `${baseScheme}//${text}`;
  else if (baseUrl && schemePattern.test(baseUrl)) {
    absolute = `${baseUrl.replace(/\/+$/, '')}/${text.replace(/^\/+/, '')}`;
  }
  return percentEncodeInvalid(absolute);
}

/** Normalisation: a Reference keeps only `url` (absolute), `title` and a `type` from the schema's enum. */
export function normaliseReferences(references: unknown, baseUrl?: string): Reference[] {
  if (!Array.isArray(references)) return [];
  return references.flatMap((item) => {
    if (!item || typeof item !== 'object' || typeof (item as Reference).url !== 'string') return [];
    const ref = item as Reference;
    return [
      {
        ...(typeof ref.type === 'string' && referenceTypes.includes(ref.type) ? { type: ref.type } : {}),
        url: normaliseUri(ref.url, baseUrl),
        ...(typeof ref.title === 'string' ? { title: ref.title } : {}),
      },
    ];
  });
}

/** Positive integer event id derived from a guid, for sessions without an `id` (required, minimum 1). */
export function idFromGuid(guid: string): number {
  return Number.parseInt(createHash('sha1').update(guid).digest('hex').slice(0, 7), 16) + 1;
}

// ---------------------------------------------------------------------------------------------------
// Deep equality (JSON semantics: key order and undefined-valued keys do not matter)
// ---------------------------------------------------------------------------------------------------

/** True when two JSON-like values are equal; Dates compare by instant, object key order is ignored. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => deepEqual(item, b[i]));
  }
  const left = a as JsonObject;
  const right = b as JsonObject;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    if (left[key] === undefined && right[key] === undefined) continue;
    if (!deepEqual(left[key], right[key])) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Input validation (the minimum structure we rely on)
// ---------------------------------------------------------------------------------------------------

const int32 = z.number().int().min(-2147483648).max(2147483647);
const nullableText = z.string().nullable().optional();
const DateTimeText = z.string().refine((text) => parseDateTime(text) !== undefined, {
  message: 'expected an ISO 8601 date-time such as 2020-12-14T09:00:00+01:00',
});
const DateText = z.string().refine((text) => zonedMidnight(text, 'UTC') !== undefined, {
  message: 'expected a date YYYY-MM-DD',
});
const DateOrDateTimeText = z.string().refine((text) => parseDateOrDateTime(text, 'UTC') !== undefined, {
  message: 'expected a date YYYY-MM-DD or an ISO 8601 date-time',
});
const DurationText = z.string().refine((text) => !Number.isNaN(parseDuration(text)), {
  message: 'expected a duration hh:mm',
});
const ReferenceInput = z.looseObject({
  url: z.string(),
  title: z.string().optional(),
  type: z.string().optional(),
});
const PersonInput = z
  .looseObject({
    name: z.string().optional(),
    public_name: z.string().optional(),
    id: int32.optional(),
    guid: z.string().optional(),
    code: z.string().optional(),
    avatar: nullableText,
    biography: nullableText,
    links: z.array(ReferenceInput).optional(),
  })
  .refine((person) => person.name !== undefined || person.public_name !== undefined, {
    message: 'a person needs a name or public_name',
  });
const EventInput = z
  .looseObject({
    guid: z.string().min(1),
    id: int32.optional(),
    code: z.string().nullable().optional(),
    logo: nullableText,
    date: DateTimeText,
    start: z.string().optional(),
    end: DateTimeText.optional(),
    duration: DurationText.optional(),
    room: z.string(),
    slug: nullableText,
    url: nullableText,
    title: z.string(),
    subtitle: nullableText,
    track: nullableText,
    type: nullableText,
    language: nullableText,
    abstract: nullableText,
    description: nullableText,
    recording_license: nullableText,
    do_not_record: z.boolean().nullable().optional(),
    persons: z.array(PersonInput).optional(),
    links: z.array(ReferenceInput).optional(),
    attachments: z.array(ReferenceInput).optional(),
  })
  .refine((event) => event.end !== undefined || event.duration !== undefined, {
    message: 'an event needs a duration or an end',
    path: ['duration'],
  });
const RoomInput = z.looseObject({
  name: z.string(),
  guid: z.string().nullable().optional(),
  slug: nullableText,
  type: nullableText,
  description: z.union([z.string(), z.null(), z.record(z.string(), z.string())]).optional(),
  capacity: int32.nullable().optional(),
});
const TrackInput = z.looseObject({
  name: z.string(),
  slug: z.string().optional(),
  color: z.string().optional(),
});
const DayInput = z.looseObject({
  index: z.number().int().optional(),
  date: DateText,
  day_start: DateTimeText.optional(),
  day_end: DateTimeText.optional(),
  rooms: z.record(z.string(), z.array(EventInput)),
});
const ConferenceInput = z.looseObject({
  title: z.string(),
  acronym: z.string().optional(),
  description: nullableText,
  start: DateOrDateTimeText.optional(),
  end: DateOrDateTimeText.optional(),
  daysCount: z.number().int().optional(),
  timeslot_duration: z.string().optional(),
  time_zone_name: z.string().refine(isTimeZone, { message: 'unknown time zone' }).optional(),
  rooms: z.array(RoomInput).optional(),
  tracks: z.array(TrackInput).optional(),
  days: z.array(DayInput),
});
const ScheduleInput = z.looseObject({
  version: z.string().optional(),
  base_url: z.string().optional(),
  conference: ConferenceInput,
});
const DocumentInput = z.looseObject({ schedule: ScheduleInput });

export type ScheduleInput = z.infer<typeof DocumentInput>;
type ConferenceIn = z.infer<typeof ConferenceInput>;
type EventIn = z.infer<typeof EventInput>;
type PersonIn = z.infer<typeof PersonInput>;

/** `['schedule', 'conference', 'days', 0, 'rooms', 'Curie', 3]` → `schedule.conference.days[0].rooms["Curie"][3]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out === '' ? '(document)' : out;
}

/**
 * Checks that `document` has the structure the importer relies on: `schedule.conference` with a title
 * and `days[].rooms{}[]` events carrying guid, date, title, room and a duration or end, persons with a
 * name; plus what zod cannot see: unique event guids and no event ending before it starts.
 * @returns the document itself (typed, key order kept), or the issues with their JSON paths
 */
export function validateScheduleDocument(
  document: unknown,
): { ok: true; value: ScheduleInput } | { ok: false; issues: ScheduleIssue[] } {
  const parsed = DocumentInput.safeParse(document);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })),
    };
  }
  const issues: ScheduleIssue[] = [];
  const conference = parsed.data.schedule.conference;
  const timeZone = conference.time_zone_name ?? 'UTC';
  const seen = new Map<string, string>();
  conference.days.forEach((day, dayIndex) => {
    for (const [roomName, events] of Object.entries(day.rooms)) {
      events.forEach((event, eventIndex) => {
        const path = formatPath(['schedule', 'conference', 'days', dayIndex, 'rooms', roomName, eventIndex]);
        const earlier = seen.get(event.guid);
        if (earlier)
          issues.push({ path: `${path}.guid`, message: `duplicate guid ${event.guid} (also at ${earlier})` });
        else seen.set(event.guid, path);
        const { start, end } = eventTimes(event, timeZone);
        if (end < start) issues.push({ path: `${path}.end`, message: 'the event ends before it starts' });
      });
    }
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: parsed.data };
}

function eventTimes(event: EventIn, timeZone: string): { start: number; end: number } {
  const start = parseDateTime(event.date, timeZone) ?? 0;
  const end = event.end
    ? (parseDateTime(event.end, timeZone) ?? start)
    : start + parseDuration(event.duration ?? '0:00') * 60_000;
  return { start, end };
}

// ---------------------------------------------------------------------------------------------------
// Import: schedule document → planned rows
// ---------------------------------------------------------------------------------------------------

/** The speaker-side fields of a person, as the speakers table holds them. */
export type SpeakerFields = {
  name: string;
  externalId: number | null;
  code: string | null;
  guid: string | null;
  photo: string;
  biography: LocalizedValue;
  links: Reference[];
  extra: JsonObject;
};
export type PlannedSpeaker = SpeakerFields & {
  sourceKey: string;
  /**
   * Speaker columns the source person does not carry (no `avatar`, `biography` or `links` key): a
   * re-import keeps what the row holds (e.g. a photo added in the app) instead of clearing it.
   */
  keepStored: ('photo' | 'biography' | 'links')[];
};
export type PlannedLink = { sourceKey: string; position: number; extra: JsonObject };
export type PlannedRoom = {
  name: string;
  position: number;
  isListed: number;
  /** Fields from conference.rooms; undefined for a room only named in days (keeps what is stored). */
  listed?: {
    guid: string | null;
    slug: string | null;
    type: string | null;
    description: string | Record<string, string> | null;
    capacity: number | null;
    extra: JsonObject;
  };
};
export type PlannedTrack = { name: string; position: number; slug?: string | null; color?: string | null };
export type PlannedSession = {
  guid: string;
  roomName: string;
  trackName: string | null;
  externalId: number | null;
  code: string | null;
  title: LocalizedValue;
  subtitle: LocalizedValue;
  abstract: LocalizedValue;
  description: LocalizedValue;
  type: string;
  language: string | null;
  start: Date;
  end: Date;
  sourceDate: string;
  url: string | null;
  slug: string | null;
  logo: string | null;
  recordingLicense: string | null;
  doNotRecord: boolean | null;
  links: Reference[];
  attachments: Reference[];
  extra: JsonObject;
  persons: PlannedLink[];
};
export type PlannedMeeting = {
  title: Record<string, string>;
  description: LocalizedValue;
  acronym: string;
  timeZone: string;
  start: Date;
  end: Date;
  schedule: MeetingScheduleMeta;
};
export type ImportPlan = {
  meeting: PlannedMeeting;
  rooms: PlannedRoom[];
  tracks: PlannedTrack[];
  speakers: PlannedSpeaker[];
  sessions: PlannedSession[];
};

const eventModelledKeys =
  'guid code id logo date start end duration room slug url title subtitle track type language abstract description recording_license do_not_record persons links attachments'.split(
    ' ',
  );
const personModelledKeys = ['name', 'public_name', 'id', 'guid', 'code', 'avatar', 'biography', 'links'];
const roomModelledKeys = ['name', 'guid', 'slug', 'type', 'description', 'capacity'];
const conferenceModelledKeys =
  'acronym title description start end daysCount timeslot_duration time_zone_name rooms days'.split(' ');

function split(source: JsonObject, modelled: readonly string[]): { present: string[]; extra: JsonObject } {
  const present: string[] = [];
  const extra: JsonObject = {};
  for (const [key, value] of Object.entries(source)) {
    if (modelled.includes(key)) present.push(key);
    else extra[key] = value;
  }
  return { present, extra };
}

/** Identity of a person in its source (§ Issue 2): guid, else pretalx code, else frab id, else name. */
export function speakerSourceKey(person: PersonIn): string {
  if (person.guid) return `guid:${person.guid}`;
  if (person.code) return `code:${person.code}`;
  if (person.id !== undefined) return `id:${person.id}`;
  return `name:${person.name ?? person.public_name ?? ''}`;
}

function speakerFromPerson(person: PersonIn, language: string): SpeakerFields {
  const { extra } = split(person, personModelledKeys);
  return {
    name: person.name ?? person.public_name ?? '',
    externalId: person.id ?? null,
    code: person.code ?? null,
    guid: person.guid ?? null,
    photo: typeof person.avatar === 'string' ? person.avatar : '',
    biography: toLanguageMap(person.biography, language),
    links: (person.links ?? []) as Reference[],
    extra,
  };
}

/**
 * The values a speaker row gives each person key (name and public_name both carry `name`; '' photo
 * is a null avatar), before the per-session overrides of `agenda_speakers.extra`.
 */
export function personValues(speaker: SpeakerFields): JsonObject {
  const { [importKey]: _bookkeeping, ...extra } = speaker.extra;
  return {
    ...extra,
    name: speaker.name,
    public_name: speaker.name,
    id: speaker.externalId,
    guid: speaker.guid,
    code: speaker.code,
    avatar: speaker.photo === '' ? null : speaker.photo,
    biography: textOf(speaker.biography),
    links: speaker.links,
  };
}

/**
 * Plans an import: the meeting fields and schedule meta, rooms and tracks by name in order of first
 * appearance (conference.rooms / conference.tracks first), speakers by source key (first appearance
 * wins; later appearances that differ keep their differences on the link), sessions with UTC instants.
 * @param input a document that passed validateScheduleDocument
 */
export function planImport(input: ScheduleInput): ImportPlan {
  const { schedule, ...documentExtra } = input;
  const { version, base_url: baseUrl, conference, ...scheduleExtra } = schedule;
  const timeZone = conference.time_zone_name ?? 'UTC';

  const rooms = new Map<string, PlannedRoom>();
  const addRoom = (name: string) => {
    if (!rooms.has(name)) rooms.set(name, { name, position: rooms.size, isListed: 0 });
  };
  for (const room of conference.rooms ?? []) {
    if (rooms.has(room.name)) continue;
    const { extra, present } = split(room, roomModelledKeys);
    rooms.set(room.name, {
      name: room.name,
      position: rooms.size,
      isListed: 1,
      listed: {
        guid: room.guid ?? null,
        slug: room.slug ?? null,
        type: room.type ?? null,
        description: room.description ?? null,
        capacity: room.capacity ?? null,
        extra: { ...extra, [importKey]: { present } satisfies ImportInfo },
      },
    });
  }

  const tracks = new Map<string, PlannedTrack>();
  for (const track of conference.tracks ?? []) {
    if (!tracks.has(track.name)) {
      tracks.set(track.name, {
        name: track.name,
        position: tracks.size,
        slug: track.slug ?? null,
        color: track.color ?? null,
      });
    }
  }

  const speakers = new Map<string, PlannedSpeaker>();
  const sessions: PlannedSession[] = [];
  const dayRooms: string[][] = [];
  let latestEnd = Number.NEGATIVE_INFINITY;

  for (const day of conference.days) {
    dayRooms.push(Object.keys(day.rooms));
    for (const [roomKey, events] of Object.entries(day.rooms)) {
      addRoom(roomKey);
      for (const event of events) {
        addRoom(event.room);
        const trackName = event.track ? event.track : null;
        if (trackName && !tracks.has(trackName))
          tracks.set(trackName, { name: trackName, position: tracks.size });
        const session = planSession(event, timeZone, speakers);
        latestEnd = Math.max(latestEnd, session.end.getTime());
        sessions.push(session);
      }
    }
  }

  const { extra: conferenceExtra, present } = split(conference, conferenceModelledKeys);
  const info: ImportInfo = { present, dayRooms };
  if (conference.start !== undefined) info.start = conference.start;
  if (conference.end !== undefined) info.end = conference.end;
  const scheduleMeta: MeetingScheduleMeta = {
    version: version ?? '',
    ...(baseUrl !== undefined ? { base_url: baseUrl } : {}),
    // Normalisation: a missing timeslot_duration (required) is exported as 00:05.
    timeslot_duration: conference.timeslot_duration ?? '00:05',
    days: conference.days.map((day, i) => {
      const midnight = zonedMidnight(day.date, timeZone) ?? 0;
      const nextMidnight = zonedMidnight(nextDate(day.date), timeZone) ?? midnight;
      return {
        index: day.index ?? i + 1,
        date: day.date,
        day_start: day.day_start ?? formatInZone(midnight, timeZone),
        day_end: day.day_end ?? formatInZone(nextMidnight, timeZone),
      };
    }),
    extra: { ...conferenceExtra, [importKey]: info },
    document_extra: documentExtra,
    schedule_extra: scheduleExtra,
  };

  return {
    meeting: { ...planMeeting(conference, timeZone, latestEnd), schedule: scheduleMeta },
    rooms: [...rooms.values()],
    tracks: [...tracks.values()],
    speakers: [...speakers.values()],
    sessions,
  };
}

function nextDate(date: string): string {
  const ms = zonedMidnight(date, 'UTC') ?? 0;
  return new Date(ms + 86_400_000).toISOString().slice(0, 10);
}

function planMeeting(
  conference: ConferenceIn,
  timeZone: string,
  latestEnd: number,
): Omit<PlannedMeeting, 'schedule'> {
  const firstDay = conference.days[0];
  const lastDay = conference.days.at(-1);
  const dayStart = (day: typeof firstDay) =>
    day
      ? day.day_start
        ? parseDateTime(day.day_start, timeZone)
        : zonedMidnight(day.date, timeZone)
      : undefined;
  const dayEnd = (day: typeof lastDay) =>
    day
      ? day.day_end
        ? parseDateTime(day.day_end, timeZone)
        : zonedMidnight(nextDate(day.date), timeZone)
      : undefined;
  // The meeting runs from the conference's start date (midnight in its time zone) and covers its whole
  // programme: the later of the end date's midnight, the last day's day_end and the last session's end.
  const start =
    (conference.start ? parseDateOrDateTime(conference.start, timeZone) : undefined) ??
    dayStart(firstDay) ??
    Date.now();
  const end = Math.max(
    start,
    (conference.end ? parseDateOrDateTime(conference.end, timeZone) : undefined) ?? start,
    dayEnd(lastDay) ?? start,
    Number.isFinite(latestEnd) ? latestEnd : start,
  );
  return {
    title: { en: conference.title },
    description: toLanguageMap(conference.description, 'en'),
    acronym: conference.acronym ?? '',
    timeZone,
    start: new Date(start),
    end: new Date(end),
  };
}

function planSession(
  event: EventIn,
  timeZone: string,
  speakers: Map<string, PlannedSpeaker>,
): PlannedSession {
  const language = event.language || 'en';
  const { start, end } = eventTimes(event, timeZone);
  const { extra, present } = split(event, eventModelledKeys);
  const info: ImportInfo = { present };
  if (event.end !== undefined) info.end = event.end;

  const persons: PlannedLink[] = [];
  const seen = new Set<string>();
  (event.persons ?? []).forEach((person) => {
    const sourceKey = speakerSourceKey(person);
    // The same person listed twice on one session: the link table holds one row per pair; keep the first.
    if (seen.has(sourceKey)) return;
    seen.add(sourceKey);
    let speaker = speakers.get(sourceKey);
    if (!speaker) {
      const keepStored = (['photo', 'biography', 'links'] as const).filter(
        (column) => !((column === 'photo' ? 'avatar' : column) in person),
      );
      speaker = { sourceKey, ...speakerFromPerson(person, language), keepStored };
      speakers.set(sourceKey, speaker);
    }
    const values = personValues(speaker);
    const overrides: JsonObject = {};
    for (const [key, value] of Object.entries(person)) {
      if (!deepEqual(value, values[key])) overrides[key] = value;
    }
    persons.push({
      sourceKey,
      position: persons.length,
      extra: { ...overrides, [importKey]: { present: Object.keys(person) } satisfies ImportInfo },
    });
  });

  return {
    guid: event.guid,
    roomName: event.room,
    trackName: event.track ? event.track : null,
    externalId: event.id ?? null,
    code: event.code ?? null,
    title: toLanguageMap(event.title, language),
    subtitle: toLanguageMap(event.subtitle, language),
    abstract: toLanguageMap(event.abstract, language),
    description: toLanguageMap(event.description, language),
    type: event.type ?? '',
    language: event.language ?? null,
    start: new Date(start),
    end: new Date(end),
    sourceDate: event.date,
    url: event.url ?? null,
    slug: event.slug ?? null,
    logo: event.logo ?? null,
    recordingLicense: event.recording_license ?? null,
    doNotRecord: event.do_not_record ?? null,
    links: (event.links ?? []) as Reference[],
    attachments: (event.attachments ?? []) as Reference[],
    extra: { ...extra, [importKey]: info },
    persons,
  };
}

// ---------------------------------------------------------------------------------------------------
// Export: rows → schedule document
// ---------------------------------------------------------------------------------------------------

export type ExportMeeting = {
  id: string;
  title: LocalizedValue;
  description: LocalizedValue;
  acronym: string;
  timeZone: string;
  start: Date;
  end: Date;
  schedule: MeetingScheduleMeta | null;
};
export type ExportRoom = {
  id: string;
  name: string;
  guid: string | null;
  slug: string | null;
  type: string | null;
  description: string | Record<string, string> | null;
  capacity: number | null;
  position: number;
  extra: JsonObject;
  isListed: number;
};
export type ExportTrack = {
  id: string;
  name: string;
  slug: string | null;
  color: string | null;
  position: number;
};
export type ExportSession = Omit<PlannedSession, 'roomName' | 'trackName' | 'persons' | 'sourceDate'> & {
  id: string;
  roomId: string | null;
  trackId: string | null;
  sourceDate: string | null;
};
export type ExportSpeaker = SpeakerFields & { id: string };
export type ExportLink = { agendaId: string; speakerId: string; position: number; extra: JsonObject };
export type ExportSource = {
  meeting: ExportMeeting;
  rooms: ExportRoom[];
  tracks: ExportTrack[];
  sessions: ExportSession[];
  speakers: ExportSpeaker[];
  links: ExportLink[];
};

function importInfo(extra: JsonObject | null | undefined): ImportInfo | undefined {
  const info = extra?.[importKey];
  return info && typeof info === 'object' ? (info as ImportInfo) : undefined;
}

function withoutImport(extra: JsonObject): JsonObject {
  const { [importKey]: _bookkeeping, ...rest } = extra;
  return rest;
}

function pick(values: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) if (key in values && values[key] !== undefined) out[key] = values[key];
  return out;
}

/**
 * Normalisation of a person for the schema: guid a UUID, code `^[A-Z0-9]+$`, id an integer, url and
 * avatar absolute URIs ('' avatar → null), links valid References; and the `oneOf` of FrabPerson
 * (public_name + id) and PretalxPerson (name): a person matching both loses `public_name` (deprecated),
 * one matching neither gets `name`.
 */
function normalisePerson(person: JsonObject, name: string, baseUrl?: string): JsonObject {
  const out = { ...person };
  if ('guid' in out) {
    if (typeof out.guid === 'string') out.guid = toUuid(out.guid);
    else delete out.guid;
  }
  if ('code' in out) {
    const code = typeof out.code === 'string' ? normaliseCode(out.code) : undefined;
    if (code) out.code = code;
    else delete out.code;
  }
  if ('id' in out && !Number.isInteger(out.id)) delete out.id;
  if ('url' in out) {
    if (typeof out.url === 'string') out.url = normaliseUri(out.url, baseUrl);
    else delete out.url;
  }
  if ('avatar' in out) {
    if (typeof out.avatar === 'string')
      out.avatar = out.avatar === '' ? null : normaliseUri(out.avatar, baseUrl);
    else if (out.avatar !== null) delete out.avatar;
  }
  if ('links' in out) out.links = normaliseReferences(out.links, baseUrl);
  if ('biography' in out && typeof out.biography !== 'string' && out.biography !== null) delete out.biography;
  for (const key of ['name', 'public_name'] as const) {
    if (key in out && typeof out[key] !== 'string') delete out[key];
  }
  const isFrab = typeof out.public_name === 'string' && Number.isInteger(out.id);
  const isPretalx = typeof out.name === 'string';
  if (isFrab && isPretalx) delete out.public_name;
  if (!isFrab && !isPretalx) out.name = name;
  return out;
}

function buildPerson(speaker: ExportSpeaker, link: ExportLink | undefined, baseUrl?: string): JsonObject {
  const values = { ...personValues(speaker), ...withoutImport(link?.extra ?? {}) };
  const present =
    importInfo(link?.extra)?.present ??
    [
      'name',
      speaker.externalId !== null ? 'id' : '',
      speaker.guid !== null ? 'guid' : '',
      speaker.code !== null ? 'code' : '',
      speaker.photo !== '' ? 'avatar' : '',
      textOf(speaker.biography) !== null ? 'biography' : '',
      speaker.links.length > 0 ? 'links' : '',
      ...Object.keys(withoutImport(speaker.extra)),
    ].filter(Boolean);
  return normalisePerson(pick(values, present), speaker.name, baseUrl);
}

const eventRequiredKeys =
  'guid id date start duration room slug url title subtitle track type language abstract persons links'.split(
    ' ',
  );
/** Event fields allowed by the schema that we keep in `extra`; anything else there is not exported. */
const eventExtraKeys = ['do_not_stream', 'feedback_url', 'origin_url'];
const roomExtraKeys = ['stream_id', 'url', 'features', 'assembly'];
const conferenceExtraKeys = ['logo', 'colors', 'keywords', 'url', 'tracks', 'meta'];

type BuiltEvent = { event: JsonObject; start: number; roomName: string; sortKey: [number, number, string] };

function buildEvent(
  session: ExportSession,
  context: {
    timeZone: string;
    baseUrl?: string;
    acronym: string;
    roomName: string;
    trackName: string | null;
    persons: JsonObject[];
  },
): BuiltEvent {
  const { timeZone, baseUrl } = context;
  const info = importInfo(session.extra);
  const language = session.language;
  const start = session.start.getTime();
  const end = session.end.getTime();
  // Keep `date` as written (with its UTC offset) while it still denotes the stored start.
  const date = keepOrFormat(session.sourceDate, start, timeZone);
  const offset = offsetOfText(date);
  const guid = toUuid(session.guid);
  const id = session.externalId !== null && session.externalId >= 1 ? session.externalId : idFromGuid(guid);
  const title = textOf(session.title, language) ?? '';
  const code = session.code !== null ? normaliseCode(session.code) : undefined;

  const values: JsonObject = {
    guid,
    code,
    id,
    logo: session.logo,
    date,
    start: date.slice(11, 16),
    end:
      info?.end !== undefined
        ? keepOrFormat(info.end, end, timeZone, offset)
        : formatDateTime(end, offset ?? 0),
    duration: formatDuration(Math.max(0, Math.round((end - start) / 60_000))),
    room: context.roomName,
    slug: normaliseSlug(session.slug, `${context.acronym}-${id}-${title}`),
    // Normalisation: `url` is required; a session without one gets its guid as a URN.
    url: session.url ? normaliseUri(session.url, baseUrl) : `urn:uuid:${guid}`,
    title,
    subtitle: textOf(session.subtitle, language),
    track: context.trackName,
    type: session.type,
    language: session.language,
    abstract: textOf(session.abstract, language),
    description: textOf(session.description, language),
    recording_license: session.recordingLicense ?? undefined,
    do_not_record: session.doNotRecord,
    persons: context.persons,
    links: normaliseReferences(session.links, baseUrl),
    attachments: normaliseReferences(session.attachments, baseUrl),
  };
  const optional = info?.present
    ? info.present.filter((key) => !eventRequiredKeys.includes(key))
    : [
        values.code !== undefined ? 'code' : '',
        session.logo !== null ? 'logo' : '',
        'end',
        values.description !== null ? 'description' : '',
        session.recordingLicense !== null ? 'recording_license' : '',
        session.doNotRecord !== null ? 'do_not_record' : '',
        session.attachments.length > 0 ? 'attachments' : '',
      ].filter(Boolean);
  const event = pick(
    values,
    [...eventModelledKeys].filter((key) => eventRequiredKeys.includes(key) || optional.includes(key)),
  );
  // Required keys are always written, even when null in our rows (subtitle, abstract, track, language may be null).
  for (const key of eventRequiredKeys) if (!(key in event)) event[key] = values[key] ?? null;

  const extra = withoutImport(session.extra);
  for (const key of eventExtraKeys) {
    if (!(key in extra)) continue;
    const value = extra[key];
    if (key === 'do_not_stream') event[key] = value;
    else if (typeof value === 'string') event[key] = normaliseUri(value, baseUrl);
  }
  // Normalisation: other unknown event fields stay in the database but are not exported (the schema's
  // Event has additionalProperties: false).
  return {
    event,
    start,
    roomName: context.roomName,
    sortKey: [start, session.externalId ?? Number.MAX_SAFE_INTEGER, session.guid],
  };
}

function buildRoom(room: ExportRoom, meetingId: string, baseUrl?: string): JsonObject {
  const info = importInfo(room.extra);
  const extra = withoutImport(room.extra);
  const values: JsonObject = {
    name: room.name,
    guid: toUuid(room.guid ?? `room:${meetingId}:${room.name}`),
    slug: room.slug !== null ? normaliseSlug(room.slug, room.name) : undefined,
    // Normalisation: a room type outside the schema's enum is not exported.
    type: room.type !== null && roomTypes.includes(room.type) ? room.type : undefined,
    description: room.description,
    capacity: room.capacity,
  };
  const present = info?.present ?? [
    'name',
    'guid',
    ...(room.slug !== null ? ['slug'] : []),
    ...(room.type !== null ? ['type'] : []),
    ...(room.description !== null ? ['description'] : []),
    ...(room.capacity !== null ? ['capacity'] : []),
  ];
  const out = pick(values, [...new Set(['name', 'guid', ...present])]);
  for (const [key, value] of Object.entries(extra)) {
    if (key === 'url' && typeof value === 'string') out.url = normaliseUri(value, baseUrl);
    else if (roomExtraKeys.includes(key) && key !== 'url') out[key] = value;
    else if (/^description_.+/.test(key) && (typeof value === 'string' || value === null)) out[key] = value;
  }
  return out;
}

function compareSortKeys(a: BuiltEvent['sortKey'], b: BuiltEvent['sortKey']): number {
  return a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
}

/**
 * Builds the schedule-JSON document of a meeting from its rows: conference from the meeting and its
 * schedule meta, `conference.rooms` from listed rooms, days from the stored day boundaries (or one day
 * per local date when the meeting was never imported), events with their persons. Every value is
 * normalised to validate against the c3voc schema.
 * @param source rows of one meeting; sessions must be the non-deleted ones; rooms/tracks in position order
 */
export function buildScheduleDocument(source: ExportSource): ScheduleDocument {
  const { meeting } = source;
  const meta = meeting.schedule;
  const timeZone = meeting.timeZone || 'UTC';
  const baseUrl = meta?.base_url;
  const info = importInfo(meta?.extra);
  const title = textOf(meeting.title, 'en') ?? '';
  // Normalisation: an empty acronym (a meeting never imported) is derived from the title.
  const acronym = normaliseAcronym(meeting.acronym || normaliseSlug(title, meeting.id).replace(/-/g, '_'));

  const roomsById = new Map(source.rooms.map((room) => [room.id, room]));
  const tracksById = new Map(source.tracks.map((track) => [track.id, track]));
  const speakersById = new Map(source.speakers.map((speaker) => [speaker.id, speaker]));
  const linksByAgenda = new Map<string, ExportLink[]>();
  for (const link of source.links) {
    const list = linksByAgenda.get(link.agendaId) ?? [];
    list.push(link);
    linksByAgenda.set(link.agendaId, list);
  }

  const built = source.sessions.map((session) => {
    const links = (linksByAgenda.get(session.id) ?? []).sort((a, b) => a.position - b.position);
    const persons = links.flatMap((link) => {
      const speaker = speakersById.get(link.speakerId);
      return speaker ? [buildPerson(speaker, link, baseUrl)] : [];
    });
    return buildEvent(session, {
      timeZone,
      ...(baseUrl !== undefined ? { baseUrl } : {}),
      acronym,
      roomName: (session.roomId && roomsById.get(session.roomId)?.name) || '',
      trackName: (session.trackId && tracksById.get(session.trackId)?.name) || null,
      persons,
    });
  });
  built.sort((a, b) => compareSortKeys(a.sortKey, b.sortKey));

  const days = buildDays(meta, built, source.rooms, timeZone, info?.dayRooms);

  const present = info?.present;
  const conference: JsonObject = {
    acronym,
    title,
  };
  const description = textOf(meeting.description, 'en');
  if (present ? present.includes('description') && description !== null : description !== null) {
    conference.description = description;
  }
  conference.start = info?.start ?? formatInZone(meeting.start.getTime(), timeZone).slice(0, 10);
  conference.end = info?.end ?? formatInZone(meeting.end.getTime(), timeZone).slice(0, 10);
  // Normalisation: daysCount is the number of days exported.
  conference.daysCount = days.length;
  conference.timeslot_duration = meta?.timeslot_duration || '00:05';
  // Normalisation: a zone name outside the schema's pattern (e.g. Etc/GMT+1) is not exported.
  if ((present ? present.includes('time_zone_name') : true) && timeZoneNamePattern.test(timeZone)) {
    conference.time_zone_name = timeZone;
  }
  const conferenceExtra = withoutImport(meta?.extra ?? {});
  for (const key of conferenceExtraKeys) {
    if (!(key in conferenceExtra)) continue;
    const value = conferenceExtra[key];
    if ((key === 'logo' || key === 'url') && typeof value === 'string')
      conference[key] = normaliseUri(value, baseUrl);
    else if (key === 'tracks' && Array.isArray(value)) conference.tracks = exportTracks(value, source.tracks);
    else if (key !== 'logo' && key !== 'url' && key !== 'tracks') conference[key] = value;
  }
  // Normalisation: other unknown conference fields are not exported (Conference has additionalProperties: false).
  const listedRooms = meta ? source.rooms.filter((room) => room.isListed === 1) : source.rooms;
  if (present ? present.includes('rooms') : listedRooms.length > 0) {
    conference.rooms = listedRooms.map((room) => buildRoom(room, meeting.id, baseUrl));
  }
  conference.days = days;

  // Normalisation: `schedule.rooms` is forbidden by the schema (rooms belong in conference).
  const { rooms: _forbidden, ...scheduleExtra } = meta?.schedule_extra ?? {};
  const schedule: ScheduleDocument['schedule'] = {
    // Normalisation: a missing version (required) is exported as "1.0".
    version: meta?.version || '1.0',
    ...(baseUrl !== undefined ? { base_url: normaliseUri(baseUrl) } : {}),
    ...scheduleExtra,
    conference,
  };
  const document: ScheduleDocument = { schedule };
  const documentExtra = meta?.document_extra ?? {};
  // Normalisation: only `$schema` and `generator` may stand next to `schedule`.
  if (typeof documentExtra.$schema === 'string') document.$schema = documentExtra.$schema;
  if (documentExtra.generator && typeof documentExtra.generator === 'object') {
    const generator = { ...(documentExtra.generator as JsonObject) };
    if (typeof generator.url === 'string') generator.url = normaliseUri(generator.url);
    document.generator = generator;
  }
  return document;
}

function exportTracks(listed: unknown[], tracks: ExportTrack[]): JsonObject[] {
  const byName = new Map(tracks.map((track) => [track.name, track]));
  return listed.flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return [];
    const item = { ...(entry as JsonObject) };
    const track = typeof item.name === 'string' ? byName.get(item.name) : undefined;
    if (!track) return [];
    if (track.slug !== null) item.slug = normaliseSlug(track.slug, track.name);
    else if (typeof item.slug === 'string') item.slug = normaliseSlug(item.slug, track.name);
    if (track.color !== null) item.color = track.color;
    return [item];
  });
}

type DayBounds = {
  index: number;
  date: string;
  day_start: string;
  day_end: string;
  start: number;
  end: number;
};

function buildDays(
  meta: MeetingScheduleMeta | null,
  events: BuiltEvent[],
  rooms: ExportRoom[],
  timeZone: string,
  dayRooms: string[][] | undefined,
): JsonObject[] {
  let bounds: DayBounds[] = (meta?.days ?? []).map((day) => {
    const midnight = zonedMidnight(day.date, timeZone) ?? 0;
    const start = parseDateTime(day.day_start, timeZone) ?? midnight;
    const end = parseDateTime(day.day_end, timeZone) ?? start;
    return {
      index: day.index,
      date: day.date,
      day_start: keepOrFormat(day.day_start, start, timeZone),
      day_end: keepOrFormat(day.day_end, end, timeZone),
      start,
      end,
    };
  });
  if (bounds.length === 0 && events.length > 0) bounds = daysFromEvents(events, timeZone);

  const perDay: BuiltEvent[][] = bounds.map(() => []);
  for (const built of events) {
    let index = bounds.findIndex((day) => day.start <= built.start && built.start < day.end);
    if (index < 0) {
      const localDate = formatInZone(built.start, timeZone).slice(0, 10);
      index = bounds.findIndex((day) => day.date === localDate);
    }
    if (index < 0) {
      // A session moved outside every day: the nearest day by its start.
      let best = 0;
      bounds.forEach((day, i) => {
        const current = bounds[best];
        if (current && Math.abs(day.start - built.start) < Math.abs(current.start - built.start)) best = i;
      });
      index = best;
    }
    perDay[index]?.push(built);
  }

  const positionOf = new Map(rooms.map((room) => [room.name, room.position]));
  return bounds.map((day, i) => {
    const names = new Set<string>((dayRooms?.[i] ?? []).filter((name) => positionOf.has(name)));
    for (const built of perDay[i] ?? []) names.add(built.roomName);
    const ordered = [...names].sort(
      (a, b) =>
        (positionOf.get(a) ?? Number.MAX_SAFE_INTEGER) - (positionOf.get(b) ?? Number.MAX_SAFE_INTEGER),
    );
    const roomsObject: Record<string, JsonObject[]> = {};
    for (const name of ordered) roomsObject[name] = [];
    for (const built of perDay[i] ?? []) roomsObject[built.roomName]?.push(built.event);
    return {
      index: day.index,
      date: day.date,
      day_start: day.day_start,
      day_end: day.day_end,
      rooms: roomsObject,
    };
  });
}

function daysFromEvents(events: BuiltEvent[], timeZone: string): DayBounds[] {
  const dates = [...new Set(events.map((built) => formatInZone(built.start, timeZone).slice(0, 10)))].sort();
  return dates.map((date, i) => {
    const start = zonedMidnight(date, timeZone) ?? 0;
    const end = zonedMidnight(nextDate(date), timeZone) ?? start;
    return {
      index: i + 1,
      date,
      day_start: formatInZone(start, timeZone),
      day_end: formatInZone(end, timeZone),
      start,
      end,
    };
  });
}
