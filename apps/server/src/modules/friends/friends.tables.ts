import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Stored states of a friend application (§4 Connection application). The §4 words map onto them:
 * 'apply' is the action, 'connecting' / 'submitted' is a pending application ('submitted'), then
 * 'cancelled' (by the applicant), 'ignored' (by the target), 'accepted' (→ the two are 'connected').
 */
export type FriendApplicationStatus = 'submitted' | 'cancelled' | 'ignored' | 'accepted';

/**
 * Friend applications (§4, §7 /user/friend/applications): from `applicant_id` to `target_id`, made
 * in a meeting, with an optional message (≤ 200 characters). At most one pending application per
 * ordered pair. The target's users.new_friend_application_total counts their pending ones.
 */
export const friendApplications = pgTable(
  'friend_applications',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: text('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    status: text('status').$type<FriendApplicationStatus>().notNull().default('submitted'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('friend_applications_pending_uq')
      .on(t.applicantId, t.targetId)
      .where(sql`${t.status} = 'submitted'`),
    index('friend_applications_target_idx').on(t.targetId, t.status, t.createdAt.desc()),
    index('friend_applications_applicant_idx').on(t.applicantId, t.createdAt.desc()),
    check(
      'friend_applications_status_known',
      sql`${t.status} in ('submitted', 'cancelled', 'ignored', 'accepted')`,
    ),
    check('friend_applications_not_self', sql`${t.applicantId} <> ${t.targetId}`),
    check('friend_applications_message_length', sql`char_length(${t.message}) <= 200`),
  ],
);

/** How two users got connected: an accepted application or a scanned personal QR (card exchange). */
export type FriendshipSource = 'application' | 'card';

/**
 * Connections (§7 /user/friends, §6 "only connected friends see contact details"): one row per
 * direction, so (a, b) and (b, a) are written and deleted together. A person-level network: made in
 * `meeting_id`, valid in every meeting.
 */
export const friendships = pgTable(
  'friendships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: text('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    source: text('source').$type<FriendshipSource>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.friendId] }),
    index('friendships_friend_idx').on(t.friendId),
    check('friendships_not_self', sql`${t.userId} <> ${t.friendId}`),
    check('friendships_source_known', sql`${t.source} in ('application', 'card')`),
  ],
);
