import type { PersonCard, Recommendation } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../../test/demo-roles.ts';
import { bearer } from '../../test/login.ts';
import { apiUrl } from '../../test/test-app.ts';
import { demoMeetingId } from './demo-meeting.data.ts';
import { seedDemoPeople } from './demo-people.ts';

/** The demo people (§3 Exposure setting): the directory and the recommendations have content. */
let world: DemoWorld;
beforeAll(async () => {
  world = await createDemoWorld();
});
afterAll(() => world.t.close());

describe('demo people', () => {
  it('adds eight exposed participants once, listed in the directory with levels and tags', async () => {
    // Their tickets move the activity's and the ticket type's totals with them (§4 full, sold out).
    const totals = async () =>
      (
        (await world.t.database.db.execute(sql`
          SELECT a.ticket_total AS "ticketTotal",
            (SELECT count(*)::int FROM tickets t WHERE t.activity_id = a.id AND t.deleted = 0) AS tickets,
            (SELECT coalesce(sum(p.sold_total), 0)::int FROM activity_prices p WHERE p.activity_id = a.id) AS sold
          FROM activities a WHERE a.meeting_id = ${demoMeetingId} AND a.deleted = 0
          ORDER BY a.id LIMIT 1`)) as unknown as {
          rows: { ticketTotal: number; tickets: number; sold: number }[];
        }
      ).rows[0];
    const before = await totals();
    expect(await seedDemoPeople(world.t.database.db)).toBe(8);
    const after = await totals();
    expect(after?.tickets).toBe((before?.tickets ?? 0) + 8);
    expect(after?.ticketTotal).toBe((before?.ticketTotal ?? 0) + 8);
    expect(after?.sold).toBe((before?.sold ?? 0) + 8);
    expect(await seedDemoPeople(world.t.database.db)).toBe(0);
    const participant = world.logins.participant;
    const res = await world.t.call('GET', apiUrl('/meeting/users', { limit: 50 }), {
      headers: bearer(participant),
    });
    const cards = (res.json() as { results: PersonCard[] }).results;
    expect(cards.length).toBeGreaterThanOrEqual(8);
    expect(cards.some((c) => c.membership_level === 'senior_council')).toBe(true);
    expect(cards.some((c) => c.special_identity_label === 'Official')).toBe(true);
    const recommend = await world.t.call('GET', apiUrl('/users/recommend'), { headers: bearer(participant) });
    expect(recommend.statusCode, recommend.body).toBe(200);
    expect((recommend.json() as { results: Recommendation[] }).results.length).toBeGreaterThan(0);
  });
});
