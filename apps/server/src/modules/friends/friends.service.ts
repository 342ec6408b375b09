import {
  type AnswerFriendApplicationBody,
  type ApplyFriendBody,
  ErrorCode,
  type Friend,
  type FriendApplication,
  type FriendApplicationQuerystring,
  type FriendCard,
  type FriendListQuerystring,
  type FriendPerson,
  toWireId,
} from '@app/contracts';
import { and, eq, or } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unix } from '../../db/wire.ts';
import { AppError, badRequest, loginRequired, notFound, tooFrequent } from '../../errors.ts';
import { findMeetingProfile } from '../participants/participants.profiles.ts';
import { cardOf, cardUserId, verifyCard } from './friends.card.ts';
import { areConnected, connectionStates } from './friends.connections.ts';
import type { FriendNoticeDeps } from './friends.notices.ts';
import { tellFriendEvent } from './friends.notices.ts';
import {
  type ApplicationRow,
  bumpCardVersion,
  bumpPendingTotal,
  closedRecently,
  countApplicationsSince,
  findApplications,
  findCardVersion,
  findFriends,
  findPeople,
  lockPair,
  type PersonRow,
} from './friends.repository.ts';
import { toFriendApplication, toFriendPerson } from './friends.serializer.ts';
import { type FriendshipSource, friendApplications, friendships } from './friends.tables.ts';
import { toVcards } from './friends.vcard.ts';

/** What the friends service needs: the database, AUTH_SECRET for cards, and the notice senders. */
export type FriendsDeps = FriendNoticeDeps & {
  db: Database;
  config: Pick<Config, 'PUBLIC_URL' | 'AUTH_SECRET'>;
};

const friendSelf = () => badRequest(ErrorCode.friendSelf, 'You cannot connect with yourself');
const friendAlready = () =>
  new AppError(409, ErrorCode.friendAlready, 'Already connected, or a request is already pending');
const cardInvalid = () => badRequest(ErrorCode.cardInvalid, 'Invalid QR code information');

/**
 * Applications one person may make in any 24 hours (§4, §8 'Do not operate frequently!'): every
 * application tells its target, by mail or SMS too, so a script must not reach everyone listed. Only
 * the applicant's own applications count, so nobody can use up someone else's allowance.
 */
export const dailyApplicationLimit = 30;
const dayMs = 24 * 60 * 60 * 1000;

/**
 * The owner of `card` when it is their current card in `meetingId` (right signature for their
 * current card version), else null.
 */
async function cardOwnerOf(deps: FriendsDeps, meetingId: string, card: string): Promise<string | null> {
  const userId = cardUserId(card);
  if (!userId) return null;
  const version = await findCardVersion(deps.db, meetingId, userId);
  return verifyCard(deps.config.AUTH_SECRET, meetingId, card, version);
}

function requireMeeting(meetingId: string | null): string {
  if (!meetingId) throw loginRequired();
  return meetingId;
}

async function personOrNotFound(db: Database, userId: string): Promise<PersonRow> {
  const person = (await findPeople(db, [userId])).get(userId);
  if (!person) throw notFound('user');
  return person;
}

/**
 * Connects `a` and `b` in `tx` (both directions) and closes every pending application between them as
 * accepted, taking each from its target's pending counter. True when the connection is new.
 */
async function connectPair(
  tx: Database,
  input: { a: string; b: string; meetingId: string; source: FriendshipSource },
): Promise<boolean> {
  const inserted = await tx
    .insert(friendships)
    .values([
      { userId: input.a, friendId: input.b, meetingId: input.meetingId, source: input.source },
      { userId: input.b, friendId: input.a, meetingId: input.meetingId, source: input.source },
    ])
    .onConflictDoNothing()
    .returning({ userId: friendships.userId });
  const closed = await tx
    .update(friendApplications)
    .set({ status: 'accepted', respondedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(friendApplications.status, 'submitted'),
        or(
          and(eq(friendApplications.applicantId, input.a), eq(friendApplications.targetId, input.b)),
          and(eq(friendApplications.applicantId, input.b), eq(friendApplications.targetId, input.a)),
        ),
      ),
    )
    .returning({ targetId: friendApplications.targetId });
  for (const row of closed) await bumpPendingTotal(tx, row.targetId, -1);
  return inserted.length > 0;
}

