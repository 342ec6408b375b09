import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, wireIdText } from '../../../test/demo-roles.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { demoActivityIds } from '../../seeds/demo-activities.ts';
import { demoMeetingId } from '../../seeds/demo-meeting.data.ts';
import { activityPrices } from '../activities/activities.tables.ts';
import { exhibitors } from '../exhibitors/exhibitors.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';

let world: DemoWorld;
let ownEnterpriseId: string;
let otherEnterpriseId: string;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  world = await createDemoWorld();
  const binding = await world.t.call('GET', apiUrl('/exhibitor/bindings', { meeting_id: demoMeetingId }), {
    headers: auth(world.logins.exhibitor.token),
  });
  ownEnterpriseId = wireIdText(binding.json().binding.enterprise._id);
  const rows = await world.t.database.db
    .select({ enterpriseId: exhibitors.enterpriseId })
    .from(exhibitors)
    .where(eq(exhibitors.meetingId, demoMeetingId))
    .limit(5);
  otherEnterpriseId = rows.map((r) => r.enterpriseId).find((id) => id !== ownEnterpriseId) as string;
});
afterAll(() => world.t.close());

/** A visit through the poster from a device, optionally logged in. */
const visit = (enterpriseId: string, deviceId: string, token?: string) =>
  world.t.call('POST', `/api/enterprises/${enterpriseId}/invites`, {
    json: { meeting_id: demoMeetingId, user_id: '' },
    headers: { 'device-id': deviceId, ...(token ? auth(token) : {}) },
  });

describe('POST /enterprises/{id}/invites (§7)', () => {
  it('counts one visitor per device, anonymous or not, and refuses enterprises not exhibiting', async () => {
    const device = `dev-${randomBytes(4).toString('hex')}`;
    const first = await visit(otherEnterpriseId, device);
    expect(first.statusCode).toBe(200);
    const again = await visit(otherEnterpriseId, device);
    expect(again.json().visitors_total).toBe(first.json().visitors_total);
    const another = await visit(otherEnterpriseId, `${device}-b`);
    expect(another.json().visitors_total).toBe(first.json().visitors_total + 1);
    expect((await visit('f'.repeat(24), device)).statusCode).toBe(404);
    const malformed = await world.t.call('POST', '/api/enterprises/nope/invites', {
      json: { meeting_id: demoMeetingId },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe("the exhibitor's report and the organiser's counts", () => {
  it('attributes a registration made after the visit, not one made before', async () => {
    const db = world.t.database.db;
    // The participant already had a ticket before the visit: not the enterprise's doing.
    await visit(ownEnterpriseId, 'participant-phone', world.logins.participant.token);
    // The user visits anonymously, then logs in on the same device (the app posts again), then registers.
    await visit(ownEnterpriseId, 'user-phone');
    await visit(ownEnterpriseId, 'user-phone', world.logins.user.token);
    const [price] = await db
      .select({ id: activityPrices.id })
      .from(activityPrices)
      .where(eq(activityPrices.activityId, demoActivityIds.forum))
      .limit(1);
    await db.insert(tickets).values({
      id: newId(),
      meetingId: demoMeetingId,
      activityId: demoActivityIds.forum,
      priceId: price?.id as string,
      userId: wireIdText(world.logins.user.user_id),
      status: 0,
      name: 'Una User',
      code: randomBytes(13).toString('hex').toUpperCase(),
    });

    const report = await world.t.call(
      'GET',
      apiUrl(`/enterprises/${ownEnterpriseId}/invites`, { meeting_id: demoMeetingId }),
      {
        headers: auth(world.logins.exhibitor.token),
      },
    );
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ visitors_total: 2, registrations_total: 1 });
    expect(
      report
        .json()
        .visitors.map((r: { registered: number }) => r.registered)
        .sort(),
    ).toEqual([0, 1]);

    const counts = await world.t.call('GET', `/api/console/meetings/${demoMeetingId}/invites`, {
      headers: auth(world.logins.organiser.token),
    });
    expect(counts.statusCode).toBe(200);
    const own = counts
      .json()
      .results.find((r: { enterprise_id: unknown }) => wireIdText(r.enterprise_id) === ownEnterpriseId);
    expect(own).toMatchObject({ visitors_total: 2, registrations_total: 1 });
  });

  it("shows an enterprise's report to its exhibitor only, the counts to organisers only", async () => {
    const url = apiUrl(`/enterprises/${otherEnterpriseId}/invites`, { meeting_id: demoMeetingId });
    expect((await world.t.call('GET', url, { headers: auth(world.logins.exhibitor.token) })).statusCode).toBe(
      403,
    );
    expect((await world.t.call('GET', url, { headers: auth(world.logins.user.token) })).statusCode).toBe(403);
    expect((await world.t.call('GET', url)).statusCode).toBe(401);
    const counts = `/api/console/meetings/${demoMeetingId}/invites`;
    expect(
      (await world.t.call('GET', counts, { headers: auth(world.logins.exhibitor.token) })).statusCode,
    ).toBe(403);
    expect(
      (await world.t.call('GET', counts, { headers: auth(world.logins.otherOrganiser.token) })).statusCode,
    ).toBe(403);
  });
});
