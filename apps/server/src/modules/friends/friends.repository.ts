import { and, count, desc, eq, gte, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { meetingUserProfiles } from '../participants/participants.tables.ts';
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
  // Deleted or disabled accounts drop out of the list and the vCard export (§6 contacts).
  const conditions: SQL[] = [
    eq(friendships.userId, input.userId),
    eq(users.deleted, 0),
    sql`${users.disabledAt} is null`,
  ];
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

/** The card version of `userId` in `meetingId` (0 when they have no meeting profile). */
export async function findCardVersion(db: Database, meetingId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ version: meetingUserProfiles.cardVersion })
    .from(meetingUserProfiles)
    .where(and(eq(meetingUserProfiles.meetingId, meetingId), eq(meetingUserProfiles.userId, userId)))
    .limit(1);
  return row?.version ?? 0;
}

/**
 * Raises the card version of `userId` in `meetingId` by one (creating the meeting profile with its
 * defaults when there is none), atomically; returns the new version.
 */
export async function bumpCardVersion(db: Database, meetingId: string, userId: string): Promise<number> {
  const [row] = await db
    .insert(meetingUserProfiles)
    .values({ meetingId, userId, cardVersion: 1 })
    .onConflictDoUpdate({
      target: [meetingUserProfiles.meetingId, meetingUserProfiles.userId],
      set: { cardVersion: sql`${meetingUserProfiles.cardVersion} + 1`, updatedAt: new Date() },
    })
    .returning({ version: meetingUserProfiles.cardVersion });
  return row?.version ?? 0;
}

/**
 * How many applications `applicantId` made since `since` (any state: a cancelled one counts too), in
 * the caller's transaction, and when the oldest of them was made.
 */
export async function countApplicationsSince(
  tx: Database,
  applicantId: string,
  since: Date,
): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await tx
    .select({ n: count(), oldest: sql<string | null>`min(${friendApplications.createdAt})` })
    .from(friendApplications)
    .where(and(eq(friendApplications.applicantId, applicantId), gte(friendApplications.createdAt, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * Whether an application between `a` and `b` (either direction) was cancelled or ignored since
 * `since`, in the caller's transaction.
 */
export async function closedRecently(tx: Database, a: string, b: string, since: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: friendApplications.id })
    .from(friendApplications)
    .where(
      and(
        inArray(friendApplications.status, ['cancelled', 'ignored']),
        gte(friendApplications.respondedAt, since),
        or(
          and(eq(friendApplications.applicantId, a), eq(friendApplications.targetId, b)),
          and(eq(friendApplications.applicantId, b), eq(friendApplications.targetId, a)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
