import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uniqueViolation, violatedConstraintOf } from '../../db/pg-errors.ts';
import {
  activities,
  activityInvites,
  activityPrices,
  activitySources,
} from '../activities/activities.tables.ts';
import { agents } from '../agents/agents.tables.ts';
import { formQuestions, forms } from '../forms/forms.tables.ts';
import { users } from '../users/users.tables.ts';
import { ticketScans, tickets } from './tickets.tables.ts';

/**
 * Queries of the tickets module (§7 Tickets): registration reads, the capacity guard's
 * conditional updates, lists, check-in scans and the staff list. Only this file and *.tables.ts
 * touch drizzle.
 */

export type TicketRow = typeof tickets.$inferSelect;
export type NewTicketRow = typeof tickets.$inferInsert;
export type ActivityRow = typeof activities.$inferSelect;
export type PriceRow = typeof activityPrices.$inferSelect;
export type SourceRow = typeof activitySources.$inferSelect;
export type QuestionRow = typeof formQuestions.$inferSelect;
export type AgentRow = typeof agents.$inferSelect;
export type ScanRow = typeof ticketScans.$inferSelect;

/** An activity by id (deleted ones included; callers decide). */
export async function findActivity(db: Database, id: string): Promise<ActivityRow | undefined> {
  const [row] = await db.select().from(activities).where(eq(activities.id, id)).limit(1);
  return row;
}

/** Activities by ids (linked-activity options, embedded activities). */
export async function findActivities(db: Database, ids: string[]): Promise<ActivityRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(activities).where(inArray(activities.id, ids));
}

/** Every ticket type of an activity, deleted ones included. */
export async function findPricesOfActivity(db: Database, activityId: string): Promise<PriceRow[]> {
  return db.select().from(activityPrices).where(eq(activityPrices.activityId, activityId));
}

/** Ticket types by ids (titles of listed tickets). */
export async function findPrices(db: Database, ids: string[]): Promise<PriceRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(activityPrices).where(inArray(activityPrices.id, ids));
}

/** Every source of an activity, deleted ones included. */
export async function findSourcesOfActivity(db: Database, activityId: string): Promise<SourceRow[]> {
  return db.select().from(activitySources).where(eq(activitySources.activityId, activityId));
}

/** The form id of each of these activities that has one. */
export async function findFormIdsOfActivities(
  db: Database,
  activityIds: string[],
): Promise<Map<string, string>> {
  if (activityIds.length === 0) return new Map();
  const rows = await db
    .select({ id: forms.id, activityId: forms.activityId })
    .from(forms)
    .where(inArray(forms.activityId, activityIds));
  return new Map(rows.map((r) => [r.activityId, r.id]));
}

/** A form by id with its activity id. */
export async function findForm(
  db: Database,
  formId: string,
): Promise<{ id: string; activityId: string; meetingId: string } | undefined> {
  const [row] = await db
    .select({ id: forms.id, activityId: forms.activityId, meetingId: forms.meetingId })
    .from(forms)
    .where(eq(forms.id, formId))
    .limit(1);
  return row;
}

/**
 * The form of an activity (null when it has none) with its live questions of one scope, by weight
 * (highest first), in one query.
 */
export async function findFormOfActivity(
  db: Database,
  activityId: string,
  scope: 'member' | 'group',
): Promise<{ formId: string | null; questions: QuestionRow[] }> {
  const rows = await db
    .select({ formId: forms.id, question: formQuestions })
    .from(forms)
    .leftJoin(
      formQuestions,
      and(eq(formQuestions.formId, forms.id), eq(formQuestions.scope, scope), eq(formQuestions.deleted, 0)),
    )
    .where(eq(forms.activityId, activityId))
    .orderBy(desc(formQuestions.weight), asc(formQuestions.id));
  const questions = rows.flatMap((r) => (r.question ? [r.question] : []));
  return { formId: rows[0]?.formId ?? null, questions };
}

/** A group by id (deleted ones included). */
export async function findAgent(db: Database, id: string): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(agents).where(eq(agents.id, id)).limit(1);
  return row;
}

/**
 * Locks a group's row until the transaction ends (SELECT … FOR UPDATE): batches of one group then
 * count its tickets per type one after the other (`max_per_agent`). Every transaction that touches
 * a group takes this lock first, so lock order stays agent → types → activity → source.
 */
