import type {
  ConsolePerson,
  MeetingProfileSettings,
  PersonCard,
  PersonPage,
  Recommendation,
} from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, otherMeetingId, wireIdText } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { newParticipant, newPerson, type Person } from '../appointments/appointments.fixtures.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { agendaBookmarks } from '../bookmarks/bookmarks.tables.ts';
import { categories } from '../categories/categories.tables.ts';
import { friendApplications, friendships } from '../friends/friends.tables.ts';
import { meetingUserProfiles } from './participants.tables.ts';

/**
 * People through the API (§2 /meeting/connection, /meeting/user; §3 Exposure setting, membership
 * levels; §6 contacts for connected friends only; §7 Users and Meetings): hidden people are never
 * listed nor recommended; showing yourself needs participant registration; contacts only for self and
 * connected friends; recommendations carry reasons; organiser-only filters and the console people list.
 */

let world: DemoWorld;
let meetingId: string;
let industryId: string;
let otherIndustryId: string;
let agendaIds: string[];
/** The viewer, a participant. */
let viewer: Person;
/** Exposed, shares industry, a tag and a session with the viewer. */
let match: Person;
/** Hidden (exposure 0) but shares everything. */
let hidden: Person;
/** Exposed and already connected with the viewer. */
let friend: Person;
/** Exposed, shares nothing. */
let stranger: Person;
/** Logged in, no ticket. */
let visitor: Person;

type Who = { token: string } | null;
function call(method: 'GET' | 'POST' | 'PUT', url: string, who: Who, json?: unknown) {
  return world.t.call(method, url, {
    headers: who ? bearer(who as never) : {},
    ...(json === undefined ? {} : { json }),
  });
}

async function setProfile(person: Person, body: Record<string, unknown>) {
  const res = await call('PUT', apiUrl(`/users/${person.userId}/meetings/${meetingId}`), person, body);
  expect(res.statusCode, res.body).toBe(200);
}
async function expose(person: Person, exposure: 0 | 1) {
  const res = await call('PUT', apiUrl('/meeting/users/exposure'), person, { exposure });
  expect(res.statusCode, res.body).toBe(200);
}
async function directory(who: Who, query: Record<string, unknown> = {}) {
  const res = await call('GET', apiUrl('/meeting/users', { limit: 50, ...query }), who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: PersonCard[] }).results.map((p) => wireIdText(p._id));
}

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  const db = world.t.database.db;
  industryId = newId();
  otherIndustryId = newId();
  await db.insert(categories).values([
    { id: industryId, meetingId, type: 'industry', title: { en: 'Robotics', zh: '机器人' } },
    { id: otherIndustryId, meetingId: otherMeetingId, type: 'industry', title: { en: 'Elsewhere' } },
  ]);
  const agendaRows = (await db.execute(
    sql`SELECT id FROM agendas WHERE meeting_id = ${meetingId} ORDER BY start LIMIT 2`,
  )) as unknown as { rows: { id: string }[] };
  agendaIds = agendaRows.rows.map((row) => row.id);
  expect(agendaIds.length).toBeGreaterThan(0);

  viewer = await newParticipant(world.t, meetingId, { username: 'Viewer Vee', email: 'vee@people.test' });
  match = await newParticipant(world.t, meetingId, {
    username: 'Match Mo',
    email: 'mo@people.test',
    phone: '+8613700000001',
  });
  hidden = await newParticipant(world.t, meetingId, { username: 'Hidden Hu', email: 'hu@people.test' });
  friend = await newParticipant(world.t, meetingId, {
    username: 'Friend Fei',
    email: 'fei@people.test',
    phone: '+8613700000002',
  });
  stranger = await newParticipant(world.t, meetingId, { username: 'Stranger Su' });
  visitor = await newPerson(world.t, meetingId, { username: 'Visitor Vi' });

  await setProfile(viewer, {
    industry_id: industryId,
    tags: ['AI', 'Robots'],
    introduction: 'I build robots.',
  });
  await setProfile(match, { industry_id: industryId, tags: ['ai', 'Logistics'] });
  await setProfile(hidden, { industry_id: industryId, tags: ['AI'] });
  await setProfile(friend, { industry_id: industryId, tags: ['AI'] });
  await setProfile(stranger, { tags: ['Cooking'] });
  for (const p of [match, friend, stranger]) await expose(p, 1);
  await db.insert(agendaBookmarks).values([
    { userId: viewer.userId, agendaId: agendaIds[0] as string, meetingId },
    { userId: match.userId, agendaId: agendaIds[0] as string, meetingId },
    { userId: hidden.userId, agendaId: agendaIds[0] as string, meetingId },
  ]);
  await db.insert(friendships).values([
    { userId: viewer.userId, friendId: friend.userId, meetingId, source: 'card' },
    { userId: friend.userId, friendId: viewer.userId, meetingId, source: 'card' },
  ]);
});
afterAll(() => world.t.close());

