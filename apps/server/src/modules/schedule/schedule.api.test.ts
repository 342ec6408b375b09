import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDuration } from '@app/domain';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids as fixtureIds, seedFixture } from '../../../test/fixture.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { runImportCli } from '../../cli/import.ts';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import { agendaSpeakers, agendas, rooms, tracks } from '../agendas/agendas.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { speakers } from '../speakers/speakers.tables.ts';
import { exportSchedule, importSchedule } from './schedule.service.ts';

type Json = Record<string, unknown>;
type Event = Json & { guid: string; date: string; room: string; persons: Json[] };
type Day = { index: number; rooms: Record<string, Event[]> };

const fixtures = join(import.meta.dirname, '../../../fixtures');
const load = (name: 'camp2019' | 'democon') =>
  JSON.parse(readFileSync(join(fixtures, `${name}.schedule.json`), 'utf8')) as {
    schedule: Json & { conference: Json };
  };
const clone = <T>(value: T): T => structuredClone(value);

function schemaValidator(): ValidateFunction {
  const require = createRequire(import.meta.url);
  // Unknown keywords of the c3voc schema ($oneOf, $todo, deprecated, examples …) are allowed.
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  addFormats(ajv);
  ajv.addFormat('color', /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i);
  return ajv.compile(JSON.parse(readFileSync(join(fixtures, 'schedule-json.schema.json'), 'utf8')));
}
const validate = schemaValidator();
const expectValid = (document: unknown) => {
  const isValid = validate(document);
  expect(isValid ? [] : validate.errors?.slice(0, 10)).toEqual([]);
};

const daysOf = (document: { schedule: { conference: Json } }) => document.schedule.conference.days as Day[];
const eventsOf = (document: { schedule: { conference: Json } }) =>
  daysOf(document).flatMap((day) => Object.values(day.rooms).flat());

/** The speaker identity rule of the issue, written independently of the importer. */
function personKey(person: Json): string {
  if (person.guid) return `guid:${person.guid}`;
  if (person.code) return `code:${person.code}`;
  if (person.id !== undefined) return `id:${person.id}`;
  return `name:${person.name ?? person.public_name}`;
}

/** What the file itself says it holds. */
function countsOf(document: { schedule: { conference: Json } }) {
  const events = eventsOf(document);
  const roomNames = new Set<string>([
    ...((document.schedule.conference.rooms as Json[] | undefined) ?? []).map((room) => String(room.name)),
    ...daysOf(document).flatMap((day) => Object.keys(day.rooms)),
    ...events.map((event) => event.room),
  ]);
  return {
    sessions: events.length,
    speakers: new Set(events.flatMap((event) => event.persons.map(personKey))).size,
    rooms: roomNames.size,
    tracks: new Set(events.map((event) => event.track).filter(Boolean)).size,
  };
}

/**
 * The source with the normalisations the export is documented to apply (schedule.export-mapping.ts),
 * so a round trip can be compared for deep equality: acronym and slugs lowercased, relative media
 * URIs resolved against base_url, scheme-less host names given https.
 */
function normalisedSource(document: { schedule: Json & { conference: Json } }) {
  const out = clone(document);
  const base = String(out.schedule.base_url);
  const uri = (url: string) =>
    url.startsWith('/')
      ? `${base}${url.slice(1)}`
      : /^[a-z][a-z0-9+.-]*:/i.test(url)
        ? url
        : `https://${url}`;
  out.schedule.conference.acronym = String(out.schedule.conference.acronym).toLowerCase();
  for (const event of eventsOf(out)) {
    event.slug = String(event.slug).toLowerCase();
    for (const key of ['links', 'attachments'] as const) {
      for (const ref of (event[key] as { url: string }[] | undefined) ?? []) ref.url = uri(ref.url);
    }
  }
  return out;
}

/** One session reduced to what must survive a round trip, with times as instants. */
function sessionView(event: Event) {
  return {
    guid: event.guid,
    title: event.title,
    subtitle: event.subtitle,
    abstract: event.abstract,
    description: event.description,
    room: event.room,
    track: event.track,
    instant: Date.parse(event.date),
    offset: event.date.slice(19),
    minutes: parseDuration(String(event.duration)),
    type: event.type,
    language: event.language,
    persons: event.persons,
    links: event.links,
    attachments: event.attachments,
    url: event.url,
    slug: event.slug,
    logo: event.logo,
    id: event.id,
    do_not_record: event.do_not_record,
    recording_license: event.recording_license,
  };
}
const sessionsByGuid = (document: { schedule: { conference: Json } }) =>
  Object.fromEntries(eventsOf(document).map((event) => [event.guid, sessionView(event)]));
