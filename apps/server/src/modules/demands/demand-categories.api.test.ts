import { randomBytes } from 'node:crypto';
import type { ConsoleDemandCategory, LoginResult } from '@app/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { demoActivityIds } from '../../seeds/demo-activities.ts';
import { activityPrices } from '../activities/activities.tables.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { categories } from '../categories/categories.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { signIn } from '../users/users.service.ts';
import { users } from '../users/users.tables.ts';
import { demands } from './demands.tables.ts';

/**
 * The console's demand categories (§3 Demand category, §7 Categories, DESIGN §7): community.read
 * lists, community.moderate creates, edits and deletes (each write one audit row in its
 * transaction); bad input is 400 with nothing stored; the public GET /demand/categories serves them
 * and a demand can be posted in one; deleting a used category detaches its demands.
 */
let world: DemoWorld;
let meetingId: string;
let organiser: LoginResult;
let base: string;

let addresses = 0;
const nextIp = () => {
  addresses += 1;
  return `10.78.${(addresses >> 8) & 255}.${addresses & 255}`;
};

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  as: LoginResult | null,
  json?: unknown,
) {
  return world.t.call(method, url, {
    ...(json !== undefined ? { json } : {}),
    headers: as ? bearer(as) : {},
    remoteAddress: nextIp(),
  });
}

const db = () => world.t.database.db;
const storedCount = async () =>
  (
    await db()
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.meetingId, meetingId), eq(categories.type, 'demand')))
  ).length;
const auditRows = async (id: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'demand_category'), eq(auditLog.entityId, id)));

/** A signed-in participant (approved ticket) of the demo meeting, who may post demands (§6). */
async function participant(): Promise<LoginResult> {
  const [price] = await db()
    .select({ id: activityPrices.id })
    .from(activityPrices)
    .where(eq(activityPrices.activityId, demoActivityIds.forum))
    .orderBy(asc(activityPrices.id))
    .limit(1);
  if (!price) throw new Error('no price');
  const id = newId();
  const [user] = await db()
    .insert(users)
    .values({
      id,
      username: 'Category poster',
      phone: '+8613900007777',
      areaCode: '86',
      email: 'dc@example.com',
    })
    .returning();
  if (!user) throw new Error('no user');
  await db()
    .insert(tickets)
    .values({
      id: newId(),
      meetingId,
      activityId: demoActivityIds.forum,
      priceId: price.id,
      userId: id,
      status: 1,
      name: 'Category poster',
      code: randomBytes(16).toString('hex').slice(0, 26).toUpperCase(),
    });
  return signIn({ db: db(), config: world.t.app.deps.config }, { user, meetingId, method: 'phone' });
}

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  organiser = world.logins.organiser;
  base = `/api/console/meetings/${meetingId}/demands/categories`;
}, 60_000);
afterAll(() => world.t.close());

