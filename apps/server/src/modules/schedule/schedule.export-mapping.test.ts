import { describe, expect, it } from 'vitest';
import type { JsonObject } from './schedule.document.ts';
import {
  buildScheduleDocument,
  idFromGuid,
  normaliseAcronym,
  normaliseCode,
  normaliseReferences,
  normaliseSlug,
  normaliseUri,
  toUuid,
} from './schedule.export-mapping.ts';
import { roomEvents, rowsFromPlan, sampleDocument, uuid } from './schedule.fixtures.ts';

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
