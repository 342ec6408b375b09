import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { appointments } from '../appointments/appointments.tables.ts';
import { exhibitorAccounts, exhibitorPasswordTokens } from '../auth/auth.tables.ts';
import { categories } from '../categories/categories.tables.ts';
import { matchesAllTerms } from '../enterprises/enterprises.repository.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { exhibitorApplications, exhibitorBindings, exhibitors } from '../exhibitors/exhibitors.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { products } from '../products/products.tables.ts';
import { sessions } from '../sessions/sessions.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * The only code of the console's exhibitors area that touches Drizzle (DESIGN §4.2): applications,
 * enterprises, exhibitors, products, exhibitor accounts and their password links, industries and
 * exhibitor groups, and appointment counts. Optimistic edits compare `updated_at` in unix
 * milliseconds, computed in SQL on both sides so the microseconds PostgreSQL keeps never differ from
 * what the client was given.
 */

/** `updated_at` as unix milliseconds (truncated), the optimistic-concurrency token of this area. */
const msOf = (column: PgColumn) => sql<number>`floor(extract(epoch from ${column}) * 1000)::float8`;
/** SQL: `updated_at` still is what the client read. */
const isCurrent = (column: PgColumn, ms: number) => sql`floor(extract(epoch from ${column}) * 1000) = ${ms}`;
/** The next `updated_at`: now, but always at least a millisecond after the previous one. */
const nextUpdatedAt = (column: PgColumn) =>
  sql`greatest(clock_timestamp(), ${column} + interval '1 millisecond')`;

export type ApplicationRow = typeof exhibitorApplications.$inferSelect & { account: string | null };

/**
 * An outer query's column, always table-qualified: Drizzle leaves columns of a one-table query bare,
 * and a bare name inside a correlated subquery would bind to the subquery's own table.
 */
const outer = (table: string, column: string) => sql.raw(`"${table}"."${column}"`);

const accountOfApplication = sql<string | null>`(select a.account from ${exhibitorAccounts} a
  where a.enterprise_id = ${outer('exhibitor_applications', 'enterprise_id')}
  and a.meeting_id = ${outer('exhibitor_applications', 'meeting_id')}
  order by a.created_at limit 1)`;

/** A meeting's applications, newest first, optionally of one status (at most `limit`). */
export async function findApplications(
  db: Database,
  input: { meetingId: string; status?: number | undefined; limit: number },
): Promise<ApplicationRow[]> {
  const rows = await db
    .select({ application: exhibitorApplications, account: accountOfApplication })
    .from(exhibitorApplications)
    .where(
      and(
        eq(exhibitorApplications.meetingId, input.meetingId),
        input.status !== undefined ? eq(exhibitorApplications.status, input.status) : undefined,
      ),
    )
    .orderBy(desc(exhibitorApplications.createdAt), desc(exhibitorApplications.id))
    .limit(input.limit);
  return rows.map((row) => ({ ...row.application, account: row.account }));
}

/** Number of a meeting's applications per status. */
export async function countApplicationsByStatus(
  db: Database,
  meetingId: string,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ status: exhibitorApplications.status, total: count() })
    .from(exhibitorApplications)
    .where(eq(exhibitorApplications.meetingId, meetingId))
    .groupBy(exhibitorApplications.status);
  return new Map(rows.map((row) => [row.status, row.total]));
}

/** One application of a meeting, locked for update (inside a transaction). */
export async function lockApplication(
  db: Database,
  meetingId: string,
  id: string,
): Promise<typeof exhibitorApplications.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(exhibitorApplications)
    .where(and(eq(exhibitorApplications.id, id), eq(exhibitorApplications.meetingId, meetingId)))
    .for('update');
  return row;
}

/** One application with its account name. */
export async function findApplication(db: Database, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select({ application: exhibitorApplications, account: accountOfApplication })
    .from(exhibitorApplications)
    .where(eq(exhibitorApplications.id, id));
  return row ? { ...row.application, account: row.account } : undefined;
}

/** Records the review of an application. */
export async function setApplicationReview(
  db: Database,
  id: string,
  review: { status: 1 | 2; reason: string; reviewedBy: string; enterpriseId: string | null },
): Promise<void> {
  await db
    .update(exhibitorApplications)
    .set({ ...review, reviewedAt: sql`now()` })
    .where(eq(exhibitorApplications.id, id));
}

