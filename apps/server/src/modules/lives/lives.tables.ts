import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * One user's standing in one live (§6, §7 PUT /lives/{id}/users/{user_id}, §9 reminder):
 * - `muted` 1: their chat messages are refused; `banned` 1: they may neither watch nor chat;
 *   `allowed` 1: granted a private live. Set by the meeting's moderators (console action lives.moderate).
 * - `subscribed` 1: asked for the reminder 10 minutes before the start (§9). `reminded_at` is set in
 *   the transaction that queues the reminder's SMS and mail, so a reminder goes out once, even when the
 *   job runs again after a restart; `replay_mailed_at` likewise for the replay-link mail after the end.
 */
export const liveUsers = pgTable(
  'live_users',
  {
    liveId: text('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    muted: smallint('muted').notNull().default(0),
    banned: smallint('banned').notNull().default(0),
    allowed: smallint('allowed').notNull().default(0),
    /** Who last changed muted / banned / allowed, and when. */
    moderatedBy: text('moderated_by'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    subscribed: smallint('subscribed').notNull().default(0),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    replayMailedAt: timestamp('replay_mailed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.liveId, t.userId] }),
    index('live_users_subscribed_idx').on(t.liveId).where(sql`${t.subscribed} = 1`),
    check(
      'live_users_flags',
      sql`${t.muted} in (0, 1) and ${t.banned} in (0, 1) and ${t.allowed} in (0, 1) and ${t.subscribed} in (0, 1)`,
    ),
  ],
);

/**
 * Viewers of a live from player heartbeats (§7 GET /lives/users): one row per viewer — a user, or an
 * anonymous device (`viewer_key` 'u:<user id>' or 'd:<device id>'). Online = last_seen_at within the
 * last 60 seconds. The first heartbeat of a viewer adds 1 to lives.viewer_total in its transaction.
 */
export const liveViewers = pgTable(
  'live_viewers',
  {
    liveId: text('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Seconds of watching counted from heartbeats (each adds the gap since the last, up to 60). */
    watchSeconds: integer('watch_seconds').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.liveId, t.viewerKey] }),
    index('live_viewers_online_idx').on(t.liveId, t.lastSeenAt),
  ],
);

/**
 * Chat messages of a live room (§7 /chats/count). `state` 'visible' is broadcast and listed;
 * 'review' waits in the moderation queue (never broadcast until approved); 'deleted' was removed by a
 * moderator (or the poster) and is broadcast as a removal.
 */
export const liveChatMessages = pgTable(
  'live_chat_messages',
  {
    id: idColumn(),
    liveId: text('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    state: text('state').$type<'visible' | 'review' | 'deleted'>().notNull().default('visible'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('live_chat_messages_live_idx').on(t.liveId, t.createdAt.desc()),
    check('live_chat_messages_state', sql`${t.state} in ('visible', 'review', 'deleted')`),
  ],
);
