import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activities, activityPrices, activitySources } from '../activities/activities.tables.ts';
import { formQuestions, forms } from '../forms/forms.tables.ts';
import { type TicketRow, updatedMsOf } from '../tickets/tickets.repository.ts';
import { tickets } from '../tickets/tickets.tables.ts';

/**
 * Queries of the console's registrations (DESIGN §7): the filtered, searched, paged table of a
 * meeting's tickets, batches for export, seats, titles and check-in counts. Only this file touches
 * drizzle in the module; the capacity and review writes stay in modules/tickets.
 */

/** A ticket row with `updated_at` as unix ms computed in SQL (what editors send back). */
export type RegistrationRow = TicketRow & { updatedMs: number };

/** The table's filters (contract RegistrationFilter, parsed). */
export type RegistrationWhere = {
  meetingId: string;
  statuses?: number[] | undefined;
  activityId?: string | undefined;
  priceId?: string | undefined;
  sourceId?: string | undefined;
  inputByAdmin?: 0 | 1 | undefined;
  checkedIn?: boolean | undefined;
  q?: string | undefined;
  ids?: string[] | undefined;
};

/** `text` as a LIKE pattern matching it anywhere, its wildcards escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(filter: RegistrationWhere): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(tickets.meetingId, filter.meetingId), eq(tickets.deleted, 0)];
  if (filter.statuses) parts.push(inArray(tickets.status, filter.statuses));
  if (filter.activityId) parts.push(eq(tickets.activityId, filter.activityId));
  if (filter.priceId) parts.push(eq(tickets.priceId, filter.priceId));
  if (filter.sourceId) parts.push(eq(tickets.sourceId, filter.sourceId));
  if (filter.inputByAdmin !== undefined) parts.push(eq(tickets.inputByAdmin, filter.inputByAdmin));
  if (filter.checkedIn === true) parts.push(isNotNull(tickets.checkedInAt));
  if (filter.checkedIn === false) parts.push(isNull(tickets.checkedInAt));
  if (filter.ids) parts.push(inArray(tickets.id, filter.ids.length > 0 ? filter.ids : ['']));
  if (filter.q) {
    // One LIKE over the lower-cased fields joined by a line break (which a search cannot hold):
    // about a quarter of the cost of four ILIKEs on PGlite, and no match across two fields.
    const pattern = containsPattern(filter.q.toLowerCase().replace(/\n/g, ' '));
    parts.push(
      sql`lower(${tickets.name} || E'\n' || coalesce(${tickets.phone}, '') || E'\n' || coalesce(${tickets.email}, '') || E'\n' || ${tickets.company}) like ${pattern}`,
    );
  }
  return and(...parts);
}

const rowColumns = { ticket: tickets, updatedMs: updatedMsOf(tickets.updatedAt) };

function withMs(rows: { ticket: TicketRow; updatedMs: number }[]): RegistrationRow[] {
  return rows.map((r) => ({ ...r.ticket, updatedMs: Number(r.updatedMs) }));
}

/**
 * One page of registrations, newest first (created_at, id), and how many match, in ONE statement
 * (one round trip a page).
 */
export async function findRegistrationPage(
  db: Database,
  filter: RegistrationWhere,
  page: { limit: number; skip: number },
): Promise<{ rows: RegistrationRow[]; total: number }> {
  const where = whereOf(filter);
  // A search matches few rows: counting them over the page's own scan (a window) reads the table
  // once; a filter matches many: a separate count keeps the page a top-N sort.
  const total = filter.q
    ? sql<number>`count(*) over ()`.mapWith(Number)
    : sql<number>`(${db.select({ n: count() }).from(tickets).where(where)})`.mapWith(Number);
  const rows = await db
    .select({ ...rowColumns, total })
    .from(tickets)
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(page.limit)
    .offset(page.skip);
  const matched = rows[0]?.total ?? (page.skip > 0 ? await countRegistrations(db, filter) : 0);
  return { rows: withMs(rows), total: matched };
}

/** How many registrations match. */
export async function countRegistrations(db: Database, filter: RegistrationWhere): Promise<number> {
  const [row] = await db.select({ total: count() }).from(tickets).where(whereOf(filter));
  return Number(row?.total ?? 0);
}

