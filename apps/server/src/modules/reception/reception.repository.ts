import { and, asc, desc, eq, gt, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../users/users.tables.ts';
import {
  receptionGuestPhases,
  receptionGuests,
  receptionHistory,
  receptionPhases,
} from './reception.tables.ts';

export type ReceptionPhaseRow = typeof receptionPhases.$inferSelect;
export type ReceptionGuestRow = typeof receptionGuests.$inferSelect;
export type ReceptionGuestPhaseRow = typeof receptionGuestPhases.$inferSelect;
export type ReceptionHistoryRow = typeof receptionHistory.$inferSelect;
export type NewReceptionHistory = typeof receptionHistory.$inferInsert;

/** A guest-phase row with the name of who set its status ('' never set). */
export type GuestPhaseWithName = ReceptionGuestPhaseRow & { statusByName: string };

/** A phase with its guest and received counts. */
export type PhaseWithCounts = ReceptionPhaseRow & { guestTotal: number; receivedTotal: number };

/**
 * The guests' search text, exactly the expression of the trigram index reception_guests_search_trgm_idx
 * (lower(name ‖ title ‖ phone ‖ e-mail ‖ code)), so `like '%…%'` on it uses the index (§9 fast at 10,000).
 */
const searchText = sql`lower(${receptionGuests.name} || E'\n' || ${receptionGuests.title} || E'\n' || coalesce(${receptionGuests.phone}, '') || E'\n' || coalesce(${receptionGuests.email}, '') || E'\n' || ${receptionGuests.code})`;

/** `%keyword%` with LIKE's wildcards and escape character taken literally. */
function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The meeting's phases (not deleted) in position order, with assigned and received counts. */
export async function findPhases(db: Database, meetingId: string): Promise<PhaseWithCounts[]> {
  const phases = await db
    .select()
    .from(receptionPhases)
    .where(and(eq(receptionPhases.meetingId, meetingId), eq(receptionPhases.deleted, 0)))
    .orderBy(asc(receptionPhases.position), asc(receptionPhases.id));
  if (phases.length === 0) return [];
  const counts = await db
    .select({
      phaseId: receptionGuestPhases.phaseId,
      guestTotal: sql<number>`count(*)::int`,
      receivedTotal: sql<number>`count(*) filter (where ${receptionGuestPhases.status} = 1)::int`,
    })
    .from(receptionGuestPhases)
    .innerJoin(receptionGuests, eq(receptionGuests.id, receptionGuestPhases.guestId))
    .where(
      and(
        inArray(
          receptionGuestPhases.phaseId,
          phases.map((phase) => phase.id),
        ),
        eq(receptionGuests.deleted, 0),
      ),
    )
    .groupBy(receptionGuestPhases.phaseId);
  const byPhase = new Map(counts.map((count) => [count.phaseId, count]));
  return phases.map((phase) => ({
    ...phase,
    guestTotal: byPhase.get(phase.id)?.guestTotal ?? 0,
    receivedTotal: byPhase.get(phase.id)?.receivedTotal ?? 0,
  }));
}

/** One phase of a meeting (not deleted), or undefined. */
export async function findPhase(
  db: Database,
  meetingId: string,
  phaseId: string,
): Promise<ReceptionPhaseRow | undefined> {
  const [row] = await db
    .select()
    .from(receptionPhases)
    .where(
      and(
        eq(receptionPhases.id, phaseId),
        eq(receptionPhases.meetingId, meetingId),
        eq(receptionPhases.deleted, 0),
      ),
    )
    .limit(1);
  return row;
}

/** A guest (not deleted) by id, in any meeting, or undefined. */
export async function findGuest(db: Database, guestId: string): Promise<ReceptionGuestRow | undefined> {
  const [row] = await db
    .select()
    .from(receptionGuests)
    .where(and(eq(receptionGuests.id, guestId), eq(receptionGuests.deleted, 0)))
    .limit(1);
  return row;
}

/** A guest by id in any meeting, deleted or not (to check staff before telling it exists), or undefined. */
export async function findGuestEvenDeleted(
  db: Database,
  guestId: string,
): Promise<ReceptionGuestRow | undefined> {
  const [row] = await db.select().from(receptionGuests).where(eq(receptionGuests.id, guestId)).limit(1);
  return row;
}

/** Guests (not deleted) of a meeting by id. */
export async function findGuestsByIds(
  db: Database,
  meetingId: string,
  guestIds: string[],
): Promise<ReceptionGuestRow[]> {
  if (guestIds.length === 0) return [];
  return db
    .select()
    .from(receptionGuests)
    .where(
      and(
        eq(receptionGuests.meetingId, meetingId),
        inArray(receptionGuests.id, guestIds),
        eq(receptionGuests.deleted, 0),
      ),
    )
    .orderBy(asc(receptionGuests.name), asc(receptionGuests.id));
}

/** What GET /reception/guests filters by. */
export type GuestFilter = {
  meetingId: string;
  keyword?: string | undefined;
  phaseId?: string | undefined;
  status?: 0 | 1 | undefined;
  staffUserId?: string | undefined;
  limit: number;
  skip: number;
};

function guestConditions(filter: GuestFilter): SQL[] {
  const conditions: SQL[] = [eq(receptionGuests.meetingId, filter.meetingId), eq(receptionGuests.deleted, 0)];
  if (filter.keyword) conditions.push(sql`${searchText} like ${likePattern(filter.keyword)}`);
  if (filter.staffUserId) conditions.push(eq(receptionGuests.staffUserId, filter.staffUserId));
  if (filter.phaseId) {
    const statusCondition =
      filter.status === undefined ? sql`` : sql` and ${receptionGuestPhases.status} = ${filter.status}`;
    conditions.push(
      sql`exists (select 1 from ${receptionGuestPhases} where ${receptionGuestPhases.guestId} = ${receptionGuests.id} and ${receptionGuestPhases.phaseId} = ${filter.phaseId}${statusCondition})`,
    );
  }
  return conditions;
}

/** A page of a meeting's guests by name (then id) and the number matching the filter. */
export async function findGuestPage(
  db: Database,
  filter: GuestFilter,
): Promise<{ rows: ReceptionGuestRow[]; total: number }> {
  const where = and(...guestConditions(filter));
  if (filter.keyword) {
    // A keyword search reads the matches once: the count rides along as a window over the same scan.
    const found = await db
      .select({ row: receptionGuests, total: sql<number>`(count(*) over ())::int` })
      .from(receptionGuests)
      .where(where)
      .orderBy(asc(receptionGuests.name), asc(receptionGuests.id))
      .limit(filter.limit)
      .offset(filter.skip);
    const first = found[0];
    if (first || filter.skip === 0)
      return { rows: found.map((item) => item.row), total: first ? Number(first.total) : 0 };
  }
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(receptionGuests)
      .where(where)
      .orderBy(asc(receptionGuests.name), asc(receptionGuests.id))
      .limit(filter.limit)
      .offset(filter.skip),
    db.select({ total: sql<number>`count(*)::int` }).from(receptionGuests).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/**
 * The phase rows of some guests, with the name of who set each status. Many guests (the offline
 * cache's whole list) read the meeting's rows at once instead of a long id list.
 */
export async function findGuestPhases(
  db: Database,
  meetingId: string,
  guestIds: string[],
): Promise<GuestPhaseWithName[]> {
  if (guestIds.length === 0) return [];
  const wanted = guestIds.length > 500 ? new Set(guestIds) : null;
  const rows = await db
    .select({ row: receptionGuestPhases, statusByName: sql<string>`coalesce(${users.username}, '')` })
    .from(receptionGuestPhases)
    .leftJoin(users, eq(users.id, receptionGuestPhases.statusBy))
    .where(
      wanted
        ? eq(receptionGuestPhases.meetingId, meetingId)
        : and(eq(receptionGuestPhases.meetingId, meetingId), inArray(receptionGuestPhases.guestId, guestIds)),
    );
  return rows
    .filter((item) => !wanted || wanted.has(item.row.guestId))
    .map((item) => ({ ...item.row, statusByName: item.statusByName }));
}

/** Display names (username) of some users by id. */
export async function findUserNames(db: Database, userIds: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** A user's name, phone and e-mail (the guest's own query matches on them), or undefined. */
export async function findUserContact(
  db: Database,
  userId: string,
): Promise<{ username: string; phone: string | null; email: string | null } | undefined> {
  const [row] = await db
    .select({ username: users.username, phone: users.phone, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.deleted, 0)))
    .limit(1);
  return row;
}

/** How many guests (not deleted) of a meeting are assigned to a receptionist. */
export async function countAssignedGuests(
  db: Database,
  meetingId: string,
  staffUserId: string,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(receptionGuests)
    .where(
      and(
        eq(receptionGuests.meetingId, meetingId),
        eq(receptionGuests.staffUserId, staffUserId),
        eq(receptionGuests.deleted, 0),
      ),
    );
  return row?.total ?? 0;
}

/** The newest history id of a meeting (0 none): the desk's change cursor. */
export async function maxHistoryId(db: Database, meetingId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${receptionHistory.id}), 0)::bigint` })
    .from(receptionHistory)
    .where(eq(receptionHistory.meetingId, meetingId));
  return Number(row?.id ?? 0);
}

/** History rows of a meeting after `since`, oldest first, at most `limit`. */
export async function findHistorySince(
  db: Database,
  meetingId: string,
  since: number,
  limit: number,
): Promise<{ id: number; guestId: string }[]> {
  return db
    .select({ id: receptionHistory.id, guestId: receptionHistory.guestId })
    .from(receptionHistory)
    .where(and(eq(receptionHistory.meetingId, meetingId), gt(receptionHistory.id, since)))
    .orderBy(asc(receptionHistory.id))
    .limit(limit);
}

/** A guest's history, newest first, with who wrote each change. */
export async function findGuestHistory(
  db: Database,
  guestId: string,
  limit: number,
): Promise<(ReceptionHistoryRow & { userName: string })[]> {
  const rows = await db
    .select({ row: receptionHistory, userName: sql<string>`coalesce(${users.username}, '')` })
    .from(receptionHistory)
    .leftJoin(users, eq(users.id, receptionHistory.userId))
    .where(eq(receptionHistory.guestId, guestId))
    .orderBy(desc(receptionHistory.id))
    .limit(limit);
  return rows.map((item) => ({ ...item.row, userName: item.userName }));
}

/** The history row a mutation wrote before (idempotent replay), or undefined. */
export async function findHistoryOfMutation(
  db: Database,
  meetingId: string,
  mutationId: string,
): Promise<ReceptionHistoryRow | undefined> {
  const [row] = await db
    .select()
    .from(receptionHistory)
    .where(and(eq(receptionHistory.meetingId, meetingId), eq(receptionHistory.mutationId, mutationId)))
    .limit(1);
  return row;
}

/** The mutation id of the newest applied write of a field (LWW tie-break on equal times), or ''. */
export async function lastAppliedMutationId(
  db: Database,
  input: { guestId: string; phaseId: string | null; field: string },
): Promise<string> {
  const [row] = await db
    .select({ mutationId: receptionHistory.mutationId })
    .from(receptionHistory)
    .where(
      and(
        eq(receptionHistory.guestId, input.guestId),
        input.phaseId
          ? eq(receptionHistory.phaseId, input.phaseId)
          : sql`${receptionHistory.phaseId} is null`,
        eq(receptionHistory.field, input.field),
        eq(receptionHistory.outcome, 'applied'),
      ),
    )
    .orderBy(desc(receptionHistory.id))
    .limit(1);
  return row?.mutationId ?? '';
}

/**
 * The advisory-lock namespace of reception history writers (the first key of the two-int form, 'RCPT'),
 * apart from the one-key advisory locks used elsewhere (seats).
 */
const historyLockSpace = 0x52435054;

/**
 * Serialises the meeting's reception-history writers until the transaction ends (a transaction-level
 * advisory lock on the meeting id). Every transaction that inserts reception_history rows must call it
 * FIRST, before any row lock (else two writers can deadlock). Writers of one meeting then take history
 * ids in commit order, so the desk's change feed (`id > since`, §6 "another receptionist sees it at
 * once") never skips a row a longer transaction inserted earlier but committed later.
 */
export async function lockReceptionHistory(tx: Database, meetingId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${historyLockSpace}::int, hashtext(${meetingId}))`);
}

