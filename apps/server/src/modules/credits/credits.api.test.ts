import type {
  ActivityCredits,
  ConsoleActivityCredits,
  ConsoleUnionCode,
  ImportUnionCodesResult,
  MyUnionCode,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { insertActivity } from '../activities/activities.fixtures.ts';
import { newPerson, type Person } from '../appointments/appointments.fixtures.ts';
import { newTicketCode } from '../tickets/tickets.service.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { pdfText } from './credits.fixtures.ts';
import { unionCodes } from './credits.tables.ts';

/**
 * Credits and union codes through the API (§7 GET /activities/{id}/credits, PUT
 * /activity/attendees/unioncode, GET /activity/unioncodes; the console's credits area): credits are
 * earned only after check-in, the certificate PDF carries the name and the credits in Noto CJK, 20
 * parallel claims of one code leave exactly one winner, a ticket holds one code, only an approved
 * ticket takes one, a rejected or deleted ticket's code is free again, codes match after NFKC and
 * upper-casing, and the console actions credits.edit / unioncodes.edit.
 */

let world: DemoWorld;
let meetingId: string;
let activityId: string;
let priceId: string;

type Who = { token: string } | null;
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, json?: unknown) {
  return world.t.call(method, url, {
    headers: who ? bearer(who as never) : {},
    ...(json === undefined ? {} : { json }),
  });
}

/** A new user with a ticket of the training (registered, status 1, unless told); returns the person and ticket. */
async function attendee(name: string, activity = activityId, price = priceId, status = 1) {
  const person = await newPerson(world.t, meetingId);
  const ticketId = newId();
  const code = newTicketCode();
  await world.t.database.db.insert(tickets).values({
    id: ticketId,
    meetingId,
    activityId: activity,
    priceId: price,
    userId: person.userId,
    status,
    name,
    code,
  });
  return { person, ticketId, code };
}

