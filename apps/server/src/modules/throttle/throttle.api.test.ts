import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createExhibitorAccount } from '../auth/auth.service.ts';
import { setThrottleClock } from './throttle.service.ts';

/**
 * No targeted lock-out (§8 'Do not operate frequently!', 'Invalid Code', 'Incorrect account or
 * password'): wrong codes and passwords slow down the IP that sends them with doubling waits, while
 * the owner from another IP gets in at once. Time is the throttle's injected clock, moved by hand.
 */

let t: TestApp;
let now = Date.UTC(2026, 0, 10, 9, 0, 0);
const advance = (seconds: number) => {
  now += seconds * 1000;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
  setThrottleClock(t.app.deps.config, () => now);
  await createExhibitorAccount(
    { db: t.database.db },
    { meetingId: ids.meeting, account: 'hall-3-booth-12', password: 'Booth twelve 12!' },
  );
});
afterAll(() => t.close());

const sendSms = (phone: string, ip: string) =>
  t.call('POST', '/api/texts/code', { form: { phone, meeting_id: ids.meeting }, remoteAddress: ip });

const loginPhone = (phone: string, code: string, ip: string) =>
  t.call('POST', '/api/tokens/phone', { form: { phone, code, meeting_id: ids.meeting }, remoteAddress: ip });

const loginExhibitor = (account: string, password: string, ip: string) =>
  t.call('POST', '/api/tokens/exhibitor', {
    form: { account, password, meeting_id: ids.meeting },
    remoteAddress: ip,
  });

async function latestCode(recipient: string): Promise<string> {
  const res = await t.call('GET', '/api/texts');
  const message = (res.json().results as { recipient: string; body: string }[]).find(
    (m) => m.recipient === recipient,
  );
  const code = /(?<!\d)\d{6}(?!\d)/.exec(`${message?.body}`)?.[0];
  if (!code) throw new Error(`no code for ${recipient}`);
  return code;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('wrong SMS codes', () => {
  it("a stranger's wrong codes do not lock the staff member's phone: the owner from another IP logs in at once", async () => {
    // The demo staff phone of the README; the stranger tries twice the old lock-out count.
    const phone = '13900139001';
    expect((await sendSms(phone, '10.50.0.1')).statusCode).toBe(200);
    const code = await latestCode('+8613900139001');
    for (let i = 0; i < 10; i += 1) {
      const res = await loginPhone(phone, wrong(code), '203.0.113.66');
      expect([400, 429]).toContain(res.statusCode);
      advance(1);
    }
    const owner = await loginPhone(phone, code, '10.50.0.1');
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));
  });

  it('makes one IP wait 1 s, 2 s, 4 s … after 5 wrong codes (429 too_frequent, Retry-After), and compares nothing early', async () => {
    const phone = '13900139002';
    const ip = '203.0.113.7';
    expect((await sendSms(phone, '10.50.0.2')).statusCode).toBe(200);
    const code = await latestCode('+8613900139002');
    for (let i = 0; i < 5; i += 1) {
      const res = await loginPhone(phone, wrong(code), ip);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('code.invalid');
    }
    const waits: number[] = [];
    for (let k = 0; k < 4; k += 1) {
      const refused = await loginPhone(phone, wrong(code), ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 'too_frequent', message: 'Do not operate frequently!' });
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      // Even the right code is not compared while a wait is owed.
      expect((await loginPhone(phone, code, ip)).statusCode).toBe(429);
      advance(wait);
      expect((await loginPhone(phone, wrong(code), ip)).statusCode).toBe(400);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // The owner (another IP) is not slowed by any of it.
    expect((await loginPhone(phone, code, '10.50.0.2')).statusCode).toBe(200);
  });

  it('counts concurrent guesses from one IP all before comparing: only the free 5 are compared', async () => {
    const phone = '13900139003';
    expect((await sendSms(phone, '10.50.0.3')).statusCode).toBe(200);
    const code = await latestCode('+8613900139003');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        loginPhone(phone, String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'), '203.0.113.8'),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('caps an address at 20 free failures from any number of IPs, then delays (not locks) even the owner', async () => {
    const phone = '13900139004';
    expect((await sendSms(phone, '10.50.0.4')).statusCode).toBe(200);
    const code = await latestCode('+8613900139004');
    for (let i = 0; i < 20; i += 1) {
      expect((await loginPhone(phone, wrong(code), `198.51.100.${i + 1}`)).statusCode).toBe(400);
    }
    const delayed = await loginPhone(phone, code, '10.50.0.4');
    expect(delayed.statusCode).toBe(429);
    expect(Number(delayed.headers['retry-after'])).toBe(1);
    advance(1);
    expect((await loginPhone(phone, code, '10.50.0.4')).statusCode).toBe(200);
  });
});

describe('wrong exhibitor passwords', () => {
  it('ten wrong passwords from a stranger leave the exhibitor logging in at once from another IP', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await loginExhibitor('hall-3-booth-12', `guess ${i}`, '203.0.113.99');
      expect([401, 429]).toContain(res.statusCode);
      advance(1);
    }
    const owner = await loginExhibitor('hall-3-booth-12', 'Booth twelve 12!', '10.51.0.1');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('makes the guessing IP wait longer and longer, for a known and an unknown account alike', async () => {
    for (const account of ['hall-3-booth-12', 'no-such-booth']) {
      const ip = account === 'no-such-booth' ? '203.0.113.101' : '203.0.113.100';
      for (let i = 0; i < 5; i += 1) {
        expect((await loginExhibitor(account, `nope ${i}`, ip)).statusCode).toBe(401);
      }
      const waits: number[] = [];
      for (let k = 0; k < 3; k += 1) {
        const refused = await loginExhibitor(account, 'nope', ip);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().code).toBe('too_frequent');
        waits.push(Number(refused.headers['retry-after']));
        advance(waits[k] ?? 0);
        expect((await loginExhibitor(account, 'nope', ip)).statusCode).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4]);
    }
    // After its wait, the guessing IP with the right password gets in, and its own count is forgotten.
    advance(8);
    expect((await loginExhibitor('hall-3-booth-12', 'Booth twelve 12!', '203.0.113.100')).statusCode).toBe(
      200,
    );
    expect((await loginExhibitor('hall-3-booth-12', 'wrong again', '203.0.113.100')).statusCode).toBe(401);
  });

  it('forgets a quiet IP after an hour', async () => {
    const ip = '203.0.113.102';
    for (let i = 0; i < 6; i += 1) await loginExhibitor('hall-3-booth-12', 'nope', ip);
    expect((await loginExhibitor('hall-3-booth-12', 'nope', ip)).statusCode).toBe(429);
    advance(60 * 60 + 1);
    expect((await loginExhibitor('hall-3-booth-12', 'Booth twelve 12!', ip)).statusCode).toBe(200);
  });
});
