import { and, asc, desc, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  receptionGuestPhases,
  receptionGuests,
  receptionHistory,
  receptionPhases,
} from '../reception/reception.tables.ts';
import { meetingRoles } from '../roles/roles.tables.ts';
import { users } from '../users/users.tables.ts';

/** The console reception area's database reads and writes (the tables are the desk's, §3 Guest). */

export type GuestRow = typeof receptionGuests.$inferSelect;
export type PhaseRow = typeof receptionPhases.$inferSelect;
export type GuestPhaseRow = typeof receptionGuestPhases.$inferSelect;
export type GuestInsert = typeof receptionGuests.$inferInsert;
export type PhaseInsert = typeof receptionPhases.$inferInsert;
export type GuestPhaseInsert = typeof receptionGuestPhases.$inferInsert;

/** The meeting's phases (not deleted) in order. */
export function findPhases(db: Database, meetingId: string): Promise<PhaseRow[]> {
  return db
    .select()
    .from(receptionPhases)
    .where(and(eq(receptionPhases.meetingId, meetingId), eq(receptionPhases.deleted, 0)))
    .orderBy(asc(receptionPhases.position), asc(receptionPhases.id));
}

/** One phase of the meeting (not deleted), locked when `forUpdate`. */
export async function findPhase(
  db: Database,
  meetingId: string,
  id: string,
  forUpdate = false,
): Promise<PhaseRow | undefined> {
  const query = db
    .select()
    .from(receptionPhases)
    .where(
      and(
        eq(receptionPhases.id, id),
        eq(receptionPhases.meetingId, meetingId),
        eq(receptionPhases.deleted, 0),
      ),
    );
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Guests assigned and received per phase (of guests not deleted). */
export async function phaseCounts(
  db: Database,
  meetingId: string,
): Promise<Map<string, { guests: number; received: number }>> {
  const rows = await db
    .select({
      phaseId: receptionGuestPhases.phaseId,
      guests: sql<number>`count(*)::int`,
      received: sql<number>`count(*) filter (where ${receptionGuestPhases.status} = 1)::int`,
    })
    .from(receptionGuestPhases)
    .innerJoin(receptionGuests, eq(receptionGuests.id, receptionGuestPhases.guestId))
    .where(and(eq(receptionGuestPhases.meetingId, meetingId), eq(receptionGuests.deleted, 0)))
    .groupBy(receptionGuestPhases.phaseId);
  return new Map(rows.map((r) => [r.phaseId, { guests: Number(r.guests), received: Number(r.received) }]));
}

/** Guests of the meeting not deleted. */
export async function countGuests(db: Database, meetingId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(receptionGuests)
    .where(and(eq(receptionGuests.meetingId, meetingId), eq(receptionGuests.deleted, 0)));
  return Number(row?.n ?? 0);
}

/** The search text the desk's trigram index covers (name, title, phone, e-mail, code). */
const searchText = sql`lower(${receptionGuests.name} || E'\n' || ${receptionGuests.title} || E'\n' || coalesce(${receptionGuests.phone}, '') || E'\n' || coalesce(${receptionGuests.email}, '') || E'\n' || ${receptionGuests.code})`;

export type GuestFilter = {
  keyword?: string | undefined;
  phaseId?: string | undefined;
  status?: 0 | 1 | undefined;
  staffUserId?: string | 'none' | undefined;
};

function guestWhere(meetingId: string, filter: GuestFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    eq(receptionGuests.meetingId, meetingId),
    eq(receptionGuests.deleted, 0),
  ];
  const keyword = filter.keyword?.trim().toLowerCase();
  if (keyword) {
    const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
    parts.push(sql`${searchText} like ${`%${escaped}%`}`);
  }
  if (filter.staffUserId === 'none') parts.push(isNull(receptionGuests.staffUserId));
  else if (filter.staffUserId) parts.push(eq(receptionGuests.staffUserId, filter.staffUserId));
  if (filter.phaseId) {
    const statusPart =
      filter.status === undefined ? sql`` : sql` and ${receptionGuestPhases.status} = ${filter.status}`;
    parts.push(
      sql`exists (select 1 from ${receptionGuestPhases} where ${receptionGuestPhases.guestId} = ${receptionGuests.id} and ${receptionGuestPhases.phaseId} = ${filter.phaseId}${statusPart})`,
    );
  }
  return and(...parts);
}

