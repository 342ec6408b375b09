import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { exhibitorAccounts, phoneTokenUses } from './auth.tables.ts';

export type ExhibitorAccountRow = typeof exhibitorAccounts.$inferSelect;

/** An exhibitor account of a meeting by its (lower-cased) login name. */
export async function findExhibitorAccount(
  db: Database,
  meetingId: string,
  account: string,
): Promise<ExhibitorAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(exhibitorAccounts)
    .where(and(eq(exhibitorAccounts.meetingId, meetingId), eq(exhibitorAccounts.account, account)))
    .limit(1);
  return row;
}

/** The account row locked for update (inside a transaction), so one first login links its user. */
export async function lockExhibitorAccount(
  db: Database,
  id: string,
): Promise<ExhibitorAccountRow | undefined> {
  const [row] = await db.select().from(exhibitorAccounts).where(eq(exhibitorAccounts.id, id)).for('update');
  return row;
}

/** Links the user an exhibitor account signs in as. */
export async function setExhibitorAccountUser(db: Database, id: string, userId: string): Promise<void> {
  await db
    .update(exhibitorAccounts)
    .set({ userId, updatedAt: sql`now()` })
    .where(eq(exhibitorAccounts.id, id));
}

/** Adds an exhibitor account; an existing account of that name in the meeting is left as it is. */
export async function insertExhibitorAccountIfAbsent(
  db: Database,
  row: typeof exhibitorAccounts.$inferInsert,
): Promise<ExhibitorAccountRow | undefined> {
  const [inserted] = await db.insert(exhibitorAccounts).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Records a used /tokens/phone/v2 signature; false when it was used before (a replay). */
export async function recordPhoneTokenUse(db: Database, signature: string): Promise<boolean> {
  const rows = await db
    .insert(phoneTokenUses)
    .values({ signature })
    .onConflictDoNothing()
    .returning({ signature: phoneTokenUses.signature });
  return rows.length > 0;
}

/** Forgets used signatures older than `seconds` (they are refused as stale by their timestamp anyway). */
export async function prunePhoneTokenUses(db: Database, seconds: number): Promise<void> {
  await db
    .delete(phoneTokenUses)
    .where(lt(phoneTokenUses.usedAt, sql`now() - make_interval(secs => ${seconds})`));
}
