import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * One-time codes sent by SMS or mail. Only an HMAC of the code is stored. `failedAttempts` carries
 * over to the next code for the same address and purpose, so asking for a new code does not buy more
 * guesses.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: idColumn(),
    channel: text('channel', { enum: ['sms', 'mail'] }).notNull(),
    /** Normalised address: E.164 phone or lower-cased e-mail. */
    address: text('address').notNull(),
    purpose: text('purpose', { enum: ['login', 'bind', 'change'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    meetingId: text('meeting_id'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, or when a newer code for the same address and purpose replaces it. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_address_idx').on(t.channel, t.address, t.purpose, t.createdAt),
    check('verification_codes_attempts_nonnegative', sql`${t.failedAttempts} >= 0`),
  ],
);

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
    /** The enterprise it manages (issue 5). */
    enterpriseId: text('enterprise_id'),
    enabled: smallint('enabled').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('exhibitor_accounts_meeting_account_unique').on(t.meetingId, t.account)],
);
