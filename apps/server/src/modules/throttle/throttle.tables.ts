import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed credential tries (wrong SMS/e-mail codes, wrong passwords), one row per throttle scope and
 * key — (account, IP), IP, account — so a stranger's guesses slow the stranger down, never lock the
 * owner out (throttle.service.ts). The key is an HMAC of the phone, e-mail, account name or IP, not
 * the value itself. Rows untouched for a day are pruned.
 */
export const credentialFailures = pgTable(
  'credential_failures',
  {
    scope: text('scope').notNull(),
    /** hex HMAC-SHA256(AUTH_SECRET, scope|key). */
    keyHash: text('key_hash').notNull(),
    /** Failed tries since the count last started (forgotten after the rule's quiet period). */
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    /** No try of this scope and key is compared before this time (null: none waiting). */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.keyHash] }),
    index('credential_failures_last_failure_idx').on(t.lastFailureAt),
  ],
);
