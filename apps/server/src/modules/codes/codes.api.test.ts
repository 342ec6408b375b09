import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAliyunSms, startFakeAliyunSms } from '../../../test/fake-aliyun-sms.ts';
import { type FakeSmtp, startFakeSmtp } from '../../../test/fake-smtp.ts';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { createTestApp, productionSecret, type TestApp } from '../../../test/test-app.ts';
import { rateLimitsFor } from '../../plugins/rate-limit.ts';
import { listFailedJobs } from '../jobs/jobs.repository.ts';
import { deliverMessageJob } from '../messages/messages.service.ts';
import { outboxMessages } from '../messages/messages.tables.ts';
import { users } from '../users/users.tables.ts';
import { sendLimits } from './codes.service.ts';
import { verificationCodes } from './codes.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
});
afterAll(() => t.close());

/** A phone and an IP no other test uses (distinct number prefixes, so prefix limits stay apart). */
let counter = 0;
function fresh() {
  counter += 1;
  const national = `139${String(counter).padStart(4, '0')}5678`;
  return { national, e164: `+86${national}`, ip: `10.0.${Math.floor(counter / 200)}.${(counter % 200) + 1}` };
}

type SendOptions = { ip?: string; purpose?: string; lang?: string; app?: TestApp; areaCode?: string };

const sendSms = (phone: string, options: SendOptions = {}) =>
  (options.app ?? t).call('POST', '/api/texts/code', {
    form: {
      phone,
      meeting_id: ids.meeting,
      ...(options.purpose ? { purpose: options.purpose } : {}),
      ...(options.lang ? { lang: options.lang } : {}),
      ...(options.areaCode ? { area_code: options.areaCode } : {}),
    },
    remoteAddress: options.ip ?? '10.9.9.9',
  });

const checkSms = (phone: string, code: string, options: { ip?: string; purpose?: string } = {}) =>
  t.call(
    'GET',
    `/api/texts/phone/${encodeURIComponent(phone)}/code/${encodeURIComponent(code)}${
      options.purpose ? `?purpose=${options.purpose}` : ''
    }`,
    { remoteAddress: options.ip ?? '10.8.8.8' },
  );

const loginPhone = (phone: string, code: string, ip = '10.7.7.7') =>
  t.call('POST', '/api/tokens/phone', { form: { phone, code, meeting_id: ids.meeting }, remoteAddress: ip });

type Outboxed = { channel: string; recipient: string; subject: string; body: string; created: number };