/** Records one write (applied or stale) in the history; returns its id. */
export async function insertHistory(tx: Database, row: NewReceptionHistory): Promise<number> {
  const [inserted] = await tx.insert(receptionHistory).values(row).returning({ id: receptionHistory.id });
  if (!inserted) throw new Error('reception history row not written');
  return inserted.id;
}

/** Locks a guest row (select … for update) inside the caller's transaction; undefined when gone. */
export async function lockGuest(tx: Database, guestId: string): Promise<ReceptionGuestRow | undefined> {
  const [row] = await tx
    .select()
    .from(receptionGuests)
    .where(and(eq(receptionGuests.id, guestId), eq(receptionGuests.deleted, 0)))
    .for('update');
  return row;
}

/** Locks a guest's phase row (select … for update); undefined when the guest is not assigned. */
export async function lockGuestPhase(
  tx: Database,
  guestId: string,
  phaseId: string,
): Promise<ReceptionGuestPhaseRow | undefined> {
  const [row] = await tx
    .select()
    .from(receptionGuestPhases)
    .where(and(eq(receptionGuestPhases.guestId, guestId), eq(receptionGuestPhases.phaseId, phaseId)))
    .for('update');
  return row;
}

/** Writes guest fields and bumps the guest's version (the desk caches compare it). */
export async function updateGuest(
  tx: Database,
  guestId: string,
  patch: Partial<Pick<ReceptionGuestRow, 'name' | 'title' | 'description' | 'note' | 'photo' | 'fieldTimes'>>,
): Promise<void> {
  await tx
    .update(receptionGuests)
    .set({ ...patch, version: sql`${receptionGuests.version} + 1`, updatedAt: new Date() })
    .where(eq(receptionGuests.id, guestId));
}

