import {
  type ConsoleLiveChatMessage,
  type ConsoleLiveUser,
  ErrorCode,
  type LiveChatMessage,
  LiveError,
  type LiveUserState,
  liveLimits,
  toWireId,
} from '@app/contracts';
import { normaliseEmail, normalisePhone } from '@app/domain/contact';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { flag, unix } from '../../db/wire.ts';
import { AppError, badRequest, noPermission, notFound } from '../../errors.ts';
import { type LimitRule, rateLimitsFor } from '../../plugins/rate-limit.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { moderateText, queueForReview, resolveQueueItem } from '../moderation/moderation.service.ts';
import { can } from '../roles/roles.permissions.ts';
import { meetingAccess, requireCan } from '../roles/roles.service.ts';
import {
  countVisibleChats,
  findChatMessage,
  findChatPage,
  findLiveForModeration,
  findModeratedUsers,
  findStandings,
  findUserByAddress,
  insertChatMessage,
  isUserLinkedToLive,
  type LiveChatState,
  type LiveChatWithPoster,
  type LiveUserRow,
  participantsOfMeeting,
  setChatState,
  setPinnedMessage,
  upsertStanding,
} from './lives.chat.repository.ts';
import { liveClock } from './lives.clock.ts';
import type { LiveHub } from './lives.hub.ts';
import { findShownLive, livePermissionOf, requireLiveWatcher } from './lives.permission.ts';
import { signChatTicket } from './lives.ticket.ts';

/**
 * The live room's chat (§7 Lives: chat history, posting, /chats/count, PUT /lives/{id}/users/{user_id};
 * §5 sensitive content; §8 'Do not operate frequently!'; DESIGN §9 real time) and the console's chat
 * and users lists (DESIGN §7). Messages are written over HTTP and pushed to the room through the hub
 * after their transaction commits; the wire shows a poster's name and avatar, never a phone or e-mail.
 */

export type ChatDeps = { db: Database; config: Config; hub: LiveHub };
type ReadDeps = { db: Database; config: Config };

/** 409 live.chat_closed: the organiser turned the chat off. */
export const chatClosed = () => new AppError(409, LiveError.chatClosed, 'The chat of this live is closed');
/** 403 live.muted: a moderator muted the caller in this live. */
export const liveMuted = () => new AppError(403, LiveError.muted, 'You have been muted in this live');

/** The per-user, per-live chat limit (§8 'Do not operate frequently!'), shared through Redis. */
export const chatRateRule: LimitRule = {
  name: 'live-chat',
  points: liveLimits.chatPerTenSeconds,
  durationSeconds: 10,
};

/** The wire form of a message (§7): poster's id, name and avatar only. */
export function toChatMessage(row: LiveChatWithPoster, pinnedId: string | null): LiveChatMessage {
  return {
    _id: toWireId(row.message.id),
    live_id: toWireId(row.message.liveId),
    user: { _id: toWireId(row.message.userId), username: row.username, avatar: row.avatar },
    text: row.message.text,
    created: unix(row.message.createdAt),
    pinned: flag(pinnedId !== null && row.message.id === pinnedId ? 1 : 0),
  };
}

/** The pinned message when it is still visible, else null. */
async function pinnedOf(db: Database, live: { id: string; pinnedMessageId: string | null }) {
  if (!live.pinnedMessageId) return null;
  const row = await findChatMessage(db, live.id, live.pinnedMessageId);
  return row && row.message.state === 'visible' ? toChatMessage(row, live.pinnedMessageId) : null;
}

/**
 * POST /lives/{id}/chat/tickets: a 60-second ticket for the room socket, for a caller who may watch.
 * Output: { ticket, expires (unix seconds) }.
 * @throws 404 not_found; 403 live.banned / no_permission
 */
export async function issueChatTicket(
  deps: ReadDeps,
  input: { liveId: string; userId: string | null; deviceId: string | null },
): Promise<{ ticket: string; expires: number }> {
  await requireLiveWatcher(deps, input.liveId, { userId: input.userId });
  return signChatTicket(deps.config.AUTH_SECRET, {
    liveId: input.liveId,
    userId: input.userId,
    deviceId: input.deviceId,
    nowSeconds: unix(liveClock.now()),
  });
}

/**
 * GET /lives/{id}/chats: visible messages newest first (≤ 50; `before` a message id for older ones)
 * and the pinned message (null when none or no longer visible).
 * @throws 404 not_found; 403 live.banned / no_permission
 */
