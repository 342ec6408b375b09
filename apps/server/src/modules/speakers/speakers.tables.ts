import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
import { meetings } from '../meetings/meetings.tables.ts';

/** Speakers of a meeting (§3 Speaker). */
export const speakers = pgTable(
  'speakers',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    /**
     * Identity of an imported speaker in its source (`guid:…`, `code:…`, `id:…` or `name:…`): a re-import
     * updates the same row. Null for speakers entered by hand.
     */
    sourceKey: text('source_key'),
    externalId: integer('external_id'),
    code: text('code'),
    guid: text('guid'),
    name: text('name').notNull(),
    workTitle: localizedColumn('work_title'),
    company: localizedColumn('company'),
    photo: text('photo').notNull().default(''),
    biography: localizedColumn('biography'),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
    userId: text('user_id'),
    links: jsonbValue<ReferenceRow[]>('links').notNull().default([]),
    /** Person fields of the source we do not model, kept for a lossless export. */
    extra: jsonbValue<Record<string, unknown>>('extra').notNull().default({}),
    weight: integer('weight').notNull().default(0),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('speakers_meeting_source_key_uq').on(t.meetingId, t.sourceKey),
    index('speakers_meeting_idx').on(t.meetingId, t.weight),
    index('speakers_user_idx').on(t.userId),
  ],
);
