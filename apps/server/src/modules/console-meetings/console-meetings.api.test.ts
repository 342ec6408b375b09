import type { ConsoleMeeting, ConsoleProgramme, SchedulePreview } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, wireIdText } from '../../../test/demo-roles.ts';
import { newId } from '../../db/ids.ts';
import { agendas } from '../agendas/agendas.tables.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { meetingRoles } from '../roles/roles.tables.ts';
import { sampleDocument, uuid } from '../schedule/schedule.fixtures.ts';
import { insertUserIfFree } from '../users/users.repository.ts';
import { signIn } from '../users/users.service.ts';

/**
 * The console's meetings and programme calls (DESIGN §7; §3 Meeting, Agenda): who may create and edit,
 * optimistic concurrency, unique domains, archive → delete → restore, the schedule preview and import
 * with errors by line, hand edits, exports, and one audit row per write.
 */

const adminPhone = '+8613900139077';
let world: DemoWorld;
let adminToken: string;

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, json?: unknown) =>
  world.t.call(method, url, { headers: as(token), ...(json !== undefined ? { json } : {}) });

async function auditCount(meetingId: string): Promise<number> {
  const rows = await world.t.database.db.select().from(auditLog).where(eq(auditLog.meetingId, meetingId));
  return rows.length;
}

async function liveSessions(meetingId: string): Promise<number> {
  const rows = await world.t.database.db
    .select()
    .from(agendas)
    .where(and(eq(agendas.meetingId, meetingId), eq(agendas.deleted, 0)));
  return rows.length;
}

