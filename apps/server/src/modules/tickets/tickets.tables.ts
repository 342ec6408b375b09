import type { FormAnswers } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, deletedColumn, idColumn, jsonbValue, updatedAtColumn } from '../../db/columns.ts';
import { activities, activityPrices, activitySources } from '../activities/activities.tables.ts';
import { agents } from '../agents/agents.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Tickets (§3 Ticket, §4 Ticket): one registration of one person for one activity.
 * `status` 0 under review, 1 registered (approved), 2 rejected, 3 successful (approved and checked
 * in); 1 and 3 count as approved. `code` is the secret printed in the QR code: 128 random bits,
 * never derived from the id. Partial unique indexes make "Please only sign up once." and the
 * phone / e-mail / ID-number uniqueness per activity a database guarantee (§5, §8).
 */
export const tickets = pgTable(
  'tickets',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    priceId: text('price_id')
      .notNull()
      .references(() => activityPrices.id, { onDelete: 'restrict' }),
    sourceId: text('source_id').references(() => activitySources.id, { onDelete: 'set null' }),
    /** The registrant's account; null for a group member registered by their leader. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    agentId: text('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    /** 1: entered by an organiser (§6), never settable through the public API. */
    inputByAdmin: smallint('input_by_admin').notNull().default(0),
    name: text('name').notNull().default(''),
    /** E.164 phone, or null when the form asks none. */
    phone: text('phone'),
    areaCode: text('area_code'),
    /** Lower-cased e-mail, or null. */
    email: text('email'),
    /** Normalised ID number (upper-case X), or null. */
    idNumber: text('id_number'),
    job: text('job').notNull().default(''),
    company: text('company').notNull().default(''),
    /** Answers to the form's member questions whose conditions hold (question id → value). */
    answers: jsonbValue<FormAnswers>('answers').notNull().default({}),
    /** Price in cents when registered (a snapshot: later edits of the type do not change it). */
    amount: integer('amount').notNull().default(0),
    /** The QR secret (26 Crockford base32 characters, 128 bits). */
    code: text('code').notNull(),
    /** Seat number assigned by an organiser (§3 Registrant), '' until assigned. */
    seatNumber: text('seat_number').notNull().default(''),
    /** Why the registration was rejected (§4), shown to the registrant; '' otherwise. */
    reviewReason: text('review_reason').notNull().default(''),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: text('checked_in_by'),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('tickets_code_uq').on(t.code),
    uniqueIndex('tickets_activity_user_uq')
      .on(t.activityId, t.userId)
      .where(sql`${t.deleted} = 0 and ${t.agentId} is null and ${t.userId} is not null`),
    uniqueIndex('tickets_activity_phone_uq')
      .on(t.activityId, t.phone)
      .where(sql`${t.deleted} = 0 and ${t.phone} is not null`),
    uniqueIndex('tickets_activity_email_uq')
      .on(t.activityId, t.email)
      .where(sql`${t.deleted} = 0 and ${t.email} is not null`),
    uniqueIndex('tickets_activity_id_number_uq')
      .on(t.activityId, t.idNumber)
      .where(sql`${t.deleted} = 0 and ${t.idNumber} is not null`),
    index('tickets_user_idx').on(t.userId, t.createdAt),
    index('tickets_agent_idx').on(t.agentId),
    index('tickets_activity_idx').on(t.activityId, t.status, t.createdAt),
    // The console's registration table (§9 limits: fast at 10,000 rows): pages of a meeting in
    // creation order, and its search over name, phone, e-mail and company (the exact expression of
    // console-registrations.repository.ts) by trigrams.
    index('tickets_meeting_created_idx')
      .on(t.meetingId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deleted} = 0`),
    index('tickets_search_trgm_idx')
      .using(
        'gin',
        sql`lower(${t.name} || E'\n' || coalesce(${t.phone}, '') || E'\n' || coalesce(${t.email}, '') || E'\n' || ${t.company}) gin_trgm_ops`,
      )
      .where(sql`${t.deleted} = 0`),
    check('tickets_status_known', sql`${t.status} between 0 and 3`),
    check('tickets_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

/**
 * Check-in scans (§4 "check-in by an approve call"). `scan_key` is the one-time key the scanner
 * sends with each scan: a retried request finds its row and answers the same result instead of
 * checking in twice.
 */
export const ticketScans = pgTable(
  'ticket_scans',
  {
    scanKey: text('scan_key').primaryKey(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    staffUserId: text('staff_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1: this scan checked the ticket in; 0: it was already checked in. */
    isFirst: smallint('is_first').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('ticket_scans_ticket_idx').on(t.ticketId)],
);
