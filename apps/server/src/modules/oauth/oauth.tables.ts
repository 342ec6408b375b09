import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, jsonbValue } from '../../db/columns.ts';

/**
 * Pending third-party logins: the `state` sent to the identity provider with its PKCE verifier and
 * nonce, where to go afterwards, and a single-use mark. Kept in the database so any replica can
 * finish a login another one started. Also holds the WeChat bind tickets of the 4260 hand-back
 * (provider `wechat:bind`, the WeChat profile in `pending`). Rows are deleted once expired.
 */
export const oauthStates = pgTable('oauth_states', {
  /** The random `state` (or bind ticket) value itself: 256 bits as 64 hex digits (WeChat allows only [a-zA-Z0-9]). */
  id: text('id').primaryKey(),
  /** `google`, `facebook`, `wechat`, or `wechat:bind` for a bind ticket. */
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier'),
  nonce: text('nonce'),
  meetingId: text('meeting_id').notNull(),
  /** SPA route to open after login, e.g. `/meeting/home?meeting_id=…`. */
  redirect: text('redirect').notNull().default(''),
  /** After a WeChat login without a phone: the identity waiting to be bound (4260 hand-back). */
  pending: jsonbValue<Record<string, unknown>>('pending'),
  createdAt: createdAtColumn(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});
