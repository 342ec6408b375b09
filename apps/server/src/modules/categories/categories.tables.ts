import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, deletedColumn, idColumn, localizedColumn } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';

/** Categories of every type (§7 Categories); navigation items carry link fields (§3). */
export const categories = pgTable(
  'categories',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: localizedColumn('title'),
    icon: text('icon').notNull().default(''),
    weight: integer('weight').notNull().default(0),
    parentId: text('parent_id'),
    link: text('link').notNull().default(''),
    mobileLink: text('mobile_link').notNull().default(''),
    raw: smallint('raw').notNull().default(0),
    openLinkInFrame: smallint('open_link_in_frame').notNull().default(0),
    mobileOpenLinkInFrame: smallint('mobile_open_link_in_frame').notNull().default(0),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('categories_meeting_type_idx').on(t.meetingId, t.type, t.weight)],
);