export async function lockAgent(db: Database, id: string): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(agents).where(eq(agents.id, id)).for('update');
  return row;
}

/** Live (not deleted, not rejected) tickets of a group per ticket type. */
export async function countAgentTicketsByPrice(db: Database, agentId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ priceId: tickets.priceId, total: count() })
    .from(tickets)
    .where(and(eq(tickets.agentId, agentId), eq(tickets.deleted, 0), ne(tickets.status, 2)))
    .groupBy(tickets.priceId);
  return new Map(rows.map((r) => [r.priceId, Number(r.total)]));
}

/** The caller's own live single registration for an activity (not a group member's). */
export async function findOwnTicket(
  db: Database,
  activityId: string,
  userId: string,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.activityId, activityId),
        eq(tickets.userId, userId),
        isNull(tickets.agentId),
        eq(tickets.deleted, 0),
      ),
    )
    .limit(1);
  return row;
}

/** A ticket by id (deleted ones included). */
export async function findTicket(db: Database, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
  return row;
}

/** A live ticket of a meeting by its code. */
export async function findTicketByCode(
  db: Database,
  meetingId: string,
  code: string,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.code, code), eq(tickets.meetingId, meetingId), eq(tickets.deleted, 0)))
    .limit(1);
  return row;
}

/**
 * Which of these phones (E.164), e-mails and ID numbers live tickets of an activity already hold
 * (the values its unique indexes guard), for a batch's early per-line answers.
 */
export async function findTakenContacts(
  db: Database,
  activityId: string,
  values: { phones: string[]; emails: string[]; idNumbers: string[] },
): Promise<{ phone: Set<string>; email: Set<string>; idNumber: Set<string> }> {
  const taken = { phone: new Set<string>(), email: new Set<string>(), idNumber: new Set<string>() };
  const matches = [
    values.phones.length > 0 ? inArray(tickets.phone, values.phones) : undefined,
    values.emails.length > 0 ? inArray(tickets.email, values.emails) : undefined,
    values.idNumbers.length > 0 ? inArray(tickets.idNumber, values.idNumbers) : undefined,
  ].filter((m) => m !== undefined);
  if (matches.length === 0) return taken;
  const rows = await db
    .select({ phone: tickets.phone, email: tickets.email, idNumber: tickets.idNumber })
    .from(tickets)
    .where(and(eq(tickets.activityId, activityId), eq(tickets.deleted, 0), or(...matches)));
  const wanted = {
    phone: new Set(values.phones),
    email: new Set(values.emails),
    idNumber: new Set(values.idNumbers),
  };
  for (const row of rows) {
    for (const key of ['phone', 'email', 'idNumber'] as const) {
      const value = row[key];
      if (value && wanted[key].has(value)) taken[key].add(value);
    }
  }
  return taken;
}

/** Inserts ticket rows; a unique violation propagates (see uniqueConstraintOf). */
export async function insertTickets(db: Database, rows: NewTicketRow[]): Promise<TicketRow[]> {
  return db.insert(tickets).values(rows).returning();
}

/** Name of the unique index a PostgreSQL unique violation (23505) hit, or null for any other error. */
export function uniqueConstraintOf(error: unknown): string | null {
  return violatedConstraintOf(error, uniqueViolation);
}

/** A ticket of one registration as registerOne writes it. */
export type OneTicket = Omit<NewTicketRow, 'createdAt' | 'updatedAt' | 'deleted' | 'inputByAdmin'> & {
  id: string;
  code: string;
  priceId: string;
  answers: NonNullable<NewTicketRow['answers']>;
};

/**
 * One registration as ONE statement (its own transaction): the guarded increments — the type's
 * `sold_total + 1 <= total` (live type), then the activity's `ticket_total + 1 <= max` (0 = none),
 * then the source's `signup_total + 1 <= max` — each running only when the previous one took, and
 * the ticket row last, whose `code` is null unless every increment took. A refused increment
 * therefore fails the NOT NULL of `code` and PostgreSQL rolls the whole statement back: nothing is
 * checked first and written later, and the rows stay locked only while the statement runs (no
 * round trip to the application between the first increment and COMMIT).
 * @returns the stored times, or null when a limit refused (the counters are unchanged).
 * A unique-index violation propagates (see uniqueConstraintOf).
 */
