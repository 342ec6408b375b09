import { randomBytes } from 'node:crypto';
import type { ConsoleDashboard } from '@app/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { newId } from '../../db/ids.ts';
import { demoActivityIds, demoPriceIds, demoSourceId } from '../../seeds/demo-activities.ts';
import { exhibitionViewTotals, exhibitorApplications } from '../exhibitors/exhibitors.tables.ts';
import { meetings, meetingViews } from '../meetings/meetings.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';

/**
 * GET /console/meetings/{meeting_id}/dashboard (DESIGN §7): tickets in every state over several
 * days (one a minute after midnight in the meeting's zone, which is the day before in UTC), views,
 * applications; every figure of the answer equals a COUNT/SUM written here in plain SQL.
 */

let world: DemoWorld;
const zone = 'Asia/Shanghai';
const hour = 3600 * 1000;
const day = 24 * hour;

async function scalar(query: SQL): Promise<number> {
  const result = (await world.t.database.db.execute(query)) as unknown as { rows: { n: unknown }[] };
  return Number(result.rows[0]?.n ?? 0);
}

async function dashboard(role: 'organiser' | 'checkin' | 'otherOrganiser', days?: number) {
  return world.t.call(
    'GET',
    `/api/console/meetings/${world.meetingId}/dashboard${days ? `?days=${days}` : ''}`,
    { headers: bearer(world.logins[role]) },
  );
}

/** A ticket of the demo meeting created at `createdAt`. */
function ticket(input: {
  activityId: string;
  priceId: string;
  status: number;
  createdAt: Date;
  sourceId?: string;
  checkedInAt?: Date;
  deleted?: number;
}) {
  return {
    id: newId(),
    meetingId: world.meetingId,
    activityId: input.activityId,
    priceId: input.priceId,
    sourceId: input.sourceId ?? null,
    status: input.status,
    name: 'Dash Board',
    code: randomBytes(16).toString('hex').slice(0, 26).toUpperCase(),
    createdAt: input.createdAt,
    checkedInAt: input.checkedInAt ?? null,
    deleted: input.deleted ?? 0,
  };
}

/** The UTC instant of a wall-clock time in Shanghai (UTC+8, no daylight saving). */
const shanghai = (date: string, time: string) => new Date(new Date(`${date}T${time}Z`).getTime() - 8 * hour);

let today: string;

beforeAll(async () => {
  world = await createDemoWorld();
  const db = world.t.database.db;
  await db.update(meetings).set({ timeZone: zone, viewsTotal: 4321 }).where(eq(meetings.id, world.meetingId));
  today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const daysAgo = (n: number) =>
    new Date(new Date(`${today}T00:00:00Z`).getTime() - n * day).toISOString().slice(0, 10);
  const forum = { activityId: demoActivityIds.forum, priceId: demoPriceIds.forumStandard };
  const tour = { activityId: demoActivityIds.tour, priceId: demoPriceIds.tour };
  await db.insert(tickets).values([
    ticket({ ...forum, status: 0, createdAt: shanghai(daysAgo(1), '10:00:00'), sourceId: demoSourceId }),
    ticket({ ...forum, status: 0, createdAt: shanghai(daysAgo(1), '11:00:00') }),
    ticket({ ...forum, status: 1, createdAt: shanghai(daysAgo(2), '09:00:00'), sourceId: demoSourceId }),
    // 00:01 in Shanghai: the day before in UTC, counted on the Shanghai date.
    ticket({ ...forum, status: 2, createdAt: shanghai(daysAgo(3), '00:01:00') }),
    ticket({ ...tour, status: 3, createdAt: shanghai(daysAgo(3), '23:59:00'), checkedInAt: new Date() }),
    ticket({
      ...tour,
      status: 3,
      createdAt: shanghai(daysAgo(40), '12:00:00'),
      checkedInAt: shanghai(daysAgo(5), '12:00:00'),
    }),
    ticket({ ...tour, status: 1, createdAt: new Date(Date.now() - 60_000) }),
    // Deleted: counted nowhere.
    ticket({
      ...tour,
      status: 3,
      createdAt: new Date(Date.now() - 60_000),
      checkedInAt: new Date(),
      deleted: 1,
    }),
  ]);
  await db.insert(meetingViews).values([
    { meetingId: world.meetingId, createdAt: shanghai(daysAgo(1), '08:00:00') },
    { meetingId: world.meetingId, createdAt: shanghai(daysAgo(1), '09:00:00') },
    { meetingId: world.meetingId, createdAt: shanghai(daysAgo(0), '00:00:01') },
  ]);
  await db.insert(exhibitorApplications).values([
    {
      id: newId(),
      meetingId: world.meetingId,
      company: 'A',
      contactName: 'A',
      phone: '+8613800000001',
      status: 0,
    },
    {
      id: newId(),
      meetingId: world.meetingId,
      company: 'B',
      contactName: 'B',
      phone: '+8613800000002',
      status: 0,
    },
    {
      id: newId(),
      meetingId: world.meetingId,
      company: 'C',
      contactName: 'C',
      phone: '+8613800000003',
      status: 1,
    },
  ]);
  await db
    .insert(exhibitionViewTotals)
    .values({ meetingId: world.meetingId, kind: 'exhibition_area', target: 'Hall 1', viewsTotal: 17 })
    .onConflictDoNothing();
});
afterAll(() => world.t.close());

