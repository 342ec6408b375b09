import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { users } from '../users/users.tables.ts';
import { sessions } from './sessions.tables.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;

/** Inserts a session row. */
export async function insertSession(db: Database, row: NewSessionRow): Promise<void> {
  await db.insert(sessions).values(row);
}

/**
 * The live session of a token hash: not revoked, before its absolute end, used within the idle
 * window, and its user neither disabled nor deleted.
 */
export async function findLiveSession(
  db: Database,
  tokenHash: string,
  idleSince: Date,
): Promise<Pick<SessionRow, 'id' | 'userId' | 'meetingId' | 'lastUsedAt'> | undefined> {
  const [row] = await liveSessionQuery(db).execute({ tokenHash, idleSince });
  return row;
}

/**
 * findLiveSession's query as a prepared statement: it runs on every authenticated request, and
 * drizzle's building of its SQL cost more CPU than PostgreSQL's answer.
 */
const liveSessionQuery = preparedPerDatabase(buildLiveSessionQuery);

function buildLiveSessionQuery(db: Database) {
  return db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      meetingId: sessions.meetingId,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastUsedAt, sql.placeholder('idleSince')),
        isNull(users.disabledAt),
        eq(users.deleted, 0),
      ),
    )
    .limit(1)
    .prepare('find_live_session');
}

/** Moves last_used_at to now when it is older than `staleBefore` (one write per minute at most). */
export async function touchSession(db: Database, id: string, staleBefore: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(sessions.id, id), lt(sessions.lastUsedAt, staleBefore)));
}

/** Revokes one session; true when it was live. */
export async function revokeSessionById(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of a user; returns how many. */
export async function revokeSessionsOfUser(db: Database, userId: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}
