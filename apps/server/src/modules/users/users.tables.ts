import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, deletedColumn, idColumn, jsonbValue, updatedAtColumn } from '../../db/columns.ts';

/**
 * Accounts (§3 User). One person across all meetings; sessions are bound to a meeting.
 * `phone` is stored in E.164 (`+8613800138000`) and `email` lower-cased, each unique among users so a
 * phone or e-mail is attached to one user only (§5).
 */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    username: text('username').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** E.164, e.g. +8613800138000; null until bound. */
    phone: text('phone'),
    /** Calling code without '+', e.g. '86'. */
    areaCode: text('area_code'),
    email: text('email'),
    language: text('language'),
    workTitle: text('work_title').notNull().default(''),
    workCompany: text('work_company').notNull().default(''),
    newFriendApplicationTotal: integer('new_friend_application_total').notNull().default(0),
    /** Set when an organiser disables the account: every session is revoked and login refused. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('users_phone_unique').on(t.phone),
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Third-party identities of a user (WeChat openid/unionid, Google and Facebook subject ids). */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Profile as the provider gave it (nickname, picture, email, unionid …). */
    profile: jsonbValue<Record<string, unknown>>('profile').notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);
