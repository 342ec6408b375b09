import { describe, expect, it } from 'vitest';
import type { JsonObject } from './schedule.document.ts';
import { sampleDocument, uuid } from './schedule.fixtures.ts';
import {
  formatPath,
  planImport,
  type ScheduleInput,
  speakerSourceKey,
  validateScheduleDocument,
} from './schedule.import-mapping.ts';

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

  it('imports sessions at wall times a clock change skips or repeats, the same way east and west of UTC', () => {
    // Dates without an offset are read in the conference's zone: a skipped time moves forward by the
    // gap, a repeated one is its first occurrence (RFC 5545 §3.3.5) — the file is not refused.
    const cases = [
      {
        zone: 'Europe/Berlin',
        dates: ['2019-03-31T02:30:00', '2019-10-27T02:30:00'],
        starts: ['2019-03-31T01:30:00.000Z', '2019-10-27T00:30:00.000Z'],
      },
      {
        zone: 'America/New_York',
        dates: ['2019-03-10T02:30:00', '2019-11-03T01:30:00'],
        starts: ['2019-03-10T07:30:00.000Z', '2019-11-03T05:30:00.000Z'],
      },
    ];
    for (const { zone, dates, starts } of cases) {
      const document = sampleDocument();
      const conference = document.schedule.conference as JsonObject & typeof document.schedule.conference;
      conference.time_zone_name = zone;
      const [first] = conference.days[0]?.rooms.Main ?? [];
      const second = conference.days[1]?.rooms.Side?.[0];
      if (!first || !second) throw new Error('no events');
      first.date = dates[0] ?? '';
      second.date = dates[1] ?? '';
      const result = validateScheduleDocument(document);
      expect(result.ok ? [] : result.issues).toEqual([]);
      if (!result.ok) return;
      const sessions = planImport(result.value).sessions;
      expect(sessions.map((session) => session.start.toISOString())).toEqual(starts);
      // Durations are elapsed time: 30 minutes and one hour after the resolved start.
      expect(sessions.map((session) => session.end.getTime() - session.start.getTime())).toEqual([
        30 * 60_000,
        60 * 60_000,
      ]);
      expect(sessions.map((session) => session.sourceDate)).toEqual(dates);
    }
  });
});