const roomsByDay = (document: { schedule: { conference: Json } }) =>
  daysOf(document).map((day) => ({ index: day.index, rooms: Object.keys(day.rooms) }));

async function rowsOf(db: Database, meetingId: string) {
  const [agendaRows, speakerRows, roomRows, trackRows] = await Promise.all([
    db.select().from(agendas).where(eq(agendas.meetingId, meetingId)),
    db.select().from(speakers).where(eq(speakers.meetingId, meetingId)),
    db.select().from(rooms).where(eq(rooms.meetingId, meetingId)),
    db.select().from(tracks).where(eq(tracks.meetingId, meetingId)),
  ]);
  const agendaIds = new Set(agendaRows.map((row) => row.id));
  const linkRows = (await db.select().from(agendaSpeakers)).filter((link) => agendaIds.has(link.agendaId));
  return { agendas: agendaRows, speakers: speakerRows, rooms: roomRows, tracks: trackRows, links: linkRows };
}

/** Everything in the database, for "changes nothing" checks. */
async function snapshot(db: Database) {
  const [meetingRows, agendaRows, speakerRows, roomRows, trackRows, linkRows] = await Promise.all([
    db.select().from(meetings),
    db.select().from(agendas),
    db.select().from(speakers),
    db.select().from(rooms),
    db.select().from(tracks),
    db.select().from(agendaSpeakers),
  ]);
  const sort = (rows: object[]) => rows.map((row) => JSON.stringify(row)).sort();
  return [meetingRows, agendaRows, speakerRows, roomRows, trackRows, linkRows].map((rows: object[]) =>
    sort(rows),
  );
}

let database: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

