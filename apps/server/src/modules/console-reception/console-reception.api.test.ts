import { randomUUID } from 'node:crypto';
import type { ReceptionBoard, ReceptionGuest, ReceptionImportReport, ReceptionPhase } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, wireIdText } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { zipBomb } from '../../../test/zip-bomb.ts';
import { newId } from '../../db/ids.ts';
import { seedDemoReception } from '../../seeds/demo-reception.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { receptionGuests, receptionHistory, receptionPhases } from '../reception/reception.tables.ts';
import { meetingRoles } from '../roles/roles.tables.ts';
import { signIn } from '../users/users.service.ts';
import { users } from '../users/users.tables.ts';

/**
 * The console's reception area (console-reception contracts; §3 Guest, Reception guest; §4; §6; §8):
 * reception.manage only (the board also for the desk); guests CRUD with E.164 phones, lower-cased
 * e-mails, generated codes and 409 duplicates; the XLSX import's per-row report (bad phone, duplicate
 * code, unknown phase, unknown staff) with nothing stored until every row is good; the export; phases
 * with forms and order; the organiser's toggle written to the desk's history.
 */

let world: DemoWorld;
let meetingId: string;
let receptionLogin: { token: string };
let staffUserId: string;
const staffPhone = '+8613900139077';
const base = () => `/console/meetings/${meetingId}/reception`;

type Who = { token: string } | null;
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, who: Who, json?: unknown) {
  return world.t.call(method, apiUrl(path), {
    headers: who ? bearer(who as never) : {},
    ...(json === undefined ? {} : { json }),
  });
}
const organiser = () => world.logins.organiser;

async function xlsx(rows: (string | number)[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('guests');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

async function guestCount(): Promise<number> {
  const [row] = await world.t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(receptionGuests)
    .where(eq(receptionGuests.meetingId, meetingId));
  return Number(row?.n ?? 0);
}

let airport: ReceptionPhase;
let hotel: ReceptionPhase;

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  const db = world.t.database.db;
  staffUserId = newId();
  await db.insert(users).values({ id: staffUserId, username: 'Desk Lin', phone: staffPhone, areaCode: '86' });
  await db
    .insert(meetingRoles)
    .values({ id: newId(), meetingId, role: 'reception', receptionRole: '1', phone: staffPhone });
  const [user] = await db.select().from(users).where(eq(users.id, staffUserId));
  receptionLogin = await signIn(
    { db, config: world.t.app.deps.config },
    { user: user as NonNullable<typeof user>, meetingId, method: 'phone' },
  );
});
afterAll(() => world.t.close());

describe('demo seed (seeds/demo-reception.ts)', () => {
  it('seeds 4 phases and 30 guests once, then does nothing', async () => {
    const db = world.t.database.db;
    expect(await seedDemoReception(db)).toBe(30);
    expect(await seedDemoReception(db)).toBe(0);
    const phases = (await call('GET', `${base()}/phases`, organiser())).json() as {
      results: ReceptionPhase[];
    };
    expect(phases.results).toHaveLength(4);
    expect(phases.results[0]?.form.map((f) => f.key)).toEqual(['flight', 'arrival']);
    // Clean slate for the tests below.
    await db.delete(receptionGuests).where(eq(receptionGuests.meetingId, meetingId));
    await db.delete(receptionPhases).where(eq(receptionPhases.meetingId, meetingId));
  });
});

describe('permissions', () => {
  it('reception.manage only; the board also answers the desk', async () => {
    for (const [who, status] of [
      [null, 401],
      [world.logins.user, 403],
      [world.logins.participant, 403],
      [world.logins.checkin, 403],
      [world.logins.otherOrganiser, 403],
      [receptionLogin, 403],
    ] as const) {
      expect((await call('GET', `${base()}/guests`, who)).statusCode).toBe(status);
      expect((await call('POST', `${base()}/phases`, who, { title: { en: 'X' } })).statusCode).toBe(status);
    }
    expect((await call('GET', `${base()}/board`, receptionLogin)).statusCode).toBe(200);
    expect((await call('GET', `${base()}/board`, world.logins.checkin)).statusCode).toBe(403);
  });
});