/** Every matching registration's id, oldest first (a bulk action's selection). */
export async function findRegistrationIds(db: Database, filter: RegistrationWhere): Promise<string[]> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(whereOf(filter))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
  return rows.map((r) => r.id);
}

/** Registrations by id within a meeting (live ones). */
export async function findRegistrationsByIds(
  db: Database,
  meetingId: string,
  ids: string[],
): Promise<RegistrationRow[]> {
  if (ids.length === 0) return [];
  return withMs(
    await db
      .select(rowColumns)
      .from(tickets)
      .where(and(eq(tickets.meetingId, meetingId), eq(tickets.deleted, 0), inArray(tickets.id, ids))),
  );
}

/**
 * A batch of the export, newest first, after the keyset (created_at, id) of the previous batch's
 * last row (`after.id`): the export never holds more than one batch. The keyset's created_at is read
 * in SQL: a JS Date keeps milliseconds, created_at microseconds, so a Date keyset skipped the rows of
 * the boundary's millisecond (all of an import's rows share one now()).
 */
export async function findRegistrationBatch(
  db: Database,
  filter: RegistrationWhere,
  after: { id: string } | null,
  limit: number,
): Promise<TicketRow[]> {
  const keyset = after
    ? sql`(${tickets.createdAt}, ${tickets.id}) < (select k.created_at, k.id from ${tickets} as k where k.id = ${after.id})`
    : undefined;
  return db
    .select()
    .from(tickets)
    .where(and(whereOf(filter), keyset))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(limit);
}

/** Titles of activities, ticket types and channels by id. */
export async function findTitles(
  db: Database,
  ids: { activityIds: string[]; priceIds: string[]; sourceIds: string[] },
) {
  const [activityRows, priceRows, sourceRows] = await Promise.all([
    ids.activityIds.length > 0
      ? db
          .select({ id: activities.id, title: activities.title })
          .from(activities)
          .where(inArray(activities.id, ids.activityIds))
      : [],
    ids.priceIds.length > 0
      ? db
          .select({ id: activityPrices.id, title: activityPrices.title })
          .from(activityPrices)
          .where(inArray(activityPrices.id, ids.priceIds))
      : [],
    ids.sourceIds.length > 0
      ? db
          .select({ id: activitySources.id, title: activitySources.title })
          .from(activitySources)
          .where(inArray(activitySources.id, ids.sourceIds))
      : [],
  ]);
  return {
    activities: new Map(activityRows.map((r) => [r.id, r.title])),
    prices: new Map(priceRows.map((r) => [r.id, r.title])),
    sources: new Map(sourceRows.map((r) => [r.id, r.title])),
  };
}

/** A meeting's live activities (id, title), oldest first. */
export async function findMeetingActivities(db: Database, meetingId: string) {
  return db
    .select({
      id: activities.id,
      title: activities.title,
      isReview: activities.isReview,
      enableResubmitAnswer: activities.enableResubmitAnswer,
    })
    .from(activities)
    .where(and(eq(activities.meetingId, meetingId), eq(activities.deleted, 0)))
    .orderBy(asc(activities.createdAt), asc(activities.id));
}

/** The member questions (live, by weight) of these activities' forms, with their activity id. */
export async function findQuestionsOfActivities(db: Database, activityIds: string[]) {
  if (activityIds.length === 0) return [];
  return db
    .select({ activityId: forms.activityId, question: formQuestions })
    .from(formQuestions)
    .innerJoin(forms, eq(forms.id, formQuestions.formId))
    .where(
      and(
        inArray(forms.activityId, activityIds),
        eq(formQuestions.scope, 'member'),
        eq(formQuestions.deleted, 0),
      ),
    )
    .orderBy(asc(forms.activityId), desc(formQuestions.weight), asc(formQuestions.id));
}

/** Live ticket types and channels of these activities, oldest first. */
export async function findPricesAndSources(db: Database, activityIds: string[]) {
  if (activityIds.length === 0) return { prices: [], sources: [] };
  const [prices, sources] = await Promise.all([
    db
      .select({ id: activityPrices.id, activityId: activityPrices.activityId, title: activityPrices.title })
      .from(activityPrices)
      .where(and(inArray(activityPrices.activityId, activityIds), eq(activityPrices.deleted, 0)))
      .orderBy(asc(activityPrices.createdAt), asc(activityPrices.id)),
    db
      .select({
        id: activitySources.id,
        activityId: activitySources.activityId,
        title: activitySources.title,
      })
      .from(activitySources)
      .where(and(inArray(activitySources.activityId, activityIds), eq(activitySources.deleted, 0)))
      .orderBy(asc(activitySources.id)),
  ]);
  return { prices, sources };
}

