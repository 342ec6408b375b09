import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns.ts';

/**
 * One-time codes sent by SMS or mail (§7 Login). Only an HMAC of the code is stored, bound to
 * channel, address and purpose. Failed tries are counted in credential_failures
 * (modules/throttle), in their own transaction, so they survive a caller's rolled-back transaction
 * and carry over to the next code.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: idColumn(),
    channel: text('channel', { enum: ['sms', 'mail'] }).notNull(),
    /** Normalised address: E.164 phone or lower-cased e-mail. */
    address: text('address').notNull(),
    purpose: text('purpose', { enum: ['login', 'bind', 'change'] }).notNull(),
    /** hex HMAC-SHA256(AUTH_SECRET, `channel|address|purpose|code`). */
    codeHash: text('code_hash').notNull(),
    meetingId: text('meeting_id'),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, or when a newer code for the same address and purpose replaces it. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_address_idx').on(t.channel, t.address, t.purpose, t.createdAt)],
);