/** An application as `viewerId` sees it (states and contacts as of now). */
async function wireApplication(
  db: Database,
  viewerId: string,
  row: ApplicationRow,
): Promise<FriendApplication> {
  const ids = [row.applicantId, row.targetId];
  const [people, states] = await Promise.all([findPeople(db, ids), connectionStates(db, viewerId, ids)]);
  return toFriendApplication(row, people, states);
}

/**
 * GET /user/friends (§7, §6): the caller's connections with their contacts, newest first; `keyword`
 * matches name, company or title. `limit` ≤ 100 (default 50).
 */
export async function listFriends(
  deps: { db: Database },
  input: { userId: string; query: FriendListQuerystring },
): Promise<{ results: Friend[]; total: number }> {
  const { rows, total } = await findFriends(deps.db, {
    userId: input.userId,
    keyword: input.query.keyword || undefined,
    skip: input.query.skip ?? 0,
    limit: input.query.limit ?? 50,
  });
  return {
    results: rows.map((row) => ({
      ...toFriendPerson(row, 'connected'),
      source: row.source,
      connected_at: unix(row.connectedAt),
    })),
    total,
  };
}

/**
 * DELETE /user/friends/{user_id}: ends the connection in both directions at once (contacts hide).
 * @throws 404 not_found when the two are not connected.
 */
export async function removeFriend(deps: { db: Database }, input: { userId: string; friendId: string }) {
  const removed = await inTransaction(deps.db, async (tx) => {
    await lockPair(tx, [input.userId, input.friendId]);
    return tx
      .delete(friendships)
      .where(
        or(
          and(eq(friendships.userId, input.userId), eq(friendships.friendId, input.friendId)),
          and(eq(friendships.userId, input.friendId), eq(friendships.friendId, input.userId)),
        ),
      )
      .returning({ userId: friendships.userId });
  });
  if (removed.length === 0) throw notFound('connection');
  return { ok: 1 as const };
}

/**
 * GET /user/friends/card: the caller's personal QR for the session meeting — the signed card and the
 * public link `/#/meeting/connection/card?meeting_id=…&card=…` it encodes — and whether they may
 * exchange cards there (card exchange on and no special identity, §6).
 */
export async function getFriendCard(
  deps: FriendsDeps,
  input: { userId: string; meetingId: string | null },
): Promise<FriendCard> {
  const meetingId = requireMeeting(input.meetingId);
  const version = await findCardVersion(deps.db, meetingId, input.userId);
  return cardPayload(deps, { userId: input.userId, meetingId, version });
}

/**
 * POST /user/friends/card (§8): renews the caller's personal QR in the session meeting — the card
 * version goes up by one, so every card shown or printed before stops working ('Invalid QR code
 * information' when scanned) — and answers the new card as GET does.
 * @throws 401 login.required (no session meeting).
 */
export async function renewFriendCard(
  deps: FriendsDeps,
  input: { userId: string; meetingId: string | null },
): Promise<FriendCard> {
  const meetingId = requireMeeting(input.meetingId);
  const version = await bumpCardVersion(deps.db, meetingId, input.userId);
  return cardPayload(deps, { userId: input.userId, meetingId, version });
}

async function cardPayload(
  deps: FriendsDeps,
  input: { userId: string; meetingId: string; version: number },
): Promise<FriendCard> {
  const { meetingId } = input;
  const card = cardOf(deps.config.AUTH_SECRET, meetingId, input.userId, input.version);
  const profile = await findMeetingProfile(deps.db, meetingId, input.userId);
  const query = new URLSearchParams({ meeting_id: meetingId, card }).toString();
  return {
    meeting_id: toWireId(meetingId),
    card,
    link: `/#/meeting/connection/card?${query}`,
    can_exchange: profile.cardExchange && !profile.specialIdentity ? 1 : 0,
  };
}

/**
 * POST /user/friends {card} (card exchange, §1, §6, §8): connects the caller and the card's owner at
 * once, both directions, closing any pending application between them. Already connected → the
 * connection with created 0 (not an error).
 * @throws 400 card.invalid ('Invalid QR code information': malformed, forged, another meeting's card,
 *   or an account that is gone) / friend.self; 403 card.special_identity when either side has a special
 *   identity in the session meeting; 403 card.exchange_disabled when either side turned card exchange
 *   off (an application is still possible).
 */