async function outbox(app: TestApp = t): Promise<Outboxed[]> {
  const res = await app.call('GET', '/api/texts');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

/** The code of the latest message to a recipient, read from the outbox like a developer would. */
async function latestCode(recipient: string, app: TestApp = t): Promise<string> {
  const message = (await outbox(app)).find((m) => m.recipient === recipient);
  const code = /(?<!\d)\d{6}(?!\d)/.exec(`${message?.body}`)?.[0];
  if (!code) throw new Error(`no code for ${recipient}`);
  return code;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Lets a new code be sent to the address at once (skips the 60-second resend wait). */
const allowResend = (address: string, channel = 'sms') =>
  rateLimitsFor(t.app.deps.config).reset(sendLimits.addressResend, `${channel}:${address}`);

describe('POST /texts/code', () => {
  it('sends a 6-digit code through the outbox and answers the same shape for every phone', async () => {
    const p = fresh();
    const res = await sendSms(p.national, { ip: p.ip });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: 1, expires_in: 600, resend_after: 60 });
    const [message] = await outbox();
    expect(message).toMatchObject({ channel: 'sms', recipient: p.e164, subject: '' });
    // The fixture meeting enables zh and en: its first language, zh, is used when no lang is given.
    expect(message?.body).toMatch(/^\d{6} 是您在测试博览会的验证码，10 分钟内有效。$/);
    const [row] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.address, p.e164));
    // Only an HMAC of the code is stored.
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(await latestCode(p.e164));
    await t.drainJobs();
    const stored = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, p.e164));
    expect(stored[0]).toMatchObject({ provider: 'outbox', status: 'sent' });
  });

  it('writes in the language asked for, English for one without a catalogue', async () => {
    const p = fresh();
    expect((await sendSms(p.national, { ip: p.ip, lang: 'en' })).statusCode).toBe(200);
    expect((await outbox())[0]?.body).toMatch(
      /^\d{6} is your verification code for Fixture Expo\. It expires in 10 minutes\.$/,
    );
    const q = fresh();
    expect((await sendSms(q.national, { ip: q.ip, lang: 'ar' })).statusCode).toBe(200);
    expect((await outbox())[0]?.body).not.toContain('is your verification code');
    expect((await outbox())[0]?.body).toContain('Fixture Expo');
    const r = fresh();
    expect((await sendSms(r.national, { ip: r.ip, lang: 'xx' })).statusCode).toBe(200);
    expect((await outbox())[0]?.body).toContain('is your verification code for Fixture Expo');
  });

  it('refuses an invalid phone (400 phone.invalid) and an unknown meeting (404)', async () => {
    const bad = await sendSms('12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'phone.invalid' });
    const res = await t.call('POST', '/api/texts/code', {
      form: { phone: fresh().national, meeting_id: ids.missing },
    });
    expect(res.statusCode).toBe(404);
  });

  it('limits one phone however it is typed: +86 138 0013 8000, 13800138000, full-width digits → 429', async () => {
    const first = await sendSms('+86 138 0013 8000', { ip: '10.1.1.1' });
    expect(first.statusCode, first.body).toBe(200);
    for (const typed of ['13800138000', '１３８００１３８０００', '+８６ 138-0013-8000']) {
      const again = await sendSms(typed, { ip: '10.1.1.2' });
      expect(again.statusCode, typed).toBe(429);
      expect(again.json()).toMatchObject({ code: 'too_frequent', message: 'Do not operate frequently!' });
      const retryAfter = Number(again.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it('allows 10 codes a day per phone', async () => {
    const p = fresh();
    for (let i = 0; i < 10; i += 1) {
      await allowResend(p.e164);
      expect((await sendSms(p.national, { ip: `10.2.0.${i + 1}` })).statusCode).toBe(200);
    }
    await allowResend(p.e164);
    const res = await sendSms(p.national, { ip: '10.2.0.99' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  });

  it('allows CODE_SENDS_PER_IP_HOURLY codes an hour per IP (100 by default)', async () => {
    expect(t.app.deps.config.CODE_SENDS_PER_IP_HOURLY).toBe(100);
    const ip = '10.3.0.1';
    for (let i = 0; i < 100; i += 1) expect((await sendSms(fresh().national, { ip })).statusCode).toBe(200);
    const refused = await sendSms(fresh().national, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another IP is not affected, and the refused phone did not lose its resend window.
    expect((await sendSms(fresh().national, { ip: '10.3.0.2' })).statusCode).toBe(200);
  });

  it('allows 30 codes an hour per number prefix (E.164 without its last 4 digits)', async () => {
    const sameBlock = (i: number) => `1370000${String(i).padStart(4, '0')}`;
    for (let i = 0; i < 30; i += 1) {
      const res = await sendSms(sameBlock(i), { ip: `10.4.${i}.1` });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await sendSms(sameBlock(30), { ip: '10.4.99.1' })).statusCode).toBe(429);
    expect((await sendSms('13700010000', { ip: '10.4.99.2' })).statusCode).toBe(200);
  });

  it('stops at the daily SMS budget of the server', async () => {
    const budgeted = await createTestApp({ env: { SMS_DAILY_BUDGET: '2' } });
    try {
      await seedFixture(budgeted.database.db);
      expect((await sendSms(fresh().national, { app: budgeted, ip: '10.5.0.1' })).statusCode).toBe(200);
      expect((await sendSms(fresh().national, { app: budgeted, ip: '10.5.0.2' })).statusCode).toBe(200);
      const refused = await sendSms(fresh().national, { app: budgeted, ip: '10.5.0.3' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'too_frequent' });
    } finally {
      await budgeted.close();
    }
  });

  it('answers a known and an unknown phone alike (no enumeration)', async () => {
    const known = fresh();
    const unknown = fresh();
    await t.database.db
      .insert(users)
      .values({ id: 'abababababababababab0001', phone: known.e164, areaCode: '86' });
    const sentKnown = await sendSms(known.national, { ip: known.ip });
    const sentUnknown = await sendSms(unknown.national, { ip: unknown.ip });
    expect([sentKnown.statusCode, sentKnown.body]).toEqual([sentUnknown.statusCode, sentUnknown.body]);
    const checkKnown = await checkSms(known.national, '000000', { ip: known.ip });
    const checkUnknown = await checkSms(unknown.national, '000000', { ip: unknown.ip });
    expect(checkKnown.statusCode).toBe(400);
    expect([checkKnown.statusCode, checkKnown.body]).toEqual([checkUnknown.statusCode, checkUnknown.body]);
    const againKnown = await sendSms(known.national, { ip: known.ip });
    const againUnknown = await sendSms(unknown.national, { ip: unknown.ip });
    expect(againKnown.statusCode).toBe(429);
    expect([againKnown.statusCode, againKnown.body]).toEqual([againUnknown.statusCode, againUnknown.body]);
  });

  it('answers 200 while the SMS provider is down; after the last retry the outbox row says failed with its error', async () => {
    const failing = await createTestApp({
      env: {
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:1',
        ALIYUN_SMS_ACCESS_KEY_ID: 'key',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_SMS_SIGN_NAME: 'Meeting',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      },
    });
    try {
      await seedFixture(failing.database.db);
      const res = await sendSms(fresh().national, { app: failing });
      // The code is queued with its message: a provider outage does not fail the request (DESIGN §9).
      expect(res.statusCode, res.body).toBe(200);
      const [queued] = await failing.database.db.select().from(outboxMessages);
      expect(queued).toMatchObject({ provider: 'aliyun' });
      await failing.drainJobs();
      const [row] = await failing.database.db.select().from(outboxMessages);
      // Five attempts (the first and deliverMessageJob's 4 retries), then failed with the last error.
      expect(row).toMatchObject({ provider: 'aliyun', status: 'failed', sentAt: null });
      expect(row?.providerResponse).toMatchObject({ attempt: 5, error: expect.stringMatching(/\S/) });
      const failedJobs = await listFailedJobs(failing.database.db, { name: deliverMessageJob.name });
      expect(failedJobs).toHaveLength(1);
      expect(failedJobs[0]?.data).toMatchObject({ messageId: row?.id, channel: 'sms' });
    } finally {
      await failing.close();
    }
  });
});

describe('GET /texts/phone/{phone}/code/{code}', () => {
  it('says valid without using the code; the login still works after', async () => {
    const p = fresh();
    await sendSms(p.national, { ip: p.ip });
    const code = await latestCode(p.e164);
    for (const typed of [p.national, `+86 ${p.national}`]) {
      const res = await checkSms(typed, code, { ip: p.ip });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ valid: 1 });
    }
    expect((await loginPhone(p.national, code, p.ip)).statusCode).toBe(200);
    // Used now.
    expect((await checkSms(p.national, code, { ip: p.ip })).json()).toEqual({
      code: 'code.invalid',
      message: 'Invalid Code',
    });
  });

  it('refuses an expired code', async () => {
    const p = fresh();
    await sendSms(p.national, { ip: p.ip });
    const code = await latestCode(p.e164);
    await t.database.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.address, p.e164));
    expect((await checkSms(p.national, code, { ip: p.ip })).statusCode).toBe(400);
    const login = await loginPhone(p.national, code, p.ip);
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ code: 'code.invalid' });
  });

  it('binds a code to its purpose and its phone', async () => {
    const p = fresh();
    const other = fresh();
    await sendSms(p.national, { ip: p.ip, purpose: 'bind' });
    const code = await latestCode(p.e164);
    expect((await checkSms(p.national, code, { ip: p.ip })).statusCode).toBe(400); // purpose login
    expect((await checkSms(p.national, code, { ip: p.ip, purpose: 'change' })).statusCode).toBe(400);
    expect((await loginPhone(p.national, code, p.ip)).statusCode).toBe(400);
    expect((await checkSms(other.national, code, { ip: p.ip, purpose: 'bind' })).statusCode).toBe(400);
    expect((await checkSms(p.national, code, { ip: p.ip, purpose: 'bind' })).json()).toEqual({ valid: 1 });
  });

  it('keeps only the newest code of a phone and purpose alive', async () => {
    const p = fresh();
    await sendSms(p.national, { ip: p.ip });
    const first = await latestCode(p.e164);
    await allowResend(p.e164);
    expect((await sendSms(p.national, { ip: p.ip })).statusCode).toBe(200);
    const second = await latestCode(p.e164);
    if (first !== second) expect((await checkSms(p.national, first, { ip: p.ip })).statusCode).toBe(400);
    expect((await checkSms(p.national, second, { ip: p.ip })).statusCode).toBe(200);
  });

  it('keeps a code alive through wrong tries from another IP (no lock-out; throttle.api.test.ts has the waits)', async () => {
    const p = fresh();
    await sendSms(p.national, { ip: p.ip });
    const code = await latestCode(p.e164);
    for (let i = 0; i < 5; i += 1)
      expect((await checkSms(p.national, wrong(code), { ip: '10.11.0.1' })).statusCode).toBe(400);
    expect((await checkSms(p.national, code, { ip: p.ip })).statusCode).toBe(200);
    expect((await loginPhone(p.national, code, p.ip)).statusCode).toBe(200);
  });

  it('lets 4 wrong tries pass and clears them after the right code', async () => {
    const p = fresh();
    await sendSms(p.national, { ip: p.ip });
    const code = await latestCode(p.e164);
    for (let i = 0; i < 4; i += 1) await checkSms(p.national, wrong(code), { ip: p.ip });
    expect((await checkSms(p.national, code, { ip: p.ip })).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await checkSms(p.national, wrong(code), { ip: p.ip });
    expect((await loginPhone(p.national, code, p.ip)).statusCode).toBe(200);
  });

  it('counts concurrent wrong tries all, so a guess among them cannot slip through', async () => {
    const p = fresh();
    await sendSms(p.national, { ip: p.ip });
    const code = await latestCode(p.e164);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((guess) => checkSms(p.national, guess, { ip: p.ip })));
    // Five free failures per phone and IP: the other seven waited instead of being compared.
    expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(5);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(7);
  });

  it('limits checks to 30 per 10 minutes per IP', async () => {
    const ip = '10.10.0.1';
    for (let i = 0; i < 30; i += 1) {
      const res = await checkSms(fresh().national, '123456', { ip });
      expect(res.statusCode).toBe(400);
    }
    const refused = await checkSms(fresh().national, '123456', { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('POST /tokens/phone', () => {
  it('logs in once with a code; a second use of it fails', async () => {
    const p = fresh();
    await sendSms(p.national, { ip: p.ip });
    const code = await latestCode(p.e164);
    const login = await loginPhone(`+86 ${p.national}`, code, p.ip);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ meeting_id: { $id: ids.meeting }, user: { phone: p.national } });
    const reused = await loginPhone(p.national, code, p.ip);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ code: 'code.invalid', message: 'Invalid Code' });
  });

  it('gives exactly one session to concurrent logins with the right code', async () => {
    const p = fresh();
    await sendSms(p.national, { ip: p.ip });
    const code = await latestCode(p.e164);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => loginPhone(p.national, code, `10.11.0.${i + 1}`)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    const found = await t.database.db.select().from(users).where(eq(users.phone, p.e164));
    expect(found).toHaveLength(1);
  });
});

describe('mail codes', () => {
  const sendMail = (email: string, ip = '10.12.0.1', app: TestApp = t) =>
    app.call('POST', '/api/mails/code', {
      json: { email, meeting_id: ids.meeting, lang: 'en' },
      remoteAddress: ip,
    });

  it('sends a code by mail (subject, text), checks it and logs in with it', async () => {
    const res = await sendMail('  Ada.Mail@Example.TEST ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: 1, expires_in: 600, resend_after: 60 });
    const [message] = await outbox();
    expect(message).toMatchObject({ channel: 'mail', recipient: 'ada.mail@example.test' });
    expect(message?.subject).toMatch(/^\d{6} is your verification code for Fixture Expo$/);
    const code = await latestCode('ada.mail@example.test');
    const [stored] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'ada.mail@example.test'));
    expect(stored?.html).toContain(`>${code}</p>`);

    const check = await t.call(
      'GET',
      `/api/mails/${encodeURIComponent('ADA.mail@example.test')}/code/${code}`,
    );
    expect(check.json()).toEqual({ valid: 1 });
    const login = await t.call('POST', '/api/tokens/email', {
      form: { email: 'ada.mail@example.test', code, meeting_id: ids.meeting },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.contact.email).toBe('ada.mail@example.test');
    const reused = await t.call('POST', '/api/tokens/email', {
      form: { email: 'ada.mail@example.test', code, meeting_id: ids.meeting },
    });
    expect(reused.statusCode).toBe(400);
  });

  it('refuses an invalid e-mail (400 email.invalid) and limits one address like a phone', async () => {
    const bad = await sendMail('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'email.invalid' });
    expect((await sendMail('grace@example.test', '10.12.0.2')).statusCode).toBe(200);
    expect((await sendMail('GRACE@example.test', '10.12.0.3')).statusCode).toBe(429);
  });

  it('goes out through SMTP when MAIL_SMTP_URL is set: the received mail carries the code', async () => {
    let smtp: FakeSmtp | undefined;
    let app: TestApp | undefined;
    try {
      smtp = await startFakeSmtp({ user: 'mailer', password: 'secret' });
      app = await createTestApp({ env: { MAIL_SMTP_URL: smtp.url, MAIL_FROM: 'Expo <codes@expo.test>' } });
      await seedFixture(app.database.db);
      expect((await sendMail('lin@example.test', '10.12.0.4', app)).statusCode).toBe(200);
      await app.drainJobs();
      const mail = smtp.received.at(-1);
      expect(mail).toMatchObject({ from: 'codes@expo.test', to: ['lin@example.test'] });
      // The plain-text part has the code on a line of its own (MIME boundaries and ids may hold
      // digit runs too, so a bare 6-digit search would be flaky).
      const code = /^(\d{6})\r?$/m.exec(mail?.raw ?? '')?.[1];
      expect(code).toBeDefined();
      const login = await app.call('POST', '/api/tokens/email', {
        form: { email: 'lin@example.test', code: code ?? '', meeting_id: ids.meeting },
      });
      expect(login.statusCode, login.body).toBe(200);
      const [row] = await app.database.db.select().from(outboxMessages);
      expect(row).toMatchObject({ provider: 'smtp', status: 'sent' });
    } finally {
      await app?.close();
      await smtp?.close();
    }
  });
});

describe('Aliyun SMS through the API', () => {
  let fake: FakeAliyunSms;
  beforeAll(async () => {
    fake = await startFakeAliyunSms({ accessKeyId: 'LTAI-api', accessKeySecret: 'api-secret-0123' });
  });
  afterAll(() => fake.close());

  const aliyunApp = (secret: string) =>
    createTestApp({
      env: {
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ENDPOINT: fake.endpoint,
        ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-api',
        ALIYUN_SMS_ACCESS_KEY_SECRET: secret,
        ALIYUN_SMS_SIGN_NAME: 'Expo',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_42',
      },
    });

  it('sends the code as the template parameter; the code it carries logs in', async () => {
    const app = await aliyunApp('api-secret-0123');
    try {
      await seedFixture(app.database.db);
      const p = fresh();
      expect((await sendSms(p.national, { app, ip: p.ip })).statusCode).toBe(200);
      await app.drainJobs();
      const sms = fake.received.at(-1);
      expect(sms).toMatchObject({ phoneNumbers: p.national, signName: 'Expo', templateCode: 'SMS_42' });
      const { code } = JSON.parse(sms?.templateParam ?? '{}') as { code: string };
      const login = await app.call('POST', '/api/tokens/phone', {
        form: { phone: p.national, code, meeting_id: ids.meeting },
      });
      expect(login.statusCode, login.body).toBe(200);
      const [row] = await app.database.db.select().from(outboxMessages);
      expect(row).toMatchObject({ provider: 'aliyun', status: 'sent' });
      expect(row?.providerResponse).toMatchObject({ code: 'OK' });
    } finally {
      await app.close();
    }
  });

  it('retries when Aliyun refuses the signature, then records the refusal as failed', async () => {
    const app = await aliyunApp('a-wrong-secret');
    try {
      await seedFixture(app.database.db);
      const answersBefore = fake.answers.length;
      const res = await sendSms(fresh().national, { app });
      expect(res.statusCode, res.body).toBe(200);
      await app.drainJobs();
      // Asked five times (the first attempt and 4 retries), refused each time.
      expect(fake.answers.slice(answersBefore)).toEqual(Array(5).fill('SignatureDoesNotMatch'));
      const [row] = await app.database.db.select().from(outboxMessages);
      expect(row).toMatchObject({ status: 'failed' });
      expect(row?.providerResponse).toMatchObject({ code: 'SignatureDoesNotMatch' });
    } finally {
      await app.close();
    }
  });
});

describe('the outbox', () => {
  it('GET /texts lists the latest 50, newest first', async () => {
    const list = await outbox();
    expect(list.length).toBeLessThanOrEqual(50);
    const times = list.map((m) => m.created);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('/dev/outbox shows messages HTML-escaped with the code large, and refreshes itself', async () => {
    await t.database.db.insert(outboxMessages).values({
      id: 'cdcdcdcdcdcdcdcdcdcd0001',
      channel: 'mail',
      recipient: '<script>@example.test',
      subject: '<b>Hi</b>',
      body: '<img src=x onerror=alert(1)> 987654',
      provider: 'outbox',
      status: 'sent',
    });
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('http-equiv="refresh" content="3"');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).toContain('&lt;script&gt;@example.test');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('<div class="code">987654</div>');
  });

  it('is not shadowed by the web app when it is served', async () => {
    const web = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>SPA</title>');
    const withWeb = await createTestApp({ env: { WEB_DIST: web } });
    try {
      const page = await withWeb.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Outbox</h1>');
      expect((await withWeb.app.inject({ method: 'GET', url: '/some/page' })).body).toContain('SPA');
    } finally {
      await withWeb.close();
      rmSync(web, { recursive: true, force: true });
    }
  });

  it('does not exist in production unless DEV_OUTBOX=1', async () => {
    const production = await createTestApp({
      env: { NODE_ENV: 'production', AUTH_SECRET: productionSecret },
    });
    const staging = await createTestApp({
      env: { NODE_ENV: 'production', AUTH_SECRET: productionSecret, DEV_OUTBOX: '1' },
    });
    try {
      expect((await production.call('GET', '/api/texts')).statusCode).toBe(404);
      expect((await production.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
      expect((await staging.call('GET', '/api/texts')).statusCode).toBe(200);
      expect((await staging.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(200);
    } finally {
      await production.close();
      await staging.close();
    }
  });
});

describe('consumeCode for other modules', () => {
  it("refuses to run inside a caller's transaction, whose rollback would erase a failed try", async () => {
    const { consumeCode } = await import('./codes.service.ts');
    const p = fresh();
    await sendSms(p.national, { ip: p.ip });
    const code = await latestCode(p.e164);
    const deps = { db: t.database.db, config: t.app.deps.config };
    await expect(
      t.database.db.transaction(async (tx) => {
        await consumeCode(
          { ...deps, db: tx as unknown as typeof deps.db },
          { channel: 'sms', address: p.e164, purpose: 'login', code, ip: p.ip },
        );
      }),
    ).rejects.toThrow(/outside any transaction/);
    const [row] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.address, p.e164)));
    expect(row?.consumedAt).toBeNull();
    // Called properly, the same code works.
    await consumeCode(deps, { channel: 'sms', address: p.e164, purpose: 'login', code, ip: p.ip });
  });
});
