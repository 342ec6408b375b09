import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { verificationCodes } from './codes.tables.ts';

/** Which codes a row answers for: channel, normalised address and purpose. */
export type CodeKey = { channel: 'sms' | 'mail'; address: string; purpose: 'login' | 'bind' | 'change' };

const sameKey = (key: CodeKey) =>
  and(
    eq(verificationCodes.channel, key.channel),
    eq(verificationCodes.address, key.address),
    eq(verificationCodes.purpose, key.purpose),
  );

/** Live: not used or replaced, not expired (by the database clock). */
const isLive = () => and(isNull(verificationCodes.consumedAt), gt(verificationCodes.expiresAt, sql`now()`));

/**
 * Stores a new code for a key, replacing (marking used) every earlier unused code of that key, in one
 * transaction. `lifetimeSeconds` counts from the database clock.
 */
export async function replaceCode(
  db: Database,
  row: CodeKey & { id: string; codeHash: string; meetingId: string | null; lifetimeSeconds: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(sameKey(row), isNull(verificationCodes.consumedAt)));
    await tx.insert(verificationCodes).values({
      id: row.id,
      channel: row.channel,
      address: row.address,
      purpose: row.purpose,
      codeHash: row.codeHash,
      meetingId: row.meetingId,
      expiresAt: sql`now() + make_interval(secs => ${row.lifetimeSeconds})`,
    });
  });
}

/**
 * Uses a live code with this hash: one atomic UPDATE … WHERE consumed_at IS NULL … RETURNING, so of
 * two concurrent uses exactly one gets the row. Returns whether it was used now.
 */
export async function useLiveCode(db: Database, key: CodeKey, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(sameKey(key), eq(verificationCodes.codeHash, codeHash), isLive()))
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}

/** Whether a live code with this hash exists (checked, not used). */
export async function hasLiveCode(db: Database, key: CodeKey, codeHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(sameKey(key), eq(verificationCodes.codeHash, codeHash), isLive()))
    .limit(1);
  return rows.length > 0;
}