describe('GET /console/meetings/{meeting_id}/dashboard', () => {
  it('answers every figure as the SQL counts them', async () => {
    const res = await dashboard('organiser', 45);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ConsoleDashboard;
    const m = world.meetingId;
    const live = sql`meeting_id = ${m} and deleted = 0`;

    expect(body.time_zone).toBe(zone);
    expect(body.today).toBe(today);
    expect(body.days).toHaveLength(45);
    expect(body.days.at(-1)?.date).toBe(today);
    for (const entry of body.days) {
      expect(entry.registrations, entry.date).toBe(
        await scalar(
          sql`select count(*) as n from tickets where ${live} and to_char(created_at at time zone ${zone}, 'YYYY-MM-DD') = ${entry.date}`,
        ),
      );
      expect(entry.views, entry.date).toBe(
        await scalar(
          sql`select count(*) as n from meeting_views where meeting_id = ${m} and to_char(created_at at time zone ${zone}, 'YYYY-MM-DD') = ${entry.date}`,
        ),
      );
    }
    // The 00:01 registration sits on its Shanghai date, three days ago, with the 23:59 one.
    const threeDaysAgo = body.days.at(-4);
    expect(threeDaysAgo?.registrations).toBeGreaterThanOrEqual(2);

    const status = (n: number) =>
      scalar(sql`select count(*) as n from tickets where ${live} and status = ${n}`);
    expect(body.registrations).toEqual({
      total: await scalar(sql`select count(*) as n from tickets where ${live}`),
      review: await status(0),
      registered: await status(1),
      rejected: await status(2),
      checked_in: await status(3),
    });
    expect(body.pending_review).toBe(await status(0));
    expect(body.registrations.review).toBeGreaterThanOrEqual(2);
    expect(body.registrations.checked_in).toBeGreaterThanOrEqual(2);

    const sources = (await world.t.database.db.execute(
      sql`select source_id, count(*)::int as n from tickets where ${live} group by source_id`,
    )) as unknown as { rows: { source_id: string | null; n: number }[] };
    expect(body.by_source).toHaveLength(sources.rows.length);
    for (const row of sources.rows) {
      const entry = body.by_source.find((s) => (s._id?.$id ?? null) === row.source_id);
      expect(entry?.total, String(row.source_id)).toBe(row.n);
    }
    expect(body.by_source.find((s) => s._id?.$id === demoSourceId)?.title).toBe('Partner newsletter');

    const types = (await world.t.database.db.execute(
      sql`select price_id, count(*)::int as n from tickets where ${live} group by price_id`,
    )) as unknown as { rows: { price_id: string; n: number }[] };
    expect(body.by_ticket_type).toHaveLength(types.rows.length);
    for (const row of types.rows) {
      expect(body.by_ticket_type.find((s) => s._id.$id === row.price_id)?.total, row.price_id).toBe(row.n);
    }
    expect(body.by_ticket_type.find((s) => s._id.$id === demoPriceIds.tour)?.title).toEqual({
      en: 'Walker',
      zh: '参观者',
    });

    expect(body.checkins).toEqual({
      total: await status(3),
      today: await scalar(
        sql`select count(*) as n from tickets where ${live} and status = 3 and (checked_in_at at time zone ${zone})::date = ${today}::date`,
      ),
    });
    expect(body.checkins.today).toBeGreaterThanOrEqual(1);
    expect(body.checkins.today).toBeLessThan(body.checkins.total);

    expect(body.views).toEqual({
      meeting: 4321,
      activities: await scalar(sql`select coalesce(sum(views_total), 0) as n from activities where ${live}`),
      exhibitors: await scalar(sql`select coalesce(sum(views_total), 0) as n from exhibitors where ${live}`),
      exhibition_pages: await scalar(
        sql`select coalesce(sum(views_total), 0) as n from exhibition_view_totals where meeting_id = ${m}`,
      ),
    });
    expect(body.views.exhibition_pages).toBeGreaterThanOrEqual(17);
    expect(body.new_applications).toBe(
      await scalar(
        sql`select count(*) as n from exhibitor_applications where meeting_id = ${m} and status = 0`,
      ),
    );
    expect(body.new_applications).toBe(2);
    expect(body.team_size).toBe(
      await scalar(sql`select count(*) as n from meeting_roles where meeting_id = ${m}`),
    );
    expect(body.team_size).toBeGreaterThanOrEqual(2);
  });

  it('covers 30 days unless told otherwise', async () => {
    const res = await dashboard('organiser');
    const body = res.json() as ConsoleDashboard;
    expect(body.days).toHaveLength(30);
    expect(String(body.days[0]?.date) < String(body.days[29]?.date)).toBe(true);
  });

  it('counts in UTC, not a 500, when the database does not know the meeting zone', async () => {
    const db = world.t.database.db;
    // Node 20's Intl accepts this retired zone (so a meeting's settings took it); PostgreSQL does not.
    await db.update(meetings).set({ timeZone: 'US/Pacific-New' }).where(eq(meetings.id, world.meetingId));
    try {
      const response = await dashboard('organiser', 2);
      expect(response.statusCode).toBe(200);
      expect((response.json() as ConsoleDashboard).time_zone).toBe('UTC');
    } finally {
      await db.update(meetings).set({ timeZone: zone }).where(eq(meetings.id, world.meetingId));
    }
  });

  it('refuses check-in staff and the organiser of another meeting with no_permission', async () => {
    for (const role of ['checkin', 'otherOrganiser'] as const) {
      const res = await dashboard(role);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code).toBe('no_permission');
    }
  });
});
