import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import {
  createdAtColumn,
  deletedColumn,
  idColumn,
  jsonbValue,
  localizedColumn,
  updatedAtColumn,
} from '../../db/columns.ts';
import { categories } from '../categories/categories.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';

/**
 * News items of a meeting (§3 News). Texts are language maps, one version per enabled language;
 * `content` holds sanitised HTML per language (modules/shared/rich-text.ts — unsafe markup is never
 * stored). `status` is draft, scheduled (published by a job at `publish_at`) or published;
 * `version` goes up by one on every write, and a write naming an older version is refused (409).
 * `views_total` is the folded view count (the views module's job keeps it).
 */
export const news = pgTable(
  'news',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
    title: localizedColumn('title'),
    summary: localizedColumn('summary'),
    content: jsonbValue<Record<string, string>>('content').notNull().default(sql`'{}'::jsonb`),
    cover: text('cover').notNull().default(''),
    author: text('author').notNull().default(''),
    /** The user who created the item. */
    createdBy: text('created_by'),
    status: text('status').$type<'draft' | 'scheduled' | 'published'>().notNull().default('draft'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    weight: integer('weight').notNull().default(0),
    version: integer('version').notNull().default(1),
    viewsTotal: integer('views_total').notNull().default(0),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('news_meeting_public_idx').on(t.meetingId, t.status, t.weight, t.publishedAt),
    index('news_category_idx').on(t.categoryId),
  ],
);
