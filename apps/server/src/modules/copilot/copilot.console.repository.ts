import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { escapeLike } from '../enterprises/enterprises.search.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';
import {
  copilotConversations,
  copilotFaqs,
  copilotMessages,
  copilotSettings,
  copilotUsageDaily,
} from './copilot.tables.ts';

/**
 * Reads and writes of the console's copilot area (§1 copilot; DESIGN §7). Writes take the caller's
 * transaction (the audited write); counters change in single SQL statements.
 */

export type CopilotSettingsRow = typeof copilotSettings.$inferSelect;
export type CopilotSettingsValues = Omit<typeof copilotSettings.$inferInsert, 'meetingId' | 'updatedAt'>;
export type CopilotFaqRow = typeof copilotFaqs.$inferSelect;
export type CopilotConversationRow = typeof copilotConversations.$inferSelect;
export type CopilotMessageRow = typeof copilotMessages.$inferSelect;
export type CopilotUsageRow = typeof copilotUsageDaily.$inferSelect;

/** The meeting's exhibition object (§3), or undefined when there is no such meeting. */
export async function findMeetingExhibition(
  db: Database,
  meetingId: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ exhibition: meetings.exhibition })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  return row ? ((row.exhibition ?? {}) as Record<string, unknown>) : undefined;
}

/**
 * Merges `patch` into meetings.exhibition in one statement (`exhibition || patch`: other keys stay,
 * concurrent saves of other keys are not lost) and moves updated_at on. Returns the merged object.
 */
export async function mergeMeetingExhibition(
  db: Database,
  meetingId: string,
  patch: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .update(meetings)
    .set({
      exhibition: sql`coalesce(${meetings.exhibition}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`,
      updatedAt: sql`greatest(now(), date_trunc('milliseconds', ${meetings.updatedAt}) + interval '1 millisecond')`,
    })
    .where(eq(meetings.id, meetingId))
    .returning({ exhibition: meetings.exhibition });
  return row ? ((row.exhibition ?? {}) as Record<string, unknown>) : undefined;
}

export async function findCopilotSettings(
  db: Database,
  meetingId: string,
): Promise<CopilotSettingsRow | undefined> {
  const [row] = await db.select().from(copilotSettings).where(eq(copilotSettings.meetingId, meetingId));
  return row;
}

/** Creates the meeting's settings row with `values` (defaults elsewhere) or updates the named columns. */
export async function upsertCopilotSettings(
  db: Database,
  meetingId: string,
  values: Partial<CopilotSettingsValues>,
): Promise<CopilotSettingsRow> {
  const [row] = await db
    .insert(copilotSettings)
    .values({ meetingId, ...values })
    .onConflictDoUpdate({ target: copilotSettings.meetingId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('copilot settings upsert returned nothing');
  return row;
}

/** FAQ entries of a meeting, weight desc then newest. */
export async function findFaqs(db: Database, meetingId: string): Promise<CopilotFaqRow[]> {
  return db
    .select()
    .from(copilotFaqs)
    .where(eq(copilotFaqs.meetingId, meetingId))
    .orderBy(desc(copilotFaqs.weight), desc(copilotFaqs.createdAt), desc(copilotFaqs.id));
}

export async function findFaq(
  db: Database,
  meetingId: string,
  id: string,
): Promise<CopilotFaqRow | undefined> {
  const [row] = await db
    .select()
    .from(copilotFaqs)
    .where(and(eq(copilotFaqs.meetingId, meetingId), eq(copilotFaqs.id, id)));
  return row;
}

/**
 * Inserts an FAQ entry only while the meeting has fewer than `max` (run in a transaction: adds of one
 * meeting are serialised, so concurrent adds cannot pass the cap). Undefined when the cap is reached.
 */
export async function insertFaqUnderCap(
  db: Database,
  row: typeof copilotFaqs.$inferInsert & { id: string },
  max: number,
): Promise<CopilotFaqRow | undefined> {
  // Adds of one meeting wait for each other (transaction-scoped lock), so the count below is exact.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`copilot-faqs:${row.meetingId}`}))`);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(copilotFaqs)
    .where(eq(copilotFaqs.meetingId, row.meetingId));
  if (total >= max) return undefined;
  const [inserted] = await db.insert(copilotFaqs).values(row).returning();
  return inserted;
}

export async function updateFaq(
  db: Database,
  meetingId: string,
  id: string,
  values: Pick<CopilotFaqRow, 'language' | 'question' | 'answer'> &
    Partial<Pick<CopilotFaqRow, 'enabled' | 'weight'>>,
): Promise<CopilotFaqRow | undefined> {
  const [row] = await db
    .update(copilotFaqs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(copilotFaqs.meetingId, meetingId), eq(copilotFaqs.id, id)))
    .returning();
  return row;
}

export async function deleteFaq(
  db: Database,
  meetingId: string,
  id: string,
): Promise<CopilotFaqRow | undefined> {
  const [row] = await db
    .delete(copilotFaqs)
    .where(and(eq(copilotFaqs.meetingId, meetingId), eq(copilotFaqs.id, id)))
    .returning();
  return row;
}

/** The review list's filter: flagged only, and words of the title or of any message. */
export type ConversationFilter = {
  meetingId: string;
  flagged?: boolean;
  q?: string;
  offset: number;
  limit: number;
};

function conversationWhere(filter: ConversationFilter): SQL | undefined {
  const conditions: SQL[] = [eq(copilotConversations.meetingId, filter.meetingId)];
  if (filter.flagged) conditions.push(sql`${copilotConversations.flaggedCount} > 0`);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      sql`(${copilotConversations.title} ilike ${pattern} or exists (select 1 from ${copilotMessages} where ${copilotMessages.conversationId} = ${copilotConversations.id} and ${copilotMessages.content} ilike ${pattern}))`,
    );
  }
  return and(...conditions);
}

