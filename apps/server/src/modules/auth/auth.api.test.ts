import { randomUUID } from 'node:crypto';
import { phoneTokenSignature } from '@app/contracts/wire/phone-token.ts';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { createTestApp, productionSecret, type TestApp } from '../../../test/test-app.ts';
import { demoMeetingId } from '../../seeds/demo-meeting.data.ts';
import { seedDemoMeeting } from '../../seeds/demo-meeting.ts';
import { sessions } from '../sessions/sessions.tables.ts';
import { users } from '../users/users.tables.ts';
import { createExhibitorAccount } from './auth.service.ts';
import { exhibitorAccounts, phoneTokenUses } from './auth.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
});
afterAll(() => t.close());

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('POST /tokens/phone with an SMS code', () => {
  it('creates the user on first login, finds it on the next and opens a session each time', async () => {
    const login = async () => {
      const sent = await t.call('POST', '/api/texts/code', {
        form: { phone: '13911112222', meeting_id: ids.meeting },
        remoteAddress: `10.20.0.${Math.floor(Math.random() * 200) + 1}`,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const outbox = (await t.call('GET', '/api/texts')).json().results as {
        recipient: string;
        body: string;
      }[];
      const code = /\d{6}/.exec(outbox.find((m) => m.recipient === '+8613911112222')?.body ?? '')?.[0] ?? '';
      const res = await t.call('POST', '/api/tokens/phone', {
        json: { phone: '139 1111 2222', area_code: '86', code, meeting_id: ids.meeting },
        headers: { 'user-agent': 'vitest-browser' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const first = await login();
    expect(first).toMatchObject({
      meeting_id: { $id: ids.meeting },
      user: { phone: '13911112222', area_code: '86' },
    });
    expect(first.token.length).toBeGreaterThanOrEqual(43);
    expect(first.expires_at).toBeGreaterThan(nowSeconds());
    // The 60-second resend window is not what this test is about.
    const { rateLimitsFor } = await import('../../plugins/rate-limit.ts');
    const { sendLimits } = await import('../codes/codes.service.ts');
    await rateLimitsFor(t.app.deps.config).reset(sendLimits.addressResend, 'sms:+8613911112222');
    const second = await login();
    expect(second.user_id).toEqual(first.user_id);
    expect(second.token).not.toBe(first.token);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, first.user_id.$id));
    expect(rows.map((row) => [row.method, row.deviceId, row.userAgent])).toEqual([
      ['phone', 'device-test-0001', 'vitest-browser'],
      ['phone', 'device-test-0001', 'vitest-browser'],
    ]);
  });

  it('refuses an invalid phone (400 phone.invalid) and a wrong code (400 code.invalid)', async () => {
    const bad = await t.call('POST', '/api/tokens/phone', {
      form: { phone: '123', code: '123456', meeting_id: ids.meeting },
    });
    expect(bad.json()).toMatchObject({ code: 'phone.invalid' });
    const wrong = await t.call('POST', '/api/tokens/phone', {
      form: { phone: '13911113333', code: '123456', meeting_id: ids.meeting },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'code.invalid', message: 'Invalid Code' });
  });
});

describe('POST /tokens/phone/v2 (signed, no code)', () => {
  const salt = () => t.app.deps.config.PHONE_TOKEN_SALT;
  const v2 = (body: Record<string, unknown>, app: TestApp = t) =>
    app.call('POST', '/api/tokens/phone/v2', { form: { meeting_id: ids.meeting, ...body } });
  const signed = (phone: string, e164: string, timestamp: number | string, saltValue = salt()) => ({
    phone,
    timestamp: String(timestamp),
    sign: phoneTokenSignature({ salt: saltValue, e164, timestamp }),
  });
  const loginInvalid = { code: 'login.invalid', message: 'Login invalid' };

  it('logs in a phone signed with the salt and a fresh timestamp', async () => {
    const res = await v2(signed('13922223333', '+8613922223333', nowSeconds()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { phone: '13922223333' }, meeting_id: { $id: ids.meeting } });
  });

  it('accepts a 13-digit (milliseconds) timestamp (§9)', async () => {
    const res = await v2(signed('13922224444', '+8613922224444', Date.now()));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a replayed signature', async () => {
    const body = signed('13922225555', '+8613922225555', nowSeconds());
    expect((await v2(body)).statusCode).toBe(200);
    const replay = await v2(body);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(loginInvalid);
    // Also when the phone is typed differently: the signature is what counts.
    const retyped = await v2({ ...body, phone: '+86 139 2222 5555' });
    expect(retyped.json()).toEqual(loginInvalid);
  });

  it('refuses tampered signatures', async () => {
    const body = signed('13922226666', '+8613922226666', nowSeconds());
    const flipped = `${body.sign.slice(0, -1)}${body.sign.endsWith('0') ? '1' : '0'}`;
    const attempts = [
      { ...body, sign: flipped },
      { ...body, phone: '13922226667' },
      { ...body, timestamp: String(Number(body.timestamp) + 1) },
      signed('13922226666', '+8613922226666', nowSeconds(), 'not-the-salt'),
      { ...body, sign: 'abc' },
      { ...body, sign: '' },
    ];
    for (const attempt of attempts) {
      const res = await v2(attempt);
      expect(res.statusCode, JSON.stringify(attempt)).toBe(401);
      expect(res.json()).toEqual(loginInvalid);
    }
    expect((await v2(body)).statusCode).toBe(200);
  });

  it('refuses stale and future timestamps beyond PHONE_TOKEN_MAX_SKEW_SECONDS', async () => {
    const skew = t.app.deps.config.PHONE_TOKEN_MAX_SKEW_SECONDS;
    for (const timestamp of [nowSeconds() - skew - 5, nowSeconds() + skew + 5, 0]) {
      const res = await v2(signed('13922227777', '+8613922227777', timestamp));
      expect(res.statusCode, String(timestamp)).toBe(401);
      expect(res.json()).toEqual(loginInvalid);
    }
  });

  it('prunes signatures older than twice the skew', async () => {
    await t.database.db
      .insert(phoneTokenUses)
      .values({ signature: 'old-signature', usedAt: sql`now() - interval '2 hours'` });
    expect((await v2(signed('13922228888', '+8613922228888', nowSeconds()))).statusCode).toBe(200);
    const left = await t.database.db
      .select()
      .from(phoneTokenUses)
      .where(eq(phoneTokenUses.signature, 'old-signature'));
    expect(left).toHaveLength(0);
  });

  it('is off in production while PHONE_TOKEN_SALT is the public default', async () => {
    const production = await createTestApp({
      env: { NODE_ENV: 'production', AUTH_SECRET: productionSecret },
    });
    const configured = await createTestApp({
      env: { NODE_ENV: 'production', AUTH_SECRET: productionSecret, PHONE_TOKEN_SALT: 'a-real-secret-salt' },
    });
    try {
      await seedFixture(production.database.db);
      await seedFixture(configured.database.db);
      const off = await v2(signed('13922229999', '+8613922229999', nowSeconds()), production);
      expect(off.statusCode).toBe(404);
      expect(off.json()).toMatchObject({ code: 'provider.not_configured' });
      const on = await v2(
        signed('13922229999', '+8613922229999', nowSeconds(), 'a-real-secret-salt'),
        configured,
      );
      expect(on.statusCode, on.body).toBe(200);
    } finally {
      await production.close();
      await configured.close();
    }
  });
});

describe('POST /tokens/exhibitor', () => {
  beforeAll(async () => {
    await createExhibitorAccount(
      { db: t.database.db },
      { meetingId: ids.meeting, account: 'Booth-7', password: 'Correct horse 7!' },
    );
    await createExhibitorAccount(
      { db: t.database.db },
      { meetingId: ids.meeting, account: 'closed-booth', password: 'Closed booth 1!' },
    );
    await t.database.db
      .update(exhibitorAccounts)
      .set({ enabled: 0 })
      .where(eq(exhibitorAccounts.account, 'closed-booth'));
  });

  const login = (account: string, password: string, ip = '10.30.0.1', meetingId = ids.meeting) =>
    t.call('POST', '/api/tokens/exhibitor', {
      form: { account, password, meeting_id: meetingId },
      remoteAddress: ip,
    });

  it('stores an argon2id hash, creates the user on first login and links it', async () => {
    const [account] = await t.database.db
      .select()
      .from(exhibitorAccounts)
      .where(eq(exhibitorAccounts.account, 'booth-7'));
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(account?.userId).toBeNull();

    const first = await login(' BOOTH-7 ', 'Correct horse 7!');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ meeting_id: { $id: ids.meeting }, user: { username: 'booth-7' } });
    const [linked] = await t.database.db
      .select()
      .from(exhibitorAccounts)
      .where(eq(exhibitorAccounts.account, 'booth-7'));
    expect(linked?.userId).toBe(first.json().user_id.$id);

    const second = await login('booth-7', 'Correct horse 7!');
    expect(second.json().user_id).toEqual(first.json().user_id);
    const methods = await t.database.db
      .select({ method: sessions.method })
      .from(sessions)
      .where(eq(sessions.userId, first.json().user_id.$id));
    expect(methods).toEqual([{ method: 'exhibitor' }, { method: 'exhibitor' }]);
  });

  it('answers a wrong password, an unknown account, a disabled one and another meeting alike', async () => {
    const answers = [
      await login('booth-7', 'wrong password', '10.30.0.2'),
      await login('no-such-booth', 'Correct horse 7!', '10.30.0.3'),
      await login('closed-booth', 'Closed booth 1!', '10.30.0.4'),
      await login('booth-7', 'Correct horse 7!', '10.30.0.5', ids.otherMeeting),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(answers[0]?.body);
    }
    expect(answers[0]?.json()).toEqual({
      code: 'account.password_incorrect',
      message: 'Incorrect account or password',
    });
  });

  it('never locks an account: after ten wrong passwords from other IPs the owner logs in at once', async () => {
    await createExhibitorAccount(
      { db: t.database.db },
      { meetingId: ids.meeting, account: 'booth-8', password: 'Booth eight 8!' },
    );
    for (let i = 0; i < 10; i += 1) {
      const res = await login(i % 2 === 0 ? 'BOOTH-8' : 'booth-8', 'nope', `10.31.${i}.1`);
      expect(res.statusCode).toBe(401);
    }
    const owner = await login('booth-8', 'Booth eight 8!', '10.31.99.1');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('limits tries per IP (30 per 15 minutes)', async () => {
    for (let i = 0; i < 30; i += 1) {
      expect((await login(`ip-test-${i}`, 'nope', '10.32.0.1')).statusCode).toBe(401);
    }
    expect((await login('ip-test-99', 'nope', '10.32.0.1')).statusCode).toBe(429);
    expect((await login('ip-test-99', 'nope', '10.32.0.2')).statusCode).toBe(401);
  });

  it('logs in the demo exhibitor of the seeded demo meeting', async () => {
    const demo = await createTestApp();
    try {
      await seedDemoMeeting({ db: demo.database.db });
      const res = await demo.call('POST', '/api/tokens/exhibitor', {
        form: { account: 'demo-exhibitor', password: 'Exhibitor2019!', meeting_id: demoMeetingId },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.username).toBe('demo-exhibitor');
      const [user] = await demo.database.db.select().from(users).where(eq(users.username, 'demo-exhibitor'));
      expect(user).toBeDefined();
    } finally {
      await demo.close();
    }
  });
});

describe.skipIf(!process.env.REDIS_URL)('rate limits through Redis (REDIS_URL)', () => {
  it('are shared by two server instances', async () => {
    const prefix = `test-${randomUUID()}:`;
    const env = { REDIS_URL: process.env.REDIS_URL ?? '', REDIS_KEY_PREFIX: prefix };
    const one = await createTestApp({ env });
    const two = await createTestApp({ env });
    try {
      await seedFixture(one.database.db);
      await seedFixture(two.database.db);
      const send = (app: TestApp, phone: string, ip: string) =>
        app.call('POST', '/api/texts/code', { form: { phone, meeting_id: ids.meeting }, remoteAddress: ip });
      expect((await send(one, '+86 139 3333 4444', '10.40.0.1')).statusCode).toBe(200);
      const refused = await send(two, '１３９３３３３４４４４', '10.40.0.2');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await one.close();
      await two.close();
      const redis = new Redis(process.env.REDIS_URL ?? '');
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });
});