/** Writes a guest's phase row (status / answers and their times). */
export async function updateGuestPhase(
  tx: Database,
  guestId: string,
  phaseId: string,
  patch: Partial<
    Pick<ReceptionGuestPhaseRow, 'status' | 'statusAt' | 'statusBy' | 'answers' | 'answerTimes'>
  >,
): Promise<void> {
  await tx
    .update(receptionGuestPhases)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(receptionGuestPhases.guestId, guestId), eq(receptionGuestPhases.phaseId, phaseId)));
}

/**
 * The meeting's guests a person is (§6 "on the guest list by phone, e-mail or code"): linked to
 * the account, or holding its phone or e-mail.
 */
export async function findGuestsOfPerson(
  db: Database,
  meetingId: string,
  person: { userId: string; phone: string | null; email: string | null },
): Promise<ReceptionGuestRow[]> {
  const matches: SQL[] = [eq(receptionGuests.userId, person.userId)];
  if (person.phone)
    matches.push(and(isNotNull(receptionGuests.phone), eq(receptionGuests.phone, person.phone)) as SQL);
  if (person.email) matches.push(eq(receptionGuests.email, person.email.toLowerCase()));
  return db
    .select()
    .from(receptionGuests)
    .where(and(eq(receptionGuests.meetingId, meetingId), eq(receptionGuests.deleted, 0), or(...matches)))
    .orderBy(asc(receptionGuests.name), asc(receptionGuests.id));
}

/** The meeting's guest holding a code (stored form), or undefined. */
export async function findGuestByCode(
  db: Database,
  meetingId: string,
  code: string,
): Promise<ReceptionGuestRow | undefined> {
  const [row] = await db
    .select()
    .from(receptionGuests)
    .where(
      and(
        eq(receptionGuests.meetingId, meetingId),
        eq(receptionGuests.code, code),
        eq(receptionGuests.deleted, 0),
      ),
    )
    .limit(1);
  return row;
}

/** The meeting's phases (not deleted) in position order, without counts. */
export async function findPhaseRows(db: Database, meetingId: string): Promise<ReceptionPhaseRow[]> {
  return db
    .select()
    .from(receptionPhases)
    .where(and(eq(receptionPhases.meetingId, meetingId), eq(receptionPhases.deleted, 0)))
    .orderBy(asc(receptionPhases.position), asc(receptionPhases.id));
}