describe('exposure setting (§3, §6)', () => {
  it('showing yourself needs participant registration: 403 participant.required, nothing stored', async () => {
    const res = await call('PUT', apiUrl('/meeting/users/exposure'), visitor, { exposure: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'participant.required' });
    const rows = await world.t.database.db
      .select()
      .from(meetingUserProfiles)
      .where(
        and(eq(meetingUserProfiles.userId, visitor.userId), eq(meetingUserProfiles.meetingId, meetingId)),
      );
    expect(rows).toHaveLength(0);
  });

  it('a visitor may still turn card exchange off, and stays hidden', async () => {
    const res = await call('PUT', apiUrl('/meeting/users/exposure'), visitor, { card_exchange: '0' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ exposure: 0, card_exchange: 0 });
  });

  it('an empty body is 400 and an unknown field is refused', async () => {
    expect((await call('PUT', apiUrl('/meeting/users/exposure'), viewer, {})).statusCode).toBe(400);
    expect((await call('PUT', apiUrl('/meeting/users/exposure'), viewer, { exposure: 2 })).statusCode).toBe(
      400,
    );
  });

  it('GET answers {exposure, card_exchange} for yourself and {exposure} for others', async () => {
    const self = await call('GET', apiUrl(`/meeting/users/exposure/${visitor.userId}`), visitor);
    expect(self.json()).toEqual({ exposure: 0, card_exchange: 0 });
    const other = await call('GET', apiUrl(`/meeting/users/exposure/${match.userId}`), viewer);
    expect(other.json()).toEqual({ exposure: 1 });
  });

  it('needs a login', async () => {
    expect((await call('GET', apiUrl('/meeting/users'), null)).statusCode).toBe(401);
  });
});

describe('directory (§2 /meeting/connection)', () => {
  it('never lists hidden people nor those who never chose to be shown', async () => {
    const ids = await directory(viewer);
    expect(ids).toEqual(expect.arrayContaining([match.userId, friend.userId, stranger.userId]));
    expect(ids).not.toContain(hidden.userId);
    expect(ids).not.toContain(visitor.userId);
    expect(ids).not.toContain(viewer.userId);
  });

  it('a person who hides again leaves the directory', async () => {
    await expose(stranger, 0);
    expect(await directory(viewer)).not.toContain(stranger.userId);
    await expose(stranger, 1);
    expect(await directory(viewer)).toContain(stranger.userId);
  });

  it('a cancelled registration takes a shown person out of the directory (§6)', async () => {
    const db = world.t.database.db;
    await db.execute(sql`UPDATE tickets SET deleted = 1 WHERE user_id = ${stranger.userId}`);
    expect(await directory(viewer)).not.toContain(stranger.userId);
    await db.execute(sql`UPDATE tickets SET deleted = 0 WHERE user_id = ${stranger.userId}`);
    expect(await directory(viewer)).toContain(stranger.userId);
  });

  it('filters by industry, tag (exact), company and keyword; count agrees', async () => {
    expect(new Set(await directory(viewer, { industry_id: industryId }))).toEqual(
      new Set([match.userId, friend.userId]),
    );
    expect(await directory(viewer, { tag: 'Logistics' })).toEqual([match.userId]);
    expect(await directory(viewer, { keyword: 'stranger' })).toEqual([stranger.userId]);
    expect(await directory(viewer, { keyword: '%' })).toEqual([]);
    const count = await call('GET', apiUrl('/meeting/users/count', { industry_id: industryId }), viewer);
    expect(count.json()).toEqual({ total: 2 });
  });

  it('cards carry the connection state and no contacts', async () => {
    const res = await call('GET', apiUrl('/meeting/users', { limit: 50 }), viewer);
    const cards = (res.json() as { results: PersonCard[] }).results;
    const card = cards.find((p) => wireIdText(p._id) === friend.userId);
    expect(card?.connection).toBe('connected');
    expect(card?.industry?.title).toMatchObject({ en: 'Robotics' });
    expect(JSON.stringify(cards)).not.toContain('fei@people.test');
  });

  it('refuses a limit above 50 and a too-long keyword', async () => {
    expect((await call('GET', apiUrl('/meeting/users', { limit: 51 }), viewer)).statusCode).toBe(400);
    expect(
      (await call('GET', apiUrl('/meeting/users', { keyword: 'x'.repeat(101) }), viewer)).statusCode,
    ).toBe(400);
  });
});

