import type { JsonObject } from './schedule.document.ts';
import type { ExportSource } from './schedule.export-mapping.ts';
import { planImport, validateScheduleDocument } from './schedule.import-mapping.ts';

/**
 * Test data of the schedule mapping tests (schedule interchange): a small valid document and
 * the rows an import of it would store, so reading and writing are tested without a database.
 */

/** The events of one room on one day of an exported document (throws when absent). */
export function roomEvents(
  document: { schedule: { conference: JsonObject } },
  dayIndex: number,
  room: string,
): JsonObject[] {
  const day = (document.schedule.conference.days as JsonObject[])[dayIndex];
  const events = (day?.rooms as Record<string, JsonObject[]> | undefined)?.[room];
  if (!events) throw new Error(`no room ${room} on day ${dayIndex}`);
  return events;
}

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A small valid document exercising the awkward parts: offsets, nulls, "" vs null, unknown fields. */
export function sampleDocument() {
  return {
    $schema: 'https://c3voc.de/schedule/schema.json',
    generator: { name: 'pretalx', version: '2024.1' },
    schedule: {
      version: 'v1',
      base_url: 'https://example.org/conf/',
      conference: {
        acronym: 'democonf',
        title: 'Demo Conf',
        start: '2020-12-14',
        end: '2020-12-15',
        daysCount: 2,
        timeslot_duration: '00:05',
        time_zone_name: 'Europe/Berlin',
        url: 'https://example.org/conf',
        colors: { primary: '#ff0000' },
        rooms: [
          { name: 'Main', guid: uuid(1), description: null, capacity: 100, stream_id: 's1' },
          { name: 'Side', guid: uuid(1), description: { en: 'Side room', de: 'Nebenraum' }, capacity: null },
        ],
        days: [
          {
            index: 1,
            date: '2020-12-14',
            day_start: '2020-12-14T04:00:00+01:00',
            day_end: '2020-12-15T03:59:00+01:00',
            rooms: {
              Main: [
                {
                  guid: uuid(10),
                  id: 10,
                  code: 'ABC123',
                  logo: null,
                  date: '2020-12-14T09:00:00+01:00',
                  start: '09:00',
                  duration: '00:30',
                  room: 'Main',
                  slug: 'democonf-10-hello',
                  url: 'https://example.org/conf/talk/ABC123/',
                  title: 'Hello',
                  subtitle: '',
                  track: 'Core',
                  type: 'Talk',
                  language: 'de',
                  abstract: null,
                  description: 'Long text',
                  recording_license: '',
                  do_not_record: false,
                  do_not_stream: 'maybe',
                  feedback_url: 'https://example.org/conf/talk/ABC123/feedback/',
                  persons: [
                    { code: 'P1', name: 'Ada', biography: 'Bio', avatar: null, answers: [{ q: 1 }] },
                    { id: 7, public_name: 'frab person' },
                  ],
                  links: [{ url: 'https://example.org/slides', title: 'Slides', type: 'slides' }],
                  attachments: [],
                },
              ],
              Side: [],
            },
          },
          {
            index: 2,
            date: '2020-12-15',
            day_start: '2020-12-15T04:00:00+01:00',
            day_end: '2020-12-16T03:59:00+01:00',
            rooms: {
              Side: [
                {
                  guid: uuid(11),
                  id: 11,
                  date: '2020-12-16T01:30:00+01:00',
                  start: '01:30',
                  duration: '01:00',
                  room: 'Side',
                  slug: 'democonf-11-late',
                  url: 'https://example.org/conf/talk/LATE/',
                  title: 'Late night',
                  subtitle: null,
                  track: null,
                  type: 'Workshop',
                  language: null,
                  abstract: '',
                  persons: [{ code: 'P1', name: 'Ada', biography: 'Bio', avatar: null, answers: [{ q: 2 }] }],
                  links: [],
                },
              ],
            },
          },
        ],
      },
    },
  };
}

/** Turns a plan into the rows the database would hold, so export can be tested without one. */
export function rowsFromPlan(document: unknown): ExportSource {
  const validated = validateScheduleDocument(document);
  if (!validated.ok) throw new Error(JSON.stringify(validated.issues));
  const plan = planImport(validated.value);
  const rooms = plan.rooms.map((room, i) => ({
    id: `room${i}`,
    name: room.name,
    position: room.position,
    isListed: room.isListed,
    guid: room.listed?.guid ?? null,
    slug: room.listed?.slug ?? null,
    type: room.listed?.type ?? null,
    description: room.listed?.description ?? null,
    capacity: room.listed?.capacity ?? null,
    extra: room.listed?.extra ?? {},
  }));
  const tracks = plan.tracks.map((track, i) => ({
    id: `track${i}`,
    name: track.name,
    position: track.position,
    slug: track.slug ?? null,
    color: track.color ?? null,
  }));
  const speakers = plan.speakers.map(({ keepStored: _keep, ...speaker }, i) => ({
    id: `speaker${i}`,
    ...speaker,
  }));
  const speakerId = new Map(speakers.map((speaker) => [speaker.sourceKey, speaker.id]));
  const sessions = plan.sessions.map(({ roomName, trackName, persons: _persons, ...session }, i) => ({
    ...session,
    id: `session${i}`,
    roomId: rooms.find((room) => room.name === roomName)?.id ?? null,
    trackId: tracks.find((track) => track.name === trackName)?.id ?? null,
  }));
  const links = plan.sessions.flatMap((session, i) =>
    session.persons.map((person) => ({
      agendaId: `session${i}`,
      speakerId: speakerId.get(person.sourceKey) ?? '',
      position: person.position,
      extra: person.extra,
    })),
  );
  return {
    meeting: {
      id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      ...plan.meeting,
    },
    rooms,
    tracks,
    sessions,
    speakers,
    links,
  };
}
