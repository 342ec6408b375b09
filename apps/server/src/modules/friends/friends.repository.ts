import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../users/users.tables.ts';
import { type FriendApplicationStatus, friendApplications, friendships } from './friends.tables.ts';

/** The columns of a user the friends calls show (contacts filtered later by the serializer). */
export const personColumns = {
  id: users.id,
  username: users.username,
  avatar: users.avatar,
  phone: users.phone,
  areaCode: users.areaCode,
  email: users.email,
  language: users.language,
  workTitle: users.workTitle,
  workCompany: users.workCompany,
};
export type PersonRow = {
  id: string;
  username: string;
  avatar: string;
  phone: string | null;
  areaCode: string | null;
  email: string | null;
  language: string | null;
  workTitle: string;
  workCompany: string;
};

/** Live (not deleted, not disabled) users by id. */
export async function findPeople(db: Database, ids: readonly string[]): Promise<Map<string, PersonRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.deleted, 0), sql`${users.disabledAt} is null`));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Locks the users rows of `ids` (in id order, so two transactions on the same pair never deadlock):
 * every apply, answer, exchange and removal of a pair runs one at a time, and the pending counter
 * (users.new_friend_application_total) lives on the same rows.
 */
export async function lockPair(tx: Database, ids: readonly string[]): Promise<void> {
  const sorted = [...new Set(ids)].sort();
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, sorted))
    .orderBy(users.id)
    .for('update');
}

/** Moves a target's pending counter by ±1 (never below 0), in the caller's transaction. */
export async function bumpPendingTotal(tx: Database, userId: string, delta: 1 | -1): Promise<void> {
  await tx
    .update(users)
    .set({ newFriendApplicationTotal: sql`greatest(${users.newFriendApplicationTotal} + ${delta}, 0)` })
    .where(eq(users.id, userId));
}

/** The caller's connections, newest first, optionally filtered by keyword. */
export async function findFriends(
  db: Database,
  input: { userId: string; keyword?: string | undefined; skip: number; limit: number },
) {
  const conditions: SQL[] = [eq(friendships.userId, input.userId), eq(users.deleted, 0)];
  if (input.keyword) {
    const like = `%${input.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(users.username, like),
      ilike(users.workCompany, like),
      ilike(users.workTitle, like),
    );
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...personColumns, source: friendships.source, connectedAt: friendships.createdAt })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(where)
      .orderBy(desc(friendships.createdAt), desc(friendships.friendId))
      .offset(input.skip)
      .limit(input.limit),
    db
      .select({ n: count() })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Applications received by (`received`) or sent by (`sent`) a user, newest first. */
export async function findApplications(
  db: Database,
  input: {
    userId: string;
    box: 'received' | 'sent';
    status?: FriendApplicationStatus | undefined;
    skip: number;
    limit: number;
  },
) {
  const where = and(
    input.box === 'received'
      ? eq(friendApplications.targetId, input.userId)
      : eq(friendApplications.applicantId, input.userId),
    ...(input.status ? [eq(friendApplications.status, input.status)] : []),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(friendApplications)
      .where(where)
      .orderBy(desc(friendApplications.createdAt), desc(friendApplications.id))
      .offset(input.skip)
      .limit(input.limit),
    db.select({ n: count() }).from(friendApplications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type ApplicationRow = typeof friendApplications.$inferSelect;