describe('user page and contacts (§2 /meeting/user, §6)', () => {
  const page = async (who: Person, target: Person) =>
    call('GET', apiUrl(`/meeting/users/${target.userId}`), who);

  it('contacts only for self and connected friends', async () => {
    const self = (await page(viewer, viewer)).json() as PersonPage;
    expect(self).toMatchObject({ connection: 'self', contact: { email: 'vee@people.test' } });
    const connected = (await page(viewer, friend)).json() as PersonPage;
    expect(connected).toMatchObject({
      connection: 'connected',
      contact: { email: 'fei@people.test', phone: '+8613700000002' },
    });
    const other = (await page(viewer, match)).json() as PersonPage;
    expect(other).toMatchObject({ connection: 'none', contact: null, tags: ['ai', 'Logistics'] });
    expect(JSON.stringify(other)).not.toContain('mo@people.test');
  });

  it('a hidden person is 404 unless there is a connection or an application', async () => {
    expect((await page(viewer, hidden)).statusCode).toBe(404);
    const db = world.t.database.db;
    const [application] = await db
      .insert(friendApplications)
      .values({ id: newId(), meetingId, applicantId: hidden.userId, targetId: viewer.userId })
      .returning();
    const res = await page(viewer, hidden);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ connection: 'received', contact: null });
    await db.delete(friendApplications).where(eq(friendApplications.id, application?.id as string));
    expect((await page(viewer, hidden)).statusCode).toBe(404);
  });

  it('an exposed person without an approved ticket any more is hidden like in the directory (§6)', async () => {
    const db = world.t.database.db;
    expect((await page(viewer, stranger)).statusCode).toBe(200);
    await db.execute(sql`UPDATE tickets SET deleted = 1 WHERE user_id = ${stranger.userId}`);
    try {
      const res = await page(viewer, stranger);
      expect(res.statusCode, res.body).toBe(404);
      // Oneself still sees one's own page.
      expect((await page(stranger, stranger)).statusCode).toBe(200);
    } finally {
      await db.execute(sql`UPDATE tickets SET deleted = 0 WHERE user_id = ${stranger.userId}`);
    }
    expect((await page(viewer, stranger)).statusCode).toBe(200);
  });

  it('a disabled account is 404 on the user page, even for a connected friend', async () => {
    const db = world.t.database.db;
    await db.execute(sql`UPDATE users SET disabled_at = now() WHERE id = ${friend.userId}`);
    try {
      expect((await page(viewer, friend)).statusCode).toBe(404);
      expect((await page(viewer, match)).statusCode).toBe(200);
    } finally {
      await db.execute(sql`UPDATE users SET disabled_at = null WHERE id = ${friend.userId}`);
    }
    expect((await page(viewer, friend)).statusCode).toBe(200);
  });

  it('an unknown user is 404, a malformed id invalid_object_id', async () => {
    expect((await call('GET', apiUrl(`/meeting/users/${'f'.repeat(24)}`), viewer)).statusCode).toBe(404);
    const bad = await call('GET', apiUrl('/meeting/users/nope'), viewer);
    expect(bad.json()).toMatchObject({ code: 'invalid_object_id' });
  });
});

