import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';

/**
 * The organiser's own word list of a meeting (§5 sensitive content): a word refused with its §5
 * category, or an allow-list word (category null, `allow` 1) that the baseline lists no longer refuse.
 * Words are stored normalised (moderation.normalize.ts), one row per (meeting, word).
 */
export const moderationWords = pgTable(
  'moderation_words',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    /** One of the ten §5 categories; null for an allow-list word. */
    category: text('category'),
    allow: integer('allow').notNull().default(0),
    createdBy: text('created_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('moderation_words_meeting_word_uq').on(t.meetingId, t.word)],
);

/**
 * Recent posts of a user in a meeting, for the flood check (§5 'flood'): the text's hash and the time.
 * Rows older than the longest window (10 minutes) are pruned as new ones are written.
 */
export const moderationPosts = pgTable(
  'moderation_posts',
  {
    id: idColumn(),
    meetingId: text('meeting_id').notNull(),
    userId: text('user_id').notNull(),
    textHash: text('text_hash').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('moderation_posts_user_idx').on(t.meetingId, t.userId, t.createdAt),
    index('moderation_posts_created_idx').on(t.createdAt),
  ],
);

/**
 * The organiser's review queue (§5, like Discourse's review queue): one row per moderated item,
 * flagged by the provider ('provider') or by reports ('report'). `state` pending → approved | blocked |
 * deleted; an approved or blocked item may be decided again (unblock, block). One row per meeting and
 * item: a profile (one user, every meeting) has a row in each meeting where it is queued.
 */
export const moderationItems = pgTable(
  'moderation_items',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    targetId: text('target_id').notNull(),
    /** The item's author. */
    userId: text('user_id').notNull(),
    source: text('source').$type<'provider' | 'report'>().notNull(),
    category: text('category'),
    reportsCount: integer('reports_count').notNull().default(0),
    state: text('state').$type<'pending' | 'approved' | 'blocked' | 'deleted'>().notNull().default('pending'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('moderation_items_meeting_target_uq').on(t.meetingId, t.kind, t.targetId),
    index('moderation_items_queue_idx').on(t.meetingId, t.state, t.updatedAt),
  ],
);

/** One report of an item by one user in a meeting (once per meeting: 409 report.duplicate). */
export const moderationReports = pgTable(
  'moderation_reports',
  {
    kind: text('kind').notNull(),
    targetId: text('target_id').notNull(),
    reporterId: text('reporter_id').notNull(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    /** One of the ten §5 categories or 'other'. */
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.kind, t.targetId, t.reporterId] })],
);

/**
 * A user blocked from posting in a meeting (403 moderation.banned) until `until`, or for good when
 * null. One row per (meeting, user); lifting the ban deletes it.
 */
export const moderationBans = pgTable(
  'moderation_bans',
  {
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    reason: text('reason').notNull().default(''),
    until: timestamp('until', { withTimezone: true }),
    createdBy: text('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] })],
);
