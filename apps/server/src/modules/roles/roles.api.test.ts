import type { LoginResult } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { insertStaff } from '../activities/activities.fixtures.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { outboxMessages } from '../messages/messages.tables.ts';
import { loginWithPhone } from '../tickets/tickets.fixtures.ts';
import { insertUserIfFree } from '../users/users.repository.ts';
import { signIn } from '../users/users.service.ts';
import { meetingRoles } from './roles.tables.ts';

/**
 * Roles per meeting and the team page (DESIGN §7, §6): grants to phones and e-mails that apply when
 * the person logs in, owners kept by owners, the last owner kept, administrators from the
 * environment, an invitation in the outbox and an audit row per write.
 */

const meetingId = ids.meeting;
const otherMeetingId = newId();
const ownerPhone = '+8613900139101';
const organiserPhone = '+8613900139102';
const adminPhone = '+8613900139103';
let t: TestApp;
let owner: LoginResult;
let organiser: LoginResult;
let admin: LoginResult;

beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_PHONES: `13900139103, not-a-phone`, PUBLIC_URL: 'https://expo.example.org' },
  });
  const db = t.database.db;
  await seedFixture(db);
  await db.insert(meetings).values({
    id: otherMeetingId,
    title: 'Other',
    start: new Date('2030-01-01T00:00:00Z'),
    end: new Date('2030-01-02T00:00:00Z'),
  });
  await insertStaff(db, { meetingId, phone: ownerPhone, role: 'owner' });
  await insertStaff(db, { meetingId, phone: organiserPhone, role: 'organiser' });
  owner = await loginWithPhone(t, meetingId, ownerPhone);
  organiser = await loginWithPhone(t, meetingId, organiserPhone);
  admin = await loginWithPhone(t, meetingId, adminPhone);
});
afterAll(() => t.close());

const call = (who: LoginResult, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, json?: unknown) =>
  t.call(method, url, { headers: bearer(who), ...(json === undefined ? {} : { json }) });
const team = `/api/console/meetings/${meetingId}/team`;
const auditRows = () => t.database.db.select().from(auditLog).where(eq(auditLog.meetingId, meetingId));

describe('GET /console/me', () => {
  it("lists an organiser's meeting with the organiser's actions, not the owner's", async () => {
    const res = await call(organiser, 'GET', '/api/console/me');
    expect(res.statusCode, res.body).toBe(200);
    const me = res.json();
    expect(me.is_admin).toBe(0);
    expect(me.meetings.map((m: { _id: { $id: string } }) => m._id.$id)).toEqual([meetingId]);
    expect(me.meetings[0].roles).toEqual(['organiser']);
    expect(me.meetings[0].actions).toContain('registration.review');
    expect(me.meetings[0].actions).not.toContain('meeting.archive');
  });

  it('lists every meeting for an administrator of ADMIN_PHONES, on a session of one meeting', async () => {
    const me = (await call(admin, 'GET', '/api/console/me')).json();
    expect(me.is_admin).toBe(1);
    const listed = me.meetings.map((m: { _id: { $id: string } }) => m._id.$id);
    expect(listed).toEqual(expect.arrayContaining([meetingId, otherMeetingId]));
    expect(listed.length).toBeGreaterThan(2);
    // Console calls name any meeting: the other meeting's team, with this meeting's session.
    expect((await call(admin, 'GET', `/api/console/meetings/${otherMeetingId}/team`)).statusCode).toBe(200);
  });
});

