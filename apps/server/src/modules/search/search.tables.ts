import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, jsonbValue, updatedAtColumn } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';

/** A PostgreSQL `tsvector` (built in SQL with `to_tsvector('simple', …)`; never read back by the app). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Item types the meeting search covers (/meeting/search, §2). */
export type SearchItemType = 'agenda' | 'speaker' | 'exhibitor' | 'product' | 'news' | 'document';

/**
 * The meeting search index (/meeting/search, §2): one row per visible item and meeting. Deleted,
 * hidden and draft items have no row, so a search can never return them. `words` holds the words
 * segmented in Node (jieba for Chinese, Intl.Segmenter for Japanese, folded Latin words) under the
 * `simple` configuration — neither PGlite nor Debian's PostgreSQL has a Chinese parser — with the
 * title's words weighted A and the body's B; `title_text` (every title language, folded, one per
 * line) carries a trigram index for CJK substrings of titles (typos go through search_terms). `title`, `summary`,
 * `image` and `starts_at` are what a result shows, so a search reads this table only.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    itemType: text('item_type').$type<SearchItemType>().notNull(),
    itemId: text('item_id').notNull(),
    /** The enterprise of an exhibitor or product ('' otherwise). */
    parentId: text('parent_id').notNull().default(''),
    title: jsonbValue<string | Record<string, string>>('title').notNull(),
    summary: jsonbValue<string | Record<string, string>>('summary').notNull(),
    image: text('image').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    titleText: text('title_text').notNull(),
    words: tsvector('words').notNull(),
    /** The item's own order (weight) among equally ranked results. */
    weight: integer('weight').notNull().default(0),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.itemType, t.itemId] }),
    index('search_documents_item_idx').on(t.itemType, t.itemId),
    index('search_documents_words_idx').using('gin', t.words),
    index('search_documents_title_trgm_idx').using('gin', t.titleText.op('gin_trgm_ops')),
  ],
);

/**
 * A meeting's typo vocabulary (/meeting/search, §2): the Latin-script words of 4+ letters of its
 * indexed titles, with a trigram index. A query word that matches nothing is corrected to the
 * vocabulary's closest words, which are then searched like any word — a trigram test of a few
 * thousand words instead of every title. Written with the index rows; pruned by full rebuilds.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.term] }),
    index('search_terms_term_trgm_idx').using('gin', t.term.op('gin_trgm_ops')),
  ],
);

/**
 * A meeting's index version: one more each time a transaction rewrites or deletes any of its index
 * rows (search.repository.ts, at the end of the rewrite). A search reads it before it reads the
 * index, so a result cached under an older version is never answered again — on any replica.
 */
export const searchIndexVersions = pgTable('search_index_versions', {
  meetingId: text('meeting_id')
    .primaryKey()
    .references(() => meetings.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Items whose index rows are stale: row triggers on the source tables (agendas, agenda_speakers,
 * speakers, exhibitors, enterprises, products) insert one row in the writer's own transaction, so a
 * committed change always leaves its mark, whichever replica, import or seed wrote it. Searches drain
 * their meeting's rows (and the meeting-less ones) before they read; a job drains the rest.
 * Insert-only, no unique key, so a writer never waits for a draining search.
 */
export const searchDirty = pgTable(
  'search_dirty',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemType: text('item_type').notNull(),
    itemId: text('item_id').notNull(),
    /** The item's meeting; null for enterprises and products shown at every meeting of their enterprise. */
    meetingId: text('meeting_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('search_dirty_meeting_idx').on(t.meetingId, t.id)],
);

/**
 * The search-keyword log (§7 search-keyword paths): one row per search a visitor made. `user_id` is
 * the signed-in user or, for an anonymous caller, the device id (§7). `is_cleared` 1 hides the row
 * from the caller's recent keywords (deleted by them) but keeps it in the meeting's hot counts.
 */
export const searchKeywords = pgTable(
  'search_keywords',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    keyword: text('keyword').notNull(),
    resultTotal: integer('result_total').notNull().default(0),
    isCleared: smallint('is_cleared').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('search_keywords_meeting_time_idx').on(t.meetingId, t.createdAt),
    index('search_keywords_user_idx').on(t.meetingId, t.userId, t.createdAt),
  ],
);

/** The last full rebuild of a meeting's index asked from the console, with its progress. */
export const searchRebuilds = pgTable('search_rebuilds', {
  meetingId: text('meeting_id')
    .primaryKey()
    .references(() => meetings.id, { onDelete: 'cascade' }),
  status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull(),
  done: integer('done').notNull().default(0),
  total: integer('total').notNull().default(0),
  error: text('error').notNull().default(''),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: updatedAtColumn(),
});
