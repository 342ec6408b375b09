import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import {
  createdAtColumn,
  deletedColumn,
  idColumn,
  jsonbValue,
  localizedColumn,
  updatedAtColumn,
} from '../../db/columns.ts';
import { categories } from '../categories/categories.tables.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';

/**
 * Products of an enterprise (§3 Product: title, images[], enterprise). `meeting_id` is the meeting
 * the product is shown at (null: every meeting the enterprise exhibits at).
 */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    enterpriseId: text('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id').references(() => meetings.id, { onDelete: 'cascade' }),
    title: localizedColumn('title'),
    /** Image URLs, the first one is the cover. */
    images: jsonbValue<string[]>('images').notNull().default([]),
    description: localizedColumn('description'),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
    likesTotal: integer('likes_total').notNull().default(0),
    awesomesTotal: integer('awesomes_total').notNull().default(0),
    viewsTotal: integer('views_total').notNull().default(0),
    /** Lower-cased words of every title language (see enterprises.search_text), trigram-indexed. */
    searchText: text('search_text').notNull().default(''),
    weight: integer('weight').notNull().default(0),
    /** 1: listed on the enterprise's page and in product lists; 0: hidden by an organiser (kept, restorable). */
    isShown: smallint('is_shown').notNull().default(1),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('products_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('products_search_fts_idx').using('gin', sql`to_tsvector('english', ${t.searchText})`),
    // Lists walk these backwards (weight desc, created desc, id desc) and stop after a page; the
    // meeting check is a per-row index probe. Plain ascending columns: a `DESC NULLS LAST` index would
    // not serve `ORDER BY … DESC` (NULLS FIRST).
    index('products_order_idx').on(t.weight, t.createdAt, t.id),
    index('products_enterprise_idx').on(t.enterpriseId, t.weight, t.createdAt, t.id),
    index('products_meeting_idx').on(t.meetingId),
    check(
      'products_counters_nonnegative',
      sql`${t.likesTotal} >= 0 and ${t.awesomesTotal} >= 0 and ${t.viewsTotal} >= 0`,
    ),
  ],
);