describe('phases', () => {
  it('creates phases with forms, refuses repeated keys, reorders', async () => {
    const created = await call('POST', `${base()}/phases`, organiser(), {
      title: { en: 'Airport pick-up', zh: '接机' },
      form: [
        { key: 'flight', type: 'text', label: { en: 'Flight no.', zh: '航班号' }, required: 1 },
        { key: 'arrival', type: 'datetime', label: { en: 'Arrival time' } },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    airport = created.json() as ReceptionPhase;
    expect(airport.form.map((f) => f.key)).toEqual(['flight', 'arrival']);
    hotel = (
      await call('POST', `${base()}/phases`, organiser(), {
        title: { en: 'Hotel', zh: '酒店' },
        staff_role: '2',
      })
    ).json() as ReceptionPhase;
    expect(hotel.position).toBe(airport.position + 1);
    const repeated = await call('POST', `${base()}/phases`, organiser(), {
      title: 'Dinner',
      form: [
        { key: 'table', type: 'text', label: 'Table' },
        { key: 'table', type: 'number', label: 'Table' },
      ],
    });
    expect(repeated.statusCode).toBe(400);
    const order = await call('PUT', `${base()}/phase-order`, organiser(), {
      ids: [wireIdText(hotel._id), wireIdText(airport._id)],
    });
    expect(order.statusCode, order.body).toBe(200);
    expect((order.json() as { results: ReceptionPhase[] }).results.map((p) => wireIdText(p._id))).toEqual([
      wireIdText(hotel._id),
      wireIdText(airport._id),
    ]);
    const partial = await call('PUT', `${base()}/phase-order`, organiser(), { ids: [wireIdText(hotel._id)] });
    expect(partial.statusCode).toBe(400);
    const edited = await call('PUT', `${base()}/phases/${wireIdText(hotel._id)}`, organiser(), {
      title: { en: 'Hotel', zh: '酒店' },
      staff_role: '2',
      form: [{ key: 'room', type: 'text', label: { en: 'Room number' } }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as ReceptionPhase).form[0]?.key).toBe('room');
  });
});

describe('guests', () => {
  let guest: ReceptionGuest;
  it('creates a guest: E.164 phone, lower-cased e-mail, generated code, phases and receptionist', async () => {
    const res = await call('POST', `${base()}/guests`, organiser(), {
      name: 'Ada Wang',
      title: 'CEO',
      phone: '138 0013 8077',
      email: 'Ada@Example.COM',
      staff_user_id: staffUserId,
      phase_ids: [wireIdText(airport._id)],
    });
    expect(res.statusCode, res.body).toBe(200);
    guest = res.json() as ReceptionGuest;
    expect(guest.phone).toBe('+8613800138077');
    expect(guest.email).toBe('ada@example.com');
    expect(guest.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(guest.staff_name).toBe('Desk Lin');
    expect(guest.phases.map((p) => wireIdText(p.phase_id))).toEqual([wireIdText(airport._id)]);
  });

  it('refuses duplicates (409), bad phones (400), unknown staff (404) and unknown phases (400); nothing stored', async () => {
    const before = await guestCount();
    const dup = await call('POST', `${base()}/guests`, organiser(), { name: 'B', email: 'ADA@example.com' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('reception.guest_duplicate');
    const dupCode = await call('POST', `${base()}/guests`, organiser(), {
      name: 'B',
      code: guest.code.toLowerCase(),
    });
    expect(dupCode.statusCode).toBe(409);
    expect(
      (await call('POST', `${base()}/guests`, organiser(), { name: 'B', phone: '12345' })).statusCode,
    ).toBe(400);
    const staff = await call('POST', `${base()}/guests`, organiser(), {
      name: 'B',
      staff_user_id: 'f'.repeat(24),
    });
    expect(staff.statusCode).toBe(404);
    expect(staff.json().message).toBe('receptionist not found');
    const phase = await call('POST', `${base()}/guests`, organiser(), {
      name: 'B',
      phase_ids: ['f'.repeat(24)],
    });
    expect(phase.statusCode).toBe(400);
    expect(await guestCount()).toBe(before);
  });

  it('edits a guest with history rows; the organiser toggle is a desk write; delete → 404 after', async () => {
    const id = wireIdText(guest._id);
    const res = await call('PUT', `${base()}/guests/${id}`, organiser(), {
      name: 'Ada Wang',
      title: 'Chair',
      phone: '+86 13800138077',
      email: 'ada@example.com',
      staff_user_id: staffUserId,
      phase_ids: [wireIdText(airport._id), wireIdText(hotel._id)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as ReceptionGuest;
    expect(edited.title).toBe('Chair');
    expect(edited.version).toBe(guest.version + 1);
    expect(edited.phases).toHaveLength(2);
    const toggled = await call(
      'PUT',
      `${base()}/guests/${id}/phases/${wireIdText(airport._id)}`,
      organiser(),
      {
        status: 1,
      },
    );
    expect(toggled.statusCode, toggled.body).toBe(200);
    const phase = (toggled.json() as ReceptionGuest).phases.find(
      (p) => wireIdText(p.phase_id) === wireIdText(airport._id),
    );
    expect(phase?.status).toBe(1);
    const history = await world.t.database.db
      .select()
      .from(receptionHistory)
      .where(eq(receptionHistory.guestId, id));
    expect(history.map((h) => h.field)).toEqual(
      expect.arrayContaining(['guest', 'title', 'phases', 'status']),
    );
    const board = (await call('GET', `${base()}/board`, organiser())).json() as ReceptionBoard;
    expect(board.recent[0]?.guest_name).toBe('Ada Wang');
    const airportCounts = board.phases.find((p) => wireIdText(p.phase_id) === wireIdText(airport._id));
    expect(airportCounts).toMatchObject({ guest_total: 1, received_total: 1 });
    const list = await call(
      'GET',
      `${base()}/guests?phase_id=${wireIdText(airport._id)}&status=1&keyword=ada`,
      organiser(),
    );
    expect((list.json() as { total: number }).total).toBe(1);
    expect((await call('DELETE', `${base()}/guests/${id}`, organiser())).statusCode).toBe(200);
    expect((await call('DELETE', `${base()}/guests/${id}`, organiser())).json().code).toBe(
      'reception.guest_not_found',
    );
    const [audits] = await world.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.entity, 'reception_guest'));
    expect(Number(audits?.n)).toBeGreaterThanOrEqual(4);
  });
});

describe('form bodies and races', () => {
  it('takes the web console form body: empty receptionist and phases, flags as text', async () => {
    const res = await world.t.call('POST', apiUrl(`${base()}/guests`), {
      headers: bearer(organiser() as never),
      form: { name: 'Form Guest', phone: '13800138066', area_code: '86', staff_user_id: '', phase_ids: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const guest = res.json() as ReceptionGuest;
    expect(guest).toMatchObject({ phone: '+8613800138066', staff_user_id: null, phases: [] });
    const phase = await world.t.call('PUT', apiUrl(`${base()}/phases/${wireIdText(hotel._id)}`), {
      headers: bearer(organiser() as never),
      form: {
        'title[en]': 'Hotel',
        'title[zh]': '酒店',
        staff_role: '',
        'form[0][key]': 'room',
        'form[0][type]': 'text',
        'form[0][label][en]': 'Room',
        'form[0][required]': '1',
      },
    });
    expect(phase.statusCode, phase.body).toBe(200);
    expect(phase.json()).toMatchObject({ staff_role: null, form: [{ key: 'room', required: 1 }] });
    const toggled = await world.t.call(
      'PUT',
      apiUrl(`${base()}/guests/${wireIdText(guest._id)}/phases/${wireIdText(hotel._id)}`),
      { headers: bearer(organiser() as never), form: { status: '1' } },
    );
    expect(toggled.json().code).toBe('reception.phase_not_assigned');
  });

  it('two creates with one code at once: one guest, one 409', async () => {
    const results = await Promise.all(
      [1, 2].map((n) =>
        call('POST', `${base()}/guests`, organiser(), { name: `Racer ${n}`, code: 'RACE01' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await world.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(receptionGuests)
      .where(sql`${receptionGuests.code} = 'RACE01' and ${receptionGuests.deleted} = 0`);
    expect(Number(row?.n)).toBe(1);
  });
});

describe('codes, partial edits and the desk at once', () => {
  it("refuses an organiser's code under 4 characters or with other characters than A-Z, 0-9 and '-'", async () => {
    for (const code of ['A7', 'AB_12', 'AB 12', 'ÄBCD']) {
      const res = await call('POST', `${base()}/guests`, organiser(), { name: 'Short', code });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const ok = await call('POST', `${base()}/guests`, organiser(), { name: 'Four', code: 'ab-1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as ReceptionGuest).code).toBe('AB-1');
  });

  it("a console save writes only what it names and changed: the desk's later note and its time stay", async () => {
    const created = (
      await call('POST', `${base()}/guests`, organiser(), {
        name: 'Partial Guest',
        title: 'Dr',
        note: 'first',
        phase_ids: [wireIdText(airport._id)],
      })
    ).json() as ReceptionGuest;
    const id = wireIdText(created._id);
    // The desk edits the note after the organiser opened the form.
    const deskAt = Date.now() - 5_000;
    const desk = await call('POST', '/reception/sync', organiser(), {
      meeting_id: meetingId,
      mutations: [
        {
          kind: 'guest',
          mutation_id: randomUUID(),
          guest_id: id,
          field: 'note',
          value: 'VIP lounge',
          client_at: deskAt,
        },
      ],
    });
    expect(desk.statusCode, desk.body).toBe(200);
    const saved = await call('PUT', `${base()}/guests/${id}`, organiser(), {
      name: 'Partial Guest',
      title: 'Prof',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await world.t.database.db.select().from(receptionGuests).where(eq(receptionGuests.id, id));
    expect(row).toMatchObject({ title: 'Prof', note: 'VIP lounge' });
    expect(row?.fieldTimes.note).toBe(new Date(deskAt).toISOString());
    expect(Date.parse(row?.fieldTimes.title ?? '')).toBeGreaterThan(deskAt);
    expect(row?.fieldTimes.name).toBeUndefined();
    const history = await world.t.database.db
      .select()
      .from(receptionHistory)
      .where(eq(receptionHistory.guestId, id));
    expect(history.map((h) => h.field)).toEqual(expect.arrayContaining(['guest', 'note', 'title']));
    expect(history.some((h) => h.field === 'name' || h.field === 'description')).toBe(false);
  });

  it('the console toggle and the desk toggle of one guest at once both answer 200 (no deadlock)', async () => {
    const created = (
      await call('POST', `${base()}/guests`, organiser(), {
        name: 'Race Guest',
        phase_ids: [wireIdText(airport._id)],
      })
    ).json() as ReceptionGuest;
    const id = wireIdText(created._id);
    const phaseId = wireIdText(airport._id);
    for (let round = 0; round < 5; round += 1) {
      const results = await Promise.all([
        call('PUT', `${base()}/guests/${id}/phases/${phaseId}`, organiser(), { status: round % 2 }),
        call('PUT', `/reception/guests/${id}/phases/${phaseId}`, organiser(), {
          status: (round + 1) % 2,
          mutation_id: randomUUID(),
          client_at: Date.now(),
        }),
        call('PUT', `${base()}/guests/${id}`, organiser(), { name: `Race Guest ${round}` }),
      ]);
      for (const res of results) expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe('import and export', () => {
  const header = ['name', 'title', 'description', 'phone', 'email', 'code', 'phases', 'staff phone'];
  it('reports every bad row (bad phone, duplicate code, unknown phase, unknown staff) and stores nothing', async () => {
    await call('POST', `${base()}/guests`, organiser(), { name: 'Existing', code: 'TAKEN01' });
    const file = await xlsx([
      header,
      ['Li Lei', 'VP', '', '13800138001', 'li@example.com', 'G001', 'Hotel;接机', '13900139077'],
      ['Bad Phone', '', '', '12345', '', '', '', ''],
      ['Dup Code', '', '', '', '', 'taken01', '', ''],
      ['Unknown Phase', '', '', '', '', '', 'Spa', ''],
      ['Unknown Staff', '', '', '', '', '', '', '13900139055'],
      ['Dup In File', '', '', '', 'LI@example.com', '', '', ''],
    ]);
    const before = await guestCount();
    const dry = await call('POST', `${base()}/import`, organiser(), { file, dry_run: 1 });
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json() as ReceptionImportReport;
    expect(report).toMatchObject({ total: 6, valid: 1, imported: 0 });
    const byLine = new Map(report.rows.map((r) => [r.line, r]));
    expect(byLine.get(2)).toMatchObject({ ok: 1, phone: '+8613800138001', phases: ['Hotel', '接机'] });
    expect(byLine.get(3)?.problems).toEqual([{ column: 'phone', code: 'invalid', value: '12345' }]);
    expect(byLine.get(4)?.problems).toEqual([{ column: 'code', code: 'duplicate', value: 'TAKEN01' }]);
    expect(byLine.get(5)?.problems).toEqual([{ column: 'phases', code: 'unknown_phase', value: 'Spa' }]);
    expect(byLine.get(6)?.problems[0]?.code).toBe('unknown_staff');
    expect(byLine.get(7)?.problems[0]).toMatchObject({ column: 'email', code: 'duplicate_in_file' });
    const commit = await call('POST', `${base()}/import`, organiser(), { file });
    expect(commit.statusCode).toBe(400);
    expect(commit.json().code).toBe('reception.import_invalid');
    expect(await guestCount()).toBe(before);
  });

  it("reports a code under 4 characters or with '_' as invalid; refuses a zip bomb by what it inflates to", async () => {
    const file = await xlsx([
      header,
      ['Short Code', '', '', '', '', 'A7', '', ''],
      ['Underscore', '', '', '', '', 'AB_12', '', ''],
    ]);
    const dry = await call('POST', `${base()}/import`, organiser(), { file, dry_run: 1 });
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json() as ReceptionImportReport;
    expect(report.rows.map((r) => r.problems)).toEqual([
      [{ column: 'code', code: 'invalid', value: 'A7' }],
      [{ column: 'code', code: 'invalid', value: 'AB_12' }],
    ]);
    // One entry whose headers say 30 bytes but which inflates to 200 MiB of zeros.
    const bomb = zipBomb(200);
    const refused = await call('POST', `${base()}/import`, organiser(), {
      file: bomb.toString('base64'),
      dry_run: 1,
    });
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().code).toBe('file.unpacks_too_large');
  });

  it('imports a good file in one go, then exports guests × phases', async () => {
    const file = await xlsx([
      header,
      ['Li Lei', 'VP', 'Keynote', '13800138001', 'li@example.com', 'G001', 'Hotel;接机', '13900139077'],
      ['Han Mei', '', '', '+44 7911 123456', '', '', 'Airport pick-up', ''],
    ]);
    const res = await call('POST', `${base()}/import`, organiser(), { file });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, valid: 2, imported: 2 });
    const list = (await call('GET', `${base()}/guests?keyword=g001`, organiser())).json() as {
      items: ReceptionGuest[];
    };
    expect(list.items[0]).toMatchObject({ name: 'Li Lei', staff_name: 'Desk Lin' });
    expect(list.items[0]?.phases).toHaveLength(2);
    const again = await call('POST', `${base()}/import`, organiser(), { file, dry_run: 1 });
    expect((again.json() as ReceptionImportReport).valid).toBe(0);

    const exported = await call('GET', `${base()}/export?lang=zh`, organiser());
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const headerRow = ((sheet?.getRow(1).values ?? []) as string[]).slice(1);
    expect(headerRow).toContain('接机 · status');
    expect(headerRow).toContain('酒店 · by');
    const names = [];
    for (let i = 2; i <= (sheet?.rowCount ?? 0); i += 1) names.push(sheet?.getRow(i).getCell(1).value);
    expect(names).toEqual(expect.arrayContaining(['Li Lei', 'Han Mei']));
    expect((await call('GET', `${base()}/export`, world.logins.checkin)).statusCode).toBe(403);
  });

  it('refuses a file that is not XLSX', async () => {
    const res = await call('POST', `${base()}/import`, organiser(), {
      file: Buffer.from('name\nA').toString('base64'),
      dry_run: 1,
    });
    expect(res.statusCode).toBe(400);
  });
});