export async function registerOne(
  db: Database,
  row: OneTicket,
  sourceId: string | null,
): Promise<{ createdAt: Date; updatedAt: Date } | null> {
  const sourceStep = sourceId
    ? sql`, s as (
        update ${activitySources} set signup_total = signup_total + 1
        where id = ${sourceId} and deleted = 0 and (max = 0 or signup_total + 1 <= max)
          and exists (select 1 from a)
        returning id)`
    : sql``;
  const taken = sourceId ? sql`exists (select 1 from s)` : sql`exists (select 1 from a)`;
  const statement = sql`with p as (
      update ${activityPrices} set sold_total = sold_total + 1, updated_at = now()
      where id = ${row.priceId} and deleted = 0 and (total is null or sold_total + 1 <= total)
      returning id
    ), a as (
      update ${activities} set ticket_total = ticket_total + 1, updated_at = now()
      where id = ${row.activityId} and (max = 0 or ticket_total + 1 <= max) and exists (select 1 from p)
      returning id
    )${sourceStep}, t as (
      insert into ${tickets} (id, meeting_id, activity_id, price_id, source_id, user_id, agent_id, status,
        name, phone, area_code, email, id_number, job, company, answers, amount, code)
      values (${row.id}, ${row.meetingId}, ${row.activityId}, ${row.priceId}, ${row.sourceId ?? null},
        ${row.userId ?? null}, ${row.agentId ?? null}, ${row.status ?? 0}, ${row.name ?? ''}, ${row.phone ?? null},
        ${row.areaCode ?? null}, ${row.email ?? null}, ${row.idNumber ?? null}, ${row.job ?? ''},
        ${row.company ?? ''}, ${JSON.stringify(row.answers)}::jsonb, ${row.amount ?? 0},
        (select ${row.code}::text where ${taken}))
      returning created_at, updated_at
    )
    select created_at, updated_at from t`;
  try {
    const result = await db.execute(statement);
    const stored = (result as unknown as { rows: { created_at: string | Date; updated_at: string | Date }[] })
      .rows[0];
    if (!stored) return null;
    return { createdAt: new Date(stored.created_at), updatedAt: new Date(stored.updated_at) };
  } catch (error) {
    if (isRefusedCode(error)) return null;
    throw error;
  }
}

/** Whether an error is registerOne's refusal: the NOT NULL of tickets.code (23502). */
function isRefusedCode(error: unknown): boolean {
  for (
    let e = error as { code?: string; column?: string; message?: string; cause?: unknown } | undefined,
      depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth += 1
  ) {
    if (e.code === '23502') return e.column === 'code' || /column "code"/.test(e.message ?? '');
  }
  return false;
}

/**
 * Guarded increment of a ticket type's sold_total: `sold_total + n <= total` (null total = no limit)
 * on a live type, in one statement. False when it would oversell (or the type is deleted).
 */
export async function takePriceStock(db: Database, priceId: string, n: number): Promise<boolean> {
  const rows = await db
    .update(activityPrices)
    .set({ soldTotal: sql`${activityPrices.soldTotal} + ${n}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(activityPrices.id, priceId),
        eq(activityPrices.deleted, 0),
        sql`(${activityPrices.total} is null or ${activityPrices.soldTotal} + ${n} <= ${activityPrices.total})`,
      ),
    )
    .returning({ id: activityPrices.id });
  return rows.length === 1;
}

/** Guarded increment of an activity's ticket_total against max (0 = no limit). */
export async function takeActivityPlaces(db: Database, activityId: string, n: number): Promise<boolean> {
  const rows = await db
    .update(activities)
    .set({ ticketTotal: sql`${activities.ticketTotal} + ${n}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(activities.id, activityId),
        sql`(${activities.max} = 0 or ${activities.ticketTotal} + ${n} <= ${activities.max})`,
      ),
    )
    .returning({ id: activities.id });
  return rows.length === 1;
}

/** Guarded increment of a live source's signup_total against its max (0 = no limit). */
export async function takeSourcePlaces(db: Database, sourceId: string, n: number): Promise<boolean> {
  const rows = await db
    .update(activitySources)
    .set({ signupTotal: sql`${activitySources.signupTotal} + ${n}` })
    .where(
      and(
        eq(activitySources.id, sourceId),
        eq(activitySources.deleted, 0),
        sql`(${activitySources.max} = 0 or ${activitySources.signupTotal} + ${n} <= ${activitySources.max})`,
      ),
    )
    .returning({ id: activitySources.id });
  return rows.length === 1;
}