/** A ticket type by id. */
export async function findPrice(db: Database, id: string) {
  const [row] = await db.select().from(activityPrices).where(eq(activityPrices.id, id)).limit(1);
  return row;
}

/**
 * Serialises seat changes of one activity until the transaction ends (a transaction-level advisory
 * lock on the activity id): two assignments of one seat at once cannot both see it free. Registrations
 * of the activity are not held up.
 */
export async function lockSeatsOf(db: Database, activityId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`seats:${activityId}`}))`);
}

/** Live tickets of an activity holding any of these seats, other than `exceptIds`. */
export async function findSeatHolders(
  db: Database,
  activityId: string,
  seats: string[],
  exceptIds: string[],
): Promise<{ id: string; seatNumber: string }[]> {
  if (seats.length === 0) return [];
  return db
    .select({ id: tickets.id, seatNumber: tickets.seatNumber })
    .from(tickets)
    .where(
      and(
        eq(tickets.activityId, activityId),
        eq(tickets.deleted, 0),
        ne(tickets.status, 2),
        inArray(tickets.seatNumber, seats),
        exceptIds.length > 0 ? sql`${tickets.id} not in ${exceptIds}` : undefined,
      ),
    );
}

/** Sets a ticket's seat while unchanged since `updatedMs`; undefined when it changed (or is gone). */
export async function updateSeat(
  db: Database,
  id: string,
  seatNumber: string,
  updatedMs: number,
): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({ seatNumber, updatedAt: sql`now()` })
    .where(
      and(eq(tickets.id, id), eq(tickets.deleted, 0), sql`${updatedMsOf(tickets.updatedAt)} = ${updatedMs}`),
    )
    .returning(rowColumns);
  return row ? { ...row.ticket, updatedMs: Number(row.updatedMs) } : undefined;
}

/** Live (not rejected) tickets of a ticket type, oldest first: the bulk seat assignment's order. */
export async function findSeatCandidates(
  db: Database,
  priceId: string,
  onlyEmpty: boolean,
): Promise<{ id: string; seatNumber: string }[]> {
  return db
    .select({ id: tickets.id, seatNumber: tickets.seatNumber })
    .from(tickets)
    .where(
      and(
        eq(tickets.priceId, priceId),
        eq(tickets.deleted, 0),
        ne(tickets.status, 2),
        onlyEmpty ? eq(tickets.seatNumber, '') : undefined,
      ),
    )
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
}

/** Sets many seats in one statement per 500 (id → seat). */
export async function updateSeats(db: Database, seats: { id: string; seatNumber: string }[]): Promise<void> {
  for (let i = 0; i < seats.length; i += 500) {
    const chunk = seats.slice(i, i + 500);
    const values = sql.join(
      chunk.map((s) => sql`(${s.id}, ${s.seatNumber})`),
      sql`, `,
    );
    await db.execute(sql`update ${tickets} set seat_number = v.seat, updated_at = now()
      from (values ${values}) as v(id, seat) where ${tickets.id} = v.id`);
  }
}

/** Approved (1, 3) and checked-in (3) registrations per activity of a meeting. */
export async function countCheckinsByActivity(
  db: Database,
  meetingId: string,
  activityId: string | undefined,
): Promise<{ activityId: string; approved: number; checkedIn: number }[]> {
  const rows = await db
    .select({
      activityId: tickets.activityId,
      approved: count(),
      checkedIn: sql<number>`count(*) filter (where ${tickets.status} = 3)`.mapWith(Number),
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.meetingId, meetingId),
        eq(tickets.deleted, 0),
        inArray(tickets.status, [1, 3]),
        activityId ? eq(tickets.activityId, activityId) : undefined,
      ),
    )
    .groupBy(tickets.activityId);
  return rows.map((r) => ({
    activityId: r.activityId,
    approved: Number(r.approved),
    checkedIn: r.checkedIn,
  }));
}