/** The latest approved application that made an enterprise in a meeting (its contact for links). */
export async function findApprovedApplicationOf(
  db: Database,
  meetingId: string,
  enterpriseId: string,
): Promise<typeof exhibitorApplications.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(exhibitorApplications)
    .where(
      and(
        eq(exhibitorApplications.meetingId, meetingId),
        eq(exhibitorApplications.enterpriseId, enterpriseId),
        eq(exhibitorApplications.status, 1),
      ),
    )
    .orderBy(desc(exhibitorApplications.reviewedAt))
    .limit(1);
  return row;
}

/** Whether a meeting has an exhibitor account of that (normalised) name. */
export async function isAccountNameTaken(db: Database, meetingId: string, account: string): Promise<boolean> {
  const [row] = await db
    .select({ id: exhibitorAccounts.id })
    .from(exhibitorAccounts)
    .where(and(eq(exhibitorAccounts.meetingId, meetingId), eq(exhibitorAccounts.account, account)))
    .limit(1);
  return row !== undefined;
}

/** Inserts an enterprise. */
export async function insertEnterprise(db: Database, row: typeof enterprises.$inferInsert): Promise<void> {
  await db.insert(enterprises).values(row);
}

/** Inserts an exhibitor row. */
export async function insertExhibitor(db: Database, row: typeof exhibitors.$inferInsert): Promise<void> {
  await db.insert(exhibitors).values(row);
}

/** Inserts an exhibitor account; undefined when the name is taken in the meeting (unique index). */
export async function insertExhibitorAccount(
  db: Database,
  row: typeof exhibitorAccounts.$inferInsert,
): Promise<string | undefined> {
  const [inserted] = await db
    .insert(exhibitorAccounts)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: exhibitorAccounts.id });
  return inserted?.id;
}

/** Exhibitor accounts of an enterprise in a meeting, oldest first. */
export async function findAccountsOfEnterprise(
  db: Database,
  meetingId: string,
  enterpriseId: string,
): Promise<(typeof exhibitorAccounts.$inferSelect)[]> {
  return db
    .select()
    .from(exhibitorAccounts)
    .where(and(eq(exhibitorAccounts.meetingId, meetingId), eq(exhibitorAccounts.enterpriseId, enterpriseId)))
    .orderBy(asc(exhibitorAccounts.createdAt), asc(exhibitorAccounts.id));
}

// ————— Password links —————

/** Stores a password link (only the SHA-256 of its token). */
export async function insertPasswordToken(
  db: Database,
  row: { tokenHash: string; exhibitorAccountId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(exhibitorPasswordTokens).values(row);
}

/** Uses up every unused link of an account (a newer link replaces them). */
export async function retirePasswordTokens(db: Database, exhibitorAccountId: string): Promise<void> {
  await db
    .update(exhibitorPasswordTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(exhibitorPasswordTokens.exhibitorAccountId, exhibitorAccountId),
        isNull(exhibitorPasswordTokens.usedAt),
      ),
    );
}

export type PasswordTokenRow = {
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  accountId: string;
  /** The user the account signs in as (null before its first login). */
  accountUserId: string | null;
  account: string;
  meetingId: string;
  meetingTitle: string | Record<string, string>;
};

/** A password link with its account and meeting; `isLocked` locks the link row (in a transaction). */
export async function findPasswordToken(
  db: Database,
  tokenHash: string,
  isLocked = false,
): Promise<PasswordTokenRow | undefined> {
  const query = db
    .select({
      tokenHash: exhibitorPasswordTokens.tokenHash,
      expiresAt: exhibitorPasswordTokens.expiresAt,
      usedAt: exhibitorPasswordTokens.usedAt,
      accountId: exhibitorAccounts.id,
      accountUserId: exhibitorAccounts.userId,
      account: exhibitorAccounts.account,
      meetingId: exhibitorAccounts.meetingId,
      meetingTitle: meetings.title,
    })
    .from(exhibitorPasswordTokens)
    .innerJoin(exhibitorAccounts, eq(exhibitorAccounts.id, exhibitorPasswordTokens.exhibitorAccountId))
    .innerJoin(meetings, eq(meetings.id, exhibitorAccounts.meetingId))
    .where(eq(exhibitorPasswordTokens.tokenHash, tokenHash));
  const [row] = isLocked ? await query.for('update', { of: exhibitorPasswordTokens }) : await query;
  return row;
}

/** Marks a link used. */
export async function markPasswordTokenUsed(db: Database, tokenHash: string): Promise<void> {
  await db
    .update(exhibitorPasswordTokens)
    .set({ usedAt: sql`now()` })
    .where(eq(exhibitorPasswordTokens.tokenHash, tokenHash));
}

/**
 * Ends what the account's previous password opened (§6 Exhibitor): revokes the live sessions its user
 * opened with the password (method 'exhibitor') and removes every user's binding to the account.
 * @returns how many sessions and bindings went
 */
