import { ErrorCode, type LiveViewer, liveLimits, textLimits, toWireId } from '@app/contracts';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { flag, unix } from '../../db/wire.ts';
import { badRequest, noPermission, notFound } from '../../errors.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { users } from '../users/users.tables.ts';
import { liveClock } from './lives.clock.ts';
import { livePermissionOf, requireLiveWatcher } from './lives.permission.ts';
import { liveUsers, liveViewers } from './lives.tables.ts';

/**
 * The audience of a live (§7 GET /lives/users, POST /lives/{id}/heartbeats): the player's heartbeat
 * every 30 s marks its viewer online (last heartbeat ≤ 60 s old), counts each viewer once in
 * `lives.viewer_total` and keeps `lives.viewer_peak`, the most online at once. Viewers are users,
 * or devices for visitors (`live_viewers.viewer_key` 'u:<user id>' / 'd:<device id>').
 */

type Deps = { db: Database; config: Pick<Config, 'ADMIN_PHONES' | 'ADMIN_EMAILS'> };

/**
 * Heartbeats closer together than this (seconds) are accepted but add no watching time and do not
 * move `last_seen_at`: a player that beats too often is counted as one beating every 10 s.
 */
export const heartbeatMinGapSeconds = 10;

/** Longest gap (seconds) one heartbeat adds to watch_seconds (a viewer back after a pause adds 60). */
const watchGapCapSeconds = 60;

/** The start of the online window at `now`: heartbeats at or after it are online (≤ 60 s old). */
export function onlineSinceOf(now: Date): Date {
  return new Date(now.getTime() - liveLimits.onlineWindowSeconds * 1000);
}

/** A well-formed device id: 1 to textLimits.id (64) letters, digits, '-' or '_' (the web makes 32 hex). */
const deviceIdPattern = new RegExp(`^[A-Za-z0-9_-]{1,${textLimits.id}}$`);

/**
 * The viewer key of a caller: 'u:<user id>' when logged in, else 'd:<device id>' when the device id
 * is well formed (deviceIdPattern, after trimming); null otherwise, so a visitor's row in live_viewers
 * and their +1 to viewer_total need a plausible id, never up to 128 characters of anything.
 */
export function viewerKeyOf(viewer: { userId: string | null; deviceId: string | null }): string | null {
  if (viewer.userId) return `u:${viewer.userId}`;
  const device = viewer.deviceId?.trim() ?? '';
  return deviceIdPattern.test(device) ? `d:${device}` : null;
}

/** Seconds between two 'online' pushes of one live from one process (the room's online figure). */
export const onlinePushSeconds = 10;

/**
 * Pushes a live's online count to its room (`{ type: 'online', online }`, every replica through the
 * hub) after a heartbeat, when it differs from the last count this process pushed for the live and
 * that push is at least {@link onlinePushSeconds} old, so 2,000 viewers beating every 30 s make at
 * most one push per 10 s per process. Remembers the 10,000 most recently beaten lives. `publish`
 * failures are the caller's to log.
 */
export function onlinePusher(
  publish: (liveId: string, event: { type: 'online'; online: number }) => Promise<void>,
): (liveId: string, online: number, nowMs: number) => Promise<boolean> {
  const last = new LRUCache<string, { at: number; online: number }>({ max: 10_000 });
  return async (liveId, online, nowMs) => {
    const pushed = last.get(liveId);
    if (pushed && (pushed.online === online || nowMs - pushed.at < onlinePushSeconds * 1000)) return false;
    last.set(liveId, { at: nowMs, online });
    await publish(liveId, { type: 'online', online });
    return true;
  };
}

/** How many viewers of the live are online at `now` (in `db`, a transaction's snapshot when given one). */
export async function countOnline(db: Database, liveId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(liveViewers)
    .where(and(eq(liveViewers.liveId, liveId), gte(liveViewers.lastSeenAt, onlineSinceOf(now))));
  return Number(row?.n ?? 0);
}

/**
 * POST /lives/{id}/heartbeats (§7): the caller, who must be allowed to watch, is online now.
 * In one transaction, holding the live's row lock (heartbeats of one live take turns, so every count
 * sees the others' committed rows and the peak is exact):
 * - the viewer's first heartbeat inserts its live_viewers row and adds 1 to lives.viewer_total;
 * - a later one, at least 10 s after the last counted, adds min(gap, 60) s to watch_seconds and
 *   moves last_seen_at (closer ones are accepted and change nothing);
 * - lives.viewer_peak = greatest(viewer_peak, online now).
 * Input: live id, the caller's user id or device id (header `device-id`). Output: { online }.
 * @throws 400 validation_failed (neither a session nor a well-formed device id); 404 not_found; 403 live.banned;
 *   403 no_permission.
 */
