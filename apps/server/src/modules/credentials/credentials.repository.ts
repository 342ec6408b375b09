import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uploads } from '../media/media.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { meetingCredentialSettings, userCredentials } from './credentials.tables.ts';

export type CredentialRow = typeof userCredentials.$inferSelect;
export type CredentialSettingsRow = typeof meetingCredentialSettings.$inferSelect;

/** A meeting's end, or null when there is no such meeting or it is deleted. */
export async function findMeetingEnd(db: Database, meetingId: string): Promise<{ end: Date } | null> {
  const [row] = await db
    .select({ end: meetings.end })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.deleted, 0)));
  return row ?? null;
}

/** The meeting's real-name rule row, or null (never set: real-name off). */
export async function findSettings(db: Database, meetingId: string): Promise<CredentialSettingsRow | null> {
  const [row] = await db
    .select()
    .from(meetingCredentialSettings)
    .where(eq(meetingCredentialSettings.meetingId, meetingId));
  return row ?? null;
}

/** Writes the rule (insert or replace). */
export async function upsertSettings(
  db: Database,
  row: { meetingId: string; required: number; kinds: string[]; retentionDays: number },
): Promise<CredentialSettingsRow> {
  const [saved] = await db
    .insert(meetingCredentialSettings)
    .values(row)
    .onConflictDoUpdate({
      target: meetingCredentialSettings.meetingId,
      set: {
        required: row.required,
        kinds: row.kinds,
        retentionDays: row.retentionDays,
        updatedAt: new Date(),
      },
    })
    .returning();
  return saved as CredentialSettingsRow;
}

/** Sets every credential's deletion date of a meeting to `purgeAfter`. */
export async function setPurgeAfter(db: Database, meetingId: string, purgeAfter: Date): Promise<void> {
  await db.update(userCredentials).set({ purgeAfter }).where(eq(userCredentials.meetingId, meetingId));
}

/** The user's credential in the meeting, or null. */
export async function findUserCredential(
  db: Database,
  meetingId: string,
  userId: string,
): Promise<CredentialRow | null> {
  const [row] = await db
    .select()
    .from(userCredentials)
    .where(
      and(
        eq(userCredentials.meetingId, meetingId),
        eq(userCredentials.userId, userId),
        eq(userCredentials.deleted, 0),
      ),
    );
  return row ?? null;
}

/**
 * Whether a meeting requires real-name registration (§3 Registrant ID number) and the user has no
 * credential there: one query over the rule's primary key and the credential's unique index.
 */
export async function isRealNameMissing(db: Database, meetingId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      missing: sql<boolean>`not exists (${db
        .select({ one: sql`1` })
        .from(userCredentials)
        .where(
          and(
            eq(userCredentials.meetingId, meetingId),
            eq(userCredentials.userId, userId),
            eq(userCredentials.deleted, 0),
          ),
        )})`,
    })
    .from(meetingCredentialSettings)
    .where(
      and(eq(meetingCredentialSettings.meetingId, meetingId), eq(meetingCredentialSettings.required, 1)),
    );
  return row?.missing === true;
}

/** A credential of the meeting by id, or null. */
export async function findCredential(
  db: Database,
  meetingId: string,
  id: string,
): Promise<CredentialRow | null> {
  const [row] = await db
    .select()
    .from(userCredentials)
    .where(
      and(
        eq(userCredentials.id, id),
        eq(userCredentials.meetingId, meetingId),
        eq(userCredentials.deleted, 0),
      ),
    );
  return row ?? null;
}

/** Whether another user of the meeting holds the number with this blind index. */
export async function isNumberHeldByOther(
  db: Database,
  input: { meetingId: string; userId: string; numberHash: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: userCredentials.id })
    .from(userCredentials)
    .where(
      and(
        eq(userCredentials.meetingId, input.meetingId),
        eq(userCredentials.numberHash, input.numberHash),
        ne(userCredentials.userId, input.userId),
        eq(userCredentials.deleted, 0),
      ),
    );
  return row !== undefined;
}

/**
 * Inserts the user's credential or replaces the one they have, in one statement: the unique index
 * (meeting, user) picks the row, the unique index (meeting, number hash) refuses a number another
 * user holds with 23505 — the database decides between concurrent submissions.
 */
