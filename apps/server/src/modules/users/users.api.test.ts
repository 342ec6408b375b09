import type { User } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer, loginByPhone, mailCode, smsCode } from '../../../test/login.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { insertActivity } from '../activities/activities.fixtures.ts';
import { agendas } from '../agendas/agendas.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { sessions } from '../sessions/sessions.tables.ts';
import { speakers } from '../speakers/speakers.tables.ts';
import { findOrCreateUserByPhone, setAccountDisabled, signIn } from './users.service.ts';
import { users } from './users.tables.ts';

let t: TestApp;
const meetingId = ids.meeting;

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
});

afterAll(async () => {
  await t?.close();
});

/** A mainland mobile per test number, each with its own number prefix (the per-prefix send limit). */
const phone = (n: number) => `138${String(n).padStart(4, '0')}8000`;

const me = (headers: Record<string, string>) => t.call('GET', '/api/users/me', { headers });

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('sessions and the personal centre', () => {
  it('GET /users/me needs a login (401), then answers the user with contact fields', async () => {
    expect((await t.call('GET', '/api/users/me')).statusCode).toBe(401);
    const login = await loginByPhone(t, meetingId, phone(1));
    expect(login.token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
    const response = await me(bearer(login));
    expect(response.statusCode).toBe(200);
    const user = response.json() as User;
    expect(user).toMatchObject({ phone: phone(1), area_code: '86', _id: login.user_id });
  });

  it('stores only a hash of the token', async () => {
    const login = await loginByPhone(t, meetingId, phone(2));
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, login.user_id.$id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.tokenHash).not.toContain(login.token);
    expect(JSON.stringify(rows)).not.toContain(login.token);
  });

  it('refuses an unknown or malformed token with 403 token.invalid', async () => {
    for (const token of ['x', 'a'.repeat(43), 'Bearer ']) {
      const response = await me({ authorization: `Bearer ${token}` });
      expect([401, 403]).toContain(response.statusCode);
    }
    const response = await me({ authorization: `Bearer ${'a'.repeat(43)}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'token.invalid', message: 'token invalid' });
  });

  it('logout revokes the session: the same token then gets 403', async () => {
    const login = await loginByPhone(t, meetingId, phone(3));
    const out = await t.call('DELETE', '/api/tokens/current', { headers: bearer(login) });
    expect(out.statusCode).toBe(200);
    expect((await me(bearer(login))).statusCode).toBe(403);
  });

  it('refuses a token on a request for another meeting', async () => {
    const login = await loginByPhone(t, meetingId, phone(4));
    const own = await t.call('GET', apiUrl('/meeting/agendas', { meeting_id: meetingId }), {
      headers: bearer(login),
    });
    expect(own.statusCode).toBe(200);
    const other = await t.call('GET', apiUrl('/meeting/agendas', { meeting_id: ids.otherMeeting }), {
      headers: bearer(login),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'token.invalid' });
    // Public calls ignore tokens.
    const publicCall = await t.call('GET', apiUrl('/demand/meetings', { meeting_id: ids.otherMeeting }), {
      headers: bearer(login),
    });
    expect(publicCall.statusCode).toBe(200);
  });

  it('ends sessions idle too long and past their absolute end', async () => {
    const idle = await loginByPhone(t, meetingId, phone(5));
    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '31 days'` })
      .where(eq(sessions.userId, idle.user_id.$id));
    expect((await me(bearer(idle))).statusCode).toBe(403);

    const old = await loginByPhone(t, meetingId, phone(6));
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, old.user_id.$id));
    expect((await me(bearer(old))).statusCode).toBe(403);
  });

  it('disabling an account revokes its sessions and refuses new logins', async () => {
    const login = await loginByPhone(t, meetingId, phone(7));
    await setAccountDisabled({ db: t.database.db }, login.user_id.$id, true);
    expect((await me(bearer(login))).statusCode).toBe(403);
    const row = await userRow(login.user_id.$id);
    if (!row) throw new Error('user vanished');
    await expect(
      signIn({ db: t.database.db, config: t.app.deps.config }, { user: row, meetingId, method: 'phone' }),
    ).rejects.toMatchObject({ status: 403, code: 'account.disabled' });
    const revoked = await t.database.db.select().from(sessions).where(eq(sessions.userId, login.user_id.$id));
    expect(revoked.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('concurrent first logins with one phone make one user', async () => {
    const normalised = { e164: `+86${phone(8)}`, areaCode: '86', national: phone(8), region: 'CN' };
    const rows = await Promise.all(
      Array.from({ length: 8 }, () => findOrCreateUserByPhone(t.database.db, normalised)),
    );
    expect(new Set(rows.map((row) => row.id)).size).toBe(1);
  });
});

describe('guest view (§2 routing rules, §6)', () => {
  it('lets anonymous visitors read content only where the meeting allows guests', async () => {
    const closedId = 'aaaaaaaaaaaaaaaaaaaa0c10';
    const [template] = await t.database.db.select().from(meetings).where(eq(meetings.id, meetingId));
    if (!template) throw new Error('fixture meeting missing');
    await t.database.db
      .insert(meetings)
      .values({ ...template, id: closedId, domain: 'closed.test', limitsType: 1, viewsTotal: 0 });
    const anonymous = await t.call('GET', apiUrl('/meeting/agendas', { meeting_id: closedId }));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'login.required' });
    const speakers = await t.call('GET', apiUrl('/meeting/speakers', { meeting_id: closedId }));
    expect(speakers.statusCode).toBe(401);
    // The meeting itself stays public (the login page needs its name and theme).
    const meeting = await t.call('GET', apiUrl('/demand/meetings', { query: { _id: closedId } }));
    expect(meeting.statusCode).toBe(200);

    const login = await loginByPhone(t, closedId, phone(60));
    const member = await t.call('GET', apiUrl('/meeting/agendas', { meeting_id: closedId }), {
      headers: bearer(login),
    });
    expect(member.statusCode).toBe(200);

    const open = await t.call('GET', apiUrl('/meeting/agendas', { meeting_id: meetingId }));
    expect(open.statusCode).toBe(200);
  });

  it("does not show a visitor a closed meeting's items asked by _id alone, also from the cache (route matrix)", async () => {
    const closedId = 'aaaaaaaaaaaaaaaaaaaa0c12';
    const agendaId = 'dddddddddddddddddddd0c12';
    const speakerId = 'eeeeeeeeeeeeeeeeeeee0c12';
    const seedClosed = async (app: TestApp) => {
      const [template] = await app.database.db.select().from(meetings).where(eq(meetings.id, meetingId));
      if (!template) throw new Error('fixture meeting missing');
      await app.database.db
        .insert(meetings)
        .values({ ...template, id: closedId, domain: 'closed-items.test', allowGuestView: 0, viewsTotal: 0 });
      await app.database.db.insert(agendas).values({
        id: agendaId,
        meetingId: closedId,
        guid: 'guid-closed',
        title: { en: 'Members only' },
        start: new Date('2030-05-01T08:00:00Z'),
        end: new Date('2030-05-01T09:00:00Z'),
      });
      await app.database.db.insert(speakers).values({ id: speakerId, meetingId: closedId, name: 'Hidden' });
      return insertActivity(app.database.db, {
        meetingId: closedId,
        sources: [{ title: 'Newsletter' }],
        questions: [{ type: 'text', title: 'Name' }],
      });
    };
    const activity = await seedClosed(t);
    const byId = (path: string, id: string) => apiUrl(path, { query: { _id: id } });
    for (const url of [
      byId('/meeting/agendas', agendaId),
      byId('/meeting/speakers', speakerId),
      byId('/activities', activity.activityId),
      // Items by path id alone: the meeting is the form's or the activity's.
      `/api/forms/${activity.formId}/questions`,
      `/api/activities/${activity.activityId}/sources`,
    ]) {
      const visitor = await t.call('GET', url);
      expect(visitor.statusCode, visitor.body).toBe(401);
      expect(visitor.json()).toMatchObject({ code: 'login.required' });
    }
    // An open meeting's item by _id alone stays readable, and a member reads the closed one.
    expect((await t.call('GET', byId('/meeting/agendas', ids.agenda1))).statusCode).toBe(200);
    const member = await loginByPhone(t, closedId, phone(61));
    const read = await t.call('GET', byId('/meeting/agendas', agendaId), { headers: bearer(member) });
    expect(read.json().results).toHaveLength(1);
    // A session of another meeting is refused like when it names the closed meeting (403 token.invalid).
    const outsider = await loginByPhone(t, meetingId, phone(63));
    for (const url of [byId('/meeting/agendas', agendaId), `/api/forms/${activity.formId}/questions`]) {
      const refused = await t.call('GET', url, { headers: bearer(outsider) });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'token.invalid' });
    }
    const openItem = await t.call('GET', byId('/meeting/agendas', ids.agenda1), { headers: bearer(member) });
    expect(openItem.statusCode).toBe(200);

    // With the response cache on, a member's answer for the same URL is not handed to a visitor.
    const cached = await createTestApp({ cacheTtlSeconds: 30 });
    try {
      await seedFixture(cached.database.db);
      await seedClosed(cached);
      const memberOfCached = await loginByPhone(cached, closedId, phone(62));
      const url = byId('/meeting/agendas', agendaId);
      expect((await cached.call('GET', url, { headers: bearer(memberOfCached) })).statusCode).toBe(200);
      expect((await cached.call('GET', url)).statusCode).toBe(401);
    } finally {
      await cached.close();
    }
  });

  it("remembers a meeting's guest rule for the cache TTL (1 s here), then reads it again", async () => {
    const laterId = 'aaaaaaaaaaaaaaaaaaaa0c11';
    const [template] = await t.database.db.select().from(meetings).where(eq(meetings.id, meetingId));
    if (!template) throw new Error('fixture meeting missing');
    await t.database.db
      .insert(meetings)
      .values({ ...template, id: laterId, domain: 'later.test', limitsType: 1, viewsTotal: 0 });
    const agendas = apiUrl('/meeting/agendas', { meeting_id: laterId });
    const askedAt = Date.now();
    expect((await t.call('GET', agendas)).statusCode).toBe(401);
    await t.database.db.update(meetings).set({ limitsType: 0 }).where(eq(meetings.id, laterId));
    const cached = await t.call('GET', agendas);
    // Within the TTL the remembered rule answers (only checkable when this machine was quick enough).
    if (Date.now() - askedAt < 800) expect(cached.statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await t.call('GET', agendas)).statusCode).toBe(200);
  });
});

