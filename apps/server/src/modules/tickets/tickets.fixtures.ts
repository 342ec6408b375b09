import type { LoginResult } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { activities, activityPrices, activitySources } from '../activities/activities.tables.ts';
import { agents } from '../agents/agents.tables.ts';
import { newLogin } from '../exhibitors/exhibitors.fixtures.ts';
import { insertUserIfFree } from '../users/users.repository.ts';
import { signIn } from '../users/users.service.ts';
import { tickets } from './tickets.tables.ts';

/**
 * Test helpers of the tickets API tests: valid phones and ID numbers, users with a phone (staff),
 * groups, and a snapshot of the counters and ticket rows to prove a refusal changed nothing.
 */

/** A valid zh-CN mobile's national digits, distinct per n. */
export function mobile(n: number): string {
  return `1380013${String(n).padStart(4, '0')}`;
}

/** A valid mainland ID number (region 110101, born 1990-03-07), distinct per n (0..999). */
export function idNumber(n: number): string {
  const first17 = `11010119900307${String(n).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(first17[index]), 0);
  return `${first17}${'10X98765432'[sum % 11]}`;
}

/** A user with a phone (E.164) signed in to the meeting: staff need one. */
export async function loginWithPhone(t: TestApp, meetingId: string, e164: string): Promise<LoginResult> {
  const user = await insertUserIfFree(t.database.db, {
    id: newId(),
    username: `staff-${newId().slice(-8)}`,
    phone: e164,
    areaCode: '86',
  });
  if (!user) throw new Error(`phone ${e164} is taken`);
  return signIn({ db: t.database.db, config: t.app.deps.config }, { user, meetingId, method: 'phone' });
}

/** A plain user signed in to the meeting. */
export function login(t: TestApp, meetingId: string): Promise<LoginResult> {
  return newLogin({ db: t.database.db, config: t.app.deps.config }, meetingId);
}

/** A group of an activity led by a user; returns its id. */
export async function insertAgent(
  t: TestApp,
  input: { meetingId: string; activityId: string; userId: string; membersTotal?: number },
): Promise<string> {
  const id = newId();
  await t.database.db.insert(agents).values({
    id,
    meetingId: input.meetingId,
    activityId: input.activityId,
    userId: input.userId,
    name: 'Robotics Club',
    liaison: 'Li Lei',
    phone: '+8613800138000',
    membersTotal: input.membersTotal ?? 0,
  });
  return id;
}

/** Counters and live tickets of an activity: equal snapshots before and after = nothing changed. */
export async function snapshot(t: TestApp, activityId: string) {
  const db = t.database.db;
  const [activity] = await db
    .select({ ticketTotal: activities.ticketTotal })
    .from(activities)
    .where(eq(activities.id, activityId));
  const prices = await db
    .select({ id: activityPrices.id, soldTotal: activityPrices.soldTotal })
    .from(activityPrices)
    .where(eq(activityPrices.activityId, activityId))
    .orderBy(activityPrices.id);
  const sources = await db
    .select({ id: activitySources.id, signupTotal: activitySources.signupTotal })
    .from(activitySources)
    .where(eq(activitySources.activityId, activityId))
    .orderBy(activitySources.id);
  const agentRows = await db
    .select({ id: agents.id, membersTotal: agents.membersTotal })
    .from(agents)
    .where(eq(agents.activityId, activityId))
    .orderBy(agents.id);
  const ticketRows = await db
    .select({
      id: tickets.id,
      status: tickets.status,
      name: tickets.name,
      answers: tickets.answers,
      phone: tickets.phone,
      userId: tickets.userId,
      inputByAdmin: tickets.inputByAdmin,
      checkedInAt: tickets.checkedInAt,
    })
    .from(tickets)
    .where(eq(tickets.activityId, activityId))
    .orderBy(tickets.id);
  return { ticketTotal: activity?.ticketTotal, prices, sources, agents: agentRows, tickets: ticketRows };
}

/** Number of ticket rows of an activity (deleted included). */
export async function ticketCount(t: TestApp, activityId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(eq(tickets.activityId, activityId));
  return Number(row?.n ?? 0);
}