export async function listLiveChats(
  deps: ReadDeps,
  input: { liveId: string; userId: string | null; before?: string | undefined; limit?: number | undefined },
): Promise<{ results: LiveChatMessage[]; pinned: LiveChatMessage | null }> {
  const { live } = await requireLiveWatcher(deps, input.liveId, { userId: input.userId });
  const rows = await findChatPage(deps.db, {
    liveId: live.id,
    states: ['visible'],
    before: input.before,
    limit: Math.min(input.limit ?? liveLimits.chatHistory, liveLimits.chatHistory),
  });
  return {
    results: rows.map((row) => toChatMessage(row, live.pinnedMessageId)),
    pinned: await pinnedOf(deps.db, live),
  };
}

/**
 * POST /lives/{id}/chats: checks in order — the right to watch, chat on, not muted, the rate limit
 * (5 per 10 s per user and live, shared across replicas), moderation (kind 'live_chat') — then stores
 * the message and adds 1 to chat_total in one transaction; a visible one is broadcast after the
 * commit, one held for review waits in the moderation queue (not broadcast).
 * Output: { message, state: 'visible' | 'review' }.
 * @throws 404 not_found; 403 live.banned / no_permission / live.muted / moderation.banned;
 *   409 live.chat_closed; 429 too_frequent (Retry-After); 400 content.sensitive (data.category)
 */
export async function postLiveChat(
  deps: ChatDeps,
  input: { liveId: string; userId: string; text: string },
): Promise<{ message: LiveChatMessage; state: 'visible' | 'review' }> {
  const { live, access } = await requireLiveWatcher(deps, input.liveId, { userId: input.userId });
  if (live.chatEnabled !== 1) throw chatClosed();
  if (access.standing?.muted === 1) throw liveMuted();
  await rateLimitsFor(deps.config).consumeAll([{ rule: chatRateRule, key: `${live.id}:${input.userId}` }]);
  const outcome = await moderateText(deps, {
    meetingId: live.meetingId,
    userId: input.userId,
    kind: 'live_chat',
    texts: [input.text],
  });
  const id = newId();
  await inTransaction(deps.db, async (tx) => {
    await insertChatMessage(tx, {
      id,
      liveId: live.id,
      meetingId: live.meetingId,
      userId: input.userId,
      text: input.text,
      state: outcome.state,
      createdAt: liveClock.now(),
    });
    if (outcome.state === 'review') {
      await queueForReview(tx, {
        meetingId: live.meetingId,
        kind: 'live_chat',
        targetId: id,
        userId: input.userId,
        category: outcome.category,
      });
    }
  });
  const row = await findChatMessage(deps.db, live.id, id);
  if (!row) throw notFound('Message');
  const message = toChatMessage(row, live.pinnedMessageId);
  if (outcome.state === 'visible') await deps.hub.publish(live.id, { type: 'message', message });
  return { message, state: outcome.state };
}

/**
 * DELETE /lives/{id}/chats/{message_id}: its poster or a moderator (lives.moderate) removes a message
 * (state 'deleted', unpinned if pinned, its queue row closed); a moderator's removal of another's
 * message leaves an audit row. The room hears `removed` (and `pinned: null` when it was pinned).
 * @throws 404 not_found (live, or no such message in it, or already deleted); 403 no_permission
 */
export async function deleteLiveChat(
  deps: ChatDeps,
  input: { liveId: string; messageId: string; userId: string },
): Promise<{ ok: 1 }> {
  const { live, access } = await requireLiveWatcher(deps, input.liveId, { userId: input.userId });
  const found = await findChatMessage(deps.db, live.id, input.messageId);
  if (!found || found.message.state === 'deleted') throw notFound('Message');
  const isOwn = found.message.userId === input.userId;
  if (!isOwn && !access.canModerate) throw noPermission();
  const work = async (tx: Database) => {
    const before = await setChatState(tx, {
      liveId: live.id,
      messageId: input.messageId,
      state: 'deleted',
      from: ['visible', 'review'],
    });
    if (!before) throw notFound('Message');
    const isUnpinned = await setPinnedMessage(tx, live.id, null, input.messageId);
    await resolveQueueItem(tx, {
      meetingId: live.meetingId,
      kind: 'live_chat',
      targetId: input.messageId,
      state: 'deleted',
      userId: input.userId,
    });
    return { before, isUnpinned };
  };
  const result = isOwn
    ? await inTransaction(deps.db, work)
    : await auditedWrite(
        deps.db,
        {
          actorUserId: input.userId,
          meetingId: live.meetingId,
          action: 'lives.moderate',
          entity: 'live_chat_message',
          entityId: input.messageId,
        },
        async (tx) => {
          const done = await work(tx);
          return {
            result: done,
            before: { state: done.before.state, user_id: done.before.userId, text: done.before.text },
            after: { state: 'deleted' },
          };
        },
      );
  await announceRemoval(deps.hub, live.id, input.messageId, result.before.state, result.isUnpinned);
  return { ok: 1 };
}

