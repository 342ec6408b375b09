import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { products } from '../products/products.tables.ts';
import type { ModerationState } from '../questions/questions.tables.ts';
import { users } from '../users/users.tables.ts';
import { inquiries, inquiryMessages } from './inquiries.tables.ts';

export type InquiryRow = typeof inquiries.$inferSelect;
export type InquiryMessageRow = typeof inquiryMessages.$inferSelect;

/** A live product of an enterprise (not deleted), or undefined. */
export async function findEnterpriseProduct(
  db: Database,
  productId: string,
  enterpriseId: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.enterpriseId, enterpriseId), eq(products.deleted, 0)))
    .limit(1);
  return row;
}

/** Products by ids: id, title, first image. */
export async function findProductCards(
  db: Database,
  ids: string[],
): Promise<{ id: string; title: string | Record<string, string>; images: string[] }[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db
    .select({ id: products.id, title: products.title, images: products.images })
    .from(products)
    .where(inArray(products.id, unique));
}

/** Inserts an inquiry and returns it. */
export async function insertInquiry(db: Database, row: typeof inquiries.$inferInsert): Promise<InquiryRow> {
  const [inserted] = await db.insert(inquiries).values(row).returning();
  return inserted as InquiryRow;
}

/** An inquiry by id, not deleted, or undefined. */
export async function findLiveInquiry(db: Database, id: string): Promise<InquiryRow | undefined> {
  const [row] = await db
    .select()
    .from(inquiries)
    .where(and(eq(inquiries.id, id), ne(inquiries.moderationState, 'deleted')))
    .limit(1);
  return row;
}

/** Locks an inquiry row until the transaction ends. */
export async function lockInquiry(db: Database, id: string): Promise<InquiryRow | undefined> {
  const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id)).for('update').limit(1);
  return row;
}

/**
 * Inserts a message; a visible one moves the inquiry's counter and last activity in the same
 * transaction, one held for review (or blocked) does not: it counts once the organiser lets it
 * through (setInquiryMessageState).
 */
export async function insertInquiryMessage(
  db: Database,
  row: typeof inquiryMessages.$inferInsert,
): Promise<InquiryMessageRow> {
  const [inserted] = await db.insert(inquiryMessages).values(row).returning();
  if ((inserted as InquiryMessageRow).moderationState !== 'visible') return inserted as InquiryMessageRow;
  await db
    .update(inquiries)
    .set({
      messageTotal: sql`${inquiries.messageTotal} + 1`,
      lastMessageAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(inquiries.id, row.inquiryId));
  return inserted as InquiryMessageRow;
}

/** Closes an inquiry; returns it. */
export async function closeInquiryRow(db: Database, id: string): Promise<InquiryRow> {
  const [row] = await db
    .update(inquiries)
    .set({ status: 'closed', updatedAt: new Date() })
    .where(eq(inquiries.id, id))
    .returning();
  return row as InquiryRow;
}

/**
 * The messages of a thread that `viewerId` may read, oldest first: visible ones, and the viewer's own
 * under review or blocked; never deleted ones.
 */
export async function listThreadMessages(
  db: Database,
  inquiryId: string,
  viewerId: string,
): Promise<InquiryMessageRow[]> {
  return db
    .select()
    .from(inquiryMessages)
    .where(
      and(
        eq(inquiryMessages.inquiryId, inquiryId),
        ne(inquiryMessages.moderationState, 'deleted'),
        or(eq(inquiryMessages.moderationState, 'visible'), eq(inquiryMessages.userId, viewerId)),
      ),
    )
    .orderBy(asc(inquiryMessages.createdAt), asc(inquiryMessages.id));
}

/** The inquiries of one side: the user's own (`userId`) or those to an enterprise (`enterpriseId`). */
export type InquiryFilter = {
  meetingId: string;
  userId?: string | undefined;
  enterpriseId?: string | undefined;
  status?: 'open' | 'closed' | undefined;
};

/** One page of a side's inquiries, latest activity first, and the total. Moderated-away ones stay with their author. */
export async function listInquiryRows(
  db: Database,
  filter: InquiryFilter,
  page: { limit: number; skip: number },
): Promise<{ rows: InquiryRow[]; total: number }> {
  const where = and(
    eq(inquiries.meetingId, filter.meetingId),
    ne(inquiries.moderationState, 'deleted'),
    filter.userId ? eq(inquiries.userId, filter.userId) : undefined,
    filter.enterpriseId
      ? and(eq(inquiries.enterpriseId, filter.enterpriseId), eq(inquiries.moderationState, 'visible'))
      : undefined,
    filter.status ? eq(inquiries.status, filter.status) : undefined,
  ) as SQL;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(inquiries)
      .where(where)
      .orderBy(desc(inquiries.lastMessageAt), desc(inquiries.id))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ total: count() }).from(inquiries).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Console: every inquiry of a meeting (any state) with its inquirer's name and the enterprise's and product's titles. */