/** Checks a ticket in through the staff scan (PUT /tickets/{id}/approve). */
async function checkIn(ticketId: string, code: string) {
  const res = await call('PUT', apiUrl(`/tickets/${ticketId}/approve`), world.logins.checkin, {
    code,
    scan_key: `scan-${newId()}`,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const consoleBase = () => `/console/meetings/${meetingId}`;

async function setCredits(body: Record<string, unknown>, who: Who = world.logins.organiser) {
  return call('PUT', apiUrl(`${consoleBase()}/credits/${activityId}`), who, body);
}

async function importCodes(body: Record<string, unknown>, who: Who = world.logins.organiser) {
  return call('POST', apiUrl(`${consoleBase()}/unioncodes/import`), who, {
    activity_id: activityId,
    ...body,
  });
}

function claim(who: Person, ticketId: string, code: string) {
  return call('PUT', apiUrl('/activity/attendees/unioncode'), who, { ticket_id: ticketId, code });
}

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  const inserted = await insertActivity(world.t.database.db, {
    meetingId,
    title: { zh: '继续教育培训', en: 'CME training' },
  });
  activityId = inserted.activityId;
  priceId = inserted.priceIds[0] as string;
});
afterAll(() => world.t.close());

describe('credits (§7 GET /activities/{id}/credits)', () => {
  it('lets the console set credits and wording per language (credits.edit only)', async () => {
    expect((await setCredits({ enabled: 1, credits: 1.5 }, world.logins.participant)).statusCode).toBe(403);
    expect((await setCredits({ enabled: 1, credits: 1.55 })).statusCode).toBe(400);
    expect((await setCredits({ enabled: 1, credits: 1001 })).statusCode).toBe(400);
    const res = await setCredits({
      enabled: 1,
      credits: 1.5,
      certificate_title: { zh: 'CME 学分', en: 'CME credits' },
      signer: { zh: '王主任', en: 'Dr Wang, director' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as ConsoleActivityCredits;
    expect(saved).toMatchObject({ enabled: 1, credits: 1.5, credits_tenths: 15 });
    const list = await call('GET', apiUrl(`${consoleBase()}/credits`), world.logins.organiser);
    expect(list.statusCode).toBe(200);
    const item = (list.json() as { items: ConsoleActivityCredits[] }).items.find(
      (i) => i.activity_id.$id === activityId,
    );
    expect(item?.signer).toEqual({ zh: '王主任', en: 'Dr Wang, director' });
    expect((await call('GET', apiUrl(`${consoleBase()}/credits`), world.logins.checkin)).statusCode).toBe(
      403,
    );
  });

  it('awards them only after check-in; the certificate PDF carries the name and credits', async () => {
    const { person, ticketId, code } = await attendee('张三 Zhang San');
    const before = await call('GET', apiUrl(`/activities/${activityId}/credits`), person);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ enabled: 1, credits: 1.5, earned: 0, certificate_url: null });
    const early = await call(
      'GET',
      apiUrl(`/activities/${activityId}/credits/certificate`, { ticket_id: ticketId }),
      person,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('credits.not_earned');

    await checkIn(ticketId, code);
    const after = (
      await call('GET', apiUrl(`/activities/${activityId}/credits`), person)
    ).json() as ActivityCredits;
    expect(after).toMatchObject({
      earned: 1,
      credits: 1.5,
      certificate_number: `CR-${ticketId.slice(-12).toUpperCase()}`,
    });
    expect(after.checked_in_at).toBeGreaterThan(0);
    expect(after.certificate_url).toBe(
      `/api/activities/${activityId}/credits/certificate?ticket_id=${ticketId}`,
    );

    const pdf = await call('GET', `${after.certificate_url}&lang=zh`, person);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain('certificate-CR-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('张三 Zhang San');
    expect(text).toContain('1.5 CME 学分');
    expect(text).toContain('继续教育培训');
    expect(text).toContain('王主任');
    expect(pdf.rawPayload.includes('NotoSansCJKsc-Regular')).toBe(true);

    // Another user, even the organiser, gets no certificate of this ticket.
    const stranger = await newPerson(world.t, meetingId);
    expect((await call('GET', after.certificate_url ?? '', stranger)).statusCode).toBe(404);
    expect((await call('GET', after.certificate_url ?? '', world.logins.organiser)).statusCode).toBe(404);
    // Disabled credits: nothing earned, no certificate.
    expect((await setCredits({ enabled: 0, credits: 1.5 })).statusCode).toBe(200);
    const off = (
      await call('GET', apiUrl(`/activities/${activityId}/credits`), person)
    ).json() as ActivityCredits;
    expect(off).toMatchObject({ enabled: 0, earned: 0 });
    expect((await call('GET', after.certificate_url ?? '', person)).statusCode).toBe(409);
    expect((await setCredits({ enabled: 1, credits: 1.5 })).statusCode).toBe(200);
  });

  it('exports earned credits per attendee as XLSX', async () => {
    const res = await call(
      'GET',
      apiUrl(`${consoleBase()}/credits/export`, { activity_id: activityId, lang: 'zh' }),
      world.logins.organiser,
    );
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('name');
    const rows = (sheet?.getSheetValues() ?? []).slice(2) as unknown[][];
    expect(
      rows.some((row) => row[1] === '张三 Zhang San' && row[5] === '继续教育培训' && row[6] === 1.5),
    ).toBe(true);
    expect(
      (await call('GET', apiUrl(`${consoleBase()}/credits/export`), world.logins.participant)).statusCode,
    ).toBe(403);
  });
});

describe('union codes (§7 PUT /activity/attendees/unioncode, GET /activity/unioncodes)', () => {
  it('imports with a per-row report: empty, too long, duplicate in file, already exists', async () => {
    const first = await importCodes({ format: 'lines', partner: 'Partner A', text: 'code\nAAA-1\nAAA-2\n' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ rows: 2, imported: 2, problem_total: 0 });
    const long = 'X'.repeat(65);
    const csv = Buffer.from(`AAA-2\n\n${long}\nRACE-1\nRACE-1\nONE-1\nONE-2\n`).toString('base64');
    const dry = await importCodes({ format: 'csv', file: csv, dry_run: 1 });
    expect(dry.json()).toMatchObject({ imported: 0, accepted: 3 });
    const res = await importCodes({ format: 'csv', partner: 'Partner B', file: csv });
    const report = res.json() as ImportUnionCodesResult;
    expect(report).toMatchObject({ rows: 7, imported: 3, problem_total: 4 });
    expect(report.problems.map((p) => [p.line, p.problem])).toEqual([
      [1, 'exists'],
      [2, 'empty'],
      [3, 'too_long'],
      [5, 'duplicate_in_file'],
    ]);
    // XLSX: the first column of the first sheet.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('codes');
    for (const code of ['Code', 'X-1', 'X-2', 'ONE-1']) sheet.addRow([code, 'ignored']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const xlsx = (await importCodes({ format: 'xlsx', file })).json() as ImportUnionCodesResult;
    expect(xlsx).toMatchObject({ rows: 3, imported: 2, problem_total: 1 });
    expect(
      (await importCodes({ format: 'xlsx', file: Buffer.from('not a zip').toString('base64') })).statusCode,
    ).toBe(400);
    expect((await importCodes({ format: 'lines', text: 'Z-1' }, world.logins.checkin)).statusCode).toBe(403);
  });

  it('lets exactly one of 20 parallel claims of one code win', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => attendee(`Racer ${i}`)));
    const answers = await Promise.all(people.map((p) => claim(p.person, p.ticketId, 'RACE-1')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('unioncode.used');
    const winner = people[statuses.indexOf(200)] as (typeof people)[number];
    const mine = await call(
      'GET',
      apiUrl('/activity/unioncodes', { activity_id: activityId }),
      winner.person,
    );
    expect((mine.json() as { results: MyUnionCode[] }).results.map((r) => r.code)).toEqual(['RACE-1']);
    const list = await call(
      'GET',
      apiUrl(`${consoleBase()}/unioncodes`, { activity_id: activityId, used: '1' }),
      world.logins.organiser,
    );
    const used = (list.json() as { items: ConsoleUnionCode[] }).items.find((i) => i.code === 'RACE-1');
    expect(used).toMatchObject({
      used: 1,
      ticket_name: `Racer ${statuses.indexOf(200)}`,
    });
  });

  it('keeps one code per ticket, refuses unknown codes and other people’s tickets', async () => {
    const { person, ticketId } = await attendee('Li Si');
    const unknown = await claim(person, ticketId, 'NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('unioncode.not_found');
    expect((await claim(person, ticketId, ' one-1 ')).statusCode).toBe(200);
    // The same code again is fine; another code for the same ticket is not.
    expect((await claim(person, ticketId, 'ONE-1')).statusCode).toBe(200);
    const second = await claim(person, ticketId, 'ONE-2');
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('unioncode.ticket_has_code');
    // Two different codes at once for a fresh ticket: one gets it.
    const other = await attendee('Wang Wu');
    const both = await Promise.all([
      claim(other.person, other.ticketId, 'X-1'),
      claim(other.person, other.ticketId, 'X-2'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // Someone else's ticket, a missing body field, a deleted ticket.
    const stranger = await newPerson(world.t, meetingId);
    expect((await claim(stranger, ticketId, 'ONE-2')).statusCode).toBe(404);
    expect(
      (await call('PUT', apiUrl('/activity/attendees/unioncode'), person, { ticket_id: ticketId }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', apiUrl('/activity/attendees/unioncode'), null, { ticket_id: ticketId, code: 'A' }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a 21st try within ten minutes (codes cannot be guessed)', async () => {
    const { person, ticketId } = await attendee('Guesser');
    for (let i = 0; i < 20; i += 1)
      expect((await claim(person, ticketId, `GUESS-${i}`)).statusCode).toBe(404);
    const refused = await claim(person, ticketId, 'ONE-2');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
  });

  it('deletes only unused codes and exports them', async () => {
    const list = await call(
      'GET',
      apiUrl(`${consoleBase()}/unioncodes`, { activity_id: activityId, limit: 200 }),
      world.logins.organiser,
    );
    const body = list.json() as { items: ConsoleUnionCode[]; total: number; used_total: number };
    expect(body.total).toBe(7);
    expect(body.used_total).toBe(3);
    const used = body.items.find((i) => i.used === 1) as ConsoleUnionCode;
    const unused = body.items.find((i) => i.used === 0) as ConsoleUnionCode;
    const refused = await call(
      'DELETE',
      apiUrl(`${consoleBase()}/unioncodes/${used._id.$id}`),
      world.logins.organiser,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('unioncode.in_use');
    expect(
      (
        await call(
          'DELETE',
          apiUrl(`${consoleBase()}/unioncodes/${unused._id.$id}`),
          world.logins.participant,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', apiUrl(`${consoleBase()}/unioncodes/${unused._id.$id}`), world.logins.organiser))
        .statusCode,
    ).toBe(200);
    const file = await call(
      'GET',
      apiUrl(`${consoleBase()}/unioncodes/export`, { activity_id: activityId }),
      world.logins.organiser,
    );
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.rowCount).toBe(1 + 6);
  });

  it('matches full-width and lower-case input to the stored code (NFKC, trimmed, upper case)', async () => {
    const report = (await importCodes({ format: 'lines', text: 'fw-ab1\nＦＷ－ＡＢ２\nFW-AB2\n' })).json();
    expect(report).toMatchObject({ rows: 3, imported: 2, problem_total: 1 });
    expect((report as ImportUnionCodesResult).problems[0]).toMatchObject({
      line: 3,
      code: 'FW-AB2',
      problem: 'duplicate_in_file',
    });
    const one = await attendee('Full Width');
    const res = await claim(one.person, one.ticketId, '　ｆｗ－ａｂ１　');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { code: MyUnionCode }).code.code).toBe('FW-AB1');
    // The same code in another form again answers it.
    expect((await claim(one.person, one.ticketId, 'Fw-Ab1')).statusCode).toBe(200);
    const two = await attendee('Lower Case');
    expect((await claim(two.person, two.ticketId, ' fw-ab2 ')).statusCode).toBe(200);
  });

  it('takes a code only on an approved ticket (§4 status 1 or 3)', async () => {
    await importCodes({ format: 'lines', text: 'GATE-1\n' });
    for (const status of [0, 2]) {
      const { person, ticketId } = await attendee(`Status ${status}`, activityId, priceId, status);
      const res = await claim(person, ticketId, 'GATE-1');
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('unioncode.ticket_not_approved');
    }
    const approved = await attendee('Approved');
    expect((await claim(approved.person, approved.ticketId, 'GATE-1')).statusCode).toBe(200);
  });

  it('frees the code of a rejected, soft-deleted or hard-deleted ticket; one of parallel claims wins it', async () => {
    await importCodes({ format: 'lines', text: 'REL-1\nREL-2\nREL-3\n' });
    const db = world.t.database.db;
    const holders = await Promise.all(['Rejected', 'Deleted', 'Removed'].map((name) => attendee(name)));
    for (const [i, h] of holders.entries())
      expect((await claim(h.person, h.ticketId, `REL-${i + 1}`)).statusCode).toBe(200);
    const [rejected, deleted, removed] = holders as [
      (typeof holders)[number],
      (typeof holders)[number],
      (typeof holders)[number],
    ];
    await db.update(tickets).set({ status: 2 }).where(eq(tickets.id, rejected.ticketId));
    await db.update(tickets).set({ deleted: 1 }).where(eq(tickets.id, deleted.ticketId));
    await db.delete(tickets).where(eq(tickets.id, removed.ticketId));
    // The console counts them unused; the rejected registrant no longer lists it.
    const list = await call(
      'GET',
      apiUrl(`${consoleBase()}/unioncodes`, { activity_id: activityId, q: 'REL-', used: '0' }),
      world.logins.organiser,
    );
    const free = (list.json() as { items: ConsoleUnionCode[] }).items;
    expect(free.map((i) => [i.code, i.used, i.ticket_id, i.used_by]).sort()).toEqual([
      ['REL-1', 0, null, null],
      ['REL-2', 0, null, null],
      ['REL-3', 0, null, null],
    ]);
    const mine = await call(
      'GET',
      apiUrl('/activity/unioncodes', { activity_id: activityId }),
      rejected.person,
    );
    expect((mine.json() as { results: MyUnionCode[] }).results).toEqual([]);
    // Ten people race for the rejected ticket's code: exactly one wins.
    const racers = await Promise.all(Array.from({ length: 10 }, (_, i) => attendee(`Taker ${i}`)));
    const answers = await Promise.all(racers.map((r) => claim(r.person, r.ticketId, 'REL-1')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const taker = racers[answers.findIndex((a) => a.statusCode === 200)] as (typeof racers)[number];
    const [row] = await db.select().from(unionCodes).where(eq(unionCodes.code, 'REL-1'));
    expect(row).toMatchObject({ ticketId: taker.ticketId, usedBy: taker.person.userId });
    // The deleted tickets' codes are claimable too.
    const next = await attendee('Next');
    expect((await claim(next.person, next.ticketId, 'REL-2')).statusCode).toBe(200);
    const last = await attendee('Last');
    expect((await claim(last.person, last.ticketId, 'REL-3')).statusCode).toBe(200);
  });
});
