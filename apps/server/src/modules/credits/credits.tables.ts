import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, localizedColumn, updatedAtColumn } from '../../db/columns.ts';
import { activities } from '../activities/activities.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Credits an activity awards on check-in (§7 GET /activities/{id}/credits): a training session's
 * continuing-education points, in tenths (15 = 1.5 credits), with the certificate's wording. A ticket
 * checked in (status 3) of an activity with `enabled` 1 has earned them.
 */
export const activityCredits = pgTable(
  'activity_credits',
  {
    activityId: text('activity_id')
      .primaryKey()
      .references(() => activities.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    enabled: smallint('enabled').notNull().default(1),
    creditsTenths: integer('credits_tenths').notNull().default(0),
    /** What the credits are called on the certificate ("CME credits"), per language. */
    certificateTitle: localizedColumn('certificate_title'),
    /** Who signs the certificate (name and role), per language. */
    signer: localizedColumn('signer'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('activity_credits_meeting_idx').on(t.meetingId),
    check('activity_credits_range', sql`${t.creditsTenths} between 0 and 10000`),
  ],
);

/**
 * Union codes (§7 GET /activity/unioncodes, PUT /activity/attendees/unioncode): a partner's codes the
 * organiser imports for an activity; an attendee enters one on their ticket. Each code is used once:
 * the claim is one conditional update (`ticket_id is null`), and a ticket holds at most one code.
 */
export const unionCodes = pgTable(
  'union_codes',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The partner (or import batch) the code came from. */
    partner: text('partner').notNull().default(''),
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    usedBy: text('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('union_codes_activity_code_uq').on(t.activityId, t.code),
    uniqueIndex('union_codes_ticket_uq').on(t.ticketId).where(sql`${t.ticketId} is not null`),
    index('union_codes_meeting_idx').on(t.meetingId, t.activityId, t.createdAt),
  ],
);