describe('profile: tags and meeting profile (§7 Users)', () => {
  it('tags: only your own, ≤ 10 of ≤ 20 characters, duplicates dropped; nothing stored on refusal', async () => {
    const other = await call('PUT', apiUrl(`/users/${match.userId}/tag`), viewer, { tags: ['x'] });
    expect(other.statusCode).toBe(403);
    const tooMany = await call('PUT', apiUrl(`/users/${viewer.userId}/tag`), viewer, {
      tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
    const tooLong = await call('PUT', apiUrl(`/users/${viewer.userId}/tag`), viewer, {
      tags: ['x'.repeat(21)],
    });
    expect(tooLong.statusCode).toBe(400);
    const ok = await call('PUT', apiUrl(`/users/${viewer.userId}/tag`), viewer, {
      tags: ['AI', 'ai', ' Robots '],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as MeetingProfileSettings).tags).toEqual(['AI', 'Robots']);
  });

  it('form bodies (§7): tags as tags[0]…, an empty value clears them, an empty industry removes it', async () => {
    const url = apiUrl(`/users/${stranger.userId}/meetings/${meetingId}`);
    const set = await world.t.call('PUT', url, {
      headers: bearer(stranger as never),
      form: { tags: ['Cooking', 'Wine'], industry_id: industryId },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ tags: ['Cooking', 'Wine'] });
    const cleared = await world.t.call('PUT', url, {
      headers: bearer(stranger as never),
      form: { tags: '', industry_id: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ tags: [], industry_id: null });
    await world.t.call('PUT', url, { headers: bearer(stranger as never), form: { tags: ['Cooking'] } });
  });

  it('form bodies (§7): a single tags=x is one tag; empty tag= / industry_id= filters mean no filter', async () => {
    const res = await world.t.call('PUT', apiUrl(`/users/${stranger.userId}/tag`), {
      headers: bearer(stranger as never),
      form: { tags: 'Cooking' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as MeetingProfileSettings).tags).toEqual(['Cooking']);
    const all = await directory(viewer);
    expect(all.length).toBeGreaterThan(0);
    expect(await directory(viewer, { tag: '', industry_id: '' })).toEqual(all);
    const count = await call('GET', apiUrl('/meeting/users/count', { tag: '', industry_id: '' }), viewer);
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json()).toEqual({ total: all.length });
  });

  it("meeting profile: another meeting's industry is 400, another meeting than the session's 403, another user 403", async () => {
    const url = apiUrl(`/users/${viewer.userId}/meetings/${meetingId}`);
    const bad = await call('PUT', url, viewer, { industry_id: otherIndustryId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
    const unknown = await call('PUT', apiUrl(`/users/${viewer.userId}/meetings/${'e'.repeat(24)}`), viewer, {
      introduction: 'x',
    });
    // A session is bound to its meeting: another meeting in the path is refused before the service.
    expect(unknown.statusCode).toBe(403);
    expect(
      (await call('PUT', apiUrl(`/users/${match.userId}/meetings/${meetingId}`), viewer, {})).statusCode,
    ).toBe(403);
    const long = await call('PUT', url, viewer, { introduction: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    const settings = (await call('GET', url, viewer)).json() as MeetingProfileSettings;
    expect(settings).toMatchObject({ introduction: 'I build robots.', is_participant: 1, exposure: 0 });
    expect(wireIdText(settings.industry_id)).toBe(industryId);
  });
});

describe('recommendations (§1, §7 GET /users/recommend)', () => {
  it('never hidden, self nor connected people; each with reasons', async () => {
    const res = await call('GET', apiUrl('/users/recommend'), viewer);
    expect(res.statusCode, res.body).toBe(200);
    const results = (res.json() as { results: Recommendation[] }).results;
    const ids = results.map((r) => wireIdText(r._id));
    expect(ids[0]).toBe(match.userId);
    expect(ids).not.toContain(hidden.userId);
    expect(ids).not.toContain(friend.userId);
    expect(ids).not.toContain(viewer.userId);
    // The stranger shares only the meeting's activity (every participant here holds its ticket).
    const other = results.find((r) => wireIdText(r._id) === stranger.userId);
    expect(other?.reasons.map((r) => r.kind)).toEqual(['activity']);
    expect(other?.reasons[0]?.title).toBeTruthy();
    const top = results[0] as Recommendation;
    expect(top.reasons.map((r) => r.kind)).toEqual(['industry', 'tags', 'session', 'activity']);
    expect(top.reasons[1]?.tags).toEqual(['ai']);
    expect(top.reasons[2]?.title).toBeTruthy();
    for (const r of results) expect(r.reasons.length).toBeGreaterThan(0);
  });

  it('a limit above 20 is 400', async () => {
    expect((await call('GET', apiUrl('/users/recommend', { limit: 21 }), viewer)).statusCode).toBe(400);
  });
});

describe('GET /users organiser filters (§7 Users)', () => {
  const phoneQuery = { query: JSON.stringify({ phone: '+8613700000001' }) };

  it('others: 403 for organiser filters, 400 without any filter (by-id only)', async () => {
    expect((await call('GET', apiUrl('/users', phoneQuery), viewer)).statusCode).toBe(403);
    expect((await call('GET', apiUrl('/users/count', phoneQuery), viewer)).statusCode).toBe(403);
    expect((await call('GET', apiUrl('/users'), viewer)).statusCode).toBe(400);
    const byId = await call(
      'GET',
      apiUrl('/users', { query: JSON.stringify({ _id: match.userId }) }),
      viewer,
    );
    expect(byId.statusCode).toBe(200);
  });

  it("organisers find the meeting's people by phone, name or company", async () => {
    const organiser = world.logins.organiser;
    const res = await call('GET', apiUrl('/users', phoneQuery), organiser);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { results: { _id: unknown }[] }).results.map((u) => wireIdText(u._id))).toEqual([
      match.userId,
    ]);
    const byName = await call(
      'GET',
      apiUrl('/users/count', { query: JSON.stringify({ username: 'Hidden Hu' }) }),
      organiser,
    );
    expect(byName.json()).toEqual({ total: 1 });
    const all = await call('GET', apiUrl('/users', { limit: 999 }), organiser);
    expect(all.statusCode).toBe(200);
  });
});

describe('console people (people.read / people.manage)', () => {
  const base = () => `/console/meetings/${meetingId}/people`;

  it('lists participants with contacts for organisers; 403 for others', async () => {
    expect((await call('GET', apiUrl(base()), viewer)).statusCode).toBe(403);
    const res = await call(
      'GET',
      apiUrl(base(), { keyword: 'people.test', limit: 200 }),
      world.logins.organiser,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: ConsolePerson[]; total: number };
    const hiddenRow = body.items.find((p) => wireIdText(p.user_id) === hidden.userId);
    expect(hiddenRow).toMatchObject({ email: 'hu@people.test', exposure: 0, is_participant: 1 });
    expect(body.total).toBe(body.items.length);
    const exposed = await call('GET', apiUrl(base(), { exposure: '1', limit: 200 }), world.logins.organiser);
    const exposedIds = (exposed.json() as { items: ConsolePerson[] }).items.map((p) => wireIdText(p.user_id));
    expect(exposedIds).not.toContain(hidden.userId);
  });

  it('sets a membership level and a special identity with one audit row; 404 for a non-member', async () => {
    const organiser = world.logins.organiser;
    const res = await call('PUT', apiUrl(`${base()}/${match.userId}`), organiser, {
      membership_level: 'senior_council',
      special_identity: 1,
      special_identity_label: 'Official',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ membership_level: 'senior_council', special_identity: 1 });
    const audit = await world.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'meeting_user_profile'), eq(auditLog.entityId, match.userId)));
    expect(audit).toHaveLength(1);
    const card = (await call('GET', apiUrl(`/meeting/users/${match.userId}`), viewer)).json() as PersonPage;
    expect(card).toMatchObject({
      membership_level: 'senior_council',
      special_identity_label: 'Official',
      special_identity: 1,
    });
    const outsider = await newPerson(world.t, otherMeetingId);
    expect(
      (await call('PUT', apiUrl(`${base()}/${outsider.userId}`), organiser, { tags: [] })).statusCode,
    ).toBe(404);
    const bad = await call('PUT', apiUrl(`${base()}/${match.userId}`), organiser, {
      membership_level: 'gold',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the checkin staff may not edit; the export is CSV with a BOM', async () => {
    expect(
      (await call('PUT', apiUrl(`${base()}/${match.userId}`), world.logins.checkin, { tags: [] })).statusCode,
    ).toBe(403);
    const csv = await call('GET', apiUrl(`${base()}/export`), world.logins.organiser);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFuser_id,username,phone')).toBe(true);
    expect(csv.body).toContain('hu@people.test');
  });
});
