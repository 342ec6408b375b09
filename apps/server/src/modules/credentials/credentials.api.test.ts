import { randomBytes } from 'node:crypto';
import type { ConsoleCredential, ConsoleCredentialCounts, UserCredential } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, wireIdText } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { idCardPng, passportPng, validIdNumber } from '../../providers/ocr/ocr.fixtures.ts';
import { insertActivity, insertStaff } from '../activities/activities.fixtures.ts';
import { newPerson, type Person } from '../appointments/appointments.fixtures.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { uploads } from '../media/media.tables.ts';
import { webVariantSuffixes } from '../media/media.variants.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { purgeExpiredCredentials } from './credentials.service.ts';
import { userCredentials } from './credentials.tables.ts';

/**
 * Real-name credentials through the API (§3 Registrant ID number; §5 ID number valid and unique, ID
 * recognition; §7; §8 'Invalid ID number' / 'ID number already exists'): refusals store nothing,
 * concurrent submissions of one number leave one winner, numbers rest sealed and masked, the
 * console's counts, list, reveal (audited) and settings with retention, and recognition of an
 * uploaded card photo by the real tesseract.
 */
let world: DemoWorld;
let meetingId: string;
let owner: Person;

type Who = { token: string } | null;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, json?: unknown) =>
  world.t.call(method, url, {
    headers: who ? bearer(who as never) : {},
    ...(json === undefined ? {} : { json }),
  });
const person = () => newPerson(world.t, meetingId);
const save = (who: Who, body: Record<string, unknown>) =>
  call('POST', apiUrl('/user_credentials'), who, { meeting_id: meetingId, name: '张三', ...body });
const credentialRows = () => world.t.database.db.select().from(userCredentials);
let serial = 100;
/** A fresh valid mainland number each call. */
const freshNumber = () => {
  serial += 1;
  return validIdNumber(`11010519900307${String(serial).padStart(3, '0')}`);
};

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  await insertStaff(world.t.database.db, { meetingId, phone: '+8613900139555', role: 'owner' });
  owner = await newPerson(world.t, meetingId, { phone: '+8613900139555' });
});
afterAll(() => world.t.close());

