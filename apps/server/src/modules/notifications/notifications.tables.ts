import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, jsonbValue, updatedAtColumn } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/** What a notification is about (the in-app notification centre under Me). */
export const notificationKinds = [
  'friend.application',
  'friend.accepted',
  'appointment.request',
  'appointment.answer',
  'registration.review',
  'question.answer',
  'speaker.invitation',
  'live.reminder',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * In-app notifications of a user. `values` fills the kind's text in the reader's language on the
 * client (names, titles); `path` + `query` open the item in the app. `read_at` null = unread.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id').references(() => meetings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    values: jsonbValue<Record<string, string>>('values').notNull().default({}),
    path: text('path').notNull().default(''),
    query: jsonbValue<Record<string, string>>('query').notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Per-user, per-kind channel choices: `mail` / `sms` 0 turns that channel off for that kind. No row =
 * both on. The in-app entry is always written.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    mail: smallint('mail').notNull().default(1),
    sms: smallint('sms').notNull().default(1),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_preferences_flags', sql`${t.mail} in (0, 1) and ${t.sms} in (0, 1)`),
  ],
);