/** Tells the room a message left it (only a visible one was ever shown) and, if pinned, the unpin. */
async function announceRemoval(
  hub: LiveHub,
  liveId: string,
  messageId: string,
  previous: LiveChatState,
  isUnpinned: boolean,
): Promise<void> {
  if (previous === 'visible') await hub.publish(liveId, { type: 'removed', message_id: toWireId(messageId) });
  if (isUnpinned) await hub.publish(liveId, { type: 'pinned', message: null });
}

/**
 * PUT /lives/{id}/pin: a moderator pins a visible message of the live ('' unpins); audit row; the
 * room hears `pinned`. Output: { pinned: message or null }.
 * @throws 404 not_found (live, or no visible message of that id in it); 403 no_permission
 */
export async function pinLiveChat(
  deps: ChatDeps,
  input: { liveId: string; messageId: string; userId: string },
): Promise<{ pinned: LiveChatMessage | null }> {
  const { live, access } = await requireLiveWatcher(deps, input.liveId, { userId: input.userId });
  if (!access.canModerate) throw noPermission();
  const messageId = input.messageId === '' ? null : input.messageId;
  let pinned: LiveChatMessage | null = null;
  if (messageId) {
    const found = await findChatMessage(deps.db, live.id, messageId);
    if (found?.message.state !== 'visible') throw notFound('Message');
    pinned = toChatMessage(found, messageId);
  }
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: live.meetingId,
      action: 'lives.moderate',
      entity: 'live',
      entityId: live.id,
    },
    async (tx) => {
      await setPinnedMessage(tx, live.id, messageId);
      return {
        result: null,
        before: { pinned_message_id: live.pinnedMessageId },
        after: { pinned_message_id: messageId },
      };
    },
  );
  await deps.hub.publish(live.id, { type: 'pinned', message: pinned });
  return { pinned };
}

/**
 * GET /chats/count?live_id=: the live's visible messages. Output: { total }. A public live's count is
 * for anyone; any other live's only for callers with the right to watch it or lives.moderate (§6).
 * @throws 404 not_found (unknown, deleted or hidden live); 403 no_permission (a non-public live the
 *   caller may not watch)
 */
export async function countLiveChats(
  deps: ReadDeps,
  input: { liveId: string; userId: string | null },
): Promise<{ total: number }> {
  const live = await findShownLive(deps.db, input.liveId);
  if (!live) throw notFound('Live');
  if (live.access !== 'public') {
    const access = await livePermissionOf(deps, live, { userId: input.userId });
    if (access.permission !== 1) throw noPermission();
  }
  return { total: await countVisibleChats(deps.db, live.id) };
}

const standingWire = (row: LiveUserRow): LiveUserState => ({
  live_id: toWireId(row.liveId),
  user_id: toWireId(row.userId),
  muted: flag(row.muted),
  banned: flag(row.banned),
  allowed: flag(row.allowed),
});

/**
 * A live (not deleted, shown or hidden) that the caller moderates (lives.moderate in its meeting).
 * @throws 404 not_found (no such live, or not of `meetingId` when given); 403 no_permission
 */
async function requireModeratedLive(
  deps: ReadDeps,
  input: { liveId: string; userId: string; meetingId?: string },
) {
  const live = await findLiveForModeration(deps.db, input.liveId);
  if (input.meetingId) {
    // Console paths name the meeting: check the role first so a stranger learns nothing (DESIGN §7).
    await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'lives.moderate' });
    if (!live || live.meetingId !== input.meetingId) throw notFound('Live');
    return live;
  }
  if (!live) throw notFound('Live');
  await requireCan(deps, { userId: input.userId, meetingId: live.meetingId, action: 'lives.moderate' });
  return live;
}

