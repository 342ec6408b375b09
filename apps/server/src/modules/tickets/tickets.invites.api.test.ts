import type { LoginResult } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { insertActivity, insertStaff } from '../activities/activities.fixtures.ts';
import { users } from '../users/users.tables.ts';
import { login, loginWithPhone } from './tickets.fixtures.ts';
import { signInvitation } from './tickets.invites.ts';
import { tickets } from './tickets.tables.ts';

/**
 * Private activities (§6 'Private events … need registration or permission'): POST /tickets is
 * refused 403 without an invitation, and accepted with a signed invitation code or with the
 * caller's phone or e-mail on the invite list, which organisers manage.
 */

const meetingId = ids.meeting;
const publicUrl = 'https://expo.example.org';
let t: TestApp;
let organiser: LoginResult;
let privateId: string;
let otherPrivateId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
  await seedFixture(t.database.db);
  await insertStaff(t.database.db, { meetingId, phone: '+8613900139077', role: 'organiser' });
  organiser = await loginWithPhone(t, meetingId, '+8613900139077');
  privateId = (await insertActivity(t.database.db, { meetingId, privacy: 1 })).activityId;
  otherPrivateId = (await insertActivity(t.database.db, { meetingId, privacy: 1 })).activityId;
});
afterAll(() => t.close());

const register = (who: LoginResult, activityId: string, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/tickets', { json: { activity_id: activityId, ...extra }, headers: bearer(who) });

const ticketsOf = async (activityId: string) =>
  t.database.db.select().from(tickets).where(eq(tickets.activityId, activityId));

describe('POST /tickets for a private activity', () => {
  it('refuses a caller without an invitation (403 activity.invitation_required) and writes nothing', async () => {
    const visitor = await login(t, meetingId);
    const res = await register(visitor, privateId);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({
      code: 'activity.invitation_required',
      message: 'the current user has no permission',
    });
    expect(await ticketsOf(privateId)).toHaveLength(0);
  });

  it('registers the holder of an invitation link minted by an organiser; the link is on PUBLIC_URL', async () => {
    const minted = await t.call('POST', `/api/activities/${privateId}/invitation_links`, {
      json: { expires_in: 3600 },
      // A forged Host must not reach the link (public-links.ts).
      headers: { ...bearer(organiser), host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(minted.statusCode, minted.body).toBe(200);
    const link = minted.json() as { code: string; url: string; expires: number };
    const url = new URL(link.url);
    expect(url.origin).toBe(publicUrl);
    expect(link.url).not.toContain('evil.example');
    expect(url.hash).toMatch(/^#\/meeting\/activity\/detail\?/);
    const query = new URLSearchParams(url.hash.split('?')[1]);
    expect(query.get('activity_id')).toBe(privateId);
    expect(query.get('invite')).toBe(link.code);
    expect(link.expires).toBeGreaterThan(Date.now() / 1000);

    const guest = await login(t, meetingId);
    const res = await register(guest, privateId, { invite: link.code });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ticketsOf(privateId)).toHaveLength(1);
  });

  it('refuses a forged, an expired and another activity’s code (403 activity.invitation_invalid)', async () => {
    const guest = await login(t, meetingId);
    const forged = await signInvitation('someone-elses-secret-0123456789', {
      activityId: privateId,
      expiresAt: null,
    });
    const expired = await signInvitation(t.app.deps.config.AUTH_SECRET, {
      activityId: privateId,
      expiresAt: Math.floor(Date.now() / 1000) - 60,
    });
    const elsewhere = await signInvitation(t.app.deps.config.AUTH_SECRET, {
      activityId: otherPrivateId,
      expiresAt: null,
    });
    for (const [code, message] of [
      [forged, 'the current user has no permission'],
      [expired, 'The temporary link has expired'],
      [elsewhere, 'the current user has no permission'],
      ['not-a-code', 'the current user has no permission'],
    ] as const) {
      const res = await register(guest, privateId, { invite: code });
      expect(res.statusCode, code).toBe(403);
      expect(res.json()).toEqual({ code: 'activity.invitation_invalid', message });
    }
    const before = await ticketsOf(privateId);
    expect(before.some((ticket) => ticket.userId === guest.user_id.$id)).toBe(false);
  });

  it('registers a user whose phone or e-mail the organiser put on the invite list, until it is removed', async () => {
    const byPhone = await loginWithPhone(t, meetingId, '+8613900139078');
    const byEmail = await login(t, meetingId);
    await t.database.db
      .update(users)
      .set({ email: 'guest@example.test' })
      .where(eq(users.id, byEmail.user_id.$id));

    const addPhone = await t.call('POST', `/api/activities/${otherPrivateId}/invites`, {
      json: { phone: '139 0013 9078' },
      headers: bearer(organiser),
    });
    expect(addPhone.statusCode, addPhone.body).toBe(200);
    expect(addPhone.json()).toMatchObject({ phone: '+8613900139078', email: null });
    const addEmail = await t.call('POST', `/api/activities/${otherPrivateId}/invites`, {
      json: { email: 'Guest@Example.test' },
      headers: bearer(organiser),
    });
    expect(addEmail.json()).toMatchObject({ phone: null, email: 'guest@example.test' });
    // Idempotent: the same address answers its entry.
    const again = await t.call('POST', `/api/activities/${otherPrivateId}/invites`, {
      json: { email: 'guest@example.test' },
      headers: bearer(organiser),
    });
    expect(again.json()._id).toEqual(addEmail.json()._id);
    const list = await t.call('GET', `/api/activities/${otherPrivateId}/invites`, {
      headers: bearer(organiser),
    });
    expect(list.json().results).toHaveLength(2);

    expect((await register(byPhone, otherPrivateId)).statusCode).toBe(200);

    const removed = await t.call(
      'DELETE',
      `/api/activities/${otherPrivateId}/invites/${addEmail.json()._id.$id}`,
      {
        headers: bearer(organiser),
      },
    );
    expect(removed.statusCode).toBe(200);
    const refused = await register(byEmail, otherPrivateId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('activity.invitation_required');
    expect((await ticketsOf(otherPrivateId)).map((ticket) => ticket.userId)).toEqual([byPhone.user_id.$id]);
  });

  it('lets only organisers of the meeting manage the list and mint links (403 no_permission)', async () => {
    const visitor = await login(t, meetingId);
    for (const [method, path, json] of [
      ['GET', `/api/activities/${privateId}/invites`, undefined],
      ['POST', `/api/activities/${privateId}/invites`, { phone: '13900139079' }],
      ['POST', `/api/activities/${privateId}/invitation_links`, {}],
    ] as const) {
      const res = await t.call(method, path, { ...(json ? { json } : {}), headers: bearer(visitor) });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().code).toBe('no_permission');
    }
    expect((await t.call('GET', `/api/activities/${privateId}/invites`)).statusCode).toBe(401);
  });

  it('leaves public activities open to everyone', async () => {
    const open = (await insertActivity(t.database.db, { meetingId })).activityId;
    expect((await register(await login(t, meetingId), open)).statusCode).toBe(200);
  });
});
