import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import {
  findLiveSession,
  insertSession,
  revokeSessionById,
  revokeSessionsOfUser,
  touchSession,
} from './sessions.repository.ts';

type Deps = { db: Database; config: Config };

const dayMs = 24 * 60 * 60 * 1000;
/** last_used_at is written at most once per this many milliseconds per session. */
const touchIntervalMs = 60 * 1000;

/** hex SHA-256 of a token: what the database keeps instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type OpenedSession = {
  /** The opaque bearer token: 32 random bytes, base64url (256 bits). Shown once, never stored. */
  token: string;
  sessionId: string;
  /** Absolute end of the session. */
  expiresAt: Date;
};

/**
 * Opens a session for a user in a meeting (§4 Session, logged-in state). The token comes from the
 * CSPRNG; only its SHA-256 is stored. Idle and absolute lifetimes come from SESSION_IDLE_DAYS and
 * SESSION_ABSOLUTE_DAYS.
 */
export async function openSession(
  { db, config }: Deps,
  input: {
    userId: string;
    meetingId: string;
    method: string;
    deviceId?: string | null;
    userAgent?: string | null;
  },
): Promise<OpenedSession> {
  const token = randomBytes(32).toString('base64url');
  const sessionId = newId();
  const expiresAt = new Date(Date.now() + config.SESSION_ABSOLUTE_DAYS * dayMs);
  await insertSession(db, {
    id: sessionId,
    tokenHash: hashToken(token),
    userId: input.userId,
    meetingId: input.meetingId,
    method: input.method,
    deviceId: input.deviceId ?? null,
    userAgent: input.userAgent?.slice(0, 256) ?? null,
    expiresAt,
  });
  return { token, sessionId, expiresAt };
}

export type ResolvedSession = { sessionId: string; userId: string; meetingId: string };

/**
 * The session of a bearer token, or null when the token is unknown, revoked, past its absolute end,
 * idle longer than SESSION_IDLE_DAYS, or its user is disabled or deleted. Refreshes the idle clock.
 */
export async function resolveSession({ db, config }: Deps, token: string): Promise<ResolvedSession | null> {
  if (token.length < 16 || token.length > 256) return null;
  const now = Date.now();
  const row = await findLiveSession(db, hashToken(token), new Date(now - config.SESSION_IDLE_DAYS * dayMs));
  if (!row) return null;
  if (now - row.lastUsedAt.getTime() > touchIntervalMs) {
    await touchSession(db, row.id, new Date(now - touchIntervalMs));
  }
  return { sessionId: row.id, userId: row.userId, meetingId: row.meetingId };
}

/** Logout: revokes one session (§4 Session). */
export async function revokeSession({ db }: { db: Database }, sessionId: string): Promise<boolean> {
  return revokeSessionById(db, sessionId);
}

/** Revokes every session of a user (account disabled, phone changed by support …); returns how many. */
export async function revokeAllSessions({ db }: { db: Database }, userId: string): Promise<number> {
  return revokeSessionsOfUser(db, userId);
}
