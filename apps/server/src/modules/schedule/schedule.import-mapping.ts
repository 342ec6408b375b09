/**
 * Reading a frab/pretalx schedule JSON (schedule interchange): validating the structure the
 * importer relies on, then planning the rows of an import — meeting and schedule meta, rooms, tracks,
 * speakers and sessions with UTC instants. How the source wrote each object is kept in `extra.$import`
 * (schedule.document.ts) so the export gives it back.
 */
import { parseDuration } from '@app/domain';
import { z } from 'zod';
import type { MeetingScheduleMeta } from '../meetings/meetings.tables.ts';
import {
  deepEqual,
  eventModelledKeys,
  type ImportInfo,
  importKey,
  type JsonObject,
  type LocalizedValue,
  personValues,
  type Reference,
  type SpeakerFields,
  toLanguageMap,
} from './schedule.document.ts';
import {
  formatInZone,
  isTimeZone,
  nextDate,
  parseDateOrDateTime,
  parseDateTime,
  zonedMidnight,
} from './schedule.time.ts';

/** Where one validation problem is, as a JSON path (`schedule.conference.days[0].rooms["Curie"][3].guid`). */
export type ScheduleIssue = { path: string; message: string };

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

/** Identity of a person in its source (schedule interchange): guid, else pretalx code, else frab id, else name. */
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