/**
 * PUT /lives/{id}/users/{user_id}: a moderator mutes/unmutes, bans/unbans or allows (private lives) a
 * user — upsert of live_users with moderated_by/at and an audit row in one transaction; after the
 * commit the user's sockets hear `moderated`, and a ban closes them (every replica); so does a revoked
 * grant of a private live (4408, the client asks for a new ticket).
 * Output: the user's standing { live_id, user_id, muted, banned, allowed }.
 * @throws 404 not_found (live, or a user with no link to the live: no standing, chat message or viewer
 *   row in it, no ticket of its meeting); 403 no_permission (lives.moderate)
 */
export async function updateLiveUser(
  deps: ChatDeps,
  input: {
    liveId: string;
    targetUserId: string;
    userId: string;
    flags: { muted?: 0 | 1 | undefined; banned?: 0 | 1 | undefined; allowed?: 0 | 1 | undefined };
  },
): Promise<LiveUserState> {
  const live = await requireModeratedLive(deps, { liveId: input.liveId, userId: input.userId });
  // Only users linked to this live or its meeting (§6): an id seen elsewhere is not a handle on anyone.
  const isLinked = await isUserLinkedToLive(deps.db, {
    liveId: live.id,
    meetingId: live.meetingId,
    userId: input.targetUserId,
  });
  if (!isLinked) throw notFound('User');
  const flags = Object.fromEntries(
    Object.entries(input.flags).filter(([, value]) => value !== undefined),
  ) as { muted?: 0 | 1; banned?: 0 | 1; allowed?: 0 | 1 };
  if (Object.keys(flags).length === 0) throw badRequest(ErrorCode.validation, 'Nothing to change');
  const { before, after } = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: live.meetingId,
      action: 'lives.moderate',
      entity: 'live_user',
      entityId: input.targetUserId,
    },
    async (tx) => {
      const written = await upsertStanding(tx, {
        liveId: live.id,
        userId: input.targetUserId,
        flags,
        moderatedBy: input.userId,
        moderatedAt: liveClock.now(),
      });
      return {
        result: written,
        before: written.before ? standingWire(written.before) : null,
        after: standingWire(written.after),
      };
    },
  );
  const isBanned = after.banned === 1;
  await deps.hub.publishToUser(
    live.id,
    input.targetUserId,
    { type: 'moderated', muted: flag(after.muted), banned: flag(after.banned) },
    isBanned ? { close: true } : undefined,
  );
  // A revoked grant of a private live (§6): the user's open sockets close with 4408, and the new
  // ticket their client asks for is refused unless another right (a role) still admits them.
  if (!isBanned && live.access === 'private' && before?.allowed === 1 && after.allowed === 0)
    await deps.hub.closeUser(live.id, input.targetUserId);
  return standingWire(after);
}

/**
 * GET /console/meetings/{meeting_id}/lives/{id}/chats: every state (or `state`), newest first, paged
 * by `before`, with each poster's muted/banned flags.
 * @throws 403 no_permission (lives.moderate); 404 not_found
 */
export async function listConsoleLiveChats(
  deps: ReadDeps,
  input: {
    meetingId: string;
    liveId: string;
    userId: string;
    query: { state?: LiveChatState | undefined; before?: string | undefined; limit?: number | undefined };
  },
): Promise<{ items: ConsoleLiveChatMessage[] }> {
  const live = await requireModeratedLive(deps, input);
  const rows = await findChatPage(deps.db, {
    liveId: live.id,
    states: input.query.state ? [input.query.state] : ['visible', 'review', 'deleted'],
    before: input.query.before,
    limit: input.query.limit ?? 50,
  });
  const standings = await findStandings(
    deps.db,
    live.id,
    rows.map((row) => row.message.userId),
  );
  return {
    items: rows.map((row) => {
      const standing = standings.get(row.message.userId);
      return {
        ...toChatMessage(row, live.pinnedMessageId),
        state: row.message.state,
        muted: flag(standing?.muted ?? 0),
        banned: flag(standing?.banned ?? 0),
      };
    }),
  };
}

type ModeratedUserRow = Awaited<ReturnType<typeof findModeratedUsers>>[number];

/** `+86138****8000` / `a***@example.org`: enough to tell accounts apart, not to contact them (§6). */
export function maskContact(address: string | null): string | null {
  if (!address) return null;
  const at = address.indexOf('@');
  if (at > 0) return `${address.slice(0, 1)}***${address.slice(at)}`;
  return address.length > 7 ? `${address.slice(0, address.length - 8)}****${address.slice(-4)}` : '****';
}

