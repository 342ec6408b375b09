import { LiveError, type LivePermissionReason } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, noPermission, notFound } from '../../errors.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { can } from '../roles/roles.permissions.ts';
import { meetingAccess } from '../roles/roles.service.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { liveUsers } from './lives.tables.ts';

export type LiveRow = typeof lives.$inferSelect;

/** The caller's standing in one live (live_users row), as flags. */
export type LiveStanding = { muted: 0 | 1; banned: 0 | 1; allowed: 0 | 1; subscribed: 0 | 1 };

/** Whether and why a caller may watch a live (§6), with what the room needs besides. */
export type LiveAccessAnswer = {
  permission: 0 | 1;
  reason: LivePermissionReason;
  /** lives.moderate in the live's meeting (mute, ban, pin, delete). */
  canModerate: boolean;
  /** The caller's live_users row; null for visitors and users without one. */
  standing: LiveStanding | null;
};

type PermissionDeps = { db: Database; config: Pick<Config, 'ADMIN_PHONES' | 'ADMIN_EMAILS'> };

/** Ticket statuses that count as approved (§4: 1 registered, 3 successful = checked in). */
const approvedStatuses = [1, 3];

/** 403 live.banned: a moderator banned the caller from this live (§6). */
export const liveBanned = () => new AppError(403, LiveError.banned, 'You have been banned from this live');

/**
 * A live the public may address (§7 Lives): not deleted and enable_show = 1; else null (callers
 * answer 404 not_found). `liveId` must be a 24-hex id (the contracts check it).
 */
export async function findShownLive(db: Database, liveId: string): Promise<LiveRow | null> {
  const [row] = await db
    .select()
    .from(lives)
    .where(and(eq(lives.id, liveId), eq(lives.deleted, 0), eq(lives.enableShow, 1)))
    .limit(1);
  return row ?? null;
}

const flag01 = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

/** The user's live_users row as flags, or null. */
async function standingOf(db: Database, liveId: string, userId: string): Promise<LiveStanding | null> {
  const [row] = await db
    .select()
    .from(liveUsers)
    .where(and(eq(liveUsers.liveId, liveId), eq(liveUsers.userId, userId)))
    .limit(1);
  if (!row) return null;
  return {
    muted: flag01(row.muted),
    banned: flag01(row.banned),
    allowed: flag01(row.allowed),
    subscribed: flag01(row.subscribed),
  };
}

/** The user's approved, not deleted tickets of an activity: their price ids. */
async function approvedPriceIds(
  db: Database,
  userId: string,
  activityId: string,
): Promise<(string | null)[]> {
  const rows = await db
    .select({ priceId: tickets.priceId })
    .from(tickets)
    .where(
      and(
        eq(tickets.userId, userId),
        eq(tickets.activityId, activityId),
        inArray(tickets.status, approvedStatuses),
        eq(tickets.deleted, 0),
      ),
    )
    .limit(20);
  return rows.map((row) => row.priceId);
}

/**
 * Whether `viewer` may watch `live` (§6), rules in this order:
 * banned (live_users.banned) → 0 'banned'; the meeting's organisers (lives.moderate or lives.edit) →
 * 1 'organiser'; access 'public' → 1 'public'; visitors → 0 'login_required'; 'private' → allowed ?
 * 1 'granted' : 0 'private'; 'registered' / 'paid' → an approved (or checked-in) ticket of
 * `activity_id` → 1 'registered' — for 'paid', a ticket of the pass `price_id` answers 'paid'; else
 * 0 'registration_required' ('registered') / 'payment_required' ('paid'). A 'registered'/'paid' live
 * without an activity admits nobody but organisers.
 * Output: { permission 0|1, reason, canModerate, standing (live_users row or null) }.
 */
export async function livePermissionOf(
  deps: PermissionDeps,
  live: LiveRow,
  viewer: { userId: string | null },
): Promise<LiveAccessAnswer> {
  const userId = viewer.userId;
  if (!userId) {
    const isPublic = live.access === 'public';
    return {
      permission: isPublic ? 1 : 0,
      reason: isPublic ? 'public' : 'login_required',
      canModerate: false,
      standing: null,
    };
  }
  const [standing, access] = await Promise.all([
    standingOf(deps.db, live.id, userId),
    meetingAccess(deps, userId, live.meetingId),
  ]);
  const canModerate = can(access, 'lives.moderate');
  const answer = (permission: 0 | 1, reason: LivePermissionReason): LiveAccessAnswer => ({
    permission,
    reason,
    canModerate,
    standing,
  });
  if (standing?.banned === 1) return answer(0, 'banned');
  if (canModerate || can(access, 'lives.edit')) return answer(1, 'organiser');
  switch (live.access) {
    case 'public':
      return answer(1, 'public');
    case 'private':
      return standing?.allowed === 1 ? answer(1, 'granted') : answer(0, 'private');
    case 'registered':
    case 'paid': {
      const refusal = live.access === 'paid' ? 'payment_required' : 'registration_required';
      if (!live.activityId) return answer(0, refusal);
      const priceIds = await approvedPriceIds(deps.db, userId, live.activityId);
      if (priceIds.length === 0) return answer(0, refusal);
      if (live.access === 'paid' && live.priceId && priceIds.includes(live.priceId)) return answer(1, 'paid');
      return answer(1, 'registered');
    }
  }
}

/**
 * findShownLive + livePermissionOf for calls that need the right to watch (chat, heartbeats, tickets).
 * @throws 404 not_found (unknown, deleted or hidden live); 403 live.banned; 403 no_permission
 * (permission 0 for any other reason).
 */
export async function requireLiveWatcher(
  deps: PermissionDeps,
  liveId: string,
  viewer: { userId: string | null },
): Promise<{ live: LiveRow; access: LiveAccessAnswer }> {
  const live = await findShownLive(deps.db, liveId);
  if (!live) throw notFound('Live');
  const access = await livePermissionOf(deps, live, viewer);
  if (access.reason === 'banned') throw liveBanned();
  if (access.permission !== 1) throw noPermission();
  return { live, access };
}
