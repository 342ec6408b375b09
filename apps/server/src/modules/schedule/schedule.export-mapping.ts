/**
 * Writing a meeting's programme as frab/pretalx schedule JSON (schedule interchange): the
 * document is built from the rows, giving back what an import kept in `extra` and `extra.$import`
 * (schedule.document.ts). Where the source violated the c3voc schema, or the meeting was never
 * imported, the export normalises so the document validates (each case is marked `Normalisation:`).
 */
import { createHash } from 'node:crypto';
import { formatDuration } from '@app/domain';
import type { MeetingScheduleMeta } from '../meetings/meetings.tables.ts';
import {
  eventModelledKeys,
  type ImportInfo,
  importKey,
  type JsonObject,
  type LocalizedValue,
  personValues,
  type Reference,
  type SpeakerFields,
  textOf,
} from './schedule.document.ts';
import type { PlannedSession } from './schedule.import-mapping.ts';
import {
  formatDateTime,
  formatInZone,
  keepOrFormat,
  nextDate,
  offsetOfText,
  parseDateTime,
  zonedMidnight,
} from './schedule.time.ts';

/** The exported document (c3voc schedule JSON). */
export type ScheduleDocument = {
  $schema?: string;
  generator?: JsonObject;
  schedule: { version: string; base_url?: string; conference: JsonObject; [key: string]: unknown };
};

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