describe('profile (PUT /users/{id}, /works)', () => {
  it('edits your own name, avatar, language and work; refuses someone else', async () => {
    const ada = await loginByPhone(t, meetingId, phone(10));
    const lin = await loginByPhone(t, meetingId, phone(11));
    const id = ada.user_id.$id;
    const edit = await t.call('PUT', `/api/users/${id}`, {
      headers: bearer(ada),
      form: { username: 'Ada Lovelace', avatar: '/api/files/avatar/x/ada.jpg', language: 'en' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      username: 'Ada Lovelace',
      avatar: '/api/files/avatar/x/ada.jpg',
      language: 'en',
    });
    const work = await t.call('POST', `/api/users/${id}/works`, {
      headers: bearer(ada),
      form: { title: 'Analyst', company: 'Analytical Engines' },
    });
    expect(work.json()).toMatchObject({ work: { title: 'Analyst', company: 'Analytical Engines' } });
    const put = await t.call('PUT', `/api/users/${id}/works`, {
      headers: bearer(ada),
      form: { title: 'Mathematician', company: 'Analytical Engines' },
    });
    expect(put.json()).toMatchObject({ work: { title: 'Mathematician' } });

    const before = await userRow(id);
    const foreign = await t.call('PUT', `/api/users/${id}`, {
      headers: bearer(lin),
      form: { username: 'Mallory' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'no_permission' });
    expect(await userRow(id)).toEqual(before);

    const blank = await t.call('PUT', `/api/users/${id}`, {
      headers: bearer(ada),
      form: { username: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(await userRow(id)).toEqual(before);

    // The language picks catalogues on the server: only the twenty codes (or '' for none) are kept.
    for (const language of ['constructor', '__proto__', 'xx']) {
      const odd = await t.call('PUT', `/api/users/${id}`, { headers: bearer(ada), form: { language } });
      expect(odd.statusCode).toBe(400);
    }
    expect(await userRow(id)).toEqual(before);
  });

  it('GET /users answers public profiles by id in the asked order, contacts only for yourself', async () => {
    const ada = await loginByPhone(t, meetingId, phone(12));
    const lin = await loginByPhone(t, meetingId, phone(13));
    const response = await t.call(
      'GET',
      apiUrl('/users', { query: { _id: { $in: [lin.user_id.$id, ada.user_id.$id] } } }),
      { headers: bearer(ada) },
    );
    expect(response.statusCode).toBe(200);
    const { results } = response.json() as { results: User[] };
    expect(results.map((user) => user._id.$id)).toEqual([lin.user_id.$id, ada.user_id.$id]);
    expect(results[0]).toMatchObject({ phone: '', contact: { email: '' } });
    expect(results[1]).toMatchObject({ phone: phone(12) });

    const everyone = await t.call('GET', '/api/users', { headers: bearer(ada) });
    expect(everyone.statusCode).toBe(400);
    const count = await t.call('GET', '/api/users/count', { headers: bearer(ada) });
    expect((count.json() as { total: number }).total).toBeGreaterThanOrEqual(2);
    expect((await t.call('GET', '/api/users/count')).statusCode).toBe(401);
  });
});

describe('changing phone and e-mail (§5: only when no other user has it)', () => {
  it('moves the account to a new phone with a change code; a taken phone or bad code changes nothing', async () => {
    const ada = await loginByPhone(t, meetingId, phone(20));
    const holder = { e164: `+86${phone(21)}`, areaCode: '86', national: phone(21), region: 'CN' };
    await findOrCreateUserByPhone(t.database.db, holder);
    const id = ada.user_id.$id;

    const before = await userRow(id);
    const takenCode = await smsCode(t, { meetingId, phone: phone(21), purpose: 'change' });
    const taken = await t.call('PUT', `/api/users/${id}`, {
      headers: bearer(ada),
      form: { phone: phone(21), area_code: '86', code: takenCode },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'phone.taken' });
    expect(await userRow(id)).toEqual(before);

    const loginCode = await smsCode(t, { meetingId, phone: phone(22), purpose: 'login' });
    const wrongPurpose = await t.call('PUT', `/api/users/${id}`, {
      headers: bearer(ada),
      form: { phone: phone(22), area_code: '86', code: loginCode, username: 'Changed' },
    });
    expect(wrongPurpose.statusCode).toBe(400);
    expect(wrongPurpose.json()).toMatchObject({ code: 'code.invalid' });
    expect(await userRow(id)).toEqual(before);

    const code = await smsCode(t, { meetingId, phone: phone(23), purpose: 'change' });
    const moved = await t.call('PUT', `/api/users/${id}`, {
      headers: bearer(ada),
      form: { phone: `+86 ${phone(23)}`, area_code: '86', code },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ phone: phone(23), area_code: '86' });
    // The code was single use.
    const reuse = await t.call('PUT', `/api/users/${id}`, {
      headers: bearer(ada),
      form: { phone: phone(23), area_code: '86', code },
    });
    expect(reuse.statusCode).toBe(400);
  });

  it('two users racing for one new phone: one gets it, the other 409', async () => {
    const a = await loginByPhone(t, meetingId, phone(30));
    const b = await loginByPhone(t, meetingId, phone(31));
    const code = await smsCode(t, { meetingId, phone: phone(32), purpose: 'change' });
    const [first, second] = await Promise.all(
      [a, b].map((login) =>
        t.call('PUT', `/api/users/${login.user_id.$id}`, {
          headers: bearer(login),
          form: { phone: phone(32), area_code: '86', code },
        }),
      ),
    );
    const statuses = [first?.statusCode, second?.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    const holders = await t.database.db
      .select()
      .from(users)
      .where(eq(users.phone, `+86${phone(32)}`));
    expect(holders).toHaveLength(1);
  });

  it('sets the e-mail with a mail code; an e-mail of another user is refused', async () => {
    const ada = await loginByPhone(t, meetingId, phone(40));
    const lin = await loginByPhone(t, meetingId, phone(41));
    const code = await mailCode(t, { meetingId, email: 'Ada@Example.com', purpose: 'change' });
    const set = await t.call('PUT', `/api/users/${ada.user_id.$id}/email`, {
      headers: bearer(ada),
      form: { email: 'Ada@Example.com', code },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ contact: { email: 'ada@example.com' } });

    const before = await userRow(lin.user_id.$id);
    const linCode = await mailCode(t, { meetingId, email: 'ada@example.com', purpose: 'change' }).catch(
      () => null,
    );
    const taken = await t.call('PUT', `/api/users/${lin.user_id.$id}/email`, {
      headers: bearer(lin),
      form: { email: 'ada@example.com', code: linCode ?? '000000' },
    });
    expect(taken.statusCode).toBe(409);
    expect(await userRow(lin.user_id.$id)).toEqual(before);
  });
});

describe('sign-up (POST /users)', () => {
  it('creates an account with a verified phone and a name, and refuses a phone that has one', async () => {
    const code = await smsCode(t, { meetingId, phone: phone(50) });
    const created = await t.call('POST', '/api/users', {
      form: {
        meeting_id: meetingId,
        phone: phone(50),
        area_code: '86',
        code,
        username: 'Grace',
        work: { title: 'Admiral', company: 'Navy' },
      },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      user: { username: 'Grace', work: { title: 'Admiral' }, phone: phone(50) },
    });

    const again = await smsCode(t, { meetingId, phone: phone(50) }).catch(() => '000000');
    const duplicate = await t.call('POST', '/api/users', {
      form: { meeting_id: meetingId, phone: phone(50), area_code: '86', code: again, username: 'Copy' },
    });
    expect(duplicate.statusCode).toBe(409);

    const missing = await t.call('POST', '/api/users', {
      form: { meeting_id: meetingId, code: '123456', username: 'Nobody' },
    });
    expect(missing.statusCode).toBe(400);
  });
});