/** A page of guests by name, and the total matching. */
export async function findGuestPage(
  db: Database,
  meetingId: string,
  filter: GuestFilter,
  page: { limit: number; skip: number },
): Promise<{ rows: GuestRow[]; total: number }> {
  const where = guestWhere(meetingId, filter);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(receptionGuests)
      .where(where)
      .orderBy(asc(receptionGuests.name), asc(receptionGuests.id))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(receptionGuests).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every guest of the meeting by name (the export). */
export function findAllGuests(db: Database, meetingId: string): Promise<GuestRow[]> {
  return db
    .select()
    .from(receptionGuests)
    .where(and(eq(receptionGuests.meetingId, meetingId), eq(receptionGuests.deleted, 0)))
    .orderBy(asc(receptionGuests.name), asc(receptionGuests.id));
}

/** One guest of the meeting (not deleted), locked when `forUpdate`. */
export async function findGuest(
  db: Database,
  meetingId: string,
  id: string,
  forUpdate = false,
): Promise<GuestRow | undefined> {
  const query = db
    .select()
    .from(receptionGuests)
    .where(
      and(
        eq(receptionGuests.id, id),
        eq(receptionGuests.meetingId, meetingId),
        eq(receptionGuests.deleted, 0),
      ),
    );
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The phase rows of guests. */
export function findGuestPhases(db: Database, guestIds: string[]): Promise<GuestPhaseRow[]> {
  if (guestIds.length === 0) return Promise.resolve([]);
  return db.select().from(receptionGuestPhases).where(inArray(receptionGuestPhases.guestId, guestIds));
}

/** Codes of the meeting's live guests (a generated code must differ from all of them). */
export async function findGuestCodes(db: Database, meetingId: string): Promise<Set<string>> {
  const rows = await db
    .select({ code: receptionGuests.code })
    .from(receptionGuests)
    .where(and(eq(receptionGuests.meetingId, meetingId), eq(receptionGuests.deleted, 0)));
  return new Set(rows.map((r) => r.code));
}

/** One guest's row at a phase, locked (select … for update). */
export async function lockGuestPhase(
  db: Database,
  guestId: string,
  phaseId: string,
): Promise<GuestPhaseRow | undefined> {
  const [row] = await db
    .select()
    .from(receptionGuestPhases)
    .where(and(eq(receptionGuestPhases.guestId, guestId), eq(receptionGuestPhases.phaseId, phaseId)))
    .for('update');
  return row;
}

/** Usernames of users by id. */
export async function namesOfUsers(db: Database, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.username })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Which of the meeting's guests already hold these codes, phones or e-mails (not `exceptId`). */
export async function findClashes(
  db: Database,
  meetingId: string,
  keys: { codes: string[]; phones: string[]; emails: string[] },
  exceptId?: string,
): Promise<{ code: string; phone: string | null; email: string | null }[]> {
  const matches: SQL[] = [];
  if (keys.codes.length > 0) matches.push(inArray(receptionGuests.code, keys.codes));
  if (keys.phones.length > 0) matches.push(inArray(receptionGuests.phone, keys.phones));
  if (keys.emails.length > 0) matches.push(inArray(receptionGuests.email, keys.emails));
  if (matches.length === 0) return [];
  return db
    .select({ code: receptionGuests.code, phone: receptionGuests.phone, email: receptionGuests.email })
    .from(receptionGuests)
    .where(
      and(
        eq(receptionGuests.meetingId, meetingId),
        eq(receptionGuests.deleted, 0),
        or(...matches),
        exceptId ? sql`${receptionGuests.id} <> ${exceptId}` : undefined,
      ),
    );
}

/** A receptionist of the meeting: an account holding a reception grant by phone or e-mail (§6). */
export type StaffRow = {
  userId: string;
  name: string;
  phone: string | null;
  email: string | null;
  receptionRole: string | null;
};

/** The meeting's reception grants that have an account, by name. */
export async function findStaff(db: Database, meetingId: string): Promise<StaffRow[]> {
  const rows = await db
    .select({
      userId: users.id,
      name: users.username,
      phone: users.phone,
      email: users.email,
      receptionRole: meetingRoles.receptionRole,
    })
    .from(meetingRoles)
    .innerJoin(
      users,
      or(
        and(sql`${meetingRoles.phone} is not null`, eq(users.phone, meetingRoles.phone)),
        and(sql`${meetingRoles.email} is not null`, eq(users.email, meetingRoles.email)),
      ),
    )
    .where(
      and(eq(meetingRoles.meetingId, meetingId), eq(meetingRoles.role, 'reception'), eq(users.deleted, 0)),
    )
    .orderBy(asc(users.username), asc(users.id));
  return [...new Map(rows.map((r) => [r.userId, r])).values()];
}

/** Guests assigned per receptionist. */
export async function assignedCounts(db: Database, meetingId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: receptionGuests.staffUserId, n: sql<number>`count(*)::int` })
    .from(receptionGuests)
    .where(
      and(
        eq(receptionGuests.meetingId, meetingId),
        eq(receptionGuests.deleted, 0),
        sql`${receptionGuests.staffUserId} is not null`,
      ),
    )
    .groupBy(receptionGuests.staffUserId);
  return new Map(rows.map((r) => [r.id as string, Number(r.n)]));
}

