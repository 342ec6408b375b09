import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, deletedColumn, idColumn, updatedAtColumn } from '../../db/columns.ts';
import { exhibitorAccounts } from '../auth/auth.tables.ts';
import { categories } from '../categories/categories.tables.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Exhibitors (§3 exhibitor): an enterprise's participation in one meeting — its booth, exhibitor
 * group, industry and place in the pavilion (weight). One row per meeting and enterprise.
 */
export const exhibitors = pgTable(
  'exhibitors',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    enterpriseId: text('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    /** Booth number or hall position as printed ('' when not assigned). */
    booth: text('booth').notNull().default(''),
    exhibitorGroupCategoryId: text('exhibitor_group_category_id').references(() => categories.id, {
      onDelete: 'set null',
    }),
    industryCategoryId: text('industry_category_id').references(() => categories.id, {
      onDelete: 'set null',
    }),
    weight: integer('weight').notNull().default(0),
    /** 1: listed in the pavilion; 0: hidden by the organiser. */
    isShown: smallint('is_shown').notNull().default(1),
    viewsTotal: integer('views_total').notNull().default(0),
    callsTotal: integer('calls_total').notNull().default(0),
    mailsTotal: integer('mails_total').notNull().default(0),
    attachmentViewsTotal: integer('attachment_views_total').notNull().default(0),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('exhibitors_meeting_enterprise_uq').on(t.meetingId, t.enterpriseId),
    index('exhibitors_pavilion_idx').on(t.meetingId, t.weight, t.createdAt, t.id),
    index('exhibitors_enterprise_idx').on(t.enterpriseId),
    check(
      'exhibitors_counters_nonnegative',
      sql`${t.viewsTotal} >= 0 and ${t.callsTotal} >= 0 and ${t.mailsTotal} >= 0 and ${t.attachmentViewsTotal} >= 0`,
    ),
  ],
);

/**
 * Which exhibitor account a user has bound in a meeting (§6 Exhibitor). The primary key (user,
 * meeting) makes "binding a new one unbinds the old" a single upsert. Only a user bound to an account
 * of an enterprise may edit that enterprise and its exhibitor rows.
 */
export const exhibitorBindings = pgTable(
  'exhibitor_bindings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    exhibitorAccountId: text('exhibitor_account_id')
      .notNull()
      .references(() => exhibitorAccounts.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.meetingId] }),
    index('exhibitor_bindings_account_idx').on(t.exhibitorAccountId),
  ],
);

/** Applications to exhibit at a meeting (POST /meetings/{id}/exhibitor/apply, §2 /meeting/apply). */
export const exhibitorApplications = pgTable(
  'exhibitor_applications',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    company: text('company').notNull(),
    contactName: text('contact_name').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    message: text('message').notNull().default(''),
    /** 0 waiting for review, 1 approved (an enterprise and account were made), 2 rejected. */
    status: smallint('status').notNull().default(0),
    /** Why it was rejected, shown to the applicant. */
    reason: text('reason').notNull().default(''),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The enterprise made on approval. */
    enterpriseId: text('enterprise_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('exhibitor_applications_meeting_idx').on(t.meetingId, t.createdAt),
    index('exhibitor_applications_status_idx').on(t.meetingId, t.status),
  ],
);

/**
 * Totals of the pavilion page counters (POST /meetings/{id}/exhibitor/category/views, /area/views,
 * /product/category/views): one row per meeting, page kind and target (category id, area name, or ''
 * for the page as a whole), incremented by an atomic upsert.
 */
export const exhibitionViewTotals = pgTable(
  'exhibition_view_totals',
  {
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'exhibitor_category' | 'exhibition_area' | 'product_category'>().notNull(),
    target: text('target').notNull().default(''),
    viewsTotal: integer('views_total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.kind, t.target] })],
);
