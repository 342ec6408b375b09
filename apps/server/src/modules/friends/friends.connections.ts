import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { friendApplications, friendships } from './friends.tables.ts';

/**
 * Where a viewer stands with another user (§4 Connection application): 'self'; 'connected' (friends,
 * so contacts show, §6); 'submitted' (the viewer applied, pending); 'received' (they applied to the
 * viewer, pending); 'none'.
 */
export type ConnectionState = 'self' | 'connected' | 'submitted' | 'received' | 'none';

/** Whether `a` and `b` are connected friends (§6: only they see each other's contact details). */
export async function areConnected(db: Database, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const rows = await db
    .select({ friendId: friendships.friendId })
    .from(friendships)
    .where(and(eq(friendships.userId, a), eq(friendships.friendId, b)))
    .limit(1);
  return rows.length > 0;
}

/** Which of `userIds` are connected friends of `viewerId` (one query; an empty set without a viewer). */
export async function connectedAmong(
  db: Database,
  viewerId: string | null | undefined,
  userIds: readonly string[],
): Promise<Set<string>> {
  const ids = [...new Set(userIds)].filter((id) => id !== viewerId);
  if (!viewerId || ids.length === 0) return new Set();
  const rows = await db
    .select({ friendId: friendships.friendId })
    .from(friendships)
    .where(and(eq(friendships.userId, viewerId), inArray(friendships.friendId, ids)));
  return new Set(rows.map((row) => row.friendId));
}

/**
 * The viewer's ConnectionState with each of `userIds` (two queries). Without a viewer every state is
 * 'none'.
 */
export async function connectionStates(
  db: Database,
  viewerId: string | null | undefined,
  userIds: readonly string[],
): Promise<Map<string, ConnectionState>> {
  const states = new Map<string, ConnectionState>();
  const ids = [...new Set(userIds)];
  for (const id of ids) states.set(id, id === viewerId ? 'self' : 'none');
  if (!viewerId) return states;
  const others = ids.filter((id) => id !== viewerId);
  if (others.length === 0) return states;
  const pending = await db
    .select({ applicantId: friendApplications.applicantId, targetId: friendApplications.targetId })
    .from(friendApplications)
    .where(
      and(
        eq(friendApplications.status, 'submitted'),
        or(
          and(eq(friendApplications.applicantId, viewerId), inArray(friendApplications.targetId, others)),
          and(eq(friendApplications.targetId, viewerId), inArray(friendApplications.applicantId, others)),
        ),
      ),
    );
  for (const row of pending) {
    if (row.applicantId === viewerId) states.set(row.targetId, 'submitted');
    else states.set(row.applicantId, 'received');
  }
  for (const id of await connectedAmong(db, viewerId, others)) states.set(id, 'connected');
  return states;
}