async function createBlank(body: Record<string, unknown> = {}): Promise<ConsoleMeeting> {
  const res = await call('POST', '/api/console/meetings', adminToken, {
    source: 'blank',
    title: { en: 'Blank expo' },
    start: 1_900_000_000,
    end: 1_900_086_400,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ConsoleMeeting;
}

beforeAll(async () => {
  world = await createDemoWorld({ env: { ADMIN_PHONES: adminPhone } });
  const db = world.t.database.db;
  const user = await insertUserIfFree(db, {
    id: newId(),
    username: 'platform-admin',
    phone: adminPhone,
    areaCode: '86',
  });
  if (!user) throw new Error('admin user exists');
  const login = await signIn(
    { db, config: world.t.app.deps.config },
    { user, meetingId: world.meetingId, method: 'phone' },
  );
  adminToken = login.token;
}, 60_000);

afterAll(async () => {
  await world?.t.close();
});

describe('meetings', () => {
  it('an administrator creates a blank meeting and becomes its owner, with an audit row', async () => {
    const meeting = await createBlank({ domain: 'Blank.Example.com', time_zone: 'Asia/Shanghai' });
    const id = wireIdText(meeting._id);
    expect(meeting).toMatchObject({
      title: { en: 'Blank expo' },
      domain: 'blank.example.com',
      time_zone: 'Asia/Shanghai',
    });
    expect(meeting.updated_at_ms).toBeGreaterThan(0);
    const grants = await world.t.database.db
      .select()
      .from(meetingRoles)
      .where(eq(meetingRoles.meetingId, id));
    expect(grants.map((grant) => [grant.role, grant.phone])).toEqual([['owner', adminPhone]]);
    expect(await auditCount(id)).toBe(1);
  });

  it('refuses creation to anyone but an administrator (403 no_permission)', async () => {
    const res = await call('POST', '/api/console/meetings', world.logins.organiser.token, {
      source: 'blank',
      title: 'Mine',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('no_permission');
  });

  it('creates from a schedule file and by copying settings', async () => {
    const fromFile = await call('POST', '/api/console/meetings', adminToken, {
      source: 'schedule',
      schedule: JSON.stringify(sampleDocument(), null, 2),
    });
    expect(fromFile.statusCode, fromFile.body).toBe(200);
    const imported = fromFile.json() as ConsoleMeeting;
    expect(imported).toMatchObject({ title: { en: 'Demo Conf' }, time_zone: 'Europe/Berlin' });
    expect(await liveSessions(wireIdText(imported._id))).toBe(2);

    const source = await createBlank({ config: { theme_color: '#AA3300', block_mobile_layout: 'grid9' } });
    const copy = await call('POST', '/api/console/meetings', adminToken, {
      source: 'copy',
      copy_from: wireIdText(source._id),
      title: { en: 'Copy' },
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect((copy.json() as ConsoleMeeting).config).toMatchObject({
      theme_color: '#aa3300',
      block_mobile_layout: 'grid9',
    });
  });

  it('edits with the updated_at it read; a stale one gets 409 conflict.stale', async () => {
    const meeting = await createBlank();
    const url = `/api/console/meetings/${wireIdText(meeting._id)}`;
    const first = await call('PUT', url, adminToken, {
      updated_at_ms: meeting.updated_at_ms,
      title: { en: 'Renamed', zh: '改名' },
      config: { theme_color: '#112233', language: { en: 1, zh: 1 } },
      exhibition: { exhibitor_txt: { en: 'Brands' }, show_exhibitor: 1 },
      allow_guest_view: 0,
      appointments: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    const updated = first.json() as ConsoleMeeting;
    expect(updated.updated_at_ms).toBeGreaterThan(meeting.updated_at_ms);
    expect(updated).toMatchObject({
      title: { en: 'Renamed', zh: '改名' },
      allow_guest_view: 0,
      appointments: 1,
    });
    expect(updated.config.language).toEqual({ en: 1, zh: 1 });

    const stale = await call('PUT', url, adminToken, {
      updated_at_ms: meeting.updated_at_ms,
      title: 'Again',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'conflict.stale',
      message: 'changed by someone else, reload',
    });
    expect(await auditCount(wireIdText(meeting._id))).toBe(2);
  });

  it('refuses a domain in use (409 naming body/domain) and malformed fields (400)', async () => {
    const meeting = await createBlank();
    const url = `/api/console/meetings/${wireIdText(meeting._id)}`;
    const taken = await call('PUT', url, adminToken, {
      updated_at_ms: meeting.updated_at_ms,
      domain: 'blank.example.com',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('conflict.already_used');
    expect(taken.json().details[0].path).toBe('body/domain');
    for (const [body, path] of [
      [{ domain: 'not a host' }, 'body/domain'],
      [{ time_zone: 'Mars/Base' }, 'body/time_zone'],
      [{ start: 1_900_000_000, end: 1_800_000_000 }, 'body/end'],
      [{ config: { theme_color: 'red' } }, 'body/config/theme_color'],
      [{ config: { language: { xx: 1 } } }, 'body/config/language'],
    ] as const) {
      const res = await call('PUT', url, adminToken, { updated_at_ms: meeting.updated_at_ms, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details[0].path).toBe(path);
    }
  });

  it('an organiser edits but may not archive (403 no_permission)', async () => {
    const got = await call('GET', `/api/console/meetings/${world.meetingId}`, world.logins.organiser.token);
    expect(got.statusCode).toBe(200);
    const meeting = got.json() as ConsoleMeeting;
    expect(meeting.tickets_total).toBeGreaterThan(0);
    const archive = await call(
      'POST',
      `/api/console/meetings/${world.meetingId}/archive`,
      world.logins.organiser.token,
      {
        old: 1,
        updated_at_ms: meeting.updated_at_ms,
      },
    );
    expect(archive.statusCode).toBe(403);
    const other = await call(
      'GET',
      `/api/console/meetings/${world.meetingId}`,
      world.logins.otherOrganiser.token,
    );
    expect(other.statusCode).toBe(403);
  });

  it('deletes a meeting with tickets only once archived, and restores it', async () => {
    const url = `/api/console/meetings/${world.meetingId}`;
    const before = await auditCount(world.meetingId);
    const refused = await call('DELETE', url, adminToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('meeting.not_archived');
    const meeting = (await call('GET', url, adminToken)).json() as ConsoleMeeting;
    const archived = await call('POST', `${url}/archive`, adminToken, {
      old: 1,
      updated_at_ms: meeting.updated_at_ms,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().old).toBe(1);
    const deleted = await call('DELETE', url, adminToken);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().deleted).toBe(1);
    const restored = await call('POST', `${url}/restore`, adminToken);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().deleted).toBe(0);
    const back = await call('POST', `${url}/archive`, adminToken, {
      old: 0,
      updated_at_ms: restored.json().updated_at_ms,
    });
    expect(back.statusCode).toBe(200);
    expect(await auditCount(world.meetingId)).toBe(before + 4);
  });
});

describe('programme', () => {
  let meetingId: string;
  const url = (path: string) => `/api/console/meetings/${meetingId}${path}`;

  beforeAll(async () => {
    meetingId = wireIdText((await createBlank({ title: 'Programme' }))._id);
  });

  it('previews what an import adds and changes nothing; applying imports', async () => {
    const schedule = JSON.stringify(sampleDocument(), null, 2);
    const preview = await call('POST', url('/programme/preview'), adminToken, { schedule });
    expect(preview.statusCode, preview.body).toBe(200);
    const plan = preview.json() as SchedulePreview;
    expect(plan.sessions).toEqual({ added: ['Hello', 'Late night'], changed: [], removed: [], unchanged: 0 });
    expect(plan.rooms.added).toEqual(['Main', 'Side']);
    expect(plan.speakers.added).toHaveLength(2);
    expect(await liveSessions(meetingId)).toBe(0);
    expect(await auditCount(meetingId)).toBe(1);

    const applied = await call('POST', url('/programme/import'), adminToken, { schedule });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().sessions.added).toEqual(['Hello', 'Late night']);
    expect(await liveSessions(meetingId)).toBe(2);
    expect(await auditCount(meetingId)).toBe(2);

    const changed = sampleDocument();
    const day = changed.schedule.conference.days[0];
    const event = day?.rooms.Main?.[0];
    if (!event) throw new Error('fixture changed');
    event.title = 'Hello again';
    const side = changed.schedule.conference.days[1]?.rooms.Side;
    side?.splice(0, 1);
    const again = await call('POST', url('/programme/preview'), adminToken, {
      schedule: JSON.stringify(changed),
    });
    const diff = again.json() as SchedulePreview;
    expect(diff.sessions).toMatchObject({ added: [], changed: ['Hello again'], removed: ['Late night'] });
    expect(await liveSessions(meetingId)).toBe(2);
  });

  it('accepts a schedule file past the 1 MiB body limit of other calls', async () => {
    const document = sampleDocument();
    const event = document.schedule.conference.days[0]?.rooms.Main?.[0];
    if (!event) throw new Error('fixture changed');
    event.description = 'x'.repeat(1_500_000);
    const res = await call('POST', url('/programme/preview'), adminToken, {
      schedule: JSON.stringify(document),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  });

  it('lists a malformed file’s problems by line and changes nothing', async () => {
    const broken = await call('POST', url('/programme/import'), adminToken, {
      schedule: '{\n  "schedule": {\n    "conference": [,]\n',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('invalid_schedule');
    expect(broken.json().data.errors[0].line).toBe(3);

    const document = sampleDocument();
    const event = document.schedule.conference.days[0]?.rooms.Main?.[0] as Record<string, unknown>;
    delete event.title;
    const text = JSON.stringify(document, null, 2);
    const invalid = await call('POST', url('/programme/import'), adminToken, { schedule: text });
    expect(invalid.statusCode).toBe(400);
    const [error] = invalid.json().data.errors as { line: number; path: string }[];
    const eventLine = text.split('\n').findIndex((line) => line.includes(`"guid": "${uuid(10)}"`)) + 1;
    expect(error?.path).toContain('title');
    expect(error?.line).toBe(eventLine - 1);
    expect(await liveSessions(meetingId)).toBe(2);
  });

  it('edits sessions, speakers and rooms by hand, with stale and duplicate refusals', async () => {
    const before = await auditCount(meetingId);
    const room = await call('POST', url('/rooms'), adminToken, { name: 'Hall C', capacity: 50 });
    expect(room.statusCode, room.body).toBe(200);
    const duplicate = await call('POST', url('/rooms'), adminToken, { name: 'Main' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().details[0].path).toBe('body/name');
    const speaker = await call('POST', url('/speakers'), adminToken, {
      name: 'Grace',
      work_title: { en: 'Admiral' },
    });
    expect(speaker.statusCode, speaker.body).toBe(200);
    const session = await call('POST', url('/sessions'), adminToken, {
      title: { en: 'Keynote' },
      start: 1_900_000_000,
      end: 1_900_003_600,
      room_id: wireIdText(room.json()._id),
      speaker_ids: [wireIdText(speaker.json()._id)],
    });
    expect(session.statusCode, session.body).toBe(200);
    const sessionId = wireIdText(session.json()._id);
    const edit = await call('PUT', url(`/sessions/${sessionId}`), adminToken, {
      title: { en: 'Opening keynote' },
      start: 1_900_000_000,
      end: 1_900_007_200,
      speaker_ids: '',
      updated_at_ms: session.json().updated_at_ms,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().speaker_ids).toEqual([]);
    const stale = await call('PUT', url(`/sessions/${sessionId}`), adminToken, {
      title: 'x',
      start: 1_900_000_000,
      end: 1_900_000_001,
      updated_at_ms: session.json().updated_at_ms,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict.stale');

    const programme = (await call('GET', url('/programme'), world.logins.organiser.token)).json();
    expect(programme.code).toBe('no_permission');
    const listed = (await call('GET', url('/programme'), adminToken)).json() as ConsoleProgramme;
    expect(listed.sessions.map((item) => item.title)).toContainEqual({ en: 'Opening keynote' });
    expect(listed.rooms.map((item) => item.name)).toEqual(['Main', 'Side', 'Hall C']);

    expect((await call('DELETE', url(`/sessions/${sessionId}`), adminToken)).statusCode).toBe(200);
    expect(
      (await call('DELETE', url(`/speakers/${wireIdText(speaker.json()._id)}`), adminToken)).statusCode,
    ).toBe(200);
    expect((await call('DELETE', url(`/rooms/${wireIdText(room.json()._id)}`), adminToken)).statusCode).toBe(
      200,
    );
    expect(await auditCount(meetingId)).toBe(before + 7);
  });

  it('exports schedule JSON and iCalendar', async () => {
    const json = await call('GET', url('/programme/schedule.json'), adminToken);
    expect(json.statusCode).toBe(200);
    expect(json.json().schedule.conference.days.length).toBeGreaterThan(0);
    const ics = await call('GET', url('/programme/calendar.ics'), adminToken);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain('SUMMARY:Hello');
  });
});

describe('large schedule bodies', () => {
  it('are refused before they are read for a caller without a valid session', async () => {
    const url = `/api/console/meetings/${world.meetingId}/programme/preview`;
    const schedule = JSON.stringify({ schedule: { padding: 'x'.repeat(2 * 1024 * 1024) } });
    const anonymous = await world.t.call('POST', url, { json: { schedule } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('login.required');
    const forged = await call('POST', url, 'not-a-session-token', { schedule });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('token.invalid');
  });
});