export async function revokeExhibitorAccountAccess(
  db: Database,
  account: { id: string; userId: string | null },
): Promise<{ sessions: number; bindings: number }> {
  const revoked = account.userId
    ? await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(sessions.userId, account.userId),
            eq(sessions.method, 'exhibitor'),
            isNull(sessions.revokedAt),
          ),
        )
        .returning({ id: sessions.id })
    : [];
  const unbound = await db
    .delete(exhibitorBindings)
    .where(eq(exhibitorBindings.exhibitorAccountId, account.id))
    .returning({ userId: exhibitorBindings.userId });
  return { sessions: revoked.length, bindings: unbound.length };
}

/** Sets an account's password hash (argon2id PHC string). */
export async function setAccountPasswordHash(db: Database, id: string, passwordHash: string): Promise<void> {
  await db
    .update(exhibitorAccounts)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(exhibitorAccounts.id, id));
}

// ————— Exhibitors and enterprises —————

const productsTotalOf = sql<number>`(select count(*)::int from ${products} p
  where p.enterprise_id = ${outer('exhibitors', 'enterprise_id')}
  and (p.meeting_id is null or p.meeting_id = ${outer('exhibitors', 'meeting_id')}) and p.deleted = 0)`;
const accountsOf = sql<string[]>`coalesce((select array_agg(a.account order by a.created_at)
  from ${exhibitorAccounts} a where a.enterprise_id = ${outer('exhibitors', 'enterprise_id')}
  and a.meeting_id = ${outer('exhibitors', 'meeting_id')}), '{}')`;

const consoleExhibitorColumns = {
  exhibitor: exhibitors,
  enterprise: enterprises,
  updatedAtMs: msOf(exhibitors.updatedAt),
  enterpriseUpdatedAtMs: msOf(enterprises.updatedAt),
  productsTotal: productsTotalOf,
  accounts: accountsOf,
};

export type ConsoleExhibitorRow = {
  exhibitor: typeof exhibitors.$inferSelect;
  enterprise: typeof enterprises.$inferSelect;
  updatedAtMs: number;
  enterpriseUpdatedAtMs: number;
  productsTotal: number;
  accounts: string[];
};

function consoleExhibitorWhere(input: { meetingId: string; terms?: string[] }): SQL | undefined {
  return and(
    eq(exhibitors.meetingId, input.meetingId),
    eq(exhibitors.deleted, 0),
    eq(enterprises.deleted, 0),
    input.terms && input.terms.length > 0
      ? matchesAllTerms(enterprises.searchText, input.terms, new Set())
      : undefined,
  );
}

/** A page of a meeting's exhibitors with their enterprises (shown and hidden), by weight then created. */
export async function findConsoleExhibitors(
  db: Database,
  input: { meetingId: string; terms: string[]; skip: number; limit: number },
): Promise<ConsoleExhibitorRow[]> {
  return db
    .select(consoleExhibitorColumns)
    .from(exhibitors)
    .innerJoin(enterprises, eq(enterprises.id, exhibitors.enterpriseId))
    .where(consoleExhibitorWhere(input))
    .orderBy(desc(exhibitors.weight), desc(exhibitors.createdAt), desc(exhibitors.id))
    .limit(input.limit)
    .offset(input.skip);
}

/** Number of a meeting's exhibitors matching the terms. */
export async function countConsoleExhibitors(
  db: Database,
  input: { meetingId: string; terms: string[] },
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(exhibitors)
    .innerJoin(enterprises, eq(enterprises.id, exhibitors.enterpriseId))
    .where(consoleExhibitorWhere(input));
  return row?.total ?? 0;
}