/** Guarded increment of a group's members_total against its activity's agent_max_members. */
export async function takeAgentPlaces(db: Database, agentId: string, n: number): Promise<boolean> {
  const rows = await db
    .update(agents)
    .set({ membersTotal: sql`${agents.membersTotal} + ${n}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(agents.id, agentId),
        sql`${agents.membersTotal} + ${n} <= (select ${activities.agentMaxMembers} from ${activities} where ${activities.id} = ${agents.activityId})`,
      ),
    )
    .returning({ id: agents.id });
  return rows.length === 1;
}

/**
 * Unconditional moves of the counters by `n` (negative frees places): the review's rejection, and
 * the test-only naive path (`capacityGuard: 'none'`) that shows what the guard prevents.
 */
export async function moveCounters(
  db: Database,
  input: {
    priceId?: string;
    activityId?: string;
    sourceId?: string | null;
    agentId?: string | null;
    n: number;
  },
): Promise<void> {
  const { n } = input;
  if (input.priceId) {
    await db
      .update(activityPrices)
      .set({ soldTotal: sql`greatest(${activityPrices.soldTotal} + ${n}, 0)`, updatedAt: sql`now()` })
      .where(eq(activityPrices.id, input.priceId));
  }
  if (input.activityId) {
    await db
      .update(activities)
      .set({ ticketTotal: sql`greatest(${activities.ticketTotal} + ${n}, 0)`, updatedAt: sql`now()` })
      .where(eq(activities.id, input.activityId));
  }
  if (input.sourceId) {
    await db
      .update(activitySources)
      .set({ signupTotal: sql`greatest(${activitySources.signupTotal} + ${n}, 0)` })
      .where(eq(activitySources.id, input.sourceId));
  }
  if (input.agentId) {
    await db
      .update(agents)
      .set({ membersTotal: sql`greatest(${agents.membersTotal} + ${n}, 0)`, updatedAt: sql`now()` })
      .where(eq(agents.id, input.agentId));
  }
}

/** Column changes of a ticket edit. */
export type TicketChanges = Partial<
  Pick<
    NewTicketRow,
    | 'name'
    | 'phone'
    | 'areaCode'
    | 'email'
    | 'idNumber'
    | 'job'
    | 'company'
    | 'answers'
    | 'status'
    | 'priceId'
    | 'amount'
  >
>;

/**
 * Updates a ticket; returns the new row, undefined when it is gone or (with `fromStatus`) no longer in
 * that status. A unique violation propagates.
 */
export async function updateTicketRow(
  db: Database,
  id: string,
  changes: TicketChanges,
  fromStatus?: number,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(tickets.id, id), fromStatus !== undefined ? eq(tickets.status, fromStatus) : undefined))
    .returning();
  return row;
}

/**
 * Moves a ticket from one status to another, setting the review's reason when given; with
 * `updatedMs` (unix ms an editor read) only while the row is unchanged since. Undefined when it was
 * not in `from` (or changed since).
 */
export async function changeStatus(
  db: Database,
  id: string,
  from: number,
  to: number,
  extra: { reviewReason?: string; updatedMs?: number } = {},
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({
      status: to,
      ...(extra.reviewReason !== undefined ? { reviewReason: extra.reviewReason } : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(tickets.id, id),
        eq(tickets.status, from),
        eq(tickets.deleted, 0),
        extra.updatedMs !== undefined
          ? sql`${updatedMsOf(tickets.updatedAt)} = ${extra.updatedMs}`
          : undefined,
      ),
    )
    .returning();
  return row;
}

/**
 * A timestamp column as whole unix milliseconds, computed in SQL: the value editors send back for
 * optimistic concurrency (DESIGN §7), exact whatever the driver's rounding of microseconds.
 */
export function updatedMsOf(column: typeof tickets.updatedAt): SQL<number> {
  return sql<number>`floor(extract(epoch from ${column}) * 1000)::bigint`.mapWith(Number);
}

/** Checks in an approved ticket (1 → 3) once; undefined when it was not in status 1. */
export async function checkInTicket(
  db: Database,
  id: string,
  staffUserId: string,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({ status: 3, checkedInAt: sql`now()`, checkedInBy: staffUserId, updatedAt: sql`now()` })
    .where(and(eq(tickets.id, id), eq(tickets.status, 1), eq(tickets.deleted, 0)))
    .returning();
  return row;
}

/** A scan by its one-time key. */
export async function findScan(db: Database, scanKey: string): Promise<ScanRow | undefined> {
  const [row] = await db.select().from(ticketScans).where(eq(ticketScans.scanKey, scanKey)).limit(1);
  return row;
}

/** Records a scan; false when the key was already taken (a concurrent retry). */
export async function insertScan(
  db: Database,
  row: { scanKey: string; ticketId: string; staffUserId: string; isFirst: number },
): Promise<boolean> {
  const rows = await db
    .insert(ticketScans)
    .values(row)
    .onConflictDoNothing({ target: ticketScans.scanKey })
    .returning({ key: ticketScans.scanKey });
  return rows.length === 1;
}

/** Filters of a ticket list. */
export type TicketFilter = {
  meetingId: string;
  /** Tickets of this user (their own) … */
  userId?: string;
  /** … or of this group. */
  agentId?: string;
  activityId?: string;
  statuses?: number[];
  checkedIn?: boolean;
};

function whereOf(filter: TicketFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(tickets.meetingId, filter.meetingId), eq(tickets.deleted, 0)];
  if (filter.userId && filter.agentId) {
    parts.push(or(eq(tickets.userId, filter.userId), eq(tickets.agentId, filter.agentId)));
  } else if (filter.userId) parts.push(eq(tickets.userId, filter.userId));
  else if (filter.agentId) parts.push(eq(tickets.agentId, filter.agentId));
  if (filter.activityId) parts.push(eq(tickets.activityId, filter.activityId));
  if (filter.statuses) parts.push(inArray(tickets.status, filter.statuses));
  if (filter.checkedIn === true) parts.push(isNotNull(tickets.checkedInAt));
  if (filter.checkedIn === false) parts.push(isNull(tickets.checkedInAt));
  return and(...parts);
}

/** Tickets newest first. */
export async function findTickets(
  db: Database,
  filter: TicketFilter,
  page: { limit: number; skip: number },
): Promise<TicketRow[]> {
  return db
    .select()
    .from(tickets)
    .where(whereOf(filter))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(page.limit)
    .offset(page.skip);
}

/** How many tickets match. */
export async function countTicketRows(db: Database, filter: TicketFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(tickets).where(whereOf(filter));
  return Number(row?.total ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Invite lists of private activities (§6)
// ---------------------------------------------------------------------------------------------

export type InviteRow = typeof activityInvites.$inferSelect;

/** An activity's invite list, newest first. */
export async function findInvites(db: Database, activityId: string): Promise<InviteRow[]> {
  return db
    .select()
    .from(activityInvites)
    .where(eq(activityInvites.activityId, activityId))
    .orderBy(desc(activityInvites.createdAt), desc(activityInvites.id));
}

/**
 * Adds a phone or an e-mail to an invite list; an address already there is left as it is.
 * @returns the entry (new or existing)
 */
export async function insertInviteIfAbsent(
  db: Database,
  row: { id: string; activityId: string; phone: string | null; email: string | null; createdBy: string },
): Promise<InviteRow> {
  const [inserted] = await db.insert(activityInvites).values(row).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(activityInvites)
    .where(
      and(
        eq(activityInvites.activityId, row.activityId),
        row.phone ? eq(activityInvites.phone, row.phone) : eq(activityInvites.email, row.email ?? ''),
      ),
    )
    .limit(1);
  if (!existing) throw new Error('invite neither inserted nor found');
  return existing;
}

/** Removes an entry of an activity's invite list (nothing when it is not there). */
export async function deleteInvite(db: Database, activityId: string, inviteId: string): Promise<void> {
  await db
    .delete(activityInvites)
    .where(and(eq(activityInvites.activityId, activityId), eq(activityInvites.id, inviteId)));
}

/**
 * Whether a user's phone or e-mail is on an activity's invite list. With `lock` (inside the
 * registration's transaction) the matching entry is locked FOR SHARE, so an organiser removing it
 * waits until the registration commits — or the registration sees it gone.
 */
export async function isUserInvited(
  db: Database,
  activityId: string,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<boolean> {
  const result = (await db.execute(sql`select 1 as invited
    from ${activityInvites} i join ${users} u on u.id = ${userId}
    where i.activity_id = ${activityId}
      and ((u.phone is not null and i.phone = u.phone) or (u.email is not null and i.email = u.email))
    limit 1${options.lock ? sql` for share of i` : sql``}`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