export async function exchangeCard(
  deps: FriendsDeps,
  input: { userId: string; meetingId: string | null; card: string },
): Promise<{ friend: FriendPerson; created: 0 | 1 }> {
  const meetingId = requireMeeting(input.meetingId);
  const ownerId = await cardOwnerOf(deps, meetingId, input.card);
  if (!ownerId) throw cardInvalid();
  if (ownerId === input.userId) throw friendSelf();
  const owner = (await findPeople(deps.db, [ownerId])).get(ownerId);
  if (!owner) throw cardInvalid();
  const created = await inTransaction(deps.db, async (tx) => {
    await lockPair(tx, [input.userId, ownerId]);
    if (await areConnected(tx, input.userId, ownerId)) return false;
    const [mine, theirs] = await Promise.all([
      findMeetingProfile(tx, meetingId, input.userId),
      findMeetingProfile(tx, meetingId, ownerId),
    ]);
    if (mine.specialIdentity || theirs.specialIdentity) {
      throw new AppError(
        403,
        ErrorCode.cardSpecialIdentity,
        'Users with special identities cannot exchange cards',
      );
    }
    if (!mine.cardExchange || !theirs.cardExchange) {
      throw new AppError(
        403,
        ErrorCode.cardExchangeDisabled,
        'Card exchange is turned off; send a request instead',
      );
    }
    return connectPair(tx, { a: input.userId, b: ownerId, meetingId, source: 'card' });
  });
  return { friend: toFriendPerson(owner, 'connected'), created: created ? 1 : 0 };
}

/**
 * GET /user/friend/applications (§4): received (default) or sent applications of the caller, newest
 * first, optionally of one status; `limit` ≤ 100 (default 50).
 */
export async function listApplications(
  deps: { db: Database },
  input: { userId: string; query: FriendApplicationQuerystring },
): Promise<{ results: FriendApplication[]; total: number }> {
  const { rows, total } = await findApplications(deps.db, {
    userId: input.userId,
    box: input.query.box ?? 'received',
    status: input.query.status,
    skip: input.query.skip ?? 0,
    limit: input.query.limit ?? 50,
  });
  const ids = rows.flatMap((row) => [row.applicantId, row.targetId]);
  const [people, states] = await Promise.all([
    findPeople(deps.db, ids),
    connectionStates(deps.db, input.userId, ids),
  ]);
  return { results: rows.map((row) => toFriendApplication(row, people, states)), total };
}

/**
 * POST /user/friend/applications (§4): applies to connect with `user_id`, with an optional message.
 * When the target already applied to the caller, that application is accepted and the two are
 * connected at once (connected 1). A new application adds 1 to the target's
 * new_friend_application_total and tells them (in-app + mail/SMS per their choices; in-app only when
 * an application between the two was cancelled or ignored in the last 24 hours), in one transaction
 * with both users' rows locked.
 * @throws 400 friend.self; 404 not_found (no such live user, or hidden — exposure 0 in the session
 *   meeting — unless `card` is their current card); 409 friend.already (connected or already
 *   pending); 429 too_frequent 'Do not operate frequently!' with Retry-After after
 *   `dailyApplicationLimit` applications in 24 hours.
 */