describe('importSchedule', () => {
  const camp = load('camp2019');
  let campMeetingId = '';
  let firstIds: Awaited<ReturnType<typeof rowsOf>>;

  it('imports camp2019 with as many sessions, speakers, rooms and tracks as the file holds', async () => {
    const expected = countsOf(camp);
    expect(expected).toEqual({ sessions: 79, speakers: 90, rooms: 2, tracks: 7 });
    const progress: [number, number][] = [];
    const started = performance.now();
    const summary = await importSchedule(
      { db },
      { document: camp, onProgress: (done, total) => progress.push([done, total]) },
    );
    const ms = performance.now() - started;
    console.info(`camp2019 import on ${database.kind}: ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(5_000);
    campMeetingId = summary.meetingId;
    expect(summary).toEqual({
      meetingId: expect.stringMatching(/^[0-9a-f]{24}$/),
      isMeetingCreated: true,
      sessions: { created: 79, updated: 0, unchanged: 0, removed: 0 },
      speakers: { created: 90, updated: 0, unchanged: 0, removed: 0 },
      rooms: { created: 2, updated: 0, unchanged: 0, removed: 0 },
      tracks: { created: 7, updated: 0, unchanged: 0, removed: 0 },
    });
    expect(progress[0]).toEqual([0, 79]);
    expect(progress.at(-1)).toEqual([79, 79]);

    const rows = await rowsOf(db, campMeetingId);
    firstIds = rows;
    expect(rows.agendas).toHaveLength(expected.sessions);
    expect(rows.speakers).toHaveLength(expected.speakers);
    expect(rows.rooms.map((room) => [room.name, room.position, room.isListed])).toEqual([
      ['Curie', 0, 0],
      ['Meitner', 1, 0],
    ]);
    expect(rows.tracks).toHaveLength(expected.tracks);
    expect(rows.links).toHaveLength(eventsOf(camp).reduce((sum, event) => sum + event.persons.length, 0));

    const [meeting] = await db.select().from(meetings).where(eq(meetings.id, campMeetingId));
    expect(meeting).toMatchObject({
      title: { en: 'Chaos Communication Camp 2019' },
      acronym: 'Camp2019',
      timeZone: 'Europe/Berlin',
      start: new Date('2019-08-20T22:00:00Z'),
      // The last day ends at 04:00 the next morning: the meeting covers it.
      end: new Date('2019-08-26T02:00:00Z'),
    });
    expect(meeting?.schedule?.days[0]).toEqual({
      index: 1,
      date: '2019-08-21',
      day_start: '2019-08-21T09:00:00+02:00',
      day_end: '2019-08-22T04:00:00+02:00',
    });

    const opening = rows.agendas.find((row) => row.guid === 'a0a0fcfe-b7fb-46e3-84b6-97a5406016b4');
    expect(opening).toMatchObject({
      title: { en: 'Opening Ceremony' },
      subtitle: { en: '' },
      start: new Date('2019-08-21T09:00:00Z'),
      end: new Date('2019-08-21T09:30:00Z'),
      sourceDate: '2019-08-21T11:00:00+02:00',
      externalId: 10386,
      type: 'lecture',
      language: 'en',
      logo: null,
      deleted: 0,
    });
    const openingSpeakers = rows.links
      .filter((link) => link.agendaId === opening?.id)
      .sort((a, b) => a.position - b.position)
      .map((link) => rows.speakers.find((speaker) => speaker.id === link.speakerId)?.sourceKey);
    expect(openingSpeakers).toEqual(['id:7797', 'id:4827']);
  });

  it('re-imports idempotently: same meeting, same ids, no duplicates, edits made in the app kept', async () => {
    // What admins change in the app and the file does not carry survives a re-import.
    const [hidden] = firstIds.agendas;
    const [described] = firstIds.speakers;
    await db
      .update(agendas)
      .set({ enableShow: 0 })
      .where(eq(agendas.id, hidden?.id ?? ''));
    await db
      .update(speakers)
      .set({ workTitle: { en: 'Hacker' }, photo: 'https://example.org/p.jpg', biography: { en: 'Bio' } })
      .where(eq(speakers.id, described?.id ?? ''));
    await db
      .update(meetings)
      .set({ title: { en: 'CCCamp', zh: '混沌营' } })
      .where(eq(meetings.id, campMeetingId));

    const summary = await importSchedule({ db }, { document: clone(camp) });
    expect(summary).toMatchObject({
      meetingId: campMeetingId,
      isMeetingCreated: false,
      sessions: { created: 0, updated: 0, unchanged: 79, removed: 0 },
      speakers: { created: 0, updated: 0, unchanged: 90, removed: 0 },
      rooms: { created: 0, updated: 0, unchanged: 2, removed: 0 },
      tracks: { created: 0, updated: 0, unchanged: 7, removed: 0 },
    });
    const again = await importSchedule({ db }, { document: clone(camp), meetingId: campMeetingId });
    expect(again.sessions).toEqual({ created: 0, updated: 0, unchanged: 79, removed: 0 });
    const rows = await rowsOf(db, campMeetingId);
    const idsOf = (list: { id: string }[]) => list.map((row) => row.id).sort();
    expect(idsOf(rows.agendas)).toEqual(idsOf(firstIds.agendas));
    expect(idsOf(rows.speakers)).toEqual(idsOf(firstIds.speakers));
    expect(idsOf(rows.rooms)).toEqual(idsOf(firstIds.rooms));
    expect(idsOf(rows.tracks)).toEqual(idsOf(firstIds.tracks));
    expect(rows.links).toHaveLength(firstIds.links.length);
    expect(rows.agendas.find((row) => row.id === hidden?.id)?.enableShow).toBe(0);
    // camp2019 persons carry no avatar or biography: a photo and biography added in the app stay.
    expect(rows.speakers.find((row) => row.id === described?.id)).toMatchObject({
      workTitle: { en: 'Hacker' },
      photo: 'https://example.org/p.jpg',
      biography: { en: 'Bio' },
    });
    const [meeting] = await db.select().from(meetings).where(eq(meetings.id, campMeetingId));
    expect(meeting?.title).toEqual({ en: 'CCCamp', zh: '混沌营' });
    // Back to the conference's title for the whole-document round trip below.
    await db
      .update(meetings)
      .set({ title: { en: 'Chaos Communication Camp 2019' } })
      .where(eq(meetings.id, campMeetingId));
    await db
      .update(agendas)
      .set({ enableShow: 1 })
      .where(eq(agendas.id, hidden?.id ?? ''));
  });

  it('applies a modified file: a removed session is soft-deleted, a title updated, a speaker unlinked', async () => {
    const modified = clone(camp);
    const events = eventsOf(modified);
    const day = daysOf(modified)[0];
    const removed = day?.rooms.Curie?.splice(1, 1)[0] as Event;
    const retitled = events.find((event) => event.guid === 'a0a0fcfe-b7fb-46e3-84b6-97a5406016b4') as Event;
    retitled.title = 'Opening Ceremony (updated)';
    const withTwo = events.find(
      (event) => event !== removed && event !== retitled && event.persons.length >= 2,
    ) as Event;
    const unlinked = withTwo.persons.pop() as Json;
    const keysBefore = new Set(eventsOf(camp).flatMap((event) => event.persons.map(personKey)));
    const keysAfter = new Set(eventsOf(modified).flatMap((event) => event.persons.map(personKey)));
    const goneSpeakers = [...keysBefore].filter((key) => !keysAfter.has(key));

    const summary = await importSchedule({ db }, { document: modified });
    expect(summary.sessions).toEqual({ created: 0, updated: 2, unchanged: 76, removed: 1 });
    expect(summary.speakers.removed).toBe(goneSpeakers.length);

    const rows = await rowsOf(db, campMeetingId);
    expect(rows.agendas).toHaveLength(79);
    const removedRow = rows.agendas.find((row) => row.guid === removed.guid);
    expect(removedRow?.deleted).toBe(1);
    expect(rows.agendas.filter((row) => row.deleted === 0)).toHaveLength(78);
    expect(rows.agendas.find((row) => row.guid === retitled.guid)?.title).toEqual({
      en: 'Opening Ceremony (updated)',
    });
    const withTwoRow = rows.agendas.find((row) => row.guid === withTwo.guid);
    const unlinkedSpeaker = rows.speakers.find((speaker) => speaker.sourceKey === personKey(unlinked));
    expect(
      rows.links.some((link) => link.agendaId === withTwoRow?.id && link.speakerId === unlinkedSpeaker?.id),
    ).toBe(false);
    expect(rows.links.filter((link) => link.agendaId === withTwoRow?.id)).toHaveLength(
      withTwo.persons.length,
    );
    for (const key of goneSpeakers) expect(rows.speakers.find((s) => s.sourceKey === key)?.deleted).toBe(1);

    const exported = await exportSchedule({ db }, { meetingId: campMeetingId });
    expect(eventsOf(exported).map((event) => event.guid)).not.toContain(removed.guid);
    expect(eventsOf(exported)).toHaveLength(78);

    // Bringing the file back undeletes the session and the speakers under their old ids.
    const restored = await importSchedule({ db }, { document: clone(camp) });
    expect(restored.sessions).toEqual({ created: 0, updated: 3, unchanged: 76, removed: 0 });
    const back = await rowsOf(db, campMeetingId);
    expect(back.agendas.find((row) => row.guid === removed.guid)).toMatchObject({
      id: removedRow?.id,
      deleted: 0,
    });
    expect(back.speakers.filter((speaker) => speaker.deleted === 1)).toEqual([]);
    expect(back.links).toHaveLength(firstIds.links.length);
  });

  it('refuses a malformed document with 400 invalid_schedule naming the path, changing nothing', async () => {
    const before = await snapshot(db);
    const broken = clone(camp);
    const target = daysOf(broken)[2]?.rooms.Meitner?.[4] as Json | undefined;
    expect(target).toBeDefined();
    delete target?.guid;
    const error = await importSchedule({ db }, { document: broken }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_schedule' });
    expect((error as AppError).message).toContain('schedule.conference.days[2].rooms.Meitner[4].guid');
    for (const bad of [
      null,
      'text',
      [],
      { schedule: {} },
      { schedule: { conference: { title: 1, days: [] } } },
    ]) {
      await expect(importSchedule({ db }, { document: bad })).rejects.toMatchObject({
        status: 400,
        code: 'invalid_schedule',
      });
    }
    expect(await snapshot(db)).toEqual(before);
  });

  it('rolls the whole import back when it fails half-way', async () => {
    const before = await snapshot(db);
    const changed = clone(camp);
    for (const event of eventsOf(changed)) event.title = `${event.title} v2`;
    const failing = importSchedule(
      { db },
      {
        document: changed,
        onProgress: (done) => {
          if (done > 0) throw new Error('disk full');
        },
      },
    );
    await expect(failing).rejects.toThrow('disk full');
    const fresh = clone(load('democon'));
    (fresh.schedule.conference as Json).acronym = 'rollback';
    await expect(
      importSchedule(
        { db },
        {
          document: fresh,
          onProgress: (done) => {
            if (done > 0) throw new Error('boom');
          },
        },
      ),
    ).rejects.toThrow('boom');
    expect(await snapshot(db)).toEqual(before);
  });

  it('fails clearly for an unknown or malformed --meeting id', async () => {
    const before = await snapshot(db);
    await expect(
      importSchedule({ db }, { document: clone(camp), meetingId: 'ffffffffffffffffffffffff' }),
    ).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Meeting ffffffffffffffffffffffff not found',
    });
    await expect(importSchedule({ db }, { document: clone(camp), meetingId: 'nope' })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_object_id',
    });
    expect(await snapshot(db)).toEqual(before);
  });
});

describe('exportSchedule', () => {
  const cases = ['camp2019', 'democon'] as const;
  const exported = new Map<string, Awaited<ReturnType<typeof exportSchedule>>>();

  for (const name of cases) {
    it(`round-trips ${name} losing no session, speaker, room, track, time or link`, async () => {
      const source = load(name);
      // Without a meeting id: camp2019 updates the meeting imported above (same acronym), democon creates one.
      const { meetingId } = await importSchedule({ db }, { document: clone(source) });
      const document = await exportSchedule({ db }, { meetingId });
      exported.set(name, document);

      // Field by field, per session and per room.
      const before = sessionsByGuid(normalisedSource(source));
      const after = sessionsByGuid(document);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      for (const guid of Object.keys(before)) expect(after[guid], guid).toEqual(before[guid]);
      expect(roomsByDay(document)).toEqual(roomsByDay(source));
      expect(document.schedule.conference.rooms).toEqual(source.schedule.conference.rooms);
      const tracksOf = (doc: { schedule: { conference: Json } }) =>
        [...new Set(eventsOf(doc).map((e) => e.track))].sort();
      expect(tracksOf(document)).toEqual(tracksOf(source));
      const canonical = (value: unknown): string =>
        JSON.stringify(value, (_key, item) =>
          item && typeof item === 'object' && !Array.isArray(item)
            ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
            : item,
        );
      const speakersOf = (doc: { schedule: { conference: Json } }) =>
        [...new Set(eventsOf(doc).flatMap((event) => event.persons.map(canonical)))].sort();
      expect(speakersOf(document)).toEqual(speakersOf(source));
    });
  }

  it('gives democon back exactly, and camp2019 exactly up to the documented normalisations', async () => {
    const democon = load('democon');
    expectValid(democon);
    expect(exported.get('democon')).toEqual(democon);
    const camp = load('camp2019');
    expect(validate(camp)).toBe(false);
    expect(exported.get('camp2019')).toEqual(normalisedSource(camp));
  });

  it('validates against the c3voc schema (ajv, draft-06, formats)', async () => {
    for (const name of cases) expectValid(exported.get(name));
  });

  it('reaches a fixed point: importing an export and exporting again changes nothing', async () => {
    for (const name of cases) {
      const first = exported.get(name);
      // The export's lowercased acronym still finds the meeting of the first import.
      const { meetingId, isMeetingCreated } = await importSchedule({ db }, { document: clone(first) });
      expect(isMeetingCreated).toBe(false);
      expect(await exportSchedule({ db }, { meetingId })).toEqual(first);
    }
  });

  it('imports into an existing meeting with --meeting: its own title and zone, every session of the file', async () => {
    const meetingId = await newMeeting(db);
    const summary = await importSchedule({ db }, { document: load('democon'), meetingId });
    expect(summary).toMatchObject({ meetingId, isMeetingCreated: false, sessions: { created: 36 } });
    const [meeting] = await db.select().from(meetings).where(eq(meetings.id, meetingId));
    expect(meeting).toMatchObject({
      title: { en: 'Bare' },
      start: new Date('2020-12-14T00:00:00Z'),
      end: new Date('2020-12-17T02:59:00Z'),
    });
    const document = await exportSchedule({ db }, { meetingId });
    expectValid(document);
    expect(document.schedule.conference).toMatchObject({ title: 'Bare', acronym: 'bare' });
    expect(sessionsByGuid(document)).toEqual(sessionsByGuid(load('democon')));
  });

  it('exports a meeting built by hand (never imported) as a valid document', async () => {
    await seedFixture(db);
    const document = await exportSchedule({ db }, { meetingId: fixtureIds.meeting });
    expectValid(document);
    const guids = eventsOf(document).map((event) => event.title);
    // Hidden sessions are exported too; deleted ones are not.
    expect(guids.sort()).toEqual(['Nur Deutsch', 'Opening', 'Session 2', 'Session 4'].sort());
  });

  it('answers 404 for an unknown or deleted meeting', async () => {
    await expect(exportSchedule({ db }, { meetingId: 'ffffffffffffffffffffffff' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(exportSchedule({ db }, { meetingId: fixtureIds.deletedMeeting })).rejects.toMatchObject({
      status: 404,
    });
  });
});

/** A bare meeting to import into with --meeting. */
async function newMeeting(target: Database): Promise<string> {
  const id = newId();
  await target.insert(meetings).values({ id, title: { en: 'Bare' }, start: new Date(0), end: new Date(0) });
  return id;
}

describe('GET /api/meetings/{id}/schedule.json', () => {
  let t: TestApp;
  let meetingId = '';
  beforeAll(async () => {
    t = await createTestApp();
    meetingId = (await importSchedule({ db: t.database.db }, { document: load('democon') })).meetingId;
  });
  afterAll(() => t.close());

  it('serves the export, valid against the schema', async () => {
    const res = await t.call('GET', apiUrl(`/meetings/${meetingId}/schedule.json`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const body = res.json();
    expectValid(body);
    expect(body).toEqual(await exportSchedule({ db: t.database.db }, { meetingId }));
    expect(body).toEqual(load('democon'));
  });

  it('answers 404 for an unknown meeting, and 404 invalid_object_id for a malformed id (§2)', async () => {
    const missing = await t.call('GET', apiUrl('/meetings/ffffffffffffffffffffffff/schedule.json'));
    expect(missing.statusCode).toBe(404);
    const malformed = await t.call('GET', apiUrl('/meetings/nope/schedule.json'));
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ code: 'invalid_object_id' });
  });

  it('still finds a session removed by a re-import by its _id, marked deleted (§2 /204)', async () => {
    const document = load('democon');
    const [day] = daysOf(document);
    const gone = day?.rooms['Gray Room']?.shift() as Event;
    await importSchedule({ db: t.database.db }, { document });
    const [row] = await t.database.db.select().from(agendas).where(eq(agendas.guid, gone.guid));
    const res = await t.call('GET', apiUrl('/meeting/agendas', { query: { _id: row?.id } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject([{ _id: { $id: row?.id }, deleted: 1 }]);
  });
});

describe('npm run import -- schedule <file>', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'schedule-cli-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
    let stdout = '';
    let stderr = '';
    const code = await runImportCli(args, {
      stdout: { write: (text: string) => (stdout += text), isTTY: false },
      stderr: { write: (text: string) => (stderr += text) },
      // Always a PGlite folder of its own, whatever DATABASE_URL the test run has.
      env: { DATA_DIR: join(dir, 'data'), INIT_CWD: fixtures, ...env },
    });
    return { code, stdout, stderr };
  };

  it('imports a file relative to the folder npm started in, printing progress lines and a summary', async () => {
    const first = await run(['schedule', 'democon.schedule.json']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('importing sessions 0/36\n');
    expect(first.stdout).toContain('importing sessions 36/36\n');
    expect(first.stdout).toContain('sessions  36 created, 0 updated, 0 unchanged, 0 removed');
    expect(first.stdout).toMatch(/meeting {3}[0-9a-f]{24} \(created\)/);
    const second = await run(['schedule', 'democon.schedule.json']);
    expect(second.stdout).toContain('sessions  0 created, 0 updated, 36 unchanged, 0 removed');
  });

  it('exits 1 with a clear message for an unknown meeting, a bad file or bad arguments', async () => {
    const unknown = await run(['schedule', 'democon.schedule.json', '--meeting', 'ffffffffffffffffffffffff']);
    expect(unknown).toMatchObject({ code: 1, stderr: 'error: Meeting ffffffffffffffffffffffff not found\n' });
    const malformed = await run(['schedule', 'democon.schedule.json', '--meeting', 'x']);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain('Invalid ObjectId');
    writeFileSync(join(dir, 'broken.json'), '{"schedule":');
    const broken = await run(['schedule', join(dir, 'broken.json')]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('is not valid JSON');
    writeFileSync(
      join(dir, 'invalid.json'),
      JSON.stringify({ schedule: { conference: { title: 'x', days: [{}] } } }),
    );
    const invalid = await run(['schedule', join(dir, 'invalid.json')]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('schedule.conference.days[0].date');
    expect((await run(['schedule'])).code).toBe(1);
    expect((await run(['events', 'x.json'])).stderr).toContain('unknown import "events"');
  });
});