/** One exhibitor of a meeting (by exhibitor id, or by enterprise id) with its enterprise. */
export async function findConsoleExhibitor(
  db: Database,
  input: { meetingId: string; exhibitorId?: string; enterpriseId?: string },
): Promise<ConsoleExhibitorRow | undefined> {
  const [row] = await db
    .select(consoleExhibitorColumns)
    .from(exhibitors)
    .innerJoin(enterprises, eq(enterprises.id, exhibitors.enterpriseId))
    .where(
      and(
        consoleExhibitorWhere({ meetingId: input.meetingId }),
        input.exhibitorId ? eq(exhibitors.id, input.exhibitorId) : undefined,
        input.enterpriseId ? eq(exhibitors.enterpriseId, input.enterpriseId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/**
 * Changes an exhibitor when its `updated_at` still is `ms`; false when it is not (or the row is gone).
 */
export async function updateExhibitorIfCurrent(
  db: Database,
  input: { id: string; ms: number },
  patch: Partial<
    Pick<
      typeof exhibitors.$inferInsert,
      'booth' | 'weight' | 'isShown' | 'exhibitorGroupCategoryId' | 'industryCategoryId'
    >
  >,
): Promise<boolean> {
  const rows = await db
    .update(exhibitors)
    .set({ ...patch, updatedAt: nextUpdatedAt(exhibitors.updatedAt) })
    .where(and(eq(exhibitors.id, input.id), isCurrent(exhibitors.updatedAt, input.ms)))
    .returning({ id: exhibitors.id });
  return rows.length > 0;
}

/** Changes an enterprise when its `updated_at` is `ms` (undefined: whatever it is); false otherwise. */
export async function updateEnterpriseIfCurrent(
  db: Database,
  input: { id: string; ms?: number },
  patch: Partial<Omit<typeof enterprises.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>,
): Promise<boolean> {
  const rows = await db
    .update(enterprises)
    .set({ ...patch, updatedAt: nextUpdatedAt(enterprises.updatedAt) })
    .where(
      and(
        eq(enterprises.id, input.id),
        input.ms !== undefined ? isCurrent(enterprises.updatedAt, input.ms) : undefined,
      ),
    )
    .returning({ id: enterprises.id });
  return rows.length > 0;
}

/**
 * Sets an enterprise's weight to follow its exhibitor's (GET /enterprises sorts by it), leaving its
 * `updated_at` alone: the enterprise's own fields did not change, so an open edit of them stays valid.
 */
export async function setEnterpriseWeight(db: Database, id: string, weight: number): Promise<void> {
  await db.update(enterprises).set({ weight }).where(eq(enterprises.id, id));
}

// ————— Products —————

export type ConsoleProductRow = { product: typeof products.$inferSelect; updatedAtMs: number };

/** SQL: the product is meant for every meeting or for this one. */
const isForMeeting = (meetingId: string) => or(isNull(products.meetingId), eq(products.meetingId, meetingId));

/**
 * An enterprise's products for a meeting, not deleted (hidden ones — `is_shown` 0 — included), by weight
 * then created, descending.
 */
export async function findConsoleProducts(
  db: Database,
  meetingId: string,
  enterpriseId: string,
): Promise<ConsoleProductRow[]> {
  return db
    .select({ product: products, updatedAtMs: msOf(products.updatedAt) })
    .from(products)
    .where(and(eq(products.enterpriseId, enterpriseId), isForMeeting(meetingId), eq(products.deleted, 0)))
    .orderBy(desc(products.weight), desc(products.createdAt), desc(products.id))
    .limit(999);
}

/**
 * A product (not deleted, shown or hidden) for the meeting whose enterprise exhibits there (its
 * exhibitor row not deleted).
 */
export async function findConsoleProduct(
  db: Database,
  meetingId: string,
  productId: string,
): Promise<ConsoleProductRow | undefined> {
  const [row] = await db
    .select({ product: products, updatedAtMs: msOf(products.updatedAt) })
    .from(products)
    .where(
      and(
        eq(products.id, productId),
        isForMeeting(meetingId),
        eq(products.deleted, 0),
        sql`exists (select 1 from ${exhibitors} where ${exhibitors.enterpriseId} = ${products.enterpriseId}
          and ${exhibitors.meetingId} = ${meetingId} and ${exhibitors.deleted} = 0)`,
      ),
    );
  return row;
}

/** Changes a product's weight or `is_shown` when its `updated_at` still is `ms`; false otherwise. */
export async function updateProductIfCurrent(
  db: Database,
  input: { id: string; ms: number },
  patch: Partial<Pick<typeof products.$inferInsert, 'weight' | 'isShown'>>,
): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ ...patch, updatedAt: nextUpdatedAt(products.updatedAt) })
    .where(and(eq(products.id, input.id), isCurrent(products.updatedAt, input.ms)))
    .returning({ id: products.id });
  return rows.length > 0;
}

// ————— Industries and exhibitor groups —————

export type ConsoleCategoryRow = typeof categories.$inferSelect & { exhibitorsTotal: number };
const exhibitorCategoryTypes = ['industry', 'exhibitor_group'];

const exhibitorsInCategory = sql<number>`(select count(*)::int from ${exhibitors} x
  where x.meeting_id = ${outer('categories', 'meeting_id')} and x.deleted = 0
  and (x.exhibitor_group_category_id = ${outer('categories', 'id')} or x.industry_category_id = ${outer('categories', 'id')}))`;

/** A meeting's industries and exhibitor groups (not deleted), weight then created, descending. */
export async function findConsoleCategories(
  db: Database,
  meetingId: string,
  type?: string,
): Promise<ConsoleCategoryRow[]> {
  const rows = await db
    .select({ category: categories, exhibitorsTotal: exhibitorsInCategory })
    .from(categories)
    .where(
      and(
        eq(categories.meetingId, meetingId),
        type ? eq(categories.type, type) : inArray(categories.type, exhibitorCategoryTypes),
        eq(categories.deleted, 0),
      ),
    )
    .orderBy(desc(categories.weight), desc(categories.createdAt), desc(categories.id))
    .limit(999);
  return rows.map((row) => ({ ...row.category, exhibitorsTotal: row.exhibitorsTotal }));
}

/** One live industry or exhibitor group of a meeting (optionally of one type). */
export async function findConsoleCategory(
  db: Database,
  input: { meetingId: string; id: string; type?: string },
): Promise<ConsoleCategoryRow | undefined> {
  const [row] = await db
    .select({ category: categories, exhibitorsTotal: exhibitorsInCategory })
    .from(categories)
    .where(
      and(
        eq(categories.id, input.id),
        eq(categories.meetingId, input.meetingId),
        input.type ? eq(categories.type, input.type) : inArray(categories.type, exhibitorCategoryTypes),
        eq(categories.deleted, 0),
      ),
    );
  return row ? { ...row.category, exhibitorsTotal: row.exhibitorsTotal } : undefined;
}

/** Inserts a category. */
export async function insertCategory(db: Database, row: typeof categories.$inferInsert): Promise<void> {
  await db.insert(categories).values(row);
}

/** Changes a category's title, weight or `deleted`. */
export async function updateCategory(
  db: Database,
  id: string,
  patch: Partial<Pick<typeof categories.$inferInsert, 'title' | 'weight' | 'deleted'>>,
): Promise<void> {
  await db.update(categories).set(patch).where(eq(categories.id, id));
}

// ————— Appointments —————

/** Appointments of a meeting counted per status. */
export async function countAppointmentsByStatus(
  db: Database,
  meetingId: string,
): Promise<{ status: number; total: number }[]> {
  return db
    .select({ status: appointments.status, total: count() })
    .from(appointments)
    .where(eq(appointments.meetingId, meetingId))
    .groupBy(appointments.status);
}

/** Appointments of a meeting counted per enterprise and status, with the enterprise's title and booth. */
export async function countAppointmentsByEnterprise(
  db: Database,
  meetingId: string,
): Promise<
  {
    enterpriseId: string;
    title: string | Record<string, string>;
    booth: string;
    status: number;
    total: number;
  }[]
> {
  return db
    .select({
      enterpriseId: appointments.enterpriseId,
      title: enterprises.title,
      booth: sql<string>`coalesce(max(${exhibitors.booth}), '')`,
      status: appointments.status,
      total: sql<number>`count(distinct ${appointments.id})::int`,
    })
    .from(appointments)
    .innerJoin(enterprises, eq(enterprises.id, appointments.enterpriseId))
    .leftJoin(
      exhibitors,
      and(eq(exhibitors.enterpriseId, appointments.enterpriseId), eq(exhibitors.meetingId, meetingId)),
    )
    .where(eq(appointments.meetingId, meetingId))
    .groupBy(appointments.enterpriseId, enterprises.title, appointments.status);
}

export type AppointmentExportRow = {
  id: string;
  enterpriseTitle: string | Record<string, string>;
  requester: string;
  phone: string | null;
  email: string | null;
  start: Date;
  end: Date;
  timezone: string;
  mode: string;
  booth: string;
  matter: string;
  status: number;
  reason: string;
  createdAt: Date;
};

/** Every appointment of a meeting with its enterprise and requester, oldest first. */
export async function findAppointmentsForExport(
  db: Database,
  meetingId: string,
): Promise<AppointmentExportRow[]> {
  return db
    .select({
      id: appointments.id,
      enterpriseTitle: enterprises.title,
      requester: users.username,
      phone: users.phone,
      email: users.email,
      start: appointments.start,
      end: appointments.end,
      timezone: appointments.timezone,
      mode: appointments.mode,
      booth: appointments.booth,
      matter: appointments.matter,
      status: appointments.status,
      reason: appointments.reason,
      createdAt: appointments.createdAt,
    })
    .from(appointments)
    .innerJoin(enterprises, eq(enterprises.id, appointments.enterpriseId))
    .innerJoin(users, eq(users.id, appointments.requesterUserId))
    .where(eq(appointments.meetingId, meetingId))
    .orderBy(asc(appointments.createdAt), asc(appointments.id));
}
