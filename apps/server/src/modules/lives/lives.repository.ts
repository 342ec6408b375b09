import { and, asc, desc, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activities, activityPrices } from '../activities/activities.tables.ts';
import { agendaLives, agendas, lives } from '../agendas/agendas.tables.ts';
import { commerceSettings } from '../orders/orders.tables.ts';
import type { LiveRow } from './lives.permission.ts';
import { liveUsers, liveViewers } from './lives.tables.ts';

/** Filters of the public list (§7 GET /lives). `now` splits upcoming / ongoing / past. */
export type LiveListFilter = {
  meetingId: string;
  id?: string | undefined;
  state?: 'upcoming' | 'ongoing' | 'past' | undefined;
  agendaId?: string | undefined;
  now: Date;
};

function listWhere(filter: LiveListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    eq(lives.meetingId, filter.meetingId),
    eq(lives.deleted, 0),
    eq(lives.enableShow, 1),
  ];
  if (filter.id) parts.push(eq(lives.id, filter.id));
  if (filter.state === 'upcoming') parts.push(gt(lives.start, filter.now));
  if (filter.state === 'ongoing') parts.push(lte(lives.start, filter.now), gt(lives.end, filter.now));
  if (filter.state === 'past') parts.push(lte(lives.end, filter.now));
  if (filter.agendaId) {
    parts.push(
      inArray(
        lives.id,
        sql`(select ${agendaLives.liveId} from ${agendaLives} where ${agendaLives.agendaId} = ${filter.agendaId})`,
      ),
    );
  }
  return and(...parts);
}

/**
 * A meeting's shown lives (§7 GET /lives): ongoing first (start ≤ now < end), then upcoming by start,
 * then past by start descending; heavier first within one start, then by id.
 */
export async function findShownLives(
  db: Database,
  filter: LiveListFilter,
  page: { limit: number; skip: number },
): Promise<LiveRow[]> {
  const now = sql`${filter.now.toISOString()}::timestamptz`;
  const bucket = sql`case when ${lives.start} <= ${now} and ${lives.end} > ${now} then 0 when ${lives.start} > ${now} then 1 else 2 end`;
  const startKey = sql`case when ${lives.end} <= ${now} then -extract(epoch from ${lives.start}) else extract(epoch from ${lives.start}) end`;
  return db
    .select()
    .from(lives)
    .where(listWhere(filter))
    .orderBy(asc(bucket), asc(startKey), desc(lives.weight), asc(lives.id))
    .limit(page.limit)
    .offset(page.skip);
}

/** How many lives findShownLives would list without paging. */
export async function countShownLives(db: Database, filter: LiveListFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(lives).where(listWhere(filter));
  return row?.n ?? 0;
}

/** A meeting's lives not deleted (the console), by start. */
export async function findMeetingLives(db: Database, meetingId: string): Promise<LiveRow[]> {
  return db
    .select()
    .from(lives)
    .where(and(eq(lives.meetingId, meetingId), eq(lives.deleted, 0)))
    .orderBy(asc(lives.start), asc(lives.id))
    .limit(1000);
}

/** A live of the meeting, not deleted; undefined otherwise. */
export async function findMeetingLive(
  db: Database,
  meetingId: string,
  liveId: string,
): Promise<LiveRow | undefined> {
  const [row] = await db
    .select()
    .from(lives)
    .where(and(eq(lives.id, liveId), eq(lives.meetingId, meetingId), eq(lives.deleted, 0)))
    .limit(1);
  return row;
}

/** The same, locked for update (console writes). */
export async function lockMeetingLive(
  tx: Database,
  meetingId: string,
  liveId: string,
): Promise<LiveRow | undefined> {
  const [row] = await tx
    .select()
    .from(lives)
    .where(and(eq(lives.id, liveId), eq(lives.meetingId, meetingId), eq(lives.deleted, 0)))
    .limit(1)
    .for('update');
  return row;
}

/** The meeting of a live (any state), for the guest-view rule; undefined when unknown. */
export async function meetingOfLive(db: Database, liveId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ meetingId: lives.meetingId })
    .from(lives)
    .where(eq(lives.id, liveId))
    .limit(1);
  return row?.meetingId;
}