export type HistoryInsert = typeof receptionHistory.$inferInsert;

/** Appends rows to the desk's history (the change feed other receptionists poll, §4). */
export async function insertHistory(db: Database, rows: HistoryInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(receptionHistory).values(rows.slice(i, i + 1000));
}

/** The latest applied 'received' writes of the meeting (newest first) with guest and phase. */
export function findRecentArrivals(db: Database, meetingId: string, limit: number) {
  return db
    .select({
      id: receptionHistory.id,
      guestId: receptionHistory.guestId,
      phaseId: receptionHistory.phaseId,
      userId: receptionHistory.userId,
      clientAt: receptionHistory.clientAt,
      guestName: receptionGuests.name,
      guestTitle: receptionGuests.title,
      guestPhoto: receptionGuests.photo,
      phaseTitle: receptionPhases.title,
    })
    .from(receptionHistory)
    .innerJoin(receptionGuests, eq(receptionGuests.id, receptionHistory.guestId))
    .innerJoin(receptionPhases, eq(receptionPhases.id, receptionHistory.phaseId))
    .where(
      and(
        eq(receptionHistory.meetingId, meetingId),
        eq(receptionHistory.field, 'status'),
        eq(receptionHistory.outcome, 'applied'),
        sql`${receptionHistory.value} = '1'::jsonb`,
        eq(receptionGuests.deleted, 0),
        eq(receptionPhases.deleted, 0),
      ),
    )
    .orderBy(desc(receptionHistory.id))
    .limit(limit);
}