export async function applyFriend(
  deps: FriendsDeps,
  input: { userId: string; meetingId: string | null; body: ApplyFriendBody },
): Promise<{ application: FriendApplication; connected: 0 | 1 }> {
  const meetingId = requireMeeting(input.meetingId);
  const targetId = input.body.user_id;
  if (targetId === input.userId) throw friendSelf();
  const [target, me] = await Promise.all([
    personOrNotFound(deps.db, targetId),
    personOrNotFound(deps.db, input.userId),
  ]);
  const cardOwner = input.body.card ? await cardOwnerOf(deps, meetingId, input.body.card) : null;
  const result = await inTransaction(deps.db, async (tx) => {
    await lockPair(tx, [input.userId, targetId]);
    if (await areConnected(tx, input.userId, targetId)) throw friendAlready();
    const pending = await tx
      .select()
      .from(friendApplications)
      .where(
        and(
          eq(friendApplications.status, 'submitted'),
          or(
            and(eq(friendApplications.applicantId, input.userId), eq(friendApplications.targetId, targetId)),
            and(eq(friendApplications.applicantId, targetId), eq(friendApplications.targetId, input.userId)),
          ),
        ),
      );
    if (pending.some((row) => row.applicantId === input.userId)) throw friendAlready();
    const reverse = pending.find((row) => row.applicantId === targetId);
    if (reverse) {
      await connectPair(tx, { a: input.userId, b: targetId, meetingId, source: 'application' });
      await tellFriendEvent(tx, deps, {
        kind: 'friend.accepted',
        meetingId,
        recipient: target,
        name: me.username,
      });
      const [accepted] = await tx
        .select()
        .from(friendApplications)
        .where(eq(friendApplications.id, reverse.id));
      return { row: accepted ?? reverse, connected: 1 as const };
    }
    const profile = await findMeetingProfile(tx, meetingId, targetId);
    if (!profile.exposure && cardOwner !== targetId) throw notFound('user');
    // The applicant's row is locked (lockPair), so concurrent applications are counted one by one.
    const since = new Date(Date.now() - dayMs);
    const recent = await countApplicationsSince(tx, input.userId, since);
    if (recent.n >= dailyApplicationLimit) {
      const freeAt = (recent.oldest?.getTime() ?? Date.now()) + dayMs;
      throw tooFrequent((freeAt - Date.now()) / 1000);
    }
    const isRepeat = await closedRecently(tx, input.userId, targetId, since);
    const [row] = await tx
      .insert(friendApplications)
      .values({
        id: newId(),
        meetingId,
        applicantId: input.userId,
        targetId,
        message: input.body.message ?? '',
      })
      .returning();
    if (!row) throw friendAlready();
    await bumpPendingTotal(tx, targetId, 1);
    await tellFriendEvent(tx, deps, {
      kind: 'friend.application',
      meetingId,
      recipient: target,
      name: me.username,
      message: row.message,
      inAppOnly: isRepeat,
    });
    return { row, connected: 0 as const };
  });
  return {
    application: await wireApplication(deps.db, input.userId, result.row),
    connected: result.connected,
  };
}

/**
 * PUT /user/friend/applications/{id} (§4): the target accepts (→ connected, the applicant is told) or
 * ignores; the applicant cancels. Each takes 1 from the target's pending counter, in the same
 * transaction as the state change, which only a still-pending application takes.
 * @throws 404 not_found (no such application, or not the caller's to answer this way); 409
 *   friend.application_closed when it is no longer pending.
 */
export async function answerApplication(
  deps: FriendsDeps,
  input: { userId: string; id: string; body: AnswerFriendApplicationBody },
): Promise<FriendApplication> {
  const [found] = await deps.db.select().from(friendApplications).where(eq(friendApplications.id, input.id));
  const { action } = input.body;
  const allowed =
    found && (action === 'cancel' ? found.applicantId === input.userId : found.targetId === input.userId);
  if (!found || !allowed) throw notFound('application');
  const status = action === 'accept' ? 'accepted' : action === 'ignore' ? 'ignored' : 'cancelled';
  const row = await inTransaction(deps.db, async (tx) => {
    await lockPair(tx, [found.applicantId, found.targetId]);
    const [updated] = await tx
      .update(friendApplications)
      .set({ status, respondedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(friendApplications.id, found.id), eq(friendApplications.status, 'submitted')))
      .returning();
    if (!updated) {
      throw new AppError(409, ErrorCode.friendApplicationClosed, 'This request is no longer pending');
    }
    await bumpPendingTotal(tx, found.targetId, -1);
    if (action === 'accept') {
      await connectPair(tx, {
        a: found.applicantId,
        b: found.targetId,
        meetingId: found.meetingId,
        source: 'application',
      });
      const people = await findPeople(tx, [found.applicantId, found.targetId]);
      const applicant = people.get(found.applicantId);
      if (applicant) {
        await tellFriendEvent(tx, deps, {
          kind: 'friend.accepted',
          meetingId: found.meetingId,
          recipient: applicant,
          name: people.get(found.targetId)?.username ?? '',
        });
      }
    }
    return updated;
  });
  return wireApplication(deps.db, input.userId, row);
}

/** GET /user/friends.vcf: every connection of the caller as vCard 4.0 text (§2 /my/contact export). */
export async function exportVcard(deps: { db: Database }, input: { userId: string }): Promise<string> {
  const { rows } = await findFriends(deps.db, { userId: input.userId, skip: 0, limit: 5000 });
  return toVcards(
    rows.map((row) => ({
      id: row.id,
      name: row.username,
      title: row.workTitle,
      company: row.workCompany,
      phone: row.phone ?? '',
      email: row.email ?? '',
    })),
  );
}