describe('saving a credential (§3, §5)', () => {
  it('stores the number sealed with a blind index and answers it masked', async () => {
    const who = await person();
    const number = freshNumber();
    const res = await save(who, {
      kind: 'mainland',
      number: `${number.slice(0, 6)} ${number.slice(6).toLowerCase()}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const credential = (res.json() as { credential: UserCredential }).credential;
    expect(credential).toMatchObject({ kind: 'mainland', name: '张三', source: 'manual' });
    expect(credential.number_mask).toBe(`${number.slice(0, 3)}***********${number.slice(-4)}`);
    const [row] = await world.t.database.db
      .select()
      .from(userCredentials)
      .where(eq(userCredentials.userId, who.userId));
    expect(row?.numberSealed.startsWith('v1:')).toBe(true);
    expect(JSON.stringify(row)).not.toContain(number);
    expect(row?.numberHash).toMatch(/^[0-9a-f]{64}$/);

    const mine = await call('GET', apiUrl('/user_credentials/mine', { meeting_id: meetingId }), who);
    expect(mine.json()).toMatchObject({
      credential: { number_mask: credential.number_mask },
      rule: { required: 0 },
    });
    const count = await call('GET', apiUrl('/meeting/credentials/count', { meeting_id: meetingId }), who);
    expect(count.json()).toEqual({ total: 1 });
  });

  it('refuses a wrong check digit, a kind mismatch and a bad passport with nothing stored (§8)', async () => {
    const who = await person();
    const before = (await credentialRows()).length;
    const number = freshNumber();
    const wrong = number.slice(0, 17) + (number[17] === '1' ? '2' : '1');
    for (const body of [
      { kind: 'mainland', number: wrong },
      { kind: 'hong_kong_permit', number },
      { kind: 'passport', number: 'E1234', country: undefined },
      { kind: 'passport', number: 'E12-345678', country: 'CHN' },
    ]) {
      const res = await save(who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'id_number.invalid', message: 'Invalid ID number' });
    }
    expect((await credentialRows()).length).toBe(before);
    const passport = await save(who, { kind: 'passport', number: 'e1234 5678', country: 'chn' });
    expect(passport.statusCode, passport.body).toBe(200);
    expect(passport.json()).toMatchObject({
      credential: { kind: 'passport', country: 'CHN', number_mask: 'E1*****78' },
    });
  });

  it('refuses a number another participant holds (409) and lets the holder save it again', async () => {
    const [first, second] = [await person(), await person()];
    const number = freshNumber();
    expect((await save(first, { kind: 'mainland', number })).statusCode).toBe(200);
    const taken = await save(second, { kind: 'mainland', number });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'id_number.exists', message: 'ID number already exists' });
    const check = await call('POST', apiUrl(`/meetings/${meetingId}/credential`), second, {
      kind: 'mainland',
      number,
    });
    expect(check.statusCode).toBe(409);
    const own = await call('POST', apiUrl(`/meetings/${meetingId}/credential`), first, {
      kind: 'mainland',
      number,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await save(first, { kind: 'mainland', number, name: '张三丰' })).json()).toMatchObject({
      credential: { name: '张三丰' },
    });
    expect((await credentialRows()).filter((row) => row.userId === first.userId)).toHaveLength(1);
  });

  it('of 8 concurrent submissions of one number by 8 people, exactly one wins', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => person()));
    const number = freshNumber();
    const answers = await Promise.all(people.map((who) => save(who, { kind: 'mainland', number })));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const ids = new Set(people.map((who) => who.userId));
    expect((await credentialRows()).filter((row) => ids.has(row.userId))).toHaveLength(1);
  });

  it('rate-limits the check: the 11th within a minute is 429', async () => {
    const who = await person();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      const res = await call('POST', apiUrl(`/meetings/${meetingId}/credential`), who, {
        kind: 'mainland',
        number: freshNumber(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("saving shares the check's limit: after 5 checks and 5 saves the next save is 429, nothing stored", async () => {
    const who = await person();
    for (let index = 0; index < 5; index += 1) {
      const res = await call('POST', apiUrl(`/meetings/${meetingId}/credential`), who, {
        kind: 'mainland',
        number: freshNumber(),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (let index = 0; index < 5; index += 1) {
      expect((await save(who, { kind: 'mainland', number: freshNumber() })).statusCode).toBe(200);
    }
    const number = freshNumber();
    const limited = await save(who, { kind: 'mainland', number });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'too_frequent' });
    const mine = await call('GET', apiUrl('/user_credentials/mine', { meeting_id: meetingId }), who);
    expect((mine.json() as { credential: UserCredential }).credential.number_mask.slice(-4)).not.toBe(
      number.slice(-4),
    );
  });
});

describe('the console (credentials.read / .reveal / .settings)', () => {
  const base = () => `/console/meetings/${meetingId}/credentials`;

  it('settings: kinds accepted, and purge_after follows the meeting end + retention days', async () => {
    const res = await call('PUT', apiUrl(`${base()}/settings`), world.logins.organiser, {
      required: 1,
      kinds: ['mainland', 'passport'],
      retention_days: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ required: 1, kinds: ['mainland', 'passport'], retention_days: 10 });
    const [meeting] = await world.t.database.db.select().from(meetings).where(eq(meetings.id, meetingId));
    const expected = (meeting?.end.getTime() ?? 0) + 10 * 86_400_000;
    for (const row of await credentialRows()) expect(row.purgeAfter.getTime()).toBe(expected);
    const who = await person();
    const refused = await save(who, { kind: 'taiwan_permit', number: validIdNumber('83000019851120456') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'credential.kind_not_accepted' });
    const rule = await call('GET', apiUrl('/user_credentials/mine', { meeting_id: meetingId }), who);
    expect(rule.json()).toMatchObject({
      credential: null,
      rule: { required: 1, kinds: ['mainland', 'passport'] },
    });
  });

  it('a real-name meeting refuses registration without a credential (409 credential.required) and takes it after', async () => {
    const rule = await call('PUT', apiUrl(`${base()}/settings`), world.logins.organiser, {
      required: 1,
      kinds: ['mainland', 'passport'],
      retention_days: 10,
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const activity = await insertActivity(world.t.database.db, { meetingId, prices: [{ amount: 0 }] });
    const who = await person();
    const register = () =>
      call('POST', apiUrl('/tickets'), who, {
        activity_id: activity.activityId,
        price_id: activity.priceIds[0],
      });
    const refused = await register();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'credential.required' });
    const stored = await world.t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.activityId, activity.activityId));
    expect(stored).toHaveLength(0);
    expect((await save(who, { kind: 'mainland', number: freshNumber() })).statusCode).toBe(200);
    const taken = await register();
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('counts by kind, lists masked; only owners reveal, and the reveal is audited', async () => {
    const counts = (
      await call('GET', apiUrl(`${base()}/counts`), world.logins.organiser)
    ).json() as ConsoleCredentialCounts;
    expect(counts.total).toBeGreaterThan(3);
    expect(counts.by_kind.passport).toBe(1);
    const all = await call(
      'GET',
      apiUrl('/meeting/credentials/count', { meeting_id: meetingId, all: '1' }),
      world.logins.organiser,
    );
    expect(all.json()).toEqual({ total: counts.total });
    expect(
      (
        await call(
          'GET',
          apiUrl('/meeting/credentials/count', { meeting_id: meetingId, all: '1' }),
          world.logins.user,
        )
      ).statusCode,
    ).toBe(403);
    const list = await call('GET', apiUrl(base(), { kind: 'mainland' }), world.logins.organiser);
    const results = (list.json() as { results: ConsoleCredential[] }).results;
    expect(results.length).toBe(counts.by_kind.mainland);
    expect(results.every((row) => row.number_mask.includes('*'))).toBe(true);
    const target = wireIdText(results[0]?._id);
    expect(
      (await call('POST', apiUrl(`${base()}/${target}/reveal`), world.logins.organiser)).statusCode,
    ).toBe(403);
    const revealed = await call('POST', apiUrl(`${base()}/${target}/reveal`), owner);
    expect(revealed.statusCode, revealed.body).toBe(200);
    const number = (revealed.json() as { number: string }).number;
    expect(number).toMatch(/^\d{17}[\dX]$/);
    expect(number.slice(-4)).toBe(results[0]?.number_mask.slice(-4));
    const audits = await world.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'credentials.reveal'));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain(number);
  });

  it('deletes one, and the daily purge removes rows past their retention', async () => {
    const list = (await call('GET', apiUrl(base()), world.logins.organiser)).json() as {
      results: ConsoleCredential[];
    };
    const target = wireIdText(list.results[0]?._id);
    expect((await call('DELETE', apiUrl(`${base()}/${target}`), world.logins.organiser)).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', apiUrl(`${base()}/${target}`), world.logins.organiser)).statusCode).toBe(
      404,
    );
    const left = (await credentialRows()).length;
    const { db } = world.t.database;
    const [meeting] = await db.select().from(meetings).where(eq(meetings.id, meetingId));
    const end = meeting?.end.getTime() ?? 0;
    expect(await purgeExpiredCredentials(db, new Date(end + 9 * 86_400_000))).toBe(0);
    // The meeting moves 100 days later after the credentials were saved: the purge follows the new end.
    const movedEnd = end + 100 * 86_400_000;
    await db
      .update(meetings)
      .set({ end: new Date(movedEnd) })
      .where(eq(meetings.id, meetingId));
    try {
      expect(await purgeExpiredCredentials(db, new Date(end + 11 * 86_400_000))).toBe(0);
      expect(await credentialRows()).toHaveLength(left);
      const listed = (await call('GET', apiUrl(base()), world.logins.organiser)).json() as {
        results: ConsoleCredential[];
      };
      expect(listed.results[0]?.purge_after).toBe(Math.floor((movedEnd + 10 * 86_400_000) / 1000));
      expect(await purgeExpiredCredentials(db, new Date(movedEnd + 9 * 86_400_000))).toBe(0);
      expect(await purgeExpiredCredentials(db, new Date(movedEnd + 11 * 86_400_000))).toBe(left);
      expect(await credentialRows()).toHaveLength(0);
    } finally {
      await db
        .update(meetings)
        .set({ end: new Date(end) })
        .where(eq(meetings.id, meetingId));
    }
  });

  it('refuses saving and checking for a deleted meeting (404), nothing stored', async () => {
    const { db } = world.t.database;
    const who = await person();
    await db.update(meetings).set({ deleted: 1 }).where(eq(meetings.id, meetingId));
    try {
      const res = await save(who, { kind: 'mainland', number: freshNumber() });
      expect(res.statusCode, res.body).toBe(404);
      const check = await call('POST', apiUrl(`/meetings/${meetingId}/credential`), who, {
        kind: 'mainland',
        number: freshNumber(),
      });
      expect(check.statusCode).toBe(404);
      expect((await credentialRows()).filter((row) => row.userId === who.userId)).toHaveLength(0);
    } finally {
      await db.update(meetings).set({ deleted: 0 }).where(eq(meetings.id, meetingId));
    }
  });
});

describe('GET /ocrs/idcard (§5)', () => {
  async function uploadAs(who: Person, bytes: Buffer): Promise<string> {
    const token = await call('POST', apiUrl('/tokens/qiniu'), who, { key: 'card.png' });
    expect(token.statusCode, token.body).toBe(200);
    const boundary = `----ocr-${randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token.json().uptoken}\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await world.t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().key as string;
  }

  /** The photo, its web copies and its row's name are gone after recognition (§3 data kept only as needed). */
  async function expectPhotoGone(key: string): Promise<void> {
    const fileUrl = `/api/files/image/${key}`;
    expect((await world.t.app.inject({ method: 'GET', url: fileUrl })).statusCode).toBe(404);
    for (const suffix of webVariantSuffixes().slice(0, 3)) {
      expect((await world.t.app.inject({ method: 'GET', url: `${fileUrl}?${suffix}` })).statusCode).toBe(404);
    }
    const [row] = await world.t.database.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({ size: 0, originalName: '' });
  }

  it("reads name and number from the caller's uploaded card; others' keys are 404", {
    timeout: 60_000,
  }, async () => {
    const who = await person();
    const number = validIdNumber('11010519900307123');
    const key = await uploadAs(who, await idCardPng({ name: '张三', number }));
    const res = await call('GET', apiUrl('/ocrs/idcard', { key, meeting_id: meetingId }), who);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kind: 'mainland', name: '张三', number });
    await expectPhotoGone(key);
    expect((await call('GET', apiUrl('/ocrs/idcard', { key }), who)).statusCode).toBe(404);
    const stranger = await person();
    expect((await call('GET', apiUrl('/ocrs/idcard', { key }), stranger)).statusCode).toBe(404);
    expect((await call('GET', apiUrl('/ocrs/idcard', { key: '../etc/passwd' }), who)).statusCode).toBe(404);
    expect((await call('GET', apiUrl('/ocrs/idcard', { key }), null)).statusCode).toBe(401);
  });

  it('refuses a passport photo with 422 and the §5 message', { timeout: 60_000 }, async () => {
    const who = await person();
    const key = await uploadAs(who, await passportPng());
    const res = await call('GET', apiUrl('/ocrs/idcard', { key }), who);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'ocr.unsupported',
      message:
        'ID recognition supports only mainland China ID cards and Hong Kong/Macao/Taiwan residence permits',
    });
    await expectPhotoGone(key);
  });
});
