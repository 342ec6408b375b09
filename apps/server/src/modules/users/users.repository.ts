import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uniqueViolation, violatedConstraintOf } from '../../db/pg-errors.ts';
import { userIdentities, users } from './users.tables.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserChanges = Partial<
  Pick<
    UserRow,
    'username' | 'avatar' | 'language' | 'phone' | 'areaCode' | 'email' | 'workTitle' | 'workCompany'
  >
>;

/** PostgreSQL unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return violatedConstraintOf(error, uniqueViolation) !== null;
}

/** A user by id (deleted ones included; callers decide). */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The user holding an E.164 phone. */
export async function findUserByPhone(db: Database, e164: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, e164)).limit(1);
  return row;
}

/** The user holding a (lower-cased) e-mail. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/**
 * Inserts a user unless one already holds its phone or e-mail (unique indexes decide, so two
 * concurrent first logins with one phone create one user). Returns the row, or undefined on conflict.
 */
export async function insertUserIfFree(db: Database, row: NewUserRow): Promise<UserRow | undefined> {
  const [inserted] = await db.insert(users).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Applies profile changes; a phone or e-mail held by another user raises unique_violation. */
export async function updateUserRow(
  db: Database,
  id: string,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Marks a user disabled (sessions are revoked by the service). */
export async function setUserDisabled(db: Database, id: string, isDisabled: boolean): Promise<void> {
  await db
    .update(users)
    .set({ disabledAt: isDisabled ? sql`now()` : null, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** Users matching a filter, for GET /users. */
export async function findUsers(
  db: Database,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  skip: number,
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.deleted, 0), where))
    .orderBy(...order)
    .limit(limit)
    .offset(skip);
}

/** Number of users matching a filter. */
export async function countUsers(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.deleted, 0), where));
  return row?.total ?? 0;
}

/** The user linked to a third-party identity. */
export async function findUserByIdentity(
  db: Database,
  provider: string,
  subject: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.user;
}

/** Links a third-party identity to a user (first link wins under concurrency). */
export async function linkIdentity(
  db: Database,
  link: { provider: string; subject: string; userId: string; profile: Record<string, unknown> },
): Promise<void> {
  await db.insert(userIdentities).values(link).onConflictDoNothing();
}

/** Providers linked to a user. */
export async function identityProvidersOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ provider: userIdentities.provider })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId));
  return rows.map((row) => row.provider);
}

export type UserField = '_id' | 'created' | 'username' | 'phone' | 'email' | 'company';

/** Columns of the allow-listed GET /users fields. */
export const userColumns = {
  _id: users.id,
  created: users.createdAt,
  username: users.username,
  phone: users.phone,
  email: users.email,
  company: users.workCompany,
} as const;
export const userTieBreaker = users.id;

/** Users by ids (any order; unknown ids are left out). */
export async function findUsersByIds(db: Database, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}
