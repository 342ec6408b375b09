import {
  ErrorCode,
  type ListParams,
  type LoginResult,
  parseListQuery,
  reorderById,
  type SignupBody,
  toWireId,
  type UpdateUserBody,
  type User,
  userQuerySpec,
} from '@app/contracts';
import { type NormalisedPhone, normaliseEmail, normalisePhone } from '@app/domain/contact';
import type { SQL } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { orderSql, whereSql } from '../../db/list-query-sql.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, noPermission, notFound } from '../../errors.ts';
import { consumeCode } from '../codes/codes.service.ts';
import { connectedAmong } from '../friends/friends.connections.ts';
import { findLiveMeetingById } from '../meetings/meetings.repository.ts';
import { moderateText, queueForReview } from '../moderation/moderation.service.ts';
import { mayFilterPeople, organiserUserScope } from '../participants/participants.service.ts';
import { openSession, revokeAllSessions } from '../sessions/sessions.service.ts';
import { accountDisabled, emailInvalid, emailTaken, phoneInvalid, phoneTaken } from './users.errors.ts';
import {
  countUsers as countUserRows,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  findUsers,
  identityProvidersOf,
  insertUserIfFree,
  isUniqueViolation,
  setUserDisabled,
  type UserChanges,
  type UserField,
  type UserRow,
  updateUserRow,
  userColumns,
  userTieBreaker,
} from './users.repository.ts';
import { toWireUser } from './users.serializer.ts';

type Deps = { db: Database; config: Config };

/**
 * The user holding a phone, created on first login (§2 login by phone). Concurrent first logins
 * with the same phone end with one user (the unique index decides).
 */
export async function findOrCreateUserByPhone(
  db: Database,
  phone: NormalisedPhone,
  profile: { username?: string; language?: string | null } = {},
): Promise<UserRow> {
  const existing = await findUserByPhone(db, phone.e164);
  if (existing) return existing;
  const inserted = await insertUserIfFree(db, {
    id: newId(),
    phone: phone.e164,
    areaCode: phone.areaCode,
    username: profile.username ?? '',
    language: profile.language ?? null,
  });
  if (inserted) return inserted;
  const winner = await findUserByPhone(db, phone.e164);
  if (!winner) throw new Error('user vanished after a phone conflict');
  return winner;
}

/** The user holding an e-mail (already normalised), created on first login. */
export async function findOrCreateUserByEmail(
  db: Database,
  email: string,
  profile: { username?: string; language?: string | null } = {},
): Promise<UserRow> {
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  const inserted = await insertUserIfFree(db, {
    id: newId(),
    email,
    username: profile.username ?? '',
    language: profile.language ?? null,
  });
  if (inserted) return inserted;
  const winner = await findUserByEmail(db, email);
  if (!winner) throw new Error('user vanished after an e-mail conflict');
  return winner;
}

/**
 * Attaches a phone to a user only if no other user has it (§5).
 * @throws 409 phone.taken
 */
export async function attachPhone(db: Database, userId: string, phone: NormalisedPhone): Promise<UserRow> {
  const holder = await findUserByPhone(db, phone.e164);
  if (holder && holder.id !== userId) throw phoneTaken();
  try {
    const row = await updateUserRow(db, userId, { phone: phone.e164, areaCode: phone.areaCode });
    if (!row) throw notFound('User');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw phoneTaken();
    throw error;
  }
}

/**
 * Attaches an e-mail (normalised) to a user only if no other user has it (§5).
 * @throws 409 email.taken
 */
