import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { users } from '../users/users.tables.ts';
import { liveChatMessages, liveUsers, liveViewers } from './lives.tables.ts';

/**
 * Reads and writes of the live chat and of users' standing in a live (§7 Lives chat, PUT
 * /lives/{id}/users/{user_id}). No rules here: lives.chat.ts decides.
 */

export type LiveChatRow = typeof liveChatMessages.$inferSelect;
export type LiveChatState = LiveChatRow['state'];
export type LiveUserRow = typeof liveUsers.$inferSelect;
/** A message with what the wire shows of its poster (never phone nor e-mail). */
export type LiveChatWithPoster = {
  message: LiveChatRow;
  username: string;
  avatar: string;
};

const posterColumns = {
  message: liveChatMessages,
  username: sql<string>`coalesce(${users.username}, '')`,
  avatar: sql<string>`coalesce(${users.avatar}, '')`,
};

/** A live not deleted (shown or hidden), for moderators and the console; undefined when none. */
export async function findLiveForModeration(db: Database, liveId: string) {
  const [row] = await db
    .select()
    .from(lives)
    .where(and(eq(lives.id, liveId), eq(lives.deleted, 0)))
    .limit(1);
  return row;
}

/** The meeting of a live (any state), for the guest-view rule; undefined when unknown. */
export async function meetingIdOfLive(db: Database, liveId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ meetingId: lives.meetingId })
    .from(lives)
    .where(eq(lives.id, liveId))
    .limit(1);
  return row?.meetingId;
}

/** One message of a live with its poster; undefined when it is not in that live. */
export async function findChatMessage(
  db: Database,
  liveId: string,
  messageId: string,
): Promise<LiveChatWithPoster | undefined> {
  const [row] = await db
    .select(posterColumns)
    .from(liveChatMessages)
    .leftJoin(users, eq(users.id, liveChatMessages.userId))
    .where(and(eq(liveChatMessages.id, messageId), eq(liveChatMessages.liveId, liveId)))
    .limit(1);
  return row;
}

/**
 * Messages of a live, newest first (created, then id): `states` keeps those states; `before` a
 * message id of the same live starts after it (older ones only); at most `limit`.
 */
export async function findChatPage(
  db: Database,
  input: { liveId: string; states: LiveChatState[]; before?: string | undefined; limit: number },
): Promise<LiveChatWithPoster[]> {
  let olderThan: ReturnType<typeof or> | undefined;
  if (input.before) {
    const [anchor] = await db
      .select({ createdAt: liveChatMessages.createdAt, id: liveChatMessages.id })
      .from(liveChatMessages)
      .where(and(eq(liveChatMessages.id, input.before), eq(liveChatMessages.liveId, input.liveId)))
      .limit(1);
    // An unknown anchor pages nothing rather than restarting at the newest.
    if (!anchor) return [];
    olderThan = or(
      lt(liveChatMessages.createdAt, anchor.createdAt),
      and(eq(liveChatMessages.createdAt, anchor.createdAt), lt(liveChatMessages.id, anchor.id)),
    );
  }
  return db
    .select(posterColumns)
    .from(liveChatMessages)
    .leftJoin(users, eq(users.id, liveChatMessages.userId))
    .where(
      and(
        eq(liveChatMessages.liveId, input.liveId),
        inArray(liveChatMessages.state, input.states),
        ...(olderThan ? [olderThan] : []),
      ),
    )
    .orderBy(desc(liveChatMessages.createdAt), desc(liveChatMessages.id))
    .limit(input.limit);
}

/** Visible messages of a live (GET /chats/count). */
export async function countVisibleChats(db: Database, liveId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(liveChatMessages)
    .where(and(eq(liveChatMessages.liveId, liveId), eq(liveChatMessages.state, 'visible')));
  return Number(row?.n ?? 0);
}

/**
 * Stores a message and adds 1 to the live's chat_total (atomically, §7 figures) — call inside the
 * post's transaction. `updated_at` of the live is left alone: it is the console editor's version.
 */
export async function insertChatMessage(
  tx: Database,
  row: {
    id: string;
    liveId: string;
    meetingId: string;
    userId: string;
    text: string;
    state: LiveChatState;
    createdAt: Date;
  },
): Promise<LiveChatRow> {
  const [message] = await tx.insert(liveChatMessages).values(row).returning();
  await tx
    .update(lives)
    .set({ chatTotal: sql`${lives.chatTotal} + 1` })
    .where(eq(lives.id, row.liveId));
  if (!message) throw new Error('chat message not stored');
  return message;
}

/**
 * Sets a message's state; `from` limits which current states change (a deleted message never
 * comes back). Returns the row before the change, or undefined when nothing changed.
 */
export async function setChatState(
  tx: Database,
  input: {
    liveId?: string;
    meetingId?: string;
    messageId: string;
    state: LiveChatState;
    from: LiveChatState[];
  },
): Promise<LiveChatRow | undefined> {
  const [before] = await tx
    .select()
    .from(liveChatMessages)
    .where(
      and(
        eq(liveChatMessages.id, input.messageId),
        ...(input.liveId ? [eq(liveChatMessages.liveId, input.liveId)] : []),
        ...(input.meetingId ? [eq(liveChatMessages.meetingId, input.meetingId)] : []),
        inArray(liveChatMessages.state, input.from),
      ),
    )
    .limit(1)
    .for('update');
  if (!before) return undefined;
  await tx
    .update(liveChatMessages)
    .set({ state: input.state })
    .where(eq(liveChatMessages.id, input.messageId));
  return before;
}