describe('the team', () => {
  it('invites an e-mail: the grant applies when that person logs in, and the mail carries the console link', async () => {
    const res = await call(organiser, 'POST', team, { role: 'editor', email: 'New.Editor@Example.org' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 'editor', email: 'new.editor@example.org', user: null });
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'new.editor@example.org'));
    expect(mail?.body).toContain(`https://expo.example.org/#/console/meetings/${meetingId}`);

    const user = await insertUserIfFree(t.database.db, {
      id: newId(),
      username: 'Ed',
      email: 'new.editor@example.org',
    });
    if (!user) throw new Error('user exists');
    const editor = await signIn(
      { db: t.database.db, config: t.app.deps.config },
      { user, meetingId, method: 'email' },
    );
    const me = (await call(editor, 'GET', '/api/console/me')).json();
    expect(me.meetings[0].roles).toEqual(['editor']);
    // An editor does not manage the team (403 no_permission, not a logout).
    const refused = await call(editor, 'GET', team);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('no_permission');
    const listed = (await call(organiser, 'GET', team)).json().results;
    expect(
      listed.find((m: { email: string | null }) => m.email === 'new.editor@example.org')?.user?.username,
    ).toBe('Ed');
  });

  it('is idempotent per address and role: no second grant, no second message', async () => {
    await call(organiser, 'POST', team, { role: 'checkin', phone: '13900139111' });
    const again = await call(organiser, 'POST', team, { role: 'checkin', phone: '13900139111' });
    expect(again.statusCode).toBe(200);
    const grants = await t.database.db
      .select()
      .from(meetingRoles)
      .where(eq(meetingRoles.phone, '+8613900139111'));
    expect(grants).toHaveLength(1);
    const sms = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, '+8613900139111'));
    expect(sms).toHaveLength(1);
  });

  it('refuses a bad phone with phone.invalid and writes nothing', async () => {
    const before = (await auditRows()).length;
    const res = await call(organiser, 'POST', team, { role: 'checkin', phone: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('phone.invalid');
    expect(await auditRows()).toHaveLength(before);
  });

  it('keeps owners to owners: an organiser can neither grant nor change nor remove an owner', async () => {
    expect((await call(organiser, 'POST', team, { role: 'owner', phone: '13900139112' })).statusCode).toBe(
      403,
    );
    const ownerGrant = (await call(owner, 'GET', team))
      .json()
      .results.find((m: { role: string }) => m.role === 'owner');
    expect((await call(organiser, 'DELETE', `${team}/${ownerGrant._id.$id}`)).statusCode).toBe(403);
    expect(
      (await call(organiser, 'PUT', `${team}/${ownerGrant._id.$id}`, { role: 'editor' })).statusCode,
    ).toBe(403);
  });

  it("keeps the meeting's last owner (409 team.last_owner), then lets a second owner take over", async () => {
    const ownerGrant = (await call(owner, 'GET', team))
      .json()
      .results.find((m: { role: string }) => m.role === 'owner');
    const refused = await call(owner, 'PUT', `${team}/${ownerGrant._id.$id}`, { role: 'organiser' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('team.last_owner');
    expect(
      (await call(owner, 'POST', team, { role: 'owner', email: 'second.owner@example.org' })).statusCode,
    ).toBe(200);
    expect(
      (await call(owner, 'PUT', `${team}/${ownerGrant._id.$id}`, { role: 'organiser' })).statusCode,
    ).toBe(200);
  });

  it('records who changed what in the audit log, before and after', async () => {
    const res = await call(organiser, 'GET', `/api/console/meetings/${meetingId}/audit?entity=meeting_role`);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().results;
    const change = entries.find(
      (e: { before: unknown; after: unknown }) => e.before !== null && e.after !== null,
    );
    expect(change).toMatchObject({
      action: 'team.manage',
      entity: 'meeting_role',
      before: { role: 'owner' },
      after: { role: 'organiser' },
    });
    expect(change.actor.phone).toBe(ownerPhone);
    const writes = (await auditRows()).filter((row) => row.entity === 'meeting_role');
    // Invites (editor, checkin ×2, second owner) and one change; refused calls wrote nothing.
    expect(writes).toHaveLength(5);
  });
});

describe('platform administrators', () => {
  it('lets an administrator add one by e-mail and lists those of the environment read-only', async () => {
    const added = await call(admin, 'POST', '/api/console/admins', { email: 'Boss@Example.org' });
    expect(added.statusCode, added.body).toBe(200);
    const list = (await call(admin, 'GET', '/api/console/admins')).json().results;
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'boss@example.org', from_environment: 0 }),
        expect.objectContaining({ phone: '13900139103', from_environment: 1 }),
      ]),
    );
    expect((await call(owner, 'GET', '/api/console/admins')).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/console/admins/${added.json()._id.$id}`)).statusCode).toBe(200);
  });

  it('shows failed jobs to administrators only', async () => {
    const res = await call(admin, 'GET', '/api/console/jobs/failed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ results: [] });
    expect((await call(owner, 'GET', '/api/console/jobs/failed')).statusCode).toBe(403);
  });
});

describe('a role change', () => {
  it('answers 409 conflict.already_used naming body/role when the address already holds that role', async () => {
    await call(organiser, 'POST', team, { role: 'editor', phone: '13900139113' });
    const checkin = (await call(organiser, 'POST', team, { role: 'checkin', phone: '13900139113' })).json();
    const res = await call(organiser, 'PUT', `${team}/${checkin._id.$id}`, { role: 'editor' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict.already_used', details: [{ path: 'body/role' }] });
  });
});

describe('the last owner', () => {
  it('is kept when two owners remove each other at the same moment', async () => {
    const db = t.database.db;
    await insertStaff(db, { meetingId: otherMeetingId, phone: '+8613900139121', role: 'owner' });
    await insertStaff(db, { meetingId: otherMeetingId, phone: '+8613900139122', role: 'owner' });
    const first = await loginWithPhone(t, meetingId, '+8613900139121');
    const second = await loginWithPhone(t, meetingId, '+8613900139122');
    const otherTeam = `/api/console/meetings/${otherMeetingId}/team`;
    const grants = (await call(first, 'GET', otherTeam)).json().results as {
      _id: { $id: string };
      phone: string;
    }[];
    const grantOf = (phone: string) => grants.find((grant) => grant.phone === phone)?._id.$id;
    const answers = await Promise.all([
      call(first, 'DELETE', `${otherTeam}/${grantOf('+8613900139122')}`),
      call(second, 'DELETE', `${otherTeam}/${grantOf('+8613900139121')}`),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const owners = await db.select().from(meetingRoles).where(eq(meetingRoles.meetingId, otherMeetingId));
    expect(owners.filter((grant) => grant.role === 'owner')).toHaveLength(1);
  });
});