/** How a row's contacts show: in full, masked, or in full for the one address the moderator typed. */
type ContactView = { isFull: boolean; typed?: { phone: string | null; email: string | null } };

const consoleUserWire = (row: ModeratedUserRow, view: ContactView): ConsoleLiveUser => ({
  user: {
    _id: toWireId(row.standing.userId),
    username: row.username,
    avatar: row.avatar,
    phone:
      view.isFull || (view.typed?.phone && view.typed.phone === row.phone)
        ? row.phone
        : maskContact(row.phone),
    email:
      view.isFull || (view.typed?.email && view.typed.email === row.email)
        ? row.email
        : maskContact(row.email),
  },
  muted: flag(row.standing.muted),
  banned: flag(row.standing.banned),
  allowed: flag(row.standing.allowed),
  subscribed: flag(row.standing.subscribed),
  moderated: row.standing.moderatedAt ? unix(row.standing.moderatedAt) : null,
});

/**
 * GET /console/meetings/{meeting_id}/lives/{id}/users: users muted, banned or allowed in the live,
 * most recently moderated first. Contacts (§6: only connected friends see them; organisers with
 * people.read see their participants'): phone and e-mail in full for a caller with people.read and a
 * user holding a ticket of the meeting, masked (`+86138****8000`, `a***@example.org`) otherwise.
 * @throws 403 no_permission (lives.moderate); 404 not_found
 */
export async function listConsoleLiveUsers(
  deps: ReadDeps,
  input: { meetingId: string; liveId: string; userId: string },
): Promise<{ items: ConsoleLiveUser[] }> {
  const live = await requireModeratedLive(deps, input);
  const rows = await findModeratedUsers(deps.db, live.id);
  const canReadPeople = can(await meetingAccess(deps, input.userId, live.meetingId), 'people.read');
  const participants = canReadPeople
    ? await participantsOfMeeting(
        deps.db,
        live.meetingId,
        rows.map((row) => row.standing.userId),
      )
    : new Set<string>();
  return {
    items: rows.map((row) => consoleUserWire(row, { isFull: participants.has(row.standing.userId) })),
  };
}

/** The account an organiser typed: an e-mail when it has '@', else a phone (default area 86). */
function addressOfAccount(account: string): { phone: string | null; email: string | null } {
  if (account.includes('@')) {
    const email = normaliseEmail(account);
    if (!email) throw badRequest(ErrorCode.validation, 'Enter a phone number or an e-mail address');
    return { phone: null, email };
  }
  const phone = normalisePhone(account, '86');
  if (!phone) throw badRequest(ErrorCode.validation, 'Enter a phone number or an e-mail address');
  return { phone: phone.e164, email: null };
}

/**
 * POST /console/meetings/{meeting_id}/lives/{id}/users: allows the account with this phone or e-mail
 * into the (private) live (§6): live_users.allowed = 1, moderated_by/at, audit row. The answer shows
 * the typed address and masks the account's other contact (no lookup of one address by the other).
 * @throws 400 validation_failed (neither a phone nor an e-mail); 403 no_permission (lives.moderate);
 *   404 not_found (live, or no account with that phone or e-mail)
 */
export async function grantConsoleLiveUser(
  deps: ReadDeps,
  input: { meetingId: string; liveId: string; userId: string; account: string },
): Promise<ConsoleLiveUser> {
  const live = await requireModeratedLive(deps, input);
  const typed = addressOfAccount(input.account);
  const user = await findUserByAddress(deps.db, typed);
  if (!user) throw notFound('User');
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: live.meetingId,
      action: 'lives.moderate',
      entity: 'live_user',
      entityId: user.id,
    },
    async (tx) => {
      const written = await upsertStanding(tx, {
        liveId: live.id,
        userId: user.id,
        flags: { allowed: 1 },
        moderatedBy: input.userId,
        moderatedAt: liveClock.now(),
      });
      return {
        result: null,
        before: written.before ? standingWire(written.before) : null,
        after: standingWire(written.after),
      };
    },
  );
  const [row] = await findModeratedUsers(deps.db, live.id, user.id);
  if (!row) throw notFound('User');
  // The answer repeats the address typed; the account's other contact stays masked (§6).
  return consoleUserWire(row, { isFull: false, typed });
}