export async function recordHeartbeat(
  deps: Deps,
  input: { liveId: string; userId: string | null; deviceId: string | null },
): Promise<{ online: number }> {
  const viewerKey = viewerKeyOf(input);
  if (!viewerKey)
    throw badRequest(
      ErrorCode.validation,
      "A device id (header device-id: up to 64 letters, digits, '-' or '_') or a login is needed",
    );
  await requireLiveWatcher(deps, input.liveId, { userId: input.userId });
  const now = liveClock.now();
  return inTransaction(deps.db, async (tx) => {
    // The live's row lock orders the heartbeats of one live (no key update: chat inserts still pass).
    const [locked] = await tx
      .select({ id: lives.id })
      .from(lives)
      .where(eq(lives.id, input.liveId))
      .for('no key update');
    if (!locked) throw notFound('Live');
    const inserted = await tx
      .insert(liveViewers)
      .values({
        liveId: input.liveId,
        viewerKey,
        userId: input.userId,
        firstSeenAt: now,
        lastSeenAt: now,
        watchSeconds: 0,
      })
      .onConflictDoNothing()
      .returning({ viewerKey: liveViewers.viewerKey });
    if (inserted.length === 0) {
      const gap = sql`extract(epoch from (${now.toISOString()}::timestamptz - ${liveViewers.lastSeenAt}))`;
      await tx
        .update(liveViewers)
        .set({
          watchSeconds: sql`${liveViewers.watchSeconds} + least(${gap}, ${watchGapCapSeconds})::int`,
          lastSeenAt: now,
        })
        .where(
          and(
            eq(liveViewers.liveId, input.liveId),
            eq(liveViewers.viewerKey, viewerKey),
            sql`${gap} >= ${heartbeatMinGapSeconds}`,
          ),
        );
    }
    const online = await countOnline(tx, input.liveId, now);
    // Most heartbeats change neither figure: the live's row is written only when one moves.
    await tx
      .update(lives)
      .set({
        viewerTotal: sql`${lives.viewerTotal} + ${inserted.length}`,
        viewerPeak: sql`greatest(${lives.viewerPeak}, ${online})`,
      })
      .where(and(eq(lives.id, input.liveId), inserted.length > 0 ? undefined : lt(lives.viewerPeak, online)));
    return { online };
  });
}

/**
 * GET /lives/users (§7): the live's online count and its distinct viewers (lives.viewer_total) — for
 * a public live to anyone who may see it, for a registered, paid or private one (§6) only to callers
 * who may watch it or hold lives.moderate; with lives.moderate also the viewers, online first, then by
 * last heartbeat (newest first), `limit` (default 50, ≤ 200) from `skip`, with their muted/banned
 * standing. Moderators also see lives hidden from the public (enable_show 0); others get 404 for them.
 * Visitors' devices show as `user: null`. Times are unix seconds.
 * @throws 404 not_found (unknown or deleted live; hidden to non-moderators); 403 no_permission (a
 *   live that is not public, to a caller who may not watch it).
 */
export async function listLiveAudience(
  deps: Deps,
  input: { liveId: string; userId: string | null; limit?: number | undefined; skip?: number | undefined },
): Promise<{ online: number; total: number; results: LiveViewer[] }> {
  const [live] = await deps.db
    .select()
    .from(lives)
    .where(and(eq(lives.id, input.liveId), eq(lives.deleted, 0)))
    .limit(1);
  if (!live) throw notFound('Live');
  const access = await livePermissionOf(deps, live, { userId: input.userId });
  if (live.enableShow !== 1 && !access.canModerate) throw notFound('Live');
  // §6: the figures of a live closed to some follow who may watch it.
  if (live.access !== 'public' && access.permission !== 1 && !access.canModerate) throw noPermission();
  const now = liveClock.now();
  const online = await countOnline(deps.db, live.id, now);
  if (!access.canModerate) return { online, total: live.viewerTotal, results: [] };
  const since = onlineSinceOf(now);
  const isOnline = sql<boolean>`${liveViewers.lastSeenAt} >= ${since.toISOString()}::timestamptz`;
  const rows = await deps.db
    .select({
      userId: liveViewers.userId,
      username: users.username,
      avatar: users.avatar,
      firstSeenAt: liveViewers.firstSeenAt,
      lastSeenAt: liveViewers.lastSeenAt,
      watchSeconds: liveViewers.watchSeconds,
      isOnline,
      muted: liveUsers.muted,
      banned: liveUsers.banned,
    })
    .from(liveViewers)
    .leftJoin(users, eq(users.id, liveViewers.userId))
    .leftJoin(
      liveUsers,
      and(eq(liveUsers.liveId, liveViewers.liveId), eq(liveUsers.userId, liveViewers.userId)),
    )
    .where(eq(liveViewers.liveId, live.id))
    .orderBy(desc(isOnline), desc(liveViewers.lastSeenAt), liveViewers.viewerKey)
    .limit(input.limit ?? 50)
    .offset(input.skip ?? 0);
  return {
    online,
    total: live.viewerTotal,
    results: rows.map((row) => ({
      user: row.userId
        ? { _id: toWireId(row.userId), username: row.username ?? '', avatar: row.avatar ?? '' }
        : null,
      first_seen: unix(row.firstSeenAt),
      last_seen: unix(row.lastSeenAt),
      watch_seconds: row.watchSeconds,
      online: row.isOnline === true ? 1 : 0,
      muted: flag(row.muted ?? 0),
      banned: flag(row.banned ?? 0),
    })),
  };
}