export async function listMeetingInquiryRows(
  db: Database,
  filter: { meetingId: string; enterpriseId?: string | undefined; status?: 'open' | 'closed' | undefined },
  page: { limit: number; skip: number },
) {
  const where = and(
    eq(inquiries.meetingId, filter.meetingId),
    filter.enterpriseId ? eq(inquiries.enterpriseId, filter.enterpriseId) : undefined,
    filter.status ? eq(inquiries.status, filter.status) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        inquiry: inquiries,
        username: users.username,
        enterpriseTitle: enterprises.title,
        productTitle: products.title,
      })
      .from(inquiries)
      .innerJoin(users, eq(users.id, inquiries.userId))
      .innerJoin(enterprises, eq(enterprises.id, inquiries.enterpriseId))
      .leftJoin(products, eq(products.id, inquiries.productId))
      .where(where)
      .orderBy(desc(inquiries.lastMessageAt), desc(inquiries.id))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ total: count() }).from(inquiries).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Sets the moderation state of an inquiry (kind 'inquiry'); false when none in that meeting.
 * A 'deleted' row is never touched; with onlyVisible only a 'visible' row is (report-driven hiding, §5).
 */
export async function setInquiryState(
  db: Database,
  input: { meetingId: string; targetId: string; state: ModerationState; onlyVisible?: boolean },
): Promise<boolean> {
  const rows = await db
    .update(inquiries)
    .set({ moderationState: input.state, updatedAt: new Date() })
    .where(
      and(
        eq(inquiries.id, input.targetId),
        eq(inquiries.meetingId, input.meetingId),
        input.onlyVisible
          ? eq(inquiries.moderationState, 'visible')
          : ne(inquiries.moderationState, 'deleted'),
      ),
    )
    .returning({ id: inquiries.id });
  return rows.length > 0;
}

/**
 * Sets the moderation state of a thread message (kind 'inquiry_message'); false when none. Run inside
 * the moderation transaction: when the message turns visible or stops being visible, the inquiry's
 * message_total moves by ±1 and last_message_at becomes its latest visible message's time (the
 * inquiry's own creation when none), so counters only ever count visible messages.
 * A 'deleted' row is never touched; with onlyVisible only a 'visible' row is (report-driven hiding, §5).
 */
export async function setInquiryMessageState(
  db: Database,
  input: { meetingId: string; targetId: string; state: ModerationState; onlyVisible?: boolean },
): Promise<boolean> {
  const [before] = await db
    .select({ state: inquiryMessages.moderationState, inquiryId: inquiryMessages.inquiryId })
    .from(inquiryMessages)
    .where(
      and(
        eq(inquiryMessages.id, input.targetId),
        eq(inquiryMessages.meetingId, input.meetingId),
        input.onlyVisible
          ? eq(inquiryMessages.moderationState, 'visible')
          : ne(inquiryMessages.moderationState, 'deleted'),
      ),
    )
    .for('update')
    .limit(1);
  if (!before) return false;
  await db
    .update(inquiryMessages)
    .set({ moderationState: input.state, updatedAt: new Date() })
    .where(eq(inquiryMessages.id, input.targetId));
  const wasVisible = before.state === 'visible';
  const isVisible = input.state === 'visible';
  if (wasVisible !== isVisible) {
    await db
      .update(inquiries)
      .set({
        messageTotal: sql`greatest(${inquiries.messageTotal} + ${isVisible ? 1 : -1}, 0)`,
        lastMessageAt: sql`coalesce((select max(m.created_at) from ${inquiryMessages} m where m.inquiry_id = ${before.inquiryId} and m.moderation_state = 'visible'), ${inquiries.createdAt})`,
        updatedAt: sql`now()`,
      })
      .where(eq(inquiries.id, before.inquiryId));
  }
  return true;
}

/** Inquiries by ids (any state), for the moderation queue. */
export async function findInquiriesByIds(db: Database, ids: string[]): Promise<InquiryRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(inquiries).where(inArray(inquiries.id, ids));
}

/** Thread messages by ids (any state), for the moderation queue. */
export async function findInquiryMessagesByIds(db: Database, ids: string[]): Promise<InquiryMessageRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(inquiryMessages).where(inArray(inquiryMessages.id, ids));
}
