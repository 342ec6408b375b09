import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories } from '../categories/categories.tables.ts';
import { uploads } from '../media/media.tables.ts';
import { meetingAttachments } from './documents.tables.ts';

export type DocumentRow = typeof meetingAttachments.$inferSelect;
export type NewDocumentRow = typeof meetingAttachments.$inferInsert;
export type UploadRow = typeof uploads.$inferSelect;

/** The category type of documents (§7 GET /meeting_attachment/categories). */
export const documentCategoryType = 'meeting_attachment';

/** A document that is not deleted, or undefined. */
export async function findLiveDocument(db: Database, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(meetingAttachments)
    .where(and(eq(meetingAttachments.id, id), eq(meetingAttachments.deleted, 0)))
    .limit(1);
  return row;
}

/** A live document of the meeting, locked for update inside a transaction. */
export async function lockDocument(
  db: Database,
  meetingId: string,
  id: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(meetingAttachments)
    .where(
      and(
        eq(meetingAttachments.id, id),
        eq(meetingAttachments.meetingId, meetingId),
        eq(meetingAttachments.deleted, 0),
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

/** A meeting's live documents, weight descending then newest (of one category when given). */
export async function listDocuments(
  db: Database,
  input: { meetingId: string; categoryId?: string | undefined },
): Promise<DocumentRow[]> {
  return db
    .select()
    .from(meetingAttachments)
    .where(
      and(
        eq(meetingAttachments.meetingId, input.meetingId),
        eq(meetingAttachments.deleted, 0),
        input.categoryId ? eq(meetingAttachments.categoryId, input.categoryId) : undefined,
      ),
    )
    .orderBy(
      desc(meetingAttachments.weight),
      desc(meetingAttachments.createdAt),
      desc(meetingAttachments.id),
    );
}

/** The heaviest weight among the meeting's live documents (0 when none). */
export async function maxDocumentWeight(db: Database, meetingId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${meetingAttachments.weight}), 0)::int` })
    .from(meetingAttachments)
    .where(and(eq(meetingAttachments.meetingId, meetingId), eq(meetingAttachments.deleted, 0)));
  return Number(row?.max ?? 0);
}

/** Stores a new document row and answers it as stored. */
export async function insertDocument(db: Database, row: NewDocumentRow): Promise<DocumentRow> {
  const [inserted] = await db.insert(meetingAttachments).values(row).returning();
  if (!inserted) throw new Error('the document was not stored');
  return inserted;
}

/** Changes a document's title, category, weight or deleted flag (and its updated_at); answers the row. */
export async function updateDocument(
  db: Database,
  id: string,
  patch: Partial<Pick<NewDocumentRow, 'title' | 'categoryId' | 'weight' | 'deleted'>>,
): Promise<DocumentRow> {
  const [row] = await db
    .update(meetingAttachments)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(meetingAttachments.id, id))
    .returning();
  if (!row) throw new Error('the document vanished');
  return row;
}

/** An upload of the attachment bucket by key, or undefined. */
export async function findAttachmentUpload(db: Database, key: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.bucket, 'attachment'), eq(uploads.key, key)))
    .limit(1);
  return row;
}

export type CategoryRow = typeof categories.$inferSelect;

/** A live document category of the meeting, or undefined. */
export async function findDocumentCategory(
  db: Database,
  meetingId: string,
  id: string,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(categories)
    .where(
      and(
        eq(categories.id, id),
        eq(categories.meetingId, meetingId),
        eq(categories.type, documentCategoryType),
        eq(categories.deleted, 0),
      ),
    )
    .limit(1);
  return row;
}

/** The meeting's live document categories with their live documents' count, weight descending. */
export async function listDocumentCategories(
  db: Database,
  meetingId: string,
): Promise<(CategoryRow & { documentsTotal: number })[]> {
  const rows = await db
    .select({ category: categories, documentsTotal: count(meetingAttachments.id) })
    .from(categories)
    .leftJoin(
      meetingAttachments,
      and(eq(meetingAttachments.categoryId, categories.id), eq(meetingAttachments.deleted, 0)),
    )
    .where(
      and(
        eq(categories.meetingId, meetingId),
        eq(categories.type, documentCategoryType),
        eq(categories.deleted, 0),
      ),
    )
    .groupBy(categories.id)
    .orderBy(desc(categories.weight), categories.createdAt);
  return rows.map((row) => ({ ...row.category, documentsTotal: Number(row.documentsTotal) }));
}

/** Live documents filed under a category (a category in use is not deleted). */
export async function countDocumentsInCategory(db: Database, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(meetingAttachments)
    .where(and(eq(meetingAttachments.categoryId, categoryId), eq(meetingAttachments.deleted, 0)));
  return Number(row?.n ?? 0);
}

/** Stores a new `meeting_attachment` category and answers it. */
export async function insertCategory(
  db: Database,
  row: typeof categories.$inferInsert,
): Promise<CategoryRow> {
  const [inserted] = await db.insert(categories).values(row).returning();
  if (!inserted) throw new Error('the category was not stored');
  return inserted;
}

/** Changes a category's title, weight or deleted flag; answers the row. */
export async function updateCategory(
  db: Database,
  id: string,
  patch: Partial<Pick<CategoryRow, 'title' | 'weight' | 'deleted'>>,
): Promise<CategoryRow> {
  const [row] = await db.update(categories).set(patch).where(eq(categories.id, id)).returning();
  if (!row) throw new Error('the category vanished');
  return row;
}

/** Live documents of the meeting among `ids`. */
export async function findDocumentsOfMeeting(
  db: Database,
  meetingId: string,
  ids: string[],
): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(meetingAttachments)
    .where(
      and(
        eq(meetingAttachments.meetingId, meetingId),
        eq(meetingAttachments.deleted, 0),
        inArray(meetingAttachments.id, ids),
      ),
    );
}