/** The largest phase position of the meeting (−1 none). */
export async function maxPhasePosition(db: Database, meetingId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${receptionPhases.position}), -1)::int` })
    .from(receptionPhases)
    .where(and(eq(receptionPhases.meetingId, meetingId), eq(receptionPhases.deleted, 0)));
  return Number(row?.n ?? -1);
}

/** Inserts one guest row and returns it as stored. */
export async function insertGuest(db: Database, row: GuestInsert): Promise<GuestRow | undefined> {
  const [created] = await db.insert(receptionGuests).values(row).returning();
  return created;
}

/** Inserts guest rows in one statement (the import's slices). */
export async function insertGuests(db: Database, rows: GuestInsert[]): Promise<void> {
  await db.insert(receptionGuests).values(rows);
}

/** Writes `values` to one guest row by id and returns it as stored. */
export async function updateGuestRow(
  db: Database,
  id: string,
  values: Partial<GuestInsert>,
): Promise<GuestRow | undefined> {
  const [updated] = await db
    .update(receptionGuests)
    .set(values)
    .where(eq(receptionGuests.id, id))
    .returning();
  return updated;
}

/** Marks one guest row deleted, with its next version. */
export async function softDeleteGuest(db: Database, id: string, version: number, now: Date): Promise<void> {
  await db
    .update(receptionGuests)
    .set({ deleted: 1, version, updatedAt: now })
    .where(eq(receptionGuests.id, id));
}

/** Raises a guest's version by one in the database (version = version + 1). */
export async function bumpGuestVersion(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(receptionGuests)
    .set({ version: sql`${receptionGuests.version} + 1`, updatedAt: now })
    .where(eq(receptionGuests.id, id));
}

/** Replaces a guest's phase rows with `phaseIds` (kept phases keep their status and answers). */
export async function replaceGuestPhases(
  db: Database,
  meetingId: string,
  guestId: string,
  phaseIds: string[],
): Promise<void> {
  await db
    .delete(receptionGuestPhases)
    .where(
      and(
        eq(receptionGuestPhases.guestId, guestId),
        phaseIds.length > 0 ? notInArray(receptionGuestPhases.phaseId, phaseIds) : undefined,
      ),
    );
  if (phaseIds.length > 0) {
    await db
      .insert(receptionGuestPhases)
      .values(phaseIds.map((phaseId) => ({ guestId, phaseId, meetingId })))
      .onConflictDoNothing();
  }
}

/** Inserts guest-phase rows in one statement (the import's slices). */
export async function insertGuestPhases(db: Database, rows: GuestPhaseInsert[]): Promise<void> {
  await db.insert(receptionGuestPhases).values(rows);
}

/** Writes a guest's status at a phase (status, when, by whom). */
export async function setGuestPhaseStatus(
  db: Database,
  guestId: string,
  phaseId: string,
  values: { status: number; statusAt: Date; statusBy: string; updatedAt: Date },
): Promise<void> {
  await db
    .update(receptionGuestPhases)
    .set(values)
    .where(and(eq(receptionGuestPhases.guestId, guestId), eq(receptionGuestPhases.phaseId, phaseId)));
}

/** Inserts one phase row and returns it as stored. */
export async function insertPhase(db: Database, row: PhaseInsert): Promise<PhaseRow | undefined> {
  const [created] = await db.insert(receptionPhases).values(row).returning();
  return created;
}

/** Writes `values` to one phase row by id and returns it as stored. */
export async function updatePhaseRow(
  db: Database,
  id: string,
  values: Partial<PhaseInsert>,
): Promise<PhaseRow | undefined> {
  const [updated] = await db
    .update(receptionPhases)
    .set(values)
    .where(eq(receptionPhases.id, id))
    .returning();
  return updated;
}

/** Marks one phase row deleted. */
export async function softDeletePhase(db: Database, id: string, now: Date): Promise<void> {
  await db.update(receptionPhases).set({ deleted: 1, updatedAt: now }).where(eq(receptionPhases.id, id));
}

/** The meeting's phases (not deleted), locked (select … for update), in no particular order. */
export function lockPhases(db: Database, meetingId: string): Promise<PhaseRow[]> {
  return db
    .select()
    .from(receptionPhases)
    .where(and(eq(receptionPhases.meetingId, meetingId), eq(receptionPhases.deleted, 0)))
    .for('update');
}

/** Sets one phase's position. */
export async function setPhasePosition(db: Database, id: string, position: number, now: Date): Promise<void> {
  await db.update(receptionPhases).set({ position, updatedAt: now }).where(eq(receptionPhases.id, id));
}
