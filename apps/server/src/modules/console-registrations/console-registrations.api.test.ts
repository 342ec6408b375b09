import type { ConsoleRegistration, LoginResult, Ticket } from '@app/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  type ActivitySpec,
  type InsertedActivity,
  insertActivity,
  insertStaff,
} from '../activities/activities.fixtures.ts';
import { activities, activityPrices } from '../activities/activities.tables.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { outboxMessages } from '../messages/messages.tables.ts';
import { login, loginWithPhone, mobile } from '../tickets/tickets.fixtures.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { exportRegistrations } from './console-registrations.files.ts';

/**
 * The console's registrations calls (DESIGN §7; §4 review and resubmission, §6 input_by_admin):
 * list/search/filters, one registration, review with a reason the registrant sees and is sent,
 * stale edits, bulk review counted first and racing itself, add by hand, seats, import all or
 * nothing with line errors, the XLSX export equal to SQL, check-ins and the audit rows.
 */

let t: TestApp;
const meetingId = ids.meeting;
let organiser: LoginResult;
let checkinStaff: LoginResult;
let phoneSeq = 7000;
const base = `/console/meetings/${meetingId}`;

function call(
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  who: LoginResult,
  json?: unknown,
  query?: Record<string, unknown>,
) {
  return t.call(method, apiUrl(path, query), {
    headers: bearer(who),
    ...(json !== undefined ? { json } : {}),
  });
}

async function activityWith(spec: Partial<ActivitySpec> = {}) {
  return insertActivity(t.database.db, {
    meetingId,
    isReview: 1,
    questions: [
      { type: 'text', field: 'name', isRequired: 1, title: 'Name' },
      { type: 'phone', field: 'phone', title: 'Phone' },
      { type: 'text', field: 'company', title: 'Company' },
      {
        type: 'radio',
        title: 'Meal',
        options: [
          { id: 'veg', title: 'Vegetarian' },
          { id: 'meat', title: 'Meat' },
        ],
      },
    ],
    ...spec,
  });
}

