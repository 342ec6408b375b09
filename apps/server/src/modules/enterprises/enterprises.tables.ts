import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import {
  createdAtColumn,
  deletedColumn,
  idColumn,
  jsonbValue,
  localizedColumn,
  type ReferenceRow,
  updatedAtColumn,
} from '../../db/columns.ts';
import { categories } from '../categories/categories.tables.ts';

/**
 * Enterprises (§3 Enterprise): the company behind an exhibitor, shared by every meeting it exhibits
 * at. The `*_total` counters are only changed by atomic `+ 1` / `- 1` updates in the same transaction
 * as the reaction or log row that justifies them, and can never go below zero (CHECK).
 */
export const enterprises = pgTable(
  'enterprises',
  {
    id: idColumn(),
    title: localizedColumn('title'),
    /** Logo image URL ('' when none). */
    logo: text('logo').notNull().default(''),
    description: localizedColumn('description'),
    /** Gallery image URLs. */
    images: jsonbValue<string[]>('images').notNull().default([]),
    /** Brochures and other documents (POST /enterprises/{id}/attachments/views counts their views). */
    attachments: jsonbValue<ReferenceRow[]>('attachments').notNull().default([]),
    website: text('website').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    address: localizedColumn('address'),
    industryCategoryId: text('industry_category_id').references(() => categories.id, {
      onDelete: 'set null',
    }),
    likesTotal: integer('likes_total').notNull().default(0),
    awesomesTotal: integer('awesomes_total').notNull().default(0),
    viewsTotal: integer('views_total').notNull().default(0),
    callsTotal: integer('calls_total').notNull().default(0),
    mailsTotal: integer('mails_total').notNull().default(0),
    attachmentViewsTotal: integer('attachment_views_total').notNull().default(0),
    /**
     * Every language of the title (and the other searchable words) as one lower-cased plain text, rebuilt by
     * `enterpriseSearchText` on every write; served by a trigram GIN index so substrings of Chinese, Japanese
     * and Korean names match (§7 GET /enterprises/search, /exhibitors/search, /enterprise/products/search).
     */
    searchText: text('search_text').notNull().default(''),
    weight: integer('weight').notNull().default(0),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('enterprises_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('enterprises_search_fts_idx').using('gin', sql`to_tsvector('english', ${t.searchText})`),
    index('enterprises_order_idx').on(t.weight, t.createdAt, t.id),
    index('enterprises_industry_idx').on(t.industryCategoryId),
    check(
      'enterprises_counters_nonnegative',
      sql`${t.likesTotal} >= 0 and ${t.awesomesTotal} >= 0 and ${t.viewsTotal} >= 0 and ${t.callsTotal} >= 0 and ${t.mailsTotal} >= 0 and ${t.attachmentViewsTotal} >= 0`,
    ),
  ],
);

/** What a reaction is on. */
export type ReactionTargetType = 'enterprise' | 'product' | 'exhibitor';
/** A like (it also puts the item in /my/collection) or an "awesome" (a thumbs-up). */
export type ReactionKind = 'like' | 'awesome';

/**
 * A user's likes and awesomes (§3 like, awesome). The primary key over all four columns makes a
 * repeated like a no-op: the counter moves only when a row was really inserted or deleted.
 */
export const reactions = pgTable(
  'reactions',
  {
    userId: text('user_id').notNull(),
    kind: text('kind').$type<ReactionKind>().notNull(),
    targetType: text('target_type').$type<ReactionTargetType>().notNull(),
    targetId: text('target_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.targetType, t.targetId] }),
    index('reactions_target_idx').on(t.targetType, t.targetId),
  ],
);

/** What an interaction log row counts. */
export type InteractionKind = 'view' | 'call' | 'mail' | 'attachment_view';
/** What it was on: an enterprise, exhibitor or product, or a pavilion page of a meeting. */
export type InteractionTargetType =
  | 'enterprise'
  | 'exhibitor'
  | 'product'
  | 'exhibitor_category'
  | 'exhibition_area'
  | 'product_category';

/**
 * One row per counted view, call, mail or attachment view (anonymous visitors by device id), next to
 * the atomic counter it increments.
 */
export const interactions = pgTable(
  'interactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<InteractionKind>().notNull(),
    targetType: text('target_type').$type<InteractionTargetType>().notNull(),
    /** Row id of the target, or the category id / area name of a pavilion page ('' for all). */
    targetId: text('target_id').notNull(),
    meetingId: text('meeting_id'),
    userId: text('user_id'),
    deviceId: text('device_id'),
    sourceId: text('source_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('interactions_target_idx').on(t.targetType, t.targetId, t.createdAt)],
);
