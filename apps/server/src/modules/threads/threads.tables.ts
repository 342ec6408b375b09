import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, jsonbValue, updatedAtColumn } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/** Moderation state of a user-written item (community design): who may see it. */
export type ItemModerationState = 'visible' | 'review' | 'blocked' | 'deleted';

/**
 * Discussion threads of a meeting (§2 /meeting/thread/list, /meeting/talk). `images` are upload URLs
 * (jpg or png, §5). `like_total` and `reply_total` are kept atomically in SQL; `last_reply_at` is
 * the newest visible reply's time. `pinned` and `closed` are the organiser's (console); a closed
 * thread takes no replies. An author's delete sets `moderation_state` to 'deleted'.
 */
export const threads = pgTable(
  'threads',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    images: jsonbValue<string[]>('images').notNull().default(sql`'[]'::jsonb`),
    pinned: smallint('pinned').notNull().default(0),
    closed: smallint('closed').notNull().default(0),
    moderationState: text('moderation_state').$type<ItemModerationState>().notNull().default('visible'),
    likeTotal: integer('like_total').notNull().default(0),
    replyTotal: integer('reply_total').notNull().default(0),
    lastReplyAt: timestamp('last_reply_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('threads_meeting_list_idx').on(t.meetingId, t.moderationState, t.pinned, t.createdAt),
    index('threads_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Replies of a thread (§2 /meeting/talk), oldest first; `like_total` kept atomically. */
export const threadReplies = pgTable(
  'thread_replies',
  {
    id: idColumn(),
    threadId: text('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    moderationState: text('moderation_state').$type<ItemModerationState>().notNull().default('visible'),
    likeTotal: integer('like_total').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('thread_replies_thread_idx').on(t.threadId, t.createdAt)],
);

/** Who liked which thread: one row per (thread, user), so a like counts once. */
export const threadLikes = pgTable(
  'thread_likes',
  {
    targetId: text('target_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.targetId, t.userId] }), index('thread_likes_user_idx').on(t.userId)],
);

/** Who liked which reply: one row per (reply, user). */
export const threadReplyLikes = pgTable(
  'thread_reply_likes',
  {
    targetId: text('target_id')
      .notNull()
      .references(() => threadReplies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.targetId, t.userId] }), index('thread_reply_likes_user_idx').on(t.userId)],
);