async function register(activity: InsertedActivity, name: string, who?: LoginResult) {
  phoneSeq += 1;
  const person = who ?? (await login(t, meetingId));
  const [nameQ, phoneQ, companyQ, mealQ] = activity.questionIds as [string, string, string, string];
  const response = await call('POST', '/tickets', person, {
    activity_id: activity.activityId,
    data: {
      [nameQ]: name,
      [phoneQ]: { area_code: '86', number: mobile(phoneSeq) },
      [companyQ]: `${name} Co`,
      [mealQ]: 'veg',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { person, ticket: response.json().results[0] as Ticket };
}

async function auditRows(entityId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
}

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
  organiser = await loginWithPhone(t, meetingId, '+8613900139101');
  checkinStaff = await loginWithPhone(t, meetingId, '+8613900139102');
  await insertStaff(t.database.db, { meetingId, phone: '+8613900139101', role: 'organiser' });
  await insertStaff(t.database.db, { meetingId, phone: '+8613900139102', role: 'checkin' });
});

afterAll(async () => {
  await t.close();
});

describe('list and one registration', () => {
  it('pages, filters and searches, and refuses a role without registration.read', async () => {
    const activity = await activityWith();
    await register(activity, 'Zhang Wei');
    await register(activity, 'Li Na');
    await register(activity, 'Wang Fang');
    const all = await call('GET', `${base}/registrations`, organiser, undefined, {
      activity_id: activity.activityId,
      limit: 2,
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().items.map((r: ConsoleRegistration) => r.name)).toEqual(['Wang Fang', 'Li Na']);
    const next = await call('GET', `${base}/registrations`, organiser, undefined, {
      activity_id: activity.activityId,
      limit: 2,
      skip: 2,
    });
    expect(next.json().items.map((r: ConsoleRegistration) => r.name)).toEqual(['Zhang Wei']);
    const search = await call('GET', `${base}/registrations`, organiser, undefined, {
      activity_id: activity.activityId,
      q: 'li n',
    });
    expect(search.json().items.map((r: ConsoleRegistration) => r.name)).toEqual(['Li Na']);
    const byCompany = await call('GET', `${base}/registrations`, organiser, undefined, {
      q: 'wang fang co',
      status: '0',
    });
    expect(byCompany.json().total).toBe(1);
    const wildcard = await call('GET', `${base}/registrations`, organiser, undefined, {
      activity_id: activity.activityId,
      q: '%',
    });
    expect(wildcard.json().total).toBe(0);
    const checkedIn = await call('GET', `${base}/registrations`, organiser, undefined, {
      activity_id: activity.activityId,
      checked_in: '1',
    });
    expect(checkedIn.json().total).toBe(0);
    const refused = await call('GET', `${base}/registrations`, checkinStaff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('no_permission');
  });

  it('answers one registration with its answers as text', async () => {
    const activity = await activityWith();
    const { ticket } = await register(activity, 'Answer Person');
    const one = await call('GET', `${base}/registrations/${ticket._id.$id}`, organiser);
    expect(one.statusCode, one.body).toBe(200);
    const texts = one.json().answers.map((a: { text: string }) => a.text);
    expect(texts).toContain('Answer Person');
    expect(texts).toContain('Vegetarian');
    const missing = await call('GET', `${base}/registrations/${'f'.repeat(24)}`, organiser);
    expect(missing.statusCode).toBe(404);
    const options = await call('GET', `${base}/registration-options`, organiser);
    const mine = options
      .json()
      .activities.find((a: { _id: { $id: string } }) => a._id.$id === activity.activityId);
    expect(mine.questions.map((q: { title: string }) => q.title)).toEqual([
      'Name',
      'Phone',
      'Company',
      'Meal',
    ]);
    expect(mine.prices).toHaveLength(1);
  });
});

describe('review', () => {
  it('rejects with a reason the registrant sees and is sent, and lets them resubmit when allowed', async () => {
    const activity = await activityWith({ enableResubmitAnswer: 1 });
    const { person, ticket } = await register(activity, 'Rejected Person');
    const before = (await call('GET', `${base}/registrations/${ticket._id.$id}`, organiser)).json()
      .registration;
    const rejected = await call('PUT', `${base}/registrations/${ticket._id.$id}/review`, organiser, {
      status: 2,
      reason: 'Please use your work e-mail',
      updated_at: before.updated_at,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 2, review_reason: 'Please use your work e-mail' });
    const mine = await call('GET', '/tickets', person, undefined, {
      meeting_id: meetingId,
      activity_id: activity.activityId,
    });
    expect(mine.json().results[0]).toMatchObject({ status: 2, review_reason: 'Please use your work e-mail' });
    const sent = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, `+86${mobile(phoneSeq)}`));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toContain('Please use your work e-mail');
    expect(await auditRows(ticket._id.$id)).toHaveLength(1);
    const [price] = await t.database.db
      .select()
      .from(activityPrices)
      .where(eq(activityPrices.activityId, activity.activityId));
    expect(price?.soldTotal).toBe(0);
    // Resubmission (§4): back under review, the place taken again.
    const [nameQ, phoneQ] = activity.questionIds as [string, string];
    const resubmitted = await call('PUT', `/tickets/${ticket._id.$id}`, person, {
      data: { [nameQ]: 'Rejected Person', [phoneQ]: { area_code: '86', number: mobile(phoneSeq) } },
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json().status).toBe(0);
    const [again] = await t.database.db
      .select()
      .from(activityPrices)
      .where(eq(activityPrices.activityId, activity.activityId));
    expect(again?.soldTotal).toBe(1);
  });

  it('takes the places of a rejected registration again once when it is resubmitted twice at once', async () => {
    const activity = await activityWith({ enableResubmitAnswer: 1 });
    const { person, ticket } = await register(activity, 'Twice Resubmitted');
    const read = (await call('GET', `${base}/registrations/${ticket._id.$id}`, organiser)).json()
      .registration;
    const rejected = await call('PUT', `${base}/registrations/${ticket._id.$id}/review`, organiser, {
      status: 2,
      updated_at: read.updated_at,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [nameQ, phoneQ] = activity.questionIds as [string, string];
    const data = { [nameQ]: 'Twice Resubmitted', [phoneQ]: { area_code: '86', number: mobile(phoneSeq) } };
    // Both read the rejected ticket before either writes: the database is held until both are waiting.
    let release = () => {};
    const held = t.database.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    const racing = Promise.all([
      call('PUT', `/tickets/${ticket._id.$id}`, person, { data }),
      call('PUT', `/tickets/${ticket._id.$id}`, person, { data }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await held;
    const answers = await racing;
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    const [price] = await t.database.db
      .select()
      .from(activityPrices)
      .where(eq(activityPrices.activityId, activity.activityId));
    const [act] = await t.database.db.select().from(activities).where(eq(activities.id, activity.activityId));
    expect(price?.soldTotal).toBe(1);
    expect(act?.ticketTotal).toBe(1);
  });

  it('approves; a stale updated_at is 409 conflict.stale and a second review 409', async () => {
    const activity = await activityWith();
    const { person, ticket } = await register(activity, 'Approved Person');
    const read = (await call('GET', `${base}/registrations/${ticket._id.$id}`, organiser)).json()
      .registration;
    const stale = await call('PUT', `${base}/registrations/${ticket._id.$id}/review`, organiser, {
      status: 1,
      updated_at: read.updated_at - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict.stale');
    const approved = await call('PUT', `${base}/registrations/${ticket._id.$id}/review`, organiser, {
      status: 1,
      updated_at: read.updated_at,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mine = await call('GET', '/tickets', person, undefined, {
      meeting_id: meetingId,
      activity_id: activity.activityId,
    });
    expect(mine.json().results[0].status).toBe(1);
    const again = await call('PUT', `${base}/registrations/${ticket._id.$id}/review`, organiser, {
      status: 2,
      updated_at: read.updated_at,
    });
    expect(again.statusCode).toBe(409);
    const refused = await call('PUT', `${base}/registrations/${ticket._id.$id}/review`, checkinStaff, {
      status: 1,
      updated_at: 0,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('counts a bulk review first; two bulk reviews at once review each once and keep the counters right', async () => {
    const activity = await activityWith({ prices: [{ title: 'Standard', total: 6 }] });
    for (let i = 0; i < 6; i += 1) await register(activity, `Bulk ${i}`);
    const dry = await call('POST', `${base}/registrations/review`, organiser, {
      status: 1,
      activity_id: activity.activityId,
      dry_run: 1,
    });
    expect(dry.json()).toEqual({ matched: 6, changed: 0 });
    const [approve, reject, approveAgain] = await Promise.all([
      call('POST', `${base}/registrations/review`, organiser, {
        status: 1,
        activity_id: activity.activityId,
      }),
      call('POST', `${base}/registrations/review`, organiser, {
        status: 2,
        reason: 'Full',
        activity_id: activity.activityId,
      }),
      call('POST', `${base}/registrations/review`, organiser, {
        status: 1,
        activity_id: activity.activityId,
      }),
    ]);
    for (const r of [approve, reject, approveAgain]) expect(r.statusCode, r.body).toBe(200);
    const changed = [approve, reject, approveAgain].reduce((n, r) => n + r.json().changed, 0);
    expect(changed).toBe(6);
    const rows = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.activityId, activity.activityId));
    expect(rows.every((r) => r.status === 1 || r.status === 2)).toBe(true);
    const live = rows.filter((r) => r.status !== 2).length;
    const [price] = await t.database.db
      .select()
      .from(activityPrices)
      .where(eq(activityPrices.activityId, activity.activityId));
    const [act] = await t.database.db.select().from(activities).where(eq(activities.id, activity.activityId));
    expect(price?.soldTotal).toBe(live);
    expect(act?.ticketTotal).toBe(live);
    expect(live).toBeLessThanOrEqual(6);
    const [audits] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'registration.review'),
          inArray(
            auditLog.entityId,
            rows.map((r) => r.id),
          ),
        ),
      );
    expect(audits?.n).toBe(6);
  });
});

describe('add by hand, seats, import', () => {
  it('adds a registrant by hand (input_by_admin 1) with the registration rules', async () => {
    const activity = await activityWith({ prices: [{ title: 'One seat', total: 1 }] });
    const [nameQ, phoneQ] = activity.questionIds as [string, string];
    const bad = await call('POST', `${base}/registrations`, organiser, {
      activity_id: activity.activityId,
      data: {},
    });
    expect(bad.statusCode).toBe(400);
    const added = await call('POST', `${base}/registrations`, organiser, {
      activity_id: activity.activityId,
      seat_number: 'A-1',
      data: { [nameQ]: 'By Hand', [phoneQ]: { area_code: '86', number: mobile(9001) } },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ input_by_admin: 1, status: 1, seat_number: 'A-1', name: 'By Hand' });
    expect(await auditRows(added.json()._id.$id)).toHaveLength(1);
    const full = await call('POST', `${base}/registrations`, organiser, {
      activity_id: activity.activityId,
      data: { [nameQ]: 'Second', [phoneQ]: { area_code: '86', number: mobile(9002) } },
    });
    expect(full.statusCode).toBe(409);
  });

  it('assigns a seat (stale and taken refused) and numbers a ticket type in bulk', async () => {
    const activity = await activityWith();
    const a = await register(activity, 'Seat A');
    const b = await register(activity, 'Seat B');
    const read = (await call('GET', `${base}/registrations/${a.ticket._id.$id}`, organiser)).json()
      .registration;
    const set = await call('PUT', `${base}/registrations/${a.ticket._id.$id}/seat`, organiser, {
      seat_number: 'R1',
      updated_at: read.updated_at,
    });
    expect(set.statusCode, set.body).toBe(200);
    const stale = await call('PUT', `${base}/registrations/${a.ticket._id.$id}/seat`, organiser, {
      seat_number: 'R2',
      updated_at: read.updated_at,
    });
    expect(stale.json().code).toBe('conflict.stale');
    const readB = (await call('GET', `${base}/registrations/${b.ticket._id.$id}`, organiser)).json()
      .registration;
    const taken = await call('PUT', `${base}/registrations/${b.ticket._id.$id}/seat`, organiser, {
      seat_number: 'R1',
      updated_at: readB.updated_at,
    });
    expect(taken.json().code).toBe('conflict.already_used');
    const bulk = await call('POST', `${base}/registrations/seats`, organiser, {
      price_id: activity.priceIds[0],
      start: 10,
      prefix: 'B-',
    });
    expect(bulk.json()).toEqual({ matched: 2, changed: 2 });
    const rows = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.activityId, activity.activityId));
    expect(rows.map((r) => r.seatNumber).sort()).toEqual(['B-10', 'B-11']);
  });

  it('gives one seat to one registration when two organisers assign it at once', async () => {
    const activity = await activityWith();
    const a = await register(activity, 'Race A');
    const b = await register(activity, 'Race B');
    const read = async (id: string) =>
      (await call('GET', `${base}/registrations/${id}`, organiser)).json().registration;
    const [readA, readB] = await Promise.all([read(a.ticket._id.$id), read(b.ticket._id.$id)]);
    const answers = await Promise.all([
      call('PUT', `${base}/registrations/${a.ticket._id.$id}/seat`, organiser, {
        seat_number: 'Z9',
        updated_at: readA.updated_at,
      }),
      call('PUT', `${base}/registrations/${b.ticket._id.$id}/seat`, organiser, {
        seat_number: 'Z9',
        updated_at: readB.updated_at,
      }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const holders = (
      await t.database.db.select().from(tickets).where(eq(tickets.activityId, activity.activityId))
    ).filter((row) => row.seatNumber === 'Z9');
    expect(holders).toHaveLength(1);
  });

  it('refuses a hand entry or import line whose seat another registration of the activity holds', async () => {
    const activity = await activityWith();
    const [nameQ, phoneQ] = activity.questionIds as [string, string];
    const add = (name: string, n: number) =>
      call('POST', `${base}/registrations`, organiser, {
        activity_id: activity.activityId,
        seat_number: 'K7',
        data: { [nameQ]: name, [phoneQ]: { area_code: '86', number: mobile(n) } },
      });
    expect((await add('First', 9101)).statusCode).toBe(200);
    const second = await add('Second', 9102);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('conflict.already_used');
    const imported = await call('POST', `${base}/registrations/import`, organiser, {
      activity_id: activity.activityId,
      format: 'csv',
      file: Buffer.from(
        [
          'Name,Phone,seat_number',
          `A,${mobile(9103)},K7`,
          `B,${mobile(9104)},K8`,
          `C,${mobile(9105)},K8`,
        ].join('\n'),
      ).toString('base64'),
    });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().data.lines.map((d: { line: number }) => d.line)).toEqual([2, 4]);
    const longSeat = await call('POST', `${base}/registrations/import`, organiser, {
      activity_id: activity.activityId,
      format: 'csv',
      dry_run: 1,
      file: Buffer.from(
        ['Name,Phone,seat_number', `D,${mobile(9106)},${'S'.repeat(5000)}`].join('\n'),
      ).toString('base64'),
    });
    expect(longSeat.statusCode).toBe(400);
    expect(longSeat.json().data.lines.map((d: { line: number }) => d.line)).toEqual([2]);
    const holders = (
      await t.database.db.select().from(tickets).where(eq(tickets.activityId, activity.activityId))
    ).filter((row) => row.seatNumber === 'K7');
    expect(holders).toHaveLength(1);
  });

  it('refuses an import file over 10,000 registrants or 200 columns before checking its lines', async () => {
    const activity = await activityWith();
    const rows = Array.from({ length: 10_001 }, (_, i) => `R${i}`);
    const tooLong = await call('POST', `${base}/registrations/import`, organiser, {
      activity_id: activity.activityId,
      format: 'csv',
      dry_run: 1,
      file: Buffer.from(['Name', ...rows].join('\n')).toString('base64'),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().data.lines).toEqual([{ line: 0, message: expect.stringContaining('10000') }]);
    const tooWide = await call('POST', `${base}/registrations/import`, organiser, {
      activity_id: activity.activityId,
      format: 'csv',
      dry_run: 1,
      file: Buffer.from(
        [Array(201).fill('Name').join(','), Array(201).fill('x').join(',')].join('\n'),
      ).toString('base64'),
    });
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().data.lines).toEqual([{ line: 1, message: expect.stringContaining('200') }]);
  });

  it('refuses an XLSX whose entries unpack to more than 100 MiB before unpacking it', async () => {
    const activity = await activityWith();
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('a').addRow(['Name']);
    const zip = Buffer.from(await workbook.xlsx.writeBuffer());
    // One entry of the central directory says it unpacks to 4 GiB - 2 bytes (as a zip bomb's does).
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(0xfffffffe, central + 24);
    const refused = await call('POST', `${base}/registrations/import`, organiser, {
      activity_id: activity.activityId,
      format: 'xlsx',
      dry_run: 1,
      file: zip.toString('base64'),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.lines).toEqual([
      { line: 0, message: expect.stringContaining('unpacks to more') },
    ]);
  });

  it('imports all or nothing, reporting bad lines', async () => {
    const activity = await activityWith();
    const csv = (lines: string[]) =>
      Buffer.from(['Name,Phone,Company,Meal,seat_number', ...lines].join('\n')).toString('base64');
    const bad = await call('POST', `${base}/registrations/import`, organiser, {
      activity_id: activity.activityId,
      format: 'csv',
      file: csv([
        `Good One,${mobile(8001)},Acme,Vegetarian,S1`,
        `,${mobile(8002)},Acme,Meat,S2`,
        `Bad Phone,123,Acme,Meat,S3`,
        `Dup,${mobile(8001)},Acme,Meat,S4`,
      ]),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(['line/3', 'line/4', 'line/5']);
    expect(bad.json().data.lines.map((d: { line: number }) => d.line)).toEqual([3, 4, 5]);
    const none = await t.database.db
      .select({ n: count() })
      .from(tickets)
      .where(eq(tickets.activityId, activity.activityId));
    expect(none[0]?.n).toBe(0);
    const good = await call('POST', `${base}/registrations/import`, organiser, {
      activity_id: activity.activityId,
      format: 'csv',
      file: csv([`Good One,${mobile(8001)},Acme,Vegetarian,S1`, `Good Two,+86 ${mobile(8003)},Acme,Meat,S2`]),
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ rows: 2, imported: 2 });
    const saved = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.activityId, activity.activityId));
    expect(saved.map((r) => [r.name, r.inputByAdmin, r.seatNumber]).sort()).toEqual([
      ['Good One', 1, 'S1'],
      ['Good Two', 1, 'S2'],
    ]);
    expect(await auditRows(activity.activityId)).toHaveLength(1);
  });
});

describe('export and check-ins', () => {
  it('exports XLSX that, read back with exceljs, equals the registrations in SQL; CSV too', async () => {
    const activity = await activityWith();
    for (let i = 0; i < 5; i += 1) await register(activity, `Export ${i}`);
    const response = await call('GET', `${base}/registrations/export`, organiser, undefined, {
      format: 'xlsx',
      activity_id: activity.activityId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const [header, ...data] = rows as [string[], ...string[][]];
    expect(header).toEqual(expect.arrayContaining(['id', 'name', 'phone', 'Meal']));
    const sqlRows = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.activityId, activity.activityId));
    const col = (name: string) => header.indexOf(name);
    const fromFile = data
      .map((r) => [r[col('id')], r[col('name')], r[col('phone')], r[col('company')], r[col('Meal')]])
      .sort();
    const fromSql = sqlRows.map((r) => [r.id, r.name, r.phone, r.company, 'Vegetarian']).sort();
    expect(fromFile).toEqual(fromSql);
    const csv = await call('GET', `${base}/registrations/export`, organiser, undefined, {
      format: 'csv',
      activity_id: activity.activityId,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split('\r\n')).toHaveLength(6);
    const refused = await call('GET', `${base}/registrations/export`, checkinStaff, undefined, {
      format: 'csv',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('exports every row past a 500-row batch when they share a created_at (one import)', async () => {
    const activity = await activityWith();
    const lines = Array.from({ length: 620 }, (_, i) => `Bulk ${i},${mobile(1000 + i)}`);
    const imported = await call('POST', `${base}/registrations/import`, organiser, {
      activity_id: activity.activityId,
      format: 'csv',
      file: Buffer.from(['Name,Phone', ...lines].join('\n')).toString('base64'),
    });
    expect(imported.json()).toEqual({ rows: 620, imported: 620 });
    // PostgreSQL's now() has microseconds (PGlite's only milliseconds): as an import's rows have there.
    await t.database.db
      .update(tickets)
      .set({ createdAt: sql`'2026-01-02 03:04:05.123456+00'::timestamptz` })
      .where(eq(tickets.activityId, activity.activityId));
    const csv = await call('GET', `${base}/registrations/export`, organiser, undefined, {
      format: 'csv',
      activity_id: activity.activityId,
    });
    const ids = csv.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(new Set(ids).size).toBe(620);
  });

  it("does not name another meeting's form questions when exported with its activity_id", async () => {
    const foreign = await insertActivity(t.database.db, {
      meetingId: ids.otherMeeting,
      questions: [{ type: 'text', title: 'Foreign secret question' }],
    });
    const csv = await call('GET', `${base}/registrations/export`, organiser, undefined, {
      format: 'csv',
      activity_id: foreign.activityId,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Foreign secret question');
  });

  it('defuses formulas in the XLSX export as in the CSV', async () => {
    const activity = await activityWith();
    await register(activity, '=HYPERLINK("http://evil.example","x")');
    const response = await call('GET', `${base}/registrations/export`, organiser, undefined, {
      format: 'xlsx',
      activity_id: activity.activityId,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const cell = sheet.getRow(2).getCell(header.indexOf('name')).value;
    expect(cell).toBe(`'=HYPERLINK("http://evil.example","x")`);
  });

  it('ends a CSV export the client left instead of waiting for it forever', async () => {
    const activity = await activityWith();
    const lines = Array.from({ length: 700 }, (_, i) => `Left ${i},${mobile(3000 + i)}`);
    const imported = await call('POST', `${base}/registrations/import`, organiser, {
      activity_id: activity.activityId,
      format: 'csv',
      file: Buffer.from(['Name,Phone', ...lines].join('\n')).toString('base64'),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const file = await exportRegistrations(
      { db: t.database.db, config: t.app.deps.config },
      {
        userId: organiser.user_id.$id,
        meetingId,
        query: { format: 'csv', activity_id: activity.activityId },
      },
    );
    // Nobody reads: the export waits for the client to drain what it wrote ...
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(file.stream.listenerCount('drain')).toBe(1);
    // ... who goes away (the response closed): the export stops waiting and holds nothing more.
    file.stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(file.stream.listenerCount('drain')).toBe(0);
  });

  it('lists check-ins with counts', async () => {
    const activity = await activityWith({ isReview: 0 });
    await register(activity, 'Checkin A');
    const b = await register(activity, 'Checkin B');
    await t.database.db
      .update(tickets)
      .set({ status: 3, checkedInAt: new Date() })
      .where(eq(tickets.id, b.ticket._id.$id));
    const list = await call('GET', `${base}/checkins`, organiser, undefined, {
      activity_id: activity.activityId,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, approved: 2, checked_in: 1 });
    const done = await call('GET', `${base}/checkins`, organiser, undefined, {
      activity_id: activity.activityId,
      checked_in: '1',
    });
    expect(done.json().items.map((r: ConsoleRegistration) => r.name)).toEqual(['Checkin B']);
  });
});
