import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Visitors brought by an enterprise's invitation poster (§7 POST /enterprises/{id}/invites): one row
 * per device and enterprise in a meeting, its user filled in once the visitor is logged in. A
 * registration of that user in the meeting made after `created_at` is the enterprise's.
 */
export const enterpriseInvites = pgTable(
  'enterprise_invites',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    enterpriseId: text('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    /** Last visit through the invitation. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enterprise_invites_device_uq').on(t.meetingId, t.enterpriseId, t.deviceId),
    index('enterprise_invites_user_idx').on(t.meetingId, t.userId),
  ],
);
