import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uploads } from './media.tables.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;

/** Whether an upload with this id (the upload token's jti) exists. */
export async function uploadExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id)).limit(1);
  return row !== undefined;
}

/**
 * Inserts the upload row and runs `store` (writing the bytes) in one transaction: when the id is
 * already taken — the token was used, possibly by a concurrent request that the primary key made
 * wait — nothing is stored and false is returned; when `store` throws, the row is rolled back.
 * `store` receives the transaction, for what must commit with the row (a queued job).
 */
export async function insertUploadThen(
  db: Database,
  row: NewUploadRow,
  store: (tx: Database) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(uploads)
      .values(row)
      .onConflictDoNothing({ target: uploads.id })
      .returning({ id: uploads.id });
    if (inserted.length === 0) return false;
    await store(tx as unknown as Database);
    return true;
  });
}

/**
 * Marks an upload whose bytes were deleted: size 0 and no original name. The row itself stays, so
 * its single-use token stays used (uploadExists).
 */
export async function markUploadDeleted(db: Database, bucket: string, key: string): Promise<void> {
  await db
    .update(uploads)
    .set({ size: 0, originalName: '', width: null, height: null })
    .where(and(eq(uploads.bucket, bucket), eq(uploads.key, key)));
}
