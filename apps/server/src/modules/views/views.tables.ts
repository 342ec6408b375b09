import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../../db/columns.ts';

/**
 * Views not folded yet (§7 every `…/views` call, issue "view counters"): one row per counted view,
 * inserted by the request and nothing else — no counter row is updated on the request path, so
 * concurrent views never wait on one another. The fold job (views.fold.ts) deletes a batch with
 * `DELETE … RETURNING` and, in the same transaction, adds it to the totals, the per-type view logs
 * and the viewers' footprints: a row is counted exactly once whatever the number of replicas.
 * `count` > 1 only for a flushed batch of device-counted cover shows (§9).
 */
export const viewEvents = pgTable('view_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  targetType: text('target_type').notNull(),
  /** The viewed item's id; for pavilion pages the category id or area name ('' = the page). */
  targetId: text('target_id').notNull(),
  meetingId: text('meeting_id'),
  userId: text('user_id'),
  deviceId: text('device_id'),
  sourceId: text('source_id'),
  count: integer('count').notNull().default(1),
  createdAt: createdAtColumn(),
});

/**
 * Folded totals of the counted types that have no `views_total` column of their own (cover shows and
 * views, meeting attachments page, content pages, news …): one row per type and target.
 */
export const viewTotals = pgTable(
  'view_totals',
  {
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    meetingId: text('meeting_id'),
    viewsTotal: bigint('views_total', { mode: 'number' }).notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.targetType, t.targetId] }),
    index('view_totals_meeting_idx').on(t.meetingId, t.targetType, t.viewsTotal),
  ],
);

/**
 * Footprints (browsing history): one row per viewer and viewed item with the last time they viewed
 * it, kept up by the fold job. The viewer is the logged-in user, or the device when anonymous
 * (`owner` = 'u:<user id>' or 'd:<device id>'). DELETE /logs/{id} removes one of the caller's own.
 */
export const footprints = pgTable(
  'footprints',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    owner: text('owner').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    meetingId: text('meeting_id'),
    viewsTotal: integer('views_total').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('footprints_owner_target_unique').on(t.owner, t.targetType, t.targetId),
    index('footprints_owner_recent_idx').on(t.owner, t.lastViewedAt),
  ],
);
