import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  createdAtColumn,
  deletedColumn,
  idColumn,
  localizedColumn,
  updatedAtColumn,
} from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Content pages built of blocks (§2 /meeting/introduction `content_id`, /meeting/branch,
 * /meeting/contact, /conference, the /sichuan-culture microsite): the page's header only; its blocks
 * (blocks.page_id) are versioned with the meeting's. Any number of introductions; one live page of
 * each other kind per meeting, except `microsite` pages, one live page per `slug` (home, my, meeting,
 * list, list2, map, technology, exhibition, re-build, playbill, live, wllive).
 */
export const pages = pgTable(
  'pages',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: localizedColumn('title'),
    /** A microsite page's name in its path (§2 /sichuan-culture/{slug}); null for every other kind. */
    slug: text('slug'),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('pages_meeting_idx').on(t.meetingId, t.kind),
    uniqueIndex('pages_meeting_kind_unique')
      .on(t.meetingId, t.kind)
      .where(sql`${t.kind} not in ('introduction', 'microsite') and ${t.deleted} = 0`),
    uniqueIndex('pages_meeting_slug_unique')
      .on(t.meetingId, t.slug)
      .where(sql`${t.kind} = 'microsite' and ${t.deleted} = 0`),
    check('pages_slug_only_microsite', sql`(${t.kind} = 'microsite') = (${t.slug} is not null)`),
  ],
);

/**
 * The versions of a meeting's blocks (§3 block_release_version / block_draft_version, §7 GET
 * /meetings/{meeting_id}/block/versions): one row per version number. `revision` counts the saves of
 * a draft: a save, publish or rollback names the revision it read and bumps it in one conditional
 * UPDATE, so a stale editor gets 409 instead of overwriting a newer draft.
 */
export const blockVersions = pgTable(
  'block_versions',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** initial | draft | rollback */
    origin: text('origin').notNull(),
    sourceVersion: integer('source_version'),
    revision: integer('revision').notNull().default(0),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('block_versions_meeting_version_unique').on(t.meetingId, t.version)],
);
