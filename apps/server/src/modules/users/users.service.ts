import type { LoginResult } from '@app/contracts';
import { toWireId } from '@app/contracts';
import type { NormalisedPhone } from '@app/domain/contact';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { notFound } from '../../errors.ts';
import { findLiveMeetingById } from '../meetings/meetings.repository.ts';
import { openSession, revokeAllSessions } from '../sessions/sessions.service.ts';
import { accountDisabled, emailTaken, phoneTaken } from './users.errors.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  identityProvidersOf,
  insertUserIfFree,
  isUniqueViolation,
  setUserDisabled,
  type UserRow,
  updateUserRow,
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
