import { describe, expect, it } from 'vitest';
import {
  buildScheduleDocument,
  deepEqual,
  type ExportSource,
  formatDateTime,
  formatInZone,
  formatPath,
  idFromGuid,
  type JsonObject,
  normaliseAcronym,
  normaliseCode,
  normaliseReferences,
  normaliseSlug,
  normaliseUri,
  offsetMinutesAt,
  parseDateTime,
  planImport,
  type ScheduleInput,
  speakerSourceKey,
  textOf,
  toLanguageMap,
  toUuid,
  validateScheduleDocument,
  zonedMidnight,
} from './schedule.mapping.ts';

/** The events of one room on one day of an exported document (throws when absent). */
function roomEvents(
  document: { schedule: { conference: JsonObject } },
  dayIndex: number,
  room: string,
): JsonObject[] {
  const day = (document.schedule.conference.days as JsonObject[])[dayIndex];
  const events = (day?.rooms as Record<string, JsonObject[]> | undefined)?.[room];
  if (!events) throw new Error(`no room ${room} on day ${dayIndex}`);
  return events;
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A small valid document exercising the awkward parts: offsets, nulls, "" vs null, unknown fields. */
function sampleDocument() {
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
function rowsFromPlan(document: unknown): ExportSource {
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

describe('time', () => {
  it('parses date-times with an offset, Z, or none (read in the time zone)', () => {
    expect(parseDateTime('2019-08-21T11:00:00+02:00')).toBe(Date.UTC(2019, 7, 21, 9));
    expect(parseDateTime('2019-08-21T11:00:00Z')).toBe(Date.UTC(2019, 7, 21, 11));
    expect(parseDateTime('2019-08-21T11:00', 'Europe/Berlin')).toBe(Date.UTC(2019, 7, 21, 9));
    expect(parseDateTime('2019-01-21T11:00:00', 'Europe/Berlin')).toBe(Date.UTC(2019, 0, 21, 10));
    expect(parseDateTime('2019-08-21T11:00:00-0330')).toBe(Date.UTC(2019, 7, 21, 14, 30));
    expect(parseDateTime('2019-02-30T11:00:00Z')).toBeUndefined();
    expect(parseDateTime('tomorrow')).toBeUndefined();
  });

  it('finds midnight in a time zone, across daylight saving changes', () => {
    expect(zonedMidnight('2019-08-21', 'Europe/Berlin')).toBe(Date.UTC(2019, 7, 20, 22));
    expect(zonedMidnight('2019-03-31', 'Europe/Berlin')).toBe(Date.UTC(2019, 2, 30, 23));
    expect(zonedMidnight('2019-03-31', 'UTC')).toBe(Date.UTC(2019, 2, 31));
    expect(zonedMidnight('2019-13-01', 'UTC')).toBeUndefined();
  });

  it('formats instants with an offset in minutes or a zone', () => {
    const instant = Date.UTC(2019, 7, 21, 9);
    expect(offsetMinutesAt(instant, 'Europe/Berlin')).toBe(120);
    expect(offsetMinutesAt(instant, 'America/St_Johns')).toBe(-150);
    expect(formatDateTime(instant, 120)).toBe('2019-08-21T11:00:00+02:00');
    expect(formatDateTime(instant, 0)).toBe('2019-08-21T09:00:00+00:00');
    expect(formatInZone(instant, 'America/St_Johns')).toBe('2019-08-21T06:30:00-02:30');
  });
});

describe('language maps', () => {
  it('stores text under the language and keeps "" apart from null', () => {
    expect(toLanguageMap('Hallo', 'de')).toEqual({ de: 'Hallo' });
    expect(toLanguageMap('', 'en')).toEqual({ en: '' });
    expect(toLanguageMap(null, 'en')).toBe('');
    expect(toLanguageMap(undefined, 'en')).toBe('');
    expect(textOf({ de: 'Hallo' }, 'de')).toBe('Hallo');
    expect(textOf({ en: '' }, 'en')).toBe('');
    expect(textOf('', 'en')).toBeNull();
    expect(textOf('plain', 'en')).toBe('plain');
  });

  it('falls back to English, then the first non-empty entry, for maps edited in other languages', () => {
    expect(textOf({ zh: '开幕', en: 'Opening' }, 'de')).toBe('Opening');
    expect(textOf({ zh: '开幕' }, null)).toBe('开幕');
    expect(textOf({}, 'en')).toBeNull();
  });
});

describe('normalisers', () => {
  it('lowercases acronyms and repairs what the pattern still rejects', () => {
    expect(normaliseAcronym('Camp2019')).toBe('camp2019');
    expect(normaliseAcronym('36c3')).toBe('36c3');
    expect(normaliseAcronym('divoc-ptt')).toBe('divoc_ptt');
    expect(normaliseAcronym('jev22-2022-hh')).toBe('jev22-2022-hh');
    // Too short before the year suffix for the pattern: separators become _.
    expect(normaliseAcronym('rc3-2021-hub')).toBe('rc3_2021_hub');
    expect(normaliseAcronym('ab')).toBe('ab__');
  });

  it('makes slugs match ^[a-z0-9_-]+[a-z0-9]$', () => {
    expect(normaliseSlug('Camp2019-10386-opening_ceremony', 'x')).toBe('camp2019-10386-opening_ceremony');
    expect(normaliseSlug('already-fine', 'x')).toBe('already-fine');
    expect(normaliseSlug('Über Café!', 'x')).toBe('uber-cafe');
    expect(normaliseSlug(null, 'Fallback Title')).toBe('fallback-title');
    expect(normaliseSlug('!!', '??')).toMatch(/^x-[0-9a-f]{8}$/);
  });

  it('makes URIs absolute: relative media against base_url, bare host names with its scheme', () => {
    const base = 'https://fahrplan.events.ccc.de/camp/2019/Fahrplan/';
    expect(normaliseUri('/system/a.pdf?1', base)).toBe(
      'https://fahrplan.events.ccc.de/camp/2019/Fahrplan/system/a.pdf?1',
    );
    expect(normaliseUri('logos/a.png', base)).toBe(
      'https://fahrplan.events.ccc.de/camp/2019/Fahrplan/logos/a.png',
    );
    expect(normaliseUri('nymtech.net', base)).toBe('https://nymtech.net');
    expect(normaliseUri('nymtech.net/path', 'http://x.org/')).toBe('http://nymtech.net/path');
    expect(normaliseUri('//cdn.org/x', base)).toBe('https://cdn.org/x');
    expect(normaliseUri('https://x.org/a b/ü?q=%20', base)).toBe('https://x.org/a%20b/%C3%BC?q=%20');
    expect(normaliseUri('mailto:a@b.org')).toBe('mailto:a@b.org');
  });

  it('keeps only schema fields of references', () => {
    expect(
      normaliseReferences(
        [{ url: '/a', title: 'A', type: 'nonsense', extra: 1 }, { title: 'no url' }],
        'https://b.org/',
      ),
    ).toEqual([{ url: 'https://b.org/a', title: 'A' }]);
  });

  it('gives valid uuids, codes and ids', () => {
    expect(toUuid(uuid(3))).toBe(uuid(3));
    expect(toUuid('guid-1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(toUuid('guid-1')).toBe(toUuid('guid-1'));
    expect(normaliseCode('ab-12')).toBe('AB12');
    expect(normaliseCode('--')).toBeUndefined();
    expect(idFromGuid('x')).toBeGreaterThanOrEqual(1);
  });
});

describe('deepEqual', () => {
  it('ignores key order and undefined keys, compares dates by instant', () => {
    expect(deepEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual(new Date(5), new Date(5))).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({ a: null }, { a: undefined })).toBe(false);
    expect(deepEqual('', {})).toBe(false);
  });
});

describe('validateScheduleDocument', () => {
  it('accepts the sample document', () => {
    expect(validateScheduleDocument(sampleDocument()).ok).toBe(true);
  });

  it('names the JSON path of what is missing or malformed', () => {
    const document = sampleDocument();
    const event = document.schedule.conference.days[0]?.rooms.Main?.[0] as JsonObject;
    delete event.guid;
    event.date = 'soon';
    const result = validateScheduleDocument(document);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining([
        'schedule.conference.days[0].rooms.Main[0].guid',
        'schedule.conference.days[0].rooms.Main[0].date',
      ]),
    );
  });

  it('refuses duplicate guids, events ending before they start and unknown time zones', () => {
    const document = sampleDocument();
    const conference = document.schedule.conference;
    const [first] = conference.days[0]?.rooms.Main ?? [];
    const second = conference.days[1]?.rooms.Side?.[0] as JsonObject;
    second.guid = first?.guid;
    second.end = '2020-12-16T00:00:00+01:00';
    (conference as JsonObject).time_zone_name = 'Mars/Olympus';
    const result = validateScheduleDocument(document);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      { path: 'schedule.conference.time_zone_name', message: 'unknown time zone' },
    ]);
    (conference as JsonObject).time_zone_name = 'UTC';
    const again = validateScheduleDocument(document);
    expect(again.ok ? [] : again.issues).toEqual([
      {
        path: 'schedule.conference.days[1].rooms.Side[0].guid',
        message: `duplicate guid ${uuid(10)} (also at schedule.conference.days[0].rooms.Main[0])`,
      },
      { path: 'schedule.conference.days[1].rooms.Side[0].end', message: 'the event ends before it starts' },
    ]);
  });

  it('refuses what is not a schedule at all', () => {
    expect(validateScheduleDocument(null).ok).toBe(false);
    expect(validateScheduleDocument({ schedule: { conference: { title: 'x' } } })).toEqual({
      ok: false,
      issues: [{ path: 'schedule.conference.days', message: expect.any(String) }],
    });
  });

  it('formats paths with brackets for names that are not identifiers', () => {
    expect(formatPath(['schedule', 'conference', 'days', 0, 'rooms', 'Gray Room', 3])).toBe(
      'schedule.conference.days[0].rooms["Gray Room"][3]',
    );
    expect(formatPath([])).toBe('(document)');
  });
});

describe('planImport', () => {
  const plan = () => {
    const result = validateScheduleDocument(sampleDocument());
    if (!result.ok) throw new Error('invalid');
    return planImport(result.value as ScheduleInput);
  };

  it('plans the meeting from the conference with instants in its time zone', () => {
    const { meeting } = plan();
    expect(meeting.title).toEqual({ en: 'Demo Conf' });
    expect(meeting.acronym).toBe('democonf');
    expect(meeting.timeZone).toBe('Europe/Berlin');
    expect(meeting.start.toISOString()).toBe('2020-12-13T23:00:00.000Z');
    // The last day's day_end lies after the end date's midnight: the meeting covers its programme.
    expect(meeting.end.toISOString()).toBe('2020-12-16T02:59:00.000Z');
    expect(meeting.schedule.days).toEqual([
      {
        index: 1,
        date: '2020-12-14',
        day_start: '2020-12-14T04:00:00+01:00',
        day_end: '2020-12-15T03:59:00+01:00',
      },
      {
        index: 2,
        date: '2020-12-15',
        day_start: '2020-12-15T04:00:00+01:00',
        day_end: '2020-12-16T03:59:00+01:00',
      },
    ]);
    expect(meeting.schedule.extra).toMatchObject({
      url: 'https://example.org/conf',
      colors: { primary: '#ff0000' },
    });
    expect(meeting.schedule.document_extra).toEqual({
      $schema: 'https://c3voc.de/schedule/schema.json',
      generator: { name: 'pretalx', version: '2024.1' },
    });
  });

  it('orders rooms and tracks by first appearance and keeps unmodelled room fields', () => {
    const { rooms, tracks } = plan();
    expect(rooms.map((room) => [room.name, room.position, room.isListed])).toEqual([
      ['Main', 0, 1],
      ['Side', 1, 1],
    ]);
    expect(rooms[0]?.listed?.extra).toMatchObject({ stream_id: 's1' });
    expect(rooms[1]?.listed?.guid).toBe(uuid(1));
    expect(tracks.map((track) => track.name)).toEqual(['Core']);
  });

  it('maps events to sessions with UTC instants, language maps and extra', () => {
    const [hello, late] = plan().sessions;
    expect(hello?.start.toISOString()).toBe('2020-12-14T08:00:00.000Z');
    expect(hello?.end.toISOString()).toBe('2020-12-14T08:30:00.000Z');
    expect(hello?.sourceDate).toBe('2020-12-14T09:00:00+01:00');
    expect(hello?.title).toEqual({ de: 'Hello' });
    expect(hello?.subtitle).toEqual({ de: '' });
    expect(hello?.abstract).toBe('');
    expect(hello?.extra).toMatchObject({ do_not_stream: 'maybe', feedback_url: expect.any(String) });
    expect(late?.title).toEqual({ en: 'Late night' });
    expect(late?.trackName).toBeNull();
    expect(late?.end.toISOString()).toBe('2020-12-16T01:30:00.000Z');
  });

  it('identifies speakers by guid, code, id or name and keeps per-session differences on the link', () => {
    const { speakers, sessions } = plan();
    expect(speakers.map((speaker) => speaker.sourceKey)).toEqual(['code:P1', 'id:7']);
    expect(speakers[0]).toMatchObject({
      name: 'Ada',
      code: 'P1',
      biography: { de: 'Bio' },
      extra: { answers: [{ q: 1 }] },
    });
    expect(speakers[1]).toMatchObject({
      name: 'frab person',
      externalId: 7,
      keepStored: ['photo', 'biography', 'links'],
    });
    expect(speakers[0]?.keepStored).toEqual(['links']);
    const present =
      (sessions[0]?.persons[0]?.extra.$import as { present: string[] } | undefined)?.present ?? [];
    expect(Object.keys(sessions[0]?.persons[0]?.extra ?? {})).toEqual(['$import']);
    expect([...present].sort()).toEqual(['answers', 'avatar', 'biography', 'code', 'name']);
    expect(sessions[1]?.persons[0]?.extra).toMatchObject({ answers: [{ q: 2 }] });
    expect(speakerSourceKey({ guid: 'g', code: 'C', id: 1, name: 'n' })).toBe('guid:g');
    expect(speakerSourceKey({ name: 'Only Name' })).toBe('name:Only Name');
  });
});

describe('buildScheduleDocument', () => {
  it('gives back a valid source document exactly', () => {
    const source = sampleDocument();
    expect(buildScheduleDocument(rowsFromPlan(source))).toEqual(source);
  });

  it('reformats a date whose instant was edited, in the offset of the meeting time zone', () => {
    const rows = rowsFromPlan(sampleDocument());
    const [first] = rows.sessions;
    if (!first) throw new Error('no session');
    first.start = new Date('2020-12-14T10:00:00Z');
    first.end = new Date('2020-12-14T11:15:00Z');
    const [event] = roomEvents(buildScheduleDocument(rows), 0, 'Main');
    expect(event).toMatchObject({
      date: '2020-12-14T11:00:00+01:00',
      start: '11:00',
      duration: '01:15',
    });
  });

  it('normalises persons to exactly one of FrabPerson and PretalxPerson', () => {
    const document = sampleDocument();
    const event = document.schedule.conference.days[0]?.rooms.Main?.[0];
    if (!event) throw new Error('no event');
    event.persons = [
      { id: 3, public_name: 'both', name: 'both' } as never,
      { public_name: 'no id' } as never,
    ];
    const out = buildScheduleDocument(rowsFromPlan(document));
    const persons = roomEvents(out, 0, 'Main')[0]?.persons;
    expect(persons).toEqual([
      { id: 3, name: 'both' },
      { public_name: 'no id', name: 'no id' },
    ]);
  });

  it('exports a meeting that was never imported, with days per local date', () => {
    const out = buildScheduleDocument({
      meeting: {
        id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        title: { en: 'Fixture Expo', zh: '测试' },
        description: '',
        acronym: '',
        timeZone: 'Asia/Shanghai',
        start: new Date('2030-05-01T00:00:00Z'),
        end: new Date('2030-05-02T10:00:00Z'),
        schedule: null,
      },
      rooms: [
        {
          id: 'r',
          name: 'Hall',
          guid: null,
          slug: null,
          type: null,
          description: null,
          capacity: null,
          position: 0,
          extra: {},
          isListed: 0,
        },
      ],
      tracks: [],
      speakers: [
        {
          id: 's',
          name: 'Ada',
          externalId: null,
          code: null,
          guid: null,
          photo: '',
          biography: '',
          links: [],
          extra: {},
        },
      ],
      links: [{ agendaId: 'a', speakerId: 's', position: 0, extra: {} }],
      sessions: [
        {
          id: 'a',
          guid: 'guid-a',
          roomId: 'r',
          trackId: null,
          externalId: null,
          code: null,
          title: { zh: '开幕' },
          subtitle: '',
          abstract: '',
          description: '',
          type: '',
          language: null,
          start: new Date('2030-05-01T20:00:00Z'),
          end: new Date('2030-05-01T21:00:00Z'),
          sourceDate: null,
          url: null,
          slug: null,
          logo: null,
          recordingLicense: null,
          doNotRecord: null,
          links: [],
          attachments: [],
          extra: {},
        },
      ],
    });
    const conference = out.schedule.conference;
    expect(conference).toMatchObject({
      acronym: 'fixture_expo',
      title: 'Fixture Expo',
      start: '2030-05-01',
      end: '2030-05-02',
    });
    expect(conference.rooms).toEqual([{ name: 'Hall', guid: toUuid('room:aaaaaaaaaaaaaaaaaaaaaaaa:Hall') }]);
    const [day] = conference.days as JsonObject[];
    expect(day).toMatchObject({ index: 1, date: '2030-05-02', day_start: '2030-05-02T00:00:00+08:00' });
    const [event] = roomEvents(out, 0, 'Hall');
    expect(event).toMatchObject({
      guid: toUuid('guid-a'),
      date: '2030-05-02T04:00:00+08:00',
      start: '04:00',
      duration: '01:00',
      title: '开幕',
      subtitle: null,
      url: `urn:uuid:${toUuid('guid-a')}`,
      persons: [{ name: 'Ada' }],
    });
    // The title has no latin letters: the slug falls back to acronym and id.
    expect(event?.slug).toMatch(/^fixture_expo-\d+$/);
  });
});
