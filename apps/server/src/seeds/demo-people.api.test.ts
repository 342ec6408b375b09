import type { PersonCard, Recommendation } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../../test/demo-roles.ts';
import { bearer } from '../../test/login.ts';
import { apiUrl } from '../../test/test-app.ts';
import { seedDemoPeople } from './demo-people.ts';

/** The demo people (§3 Exposure setting): the directory and the recommendations have content. */
let world: DemoWorld;
beforeAll(async () => {
  world = await createDemoWorld();
});
afterAll(() => world.t.close());

describe('demo people', () => {
  it('adds eight exposed participants once, listed in the directory with levels and tags', async () => {
    expect(await seedDemoPeople(world.t.database.db)).toBe(8);
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
