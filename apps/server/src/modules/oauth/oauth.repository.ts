import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { oauthStates } from './oauth.tables.ts';

export type OAuthStateRow = typeof oauthStates.$inferSelect;

/**
 * Stores a pending login (or bind ticket) that ends `lifeSeconds` after now by the database clock,
 * and deletes rows that have expired (they can never be used again, and the table stays small).
 */
export async function insertOAuthState(
  db: Database,
  row: Omit<typeof oauthStates.$inferInsert, 'expiresAt' | 'createdAt' | 'consumedAt'>,
  lifeSeconds: number,
): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now()`));
  await db.insert(oauthStates).values({
    ...row,
    expiresAt: sql`now() + make_interval(secs => ${lifeSeconds})`,
  });
}

const isLive = (id: string, provider: string) =>
  and(
    eq(oauthStates.id, id),
    eq(oauthStates.provider, provider),
    isNull(oauthStates.consumedAt),
    gt(oauthStates.expiresAt, sql`now()`),
  );

/** The row of a state that exists for `provider`, is unexpired and unused — without using it. */
export async function findLiveOAuthState(
  db: Database,
  id: string,
  provider: string,
): Promise<OAuthStateRow | undefined> {
  const [row] = await db.select().from(oauthStates).where(isLive(id, provider)).limit(1);
  return row;
}

/**
 * Uses a state once: marks it consumed only if it exists for `provider`, is unexpired and unused, in
 * one UPDATE, so of two concurrent callers exactly one gets the row; the other gets undefined.
 */
export async function consumeOAuthState(
  db: Database,
  id: string,
  provider: string,
): Promise<OAuthStateRow | undefined> {
  const [row] = await db
    .update(oauthStates)
    .set({ consumedAt: sql`now()` })
    .where(isLive(id, provider))
    .returning();
  return row;
}

/** The row of a state whatever its condition (to know its meeting after a failed login). */
export async function findOAuthState(db: Database, id: string): Promise<OAuthStateRow | undefined> {
  const [row] = await db.select().from(oauthStates).where(eq(oauthStates.id, id)).limit(1);
  return row;
}