/** Sets (or clears with null) the live's pinned message; `onlyIf` clears only when it pins that one. */
export async function setPinnedMessage(
  tx: Database,
  liveId: string,
  messageId: string | null,
  onlyIf?: string,
): Promise<boolean> {
  const rows = await tx
    .update(lives)
    .set({ pinnedMessageId: messageId })
    .where(and(eq(lives.id, liveId), ...(onlyIf ? [eq(lives.pinnedMessageId, onlyIf)] : [])))
    .returning({ id: lives.id });
  return rows.length > 0;
}

/** Messages' posters and texts, for the moderation queue. */
export async function describeChatMessages(db: Database, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      id: liveChatMessages.id,
      liveId: liveChatMessages.liveId,
      meetingId: liveChatMessages.meetingId,
      userId: liveChatMessages.userId,
      text: liveChatMessages.text,
      state: liveChatMessages.state,
    })
    .from(liveChatMessages)
    .where(inArray(liveChatMessages.id, messageIds));
}

/** Standing rows of users in a live, by user id. */
export async function findStandings(
  db: Database,
  liveId: string,
  userIds: string[],
): Promise<Map<string, LiveUserRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(liveUsers)
    .where(and(eq(liveUsers.liveId, liveId), inArray(liveUsers.userId, [...new Set(userIds)])));
  return new Map(rows.map((row) => [row.userId, row]));
}

/** Whether a user is banned from a live (checked again when a socket connects). */
export async function isBannedFromLive(db: Database, liveId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ banned: liveUsers.banned })
    .from(liveUsers)
    .where(and(eq(liveUsers.liveId, liveId), eq(liveUsers.userId, userId)))
    .limit(1);
  return row?.banned === 1;
}

/**
 * Creates or changes a user's standing (only the flags given), with who moderated and when; returns
 * the row before (undefined when new) and after.
 */
export async function upsertStanding(
  tx: Database,
  input: {
    liveId: string;
    userId: string;
    flags: { muted?: 0 | 1; banned?: 0 | 1; allowed?: 0 | 1 };
    moderatedBy: string;
    moderatedAt: Date;
  },
): Promise<{ before: LiveUserRow | undefined; after: LiveUserRow }> {
  const [before] = await tx
    .select()
    .from(liveUsers)
    .where(and(eq(liveUsers.liveId, input.liveId), eq(liveUsers.userId, input.userId)))
    .limit(1)
    .for('update');
  const changes = { ...input.flags, moderatedBy: input.moderatedBy, moderatedAt: input.moderatedAt };
  const [after] = await tx
    .insert(liveUsers)
    .values({ liveId: input.liveId, userId: input.userId, ...changes })
    .onConflictDoUpdate({ target: [liveUsers.liveId, liveUsers.userId], set: changes })
    .returning();
  if (!after) throw new Error('live user not stored');
  return { before, after };
}

/** Users with a standing (muted, banned or allowed) in a live, most recently moderated first. */
export async function findModeratedUsers(db: Database, liveId: string, userId?: string) {
  return db
    .select({
      standing: liveUsers,
      username: sql<string>`coalesce(${users.username}, '')`,
      avatar: sql<string>`coalesce(${users.avatar}, '')`,
      phone: users.phone,
      email: users.email,
    })
    .from(liveUsers)
    .innerJoin(users, eq(users.id, liveUsers.userId))
    .where(
      and(
        eq(liveUsers.liveId, liveId),
        userId
          ? eq(liveUsers.userId, userId)
          : sql`(${liveUsers.muted} = 1 or ${liveUsers.banned} = 1 or ${liveUsers.allowed} = 1)`,
      ),
    )
    .orderBy(sql`${liveUsers.moderatedAt} desc nulls last`, desc(liveUsers.createdAt))
    .limit(1000);
}

/** An account (not deleted) by its normalised phone (E.164) or e-mail; undefined when none. */
export async function findUserByAddress(
  db: Database,
  address: { phone: string | null; email: string | null },
): Promise<{ id: string } | undefined> {
  const condition = address.phone
    ? eq(users.phone, address.phone)
    : address.email
      ? eq(users.email, address.email)
      : undefined;
  if (!condition) return undefined;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(condition, eq(users.deleted, 0)))
    .limit(1);
  return row;
}

/**
 * Whether a user (not deleted) has a link to the live a moderator may act on (§6): a standing row
 * (granted by account, subscribed, moderated before), a chat message or a viewer row in the live, or
 * a ticket of its meeting. Users without one are not the moderator's business (404 for them).
 */
export async function isUserLinkedToLive(
  db: Database,
  input: { liveId: string; meetingId: string; userId: string },
): Promise<boolean> {
  const { liveId, meetingId, userId } = input;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.deleted, 0),
        or(
          sql`exists (select 1 from ${liveUsers} where ${liveUsers.liveId} = ${liveId} and ${liveUsers.userId} = ${userId})`,
          sql`exists (select 1 from ${liveChatMessages} where ${liveChatMessages.liveId} = ${liveId} and ${liveChatMessages.userId} = ${userId})`,
          sql`exists (select 1 from ${liveViewers} where ${liveViewers.liveId} = ${liveId} and ${liveViewers.userId} = ${userId})`,
          sql`exists (select 1 from ${tickets} where ${tickets.meetingId} = ${meetingId} and ${tickets.userId} = ${userId} and ${tickets.deleted} = 0)`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Of `userIds`, those holding a ticket (not deleted) of the meeting: its participants. */
export async function participantsOfMeeting(
  db: Database,
  meetingId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: tickets.userId })
    .from(tickets)
    .where(and(eq(tickets.meetingId, meetingId), inArray(tickets.userId, userIds), eq(tickets.deleted, 0)));
  return new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
}