export async function attachEmail(db: Database, userId: string, email: string): Promise<UserRow> {
  const holder = await findUserByEmail(db, email);
  if (holder && holder.id !== userId) throw emailTaken();
  try {
    const row = await updateUserRow(db, userId, { email });
    if (!row) throw notFound('User');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Opens a session for a user in a meeting and answers like every login call (LoginResult).
 * @throws 404 when the meeting does not exist; 403 account.disabled for a disabled or deleted user.
 */
export async function signIn(
  deps: Deps,
  input: {
    user: UserRow;
    meetingId: string;
    method: string;
    deviceId?: string | null;
    userAgent?: string | null;
  },
): Promise<LoginResult> {
  const { user, meetingId } = input;
  if (user.disabledAt || user.deleted === 1) throw accountDisabled();
  const meeting = await findLiveMeetingById(deps.db, meetingId);
  if (!meeting) throw notFound('Meeting');
  const session = await openSession(deps, { ...input, userId: user.id });
  const providers = await identityProvidersOf(deps.db, user.id);
  return {
    token: session.token,
    user_id: toWireId(user.id),
    meeting_id: toWireId(meetingId),
    expires_at: Math.floor(session.expiresAt.getTime() / 1000),
    user: toWireUser(user, { isSelf: true, providers }),
  };
}

/** Disables or re-enables an account; disabling revokes every session at once. */
export async function setAccountDisabled(
  deps: { db: Database },
  userId: string,
  isDisabled: boolean,
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound('User');
  await setUserDisabled(deps.db, userId, isDisabled);
  if (isDisabled) await revokeAllSessions(deps, userId);
}

// ——— §7 Users calls ———

/*
 * Codes are checked before any write and outside transactions: PGlite has one connection, so a code
 * check inside a transaction would wait for that same transaction; and a taken phone or e-mail is
 * refused before a code is spent.
 */

/** The user row of the caller; 403 no_permission for someone else's id, 404 when it is gone. */
async function ownRow(db: Database, actorUserId: string, targetId: string): Promise<UserRow> {
  if (actorUserId !== targetId) throw noPermission();
  const row = await findUserById(db, targetId);
  if (!row || row.deleted === 1) throw notFound('User');
  return row;
}

async function wireSelf(db: Database, row: UserRow): Promise<User> {
  return toWireUser(row, { isSelf: true, providers: await identityProvidersOf(db, row.id) });
}

/**
 * GET /users/me: the logged-in user with contact fields (§2 /my/index).
 * @throws 404 when the user is gone
 */
export async function getCurrentUser(deps: { db: Database }, userId: string): Promise<User> {
  const row = await findUserById(deps.db, userId);
  if (!row || row.deleted === 1) throw notFound('User');
  return wireSelf(deps.db, row);
}

/**
 * GET /users: profiles by id. The query must filter by `_id` (`{"_id":{"$in":[…]}}` or `$eq`) so the
 * user base cannot be listed; results follow the requested order. Contact fields only for the caller.
 * Organisers with people.read in the session meeting may filter by username, phone (E.164), email or
 * company instead (§7 Users): they list that meeting's people only (participants.service
 * `organiserUserScope`).
 * @throws 400 invalid_query (no _id filter for a non-organiser, unknown field), invalid_object_id,
 * limit_too_large; 403 no_permission for an organiser filter without people.read
 */
export async function listUsers(
  deps: { db: Database; config: Config },
  input: ListParams & { viewerId: string | null; meetingId: string | null },
): Promise<User[]> {
  const query = parseListQuery<UserField>(userQuerySpec, input);
  const byId = query.conditions.some((condition) => condition.field === '_id');
  const organiserFilter = query.conditions.some((condition) => condition.field !== '_id');
  let scope: SQL | undefined;
  if (organiserFilter || !byId) {
    if (!byId && !organiserFilter && !(await mayFilterPeople(deps, input.viewerId, input.meetingId))) {
      throw new AppError(400, ErrorCode.invalidQuery, 'GET /users needs an _id filter');
    }
    scope = await organiserUserScope(deps, { viewerId: input.viewerId, meetingId: input.meetingId });
  }
  const rows = await findUsers(
    deps.db,
    whereSql(query, userColumns, [scope]),
    orderSql(query.sort, userColumns, userTieBreaker),
    query.limit,
    query.skip,
  );
  // §6: contacts only for oneself and connected friends.
  const friends = await connectedAmong(
    deps.db,
    input.viewerId,
    rows.map((row) => row.id),
  );
  const users = await Promise.all(
    rows.map(async (row) =>
      row.id === input.viewerId
        ? wireSelf(deps.db, row)
        : toWireUser(row, { isSelf: false, isConnected: friends.has(row.id) }),
    ),
  );
  return reorderById(users, query.idOrder, (user) => user._id.$id);
}

/**
 * GET /users/count: `{ total }` of live users matching the query (no filter: all users). Filters
 * other than `_id` are the organisers' (people.read, the session meeting's people only).
 * @throws 403 no_permission for an organiser filter without people.read
 */
export async function countUsersMatching(
  deps: { db: Database; config: Config },
  input: ListParams & { viewerId: string | null; meetingId: string | null },
): Promise<{ total: number }> {
  const query = parseListQuery<UserField>(userQuerySpec, input);
  const organiserFilter = query.conditions.some((condition) => condition.field !== '_id');
  const scope = organiserFilter
    ? await organiserUserScope(deps, { viewerId: input.viewerId, meetingId: input.meetingId })
    : undefined;
  return { total: await countUserRows(deps.db, whereSql(query, userColumns, [scope])) };
}

/**
 * Profile texts (name, work title and company) through moderation (§5 sensitive content, kind
 * 'profile') in the session's meeting ('' without one: no meeting words nor bans apply). A profile
 * has no hidden state: an unsure verdict lets the text through and queues the profile for review
 * when there is a meeting.
 * @throws 400 content.sensitive (data.category), 403 moderation.banned
 */
async function moderateProfile(
  deps: Deps,
  input: { meetingId: string | null; userId: string; texts: string[] },
): Promise<void> {
  const meetingId = input.meetingId ?? '';
  const outcome = await moderateText(deps, {
    meetingId,
    userId: input.userId,
    kind: 'profile',
    texts: input.texts,
  });
  if (outcome.state === 'review' && meetingId) {
    await queueForReview(deps.db, {
      meetingId,
      kind: 'profile',
      targetId: input.userId,
      userId: input.userId,
      category: outcome.category,
    });
  }
}

/**
 * PUT /users/{id}: edits your own name, avatar and language; with `phone` + `code` (SMS code sent to
 * the new phone, purpose `bind` for an account without a phone, else `change`) binds or moves your
 * account to that phone (§2 /bind, /account/phone, §5).
 * Everything in one transaction: a taken phone or a bad code changes nothing.
 * A new name goes through moderation (§5 sensitive content) in the session's meeting first.
 * @throws 403 no_permission (someone else's id), 400 phone.invalid / code.invalid, 409 phone.taken,
 *   400 content.sensitive (data.category), 403 moderation.banned,
 *   429 too_frequent (wrong codes from this IP, codeThrottle)
 */
export async function updateProfile(
  deps: Deps,
  input: {
    actorUserId: string;
    userId: string;
    changes: UpdateUserBody;
    ip: string;
    meetingId: string | null;
  },
): Promise<User> {
  const { changes } = input;
  const current = await ownRow(deps.db, input.actorUserId, input.userId);
  let phone: NormalisedPhone | undefined;
  if (changes.phone !== undefined) {
    const parsed = normalisePhone(changes.phone, changes.area_code ?? '86');
    if (!parsed) throw phoneInvalid();
    const holder = await findUserByPhone(deps.db, parsed.e164);
    if (holder && holder.id !== input.userId) throw phoneTaken();
    // A first phone is bound (/bind), an existing one changed (/account/phone): codes are per purpose.
    const purpose = current.phone ? 'change' : 'bind';
    await consumeCode(deps, {
      channel: 'sms',
      address: parsed.e164,
      purpose,
      code: changes.code ?? '',
      ip: input.ip,
    });
    phone = parsed;
  }
  // §5 sensitive content: a new name is checked like every user-written text (the session's meeting).
  if (changes.username !== undefined && changes.username !== current.username) {
    await moderateProfile(deps, {
      meetingId: input.meetingId,
      userId: input.userId,
      texts: [changes.username],
    });
  }
  const profile: UserChanges = {};
  if (changes.username !== undefined) profile.username = changes.username;
  if (changes.avatar !== undefined) profile.avatar = changes.avatar;
  if (changes.language !== undefined) profile.language = changes.language === '' ? null : changes.language;
  return inTransaction(deps.db, async (db) => {
    if (phone) await attachPhone(db, input.userId, phone);
    const row = (await updateUserRow(db, input.userId, profile)) ?? current;
    return wireSelf(db, row);
  });
}

/**
 * PUT /users/{id}/email: moves your account to a new e-mail proven by a mail code of purpose
 * `change` (§2 /account/email, §5). A taken e-mail or a bad code changes nothing.
 * @throws 403 no_permission, 400 email.invalid / code.invalid, 409 email.taken, 429 too_frequent
 */
export async function changeEmail(
  deps: Deps,
  input: { actorUserId: string; userId: string; email: string; code: string; ip: string },
): Promise<User> {
  await ownRow(deps.db, input.actorUserId, input.userId);
  const email = normaliseEmail(input.email);
  if (!email) throw emailInvalid();
  const holder = await findUserByEmail(deps.db, email);
  if (holder && holder.id !== input.userId) throw emailTaken();
  await consumeCode(deps, {
    channel: 'mail',
    address: email,
    purpose: 'change',
    code: input.code,
    ip: input.ip,
  });
  return wireSelf(deps.db, await attachEmail(deps.db, input.userId, email));
}

/**
 * POST/PUT /users/{id}/works: sets your work title and company (§3 User.work), checked by
 * moderation (§5 sensitive content) in the session's meeting.
 * @throws 403 no_permission, 400 content.sensitive (data.category), 403 moderation.banned
 */
export async function saveWork(
  deps: Deps,
  input: { actorUserId: string; userId: string; title: string; company: string; meetingId: string | null },
): Promise<User> {
  await ownRow(deps.db, input.actorUserId, input.userId);
  await moderateProfile(deps, {
    meetingId: input.meetingId,
    userId: input.userId,
    texts: [input.title, input.company],
  });
  const row = await updateUserRow(deps.db, input.userId, {
    workTitle: input.title,
    workCompany: input.company,
  });
  if (!row) throw notFound('User');
  return wireSelf(deps.db, row);
}

/**
 * POST /users: sign-up with a verified phone or e-mail (login code) and a name; answers like a login.
 * Unlike POST /tokens/phone it refuses an address that already has an account.
 * @throws 400 phone.invalid / email.invalid / code.invalid / validation_failed (neither given),
 *   429 too_frequent (wrong codes, codeThrottle),
 *   409 phone.taken / email.taken
 */
export async function signUp(
  deps: Deps,
  input: SignupBody & { deviceId: string | null; userAgent: string | null; ip: string },
): Promise<LoginResult> {
  const base = {
    id: newId(),
    username: input.username,
    language: input.language ?? null,
    workTitle: input.work?.title ?? '',
    workCompany: input.work?.company ?? '',
  };
  let user: UserRow | undefined;
  if (input.phone) {
    const phone = normalisePhone(input.phone, input.area_code ?? '86');
    if (!phone) throw phoneInvalid();
    if (await findUserByPhone(deps.db, phone.e164)) throw phoneTaken();
    await consumeCode(deps, {
      channel: 'sms',
      address: phone.e164,
      purpose: 'login',
      code: input.code,
      ip: input.ip,
    });
    user = await insertUserIfFree(deps.db, { ...base, phone: phone.e164, areaCode: phone.areaCode });
    if (!user) throw phoneTaken();
  } else if (input.email) {
    const email = normaliseEmail(input.email);
    if (!email) throw emailInvalid();
    if (await findUserByEmail(deps.db, email)) throw emailTaken();
    await consumeCode(deps, {
      channel: 'mail',
      address: email,
      purpose: 'login',
      code: input.code,
      ip: input.ip,
    });
    user = await insertUserIfFree(deps.db, { ...base, email });
    if (!user) throw emailTaken();
  } else {
    throw new AppError(400, ErrorCode.validation, 'This is a required field', [
      { path: 'body/phone', message: 'This is a required field' },
    ]);
  }
  return signIn(deps, {
    user,
    meetingId: input.meeting_id,
    method: 'signup',
    deviceId: input.deviceId,
    userAgent: input.userAgent,
  });
}