describe('console demand categories', () => {
  let created: ConsoleDemandCategory;

  it('creates a category with localized titles and a weight (one audit row); lists weight descending', async () => {
    const res = await call('POST', base, organiser, { title: { en: 'Logistics', zh: '物流' }, weight: 5 });
    expect(res.statusCode, res.body).toBe(200);
    created = res.json();
    expect(created).toMatchObject({ title: { en: 'Logistics', zh: '物流' }, weight: 5, demand_total: 0 });
    const audit = await auditRows(created._id.$id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'community.moderate', before: null });

    const light = await call('POST', base, organiser, { title: { en: 'Design' }, weight: 1 });
    expect(light.statusCode).toBe(200);
    const list = await call('GET', base, organiser);
    expect(list.statusCode).toBe(200);
    const titles = list.json().items.map((item: ConsoleDemandCategory) => item.title);
    expect(titles).toEqual([{ en: 'Logistics', zh: '物流' }, { en: 'Design' }]);
  });

  it('bad input → 400 and nothing stored', async () => {
    const before = await storedCount();
    for (const body of [
      { title: { en: '  ' } },
      { title: { en: 'x'.repeat(500) } },
      { title: { xx: 'Unknown language' } },
      { title: { en: 'Heavy' }, weight: 'heavy' },
      { title: { en: 'Extra' }, colour: 'red' },
      {},
    ]) {
      const res = await call('POST', base, organiser, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const blank = await call('PUT', `${base}/${created._id.$id}`, organiser, { title: { en: '' } });
    expect(blank.statusCode).toBe(400);
    expect(await storedCount()).toBe(before);
    expect(await auditRows(created._id.$id)).toHaveLength(1);
  });

  it('edits title and weight (audited before → after); an unknown id is 404', async () => {
    const res = await call('PUT', `${base}/${created._id.$id}`, organiser, {
      title: { en: 'Shipping', zh: '运输' },
      weight: 9,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: { en: 'Shipping', zh: '运输' }, weight: 9 });
    const audit = await auditRows(created._id.$id);
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      before: { title: { en: 'Logistics', zh: '物流' }, weight: 5 },
      after: { title: { en: 'Shipping', zh: '运输' }, weight: 9 },
    });
    const missing = await call('PUT', `${base}/${newId()}`, organiser, { weight: 1 });
    expect(missing.statusCode).toBe(404);
  });

  it('reads need community.read, writes community.moderate: other roles 403, guests 401, nothing stored', async () => {
    const before = await storedCount();
    for (const role of ['user', 'participant', 'exhibitor', 'checkin', 'otherOrganiser'] as const) {
      const as = world.logins[role];
      expect((await call('GET', base, as)).statusCode, role).toBe(403);
      expect((await call('POST', base, as, { title: { en: 'Nope' } })).statusCode, role).toBe(403);
      expect((await call('PUT', `${base}/${created._id.$id}`, as, { weight: 0 })).statusCode, role).toBe(403);
      expect((await call('DELETE', `${base}/${created._id.$id}`, as)).statusCode, role).toBe(403);
    }
    expect((await call('GET', base, null)).statusCode).toBe(401);
    expect(await storedCount()).toBe(before);
    expect(await auditRows(created._id.$id)).toHaveLength(2);
  });

  it('the public GET /demand/categories serves it and a demand can be posted in it', async () => {
    const pub = await call('GET', apiUrl('/demand/categories', { meeting_id: meetingId }), null);
    expect(pub.statusCode).toBe(200);
    const ids = pub.json().results.map((row: { _id: { $id: string } }) => row._id.$id);
    expect(ids[0]).toBe(created._id.$id);

    const poster = await participant();
    const posted = await call('POST', '/api/demands', poster, {
      meeting_id: meetingId,
      type: 'supply',
      title: 'Freight forwarding offer',
      description: 'We forward freight to the fair grounds and back, customs included.',
      category_id: created._id.$id,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const list = await call('GET', base, organiser);
    expect(list.json().items[0]).toMatchObject({ demand_total: 1 });
  });

  it('deleting a used category detaches its demands (audited), the public list leaves it out', async () => {
    const res = await call('DELETE', `${base}/${created._id.$id}`, organiser);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: 1, detached: 1 });
    const left = await db().select().from(demands).where(eq(demands.categoryId, created._id.$id));
    expect(left).toHaveLength(0);
    const audit = await auditRows(created._id.$id);
    expect(audit).toHaveLength(3);
    expect(audit[2]).toMatchObject({ after: { deleted: 1, detached: 1 } });
    const pub = await call('GET', apiUrl('/demand/categories', { meeting_id: meetingId }), null);
    const ids = pub.json().results.map((row: { _id: { $id: string } }) => row._id.$id);
    expect(ids).not.toContain(created._id.$id);
    expect((await call('DELETE', `${base}/${created._id.$id}`, organiser)).statusCode).toBe(404);
  });
});