/** The sessions of each live (agenda_lives), sessions not deleted. */
export async function agendaIdsOf(db: Database, liveIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (liveIds.length === 0) return map;
  const rows = await db
    .select({ liveId: agendaLives.liveId, agendaId: agendaLives.agendaId })
    .from(agendaLives)
    .innerJoin(agendas, eq(agendas.id, agendaLives.agendaId))
    .where(and(inArray(agendaLives.liveId, liveIds), eq(agendas.deleted, 0)))
    .orderBy(asc(agendas.start), asc(agendas.id));
  for (const row of rows) map.set(row.liveId, [...(map.get(row.liveId) ?? []), row.agendaId]);
  return map;
}

/** Viewers seen at or after `since` per live (online, §7 GET /lives/users). */
export async function onlineCounts(
  db: Database,
  liveIds: string[],
  since: Date,
): Promise<Map<string, number>> {
  if (liveIds.length === 0) return new Map();
  const rows = await db
    .select({ liveId: liveViewers.liveId, n: sql<number>`count(*)::int` })
    .from(liveViewers)
    .where(and(inArray(liveViewers.liveId, liveIds), gte(liveViewers.lastSeenAt, since)))
    .groupBy(liveViewers.liveId);
  return new Map(rows.map((row) => [row.liveId, row.n]));
}

/** Users subscribed to the reminder per live (§9). */
export async function subscriberCounts(db: Database, liveIds: string[]): Promise<Map<string, number>> {
  if (liveIds.length === 0) return new Map();
  const rows = await db
    .select({ liveId: liveUsers.liveId, n: sql<number>`count(*)::int` })
    .from(liveUsers)
    .where(and(inArray(liveUsers.liveId, liveIds), eq(liveUsers.subscribed, 1)))
    .groupBy(liveUsers.liveId);
  return new Map(rows.map((row) => [row.liveId, row.n]));
}

/** Amounts (cents) of live ticket types by id (deleted types left out). */
export async function priceAmounts(db: Database, priceIds: string[]): Promise<Map<string, number>> {
  if (priceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: activityPrices.id, amount: activityPrices.amount })
    .from(activityPrices)
    .where(and(inArray(activityPrices.id, priceIds), eq(activityPrices.deleted, 0)));
  return new Map(rows.map((row) => [row.id, row.amount]));
}

/** The meeting's commerce currency (commerce_settings, default 'CNY'). */
export async function meetingCurrency(db: Database, meetingId: string): Promise<string> {
  const [row] = await db
    .select({ currency: commerceSettings.currency })
    .from(commerceSettings)
    .where(eq(commerceSettings.meetingId, meetingId))
    .limit(1);
  return row?.currency ?? 'CNY';
}

/** An activity of the meeting, not deleted. */
export async function isMeetingActivity(
  db: Database,
  meetingId: string,
  activityId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.id, activityId), eq(activities.meetingId, meetingId), eq(activities.deleted, 0)))
    .limit(1);
  return row !== undefined;
}

/** A ticket type of the activity, not deleted. */
export async function isActivityPrice(db: Database, activityId: string, priceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: activityPrices.id })
    .from(activityPrices)
    .where(
      and(
        eq(activityPrices.id, priceId),
        eq(activityPrices.activityId, activityId),
        eq(activityPrices.deleted, 0),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** How many of `agendaIds` are sessions of the meeting (not deleted). */
export async function countMeetingAgendas(
  db: Database,
  meetingId: string,
  agendaIds: string[],
): Promise<number> {
  if (agendaIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(agendas)
    .where(and(inArray(agendas.id, agendaIds), eq(agendas.meetingId, meetingId), eq(agendas.deleted, 0)));
  return row?.n ?? 0;
}

/** Replaces the sessions of a live (in the caller's transaction). */
export async function replaceAgendaLinks(tx: Database, liveId: string, agendaIds: string[]): Promise<void> {
  await tx.delete(agendaLives).where(eq(agendaLives.liveId, liveId));
  if (agendaIds.length > 0) {
    await tx
      .insert(agendaLives)
      .values([...new Set(agendaIds)].map((agendaId) => ({ agendaId, liveId })))
      .onConflictDoNothing();
  }
}
