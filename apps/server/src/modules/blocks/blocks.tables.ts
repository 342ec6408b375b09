import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, deletedColumn, idColumn, jsonbValue, localizedColumn } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { pages } from '../pages/pages.tables.ts';

/**
 * Sections of a meeting's home page (`page_id` null) or of a content page, versioned with the meeting
 * (§3 block_release_version / block_draft_version): each version holds its own copy of every block.
 */
export const blocks = pgTable(
  'blocks',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    pageId: text('page_id').references(() => pages.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: localizedColumn('title'),
    content: localizedColumn('content'),
    weight: integer('weight').notNull().default(0),
    version: integer('version').notNull().default(1),
    data: jsonbValue<Record<string, unknown>>('data').notNull().default({}),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('blocks_meeting_version_idx').on(t.meetingId, t.version, t.weight),
    index('blocks_page_version_idx').on(t.pageId, t.version),
  ],
);
