import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns.ts';

/** Uploaded files (§7 Upload), after validation and re-encoding. Bytes live in the storage driver. */
export const uploads = pgTable(
  'uploads',
  {
    id: idColumn(),
    bucket: text('bucket').notNull(),
    /** Storage key: `<generated id>/<sanitised file name>`. */
    key: text('key').notNull(),
    userId: text('user_id'),
    meetingId: text('meeting_id'),
    /** MIME type detected from the bytes (never the client's claim). */
    mime: text('mime').notNull(),
    /** Bytes stored after re-encoding. */
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    originalName: text('original_name').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('uploads_bucket_key_unique').on(t.bucket, t.key),
    index('uploads_user_idx').on(t.userId),
  ],
);
