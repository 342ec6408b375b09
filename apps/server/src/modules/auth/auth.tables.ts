import { index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/** Exhibitor accounts (login by account + password, POST /tokens/exhibitor), per meeting. */
export const exhibitorAccounts = pgTable(
  'exhibitor_accounts',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    /** Login name, lower-cased. */
    account: text('account').notNull(),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** The user this account signs in as (created on first login when null). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The enterprise it manages (§3 Exhibitor). Removing the enterprise unbinds the account (set
     * null) rather than leaving it pointing at nothing.
     */
    enterpriseId: text('enterprise_id').references(() => enterprises.id, { onDelete: 'set null' }),
    enabled: smallint('enabled').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('exhibitor_accounts_meeting_account_unique').on(t.meetingId, t.account)],
);

/**
 * Signatures of POST /tokens/phone/v2 already used: a signature is accepted once (replay refused by
 * the primary key). Rows older than twice the allowed clock skew are pruned, since such signatures are
 * refused as stale anyway.
 */
export const phoneTokenUses = pgTable(
  'phone_token_uses',
  {
    signature: text('signature').primaryKey(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('phone_token_uses_used_at_idx').on(t.usedAt)],
);

/**
 * One-time links that let an exhibitor account set its password (sent by SMS/mail when an organiser
 * approves an application or resets a password). Only the SHA-256 of the token is kept; a token is
 * used once and expires.
 */
export const exhibitorPasswordTokens = pgTable(
  'exhibitor_password_tokens',
  {
    /** hex SHA-256 of the token in the link. */
    tokenHash: text('token_hash').primaryKey(),
    exhibitorAccountId: text('exhibitor_account_id')
      .notNull()
      .references(() => exhibitorAccounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('exhibitor_password_tokens_account_idx').on(t.exhibitorAccountId)],
);
