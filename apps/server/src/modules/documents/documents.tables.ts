import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import {
  createdAtColumn,
  deletedColumn,
  idColumn,
  localizedColumn,
  updatedAtColumn,
} from '../../db/columns.ts';
import { categories } from '../categories/categories.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';

/**
 * A meeting's documents (§2 /meeting/doc, §7 /meeting_attachment/categories): a stored upload of the
 * `attachment` bucket (modules/media) with its title per language, grouped by a category of type
 * 'meeting_attachment', ordered by weight (descending), soft-deleted, views folded in by the views job.
 */
export const meetingAttachments = pgTable(
  'meeting_attachments',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
    title: localizedColumn('title'),
    /** Storage key in the `attachment` bucket (`<upload id>/<name>`). */
    fileKey: text('file_key').notNull(),
    /** The name the file is downloaded under (the uploader's original name). */
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    /** Bytes. */
    size: integer('size').notNull(),
    weight: integer('weight').notNull().default(0),
    viewsTotal: bigint('views_total', { mode: 'number' }).notNull().default(0),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('meeting_attachments_meeting_idx').on(t.meetingId, t.deleted, t.weight)],
);