/** One page of conversations, last active first, and the total that match. */
export async function findConversations(
  db: Database,
  filter: ConversationFilter,
): Promise<{ rows: CopilotConversationRow[]; total: number }> {
  const where = conversationWhere(filter);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(copilotConversations)
      .where(where)
      .orderBy(desc(copilotConversations.updatedAt), desc(copilotConversations.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ total: count() }).from(copilotConversations).where(where),
  ]);
  return { rows, total };
}

export async function findConversation(
  db: Database,
  meetingId: string,
  id: string,
): Promise<CopilotConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(copilotConversations)
    .where(and(eq(copilotConversations.meetingId, meetingId), eq(copilotConversations.id, id)));
  return row;
}

/** A conversation's messages in order (≤ 2 000). */
export async function findConversationMessages(
  db: Database,
  conversationId: string,
): Promise<CopilotMessageRow[]> {
  return db
    .select()
    .from(copilotMessages)
    .where(eq(copilotMessages.conversationId, conversationId))
    .orderBy(asc(copilotMessages.createdAt), asc(copilotMessages.id))
    .limit(2_000);
}

export async function findMessage(
  db: Database,
  meetingId: string,
  id: string,
): Promise<CopilotMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(copilotMessages)
    .where(and(eq(copilotMessages.meetingId, meetingId), eq(copilotMessages.id, id)));
  return row;
}

/**
 * Sets or clears an answer's flag and keeps its conversation's flagged_count right: the message
 * changes only when its flag differs (`flagged <> new`, re-checked under the row lock), and only then
 * the count moves by one in the same transaction. A note-only change keeps the count. Only answers
 * (role 'assistant') are flagged or noted; a question's id changes nothing (undefined when not found).
 */
export async function setMessageFlag(
  db: Database,
  input: { meetingId: string; messageId: string; flagged: 0 | 1; note: string | undefined; userId: string },
): Promise<CopilotMessageRow | undefined> {
  const flagFields =
    input.flagged === 1
      ? { flagged: 1, flaggedBy: input.userId, flaggedAt: sql`now()` }
      : { flagged: 0, flaggedBy: null, flaggedAt: null };
  const [changed] = await db
    .update(copilotMessages)
    .set({ ...flagFields, ...(input.note !== undefined ? { flagNote: input.note } : {}) })
    .where(
      and(
        eq(copilotMessages.meetingId, input.meetingId),
        eq(copilotMessages.id, input.messageId),
        eq(copilotMessages.role, 'assistant'),
        sql`${copilotMessages.flagged} <> ${input.flagged}`,
      ),
    )
    .returning();
  if (changed) {
    await db
      .update(copilotConversations)
      .set({
        flaggedCount: sql`greatest(0, ${copilotConversations.flaggedCount} + ${input.flagged === 1 ? 1 : -1})`,
      })
      .where(eq(copilotConversations.id, changed.conversationId));
    return changed;
  }
  if (input.note === undefined) {
    const row = await findMessage(db, input.meetingId, input.messageId);
    return row?.role === 'assistant' ? row : undefined;
  }
  const [noted] = await db
    .update(copilotMessages)
    .set({ flagNote: input.note })
    .where(
      and(
        eq(copilotMessages.meetingId, input.meetingId),
        eq(copilotMessages.id, input.messageId),
        eq(copilotMessages.role, 'assistant'),
      ),
    )
    .returning();
  return noted;
}

/** Askers' names and contacts by user id. */
export async function findAskers(
  db: Database,
  userIds: string[],
): Promise<Map<string, { username: string; phone: string | null; email: string | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, phone: users.phone, email: users.email })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Usage rows of a meeting from `from` to `to` (YYYY-MM-DD, both included). */
export async function findUsage(
  db: Database,
  meetingId: string,
  from: string,
  to: string,
): Promise<CopilotUsageRow[]> {
  return db
    .select()
    .from(copilotUsageDaily)
    .where(
      and(
        eq(copilotUsageDaily.meetingId, meetingId),
        gte(copilotUsageDaily.day, from),
        lte(copilotUsageDaily.day, to),
      ),
    )
    .orderBy(asc(copilotUsageDaily.day));
}