export async function upsertUserCredential(
  db: Database,
  row: typeof userCredentials.$inferInsert & { id: string },
): Promise<CredentialRow> {
  const [saved] = await db
    .insert(userCredentials)
    .values(row)
    .onConflictDoUpdate({
      target: [userCredentials.meetingId, userCredentials.userId],
      targetWhere: sql`${userCredentials.deleted} = 0`,
      set: {
        kind: row.kind,
        name: row.name,
        country: row.country ?? '',
        numberSealed: row.numberSealed,
        numberHash: row.numberHash,
        numberMask: row.numberMask,
        source: row.source ?? 'manual',
        purgeAfter: row.purgeAfter,
        updatedAt: new Date(),
      },
    })
    .returning();
  return saved as CredentialRow;
}

/** Credentials of a meeting by kind. */
export async function countByKind(db: Database, meetingId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ kind: userCredentials.kind, total: count() })
    .from(userCredentials)
    .where(and(eq(userCredentials.meetingId, meetingId), eq(userCredentials.deleted, 0)))
    .groupBy(userCredentials.kind);
  return new Map(rows.map((row) => [row.kind, Number(row.total)]));
}

/** A page of a meeting's credentials, newest first, with the total matching. */
export async function listCredentials(
  db: Database,
  input: { meetingId: string; kind?: string | undefined; limit: number; offset: number },
): Promise<{ rows: CredentialRow[]; total: number }> {
  const where = and(
    eq(userCredentials.meetingId, input.meetingId),
    eq(userCredentials.deleted, 0),
    input.kind ? eq(userCredentials.kind, input.kind) : undefined,
  );
  const rows = await db
    .select()
    .from(userCredentials)
    .where(where)
    .orderBy(desc(userCredentials.createdAt), desc(userCredentials.id))
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await db.select({ total: count() }).from(userCredentials).where(where);
  return { rows, total: Number(total?.total ?? 0) };
}

/** Deletes one credential for good; whether it existed. */
export async function deleteCredential(db: Database, meetingId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(userCredentials)
    .where(and(eq(userCredentials.id, id), eq(userCredentials.meetingId, meetingId)))
    .returning({ id: userCredentials.id });
  return deleted.length > 0;
}

/** Retention of a meeting that never set its rule, in days (§3: "a set number of days"). */
export const defaultRetentionDays = 30;

/** SQL of a meeting's purge date: its end as it is now + its retention days as they are now. */
const purgeDateSql = sql<Date>`${meetings.end} + make_interval(days => coalesce(${meetingCredentialSettings.retentionDays}, ${sql.raw(String(defaultRetentionDays))}))`;

/** When a meeting's credentials are deleted, from its current end and rule; null when no meeting. */
export async function findPurgeDate(db: Database, meetingId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: purgeDateSql })
    .from(meetings)
    .leftJoin(meetingCredentialSettings, eq(meetingCredentialSettings.meetingId, meetings.id))
    .where(eq(meetings.id, meetingId));
  return row ? new Date(row.at) : null;
}

/**
 * Deletes every credential whose meeting ended more than its retention days before `now`, both read
 * at purge time (a meeting moved later keeps its credentials longer; deleted meetings are purged on
 * the same rule). Answers how many.
 */
export async function deleteExpired(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(userCredentials)
    .where(
      inArray(
        userCredentials.meetingId,
        db
          .select({ id: meetings.id })
          .from(meetings)
          .leftJoin(meetingCredentialSettings, eq(meetingCredentialSettings.meetingId, meetings.id))
          .where(sql`${purgeDateSql} < ${now.toISOString()}::timestamptz`),
      ),
    )
    .returning({ id: userCredentials.id });
  return deleted.length;
}

/** The owner of an upload by bucket and key, or undefined when there is no such upload. */
export async function findUploadOwner(
  db: Database,
  bucket: string,
  key: string,
): Promise<{ userId: string | null } | undefined> {
  const [row] = await db
    .select({ userId: uploads.userId })
    .from(uploads)
    .where(and(eq(uploads.bucket, bucket), eq(uploads.key, key)));
  return row;
}
