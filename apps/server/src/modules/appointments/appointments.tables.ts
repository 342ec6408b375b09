import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, deletedColumn, idColumn, updatedAtColumn } from '../../db/columns.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Meeting requests between a visitor and an exhibitor (§3 Meeting request, §4 Appointment).
 *
 * Times are UTC instants; `timezone` is the IANA zone the requester chose, kept to show the request in
 * it and to write calendar entries with it. Status: 0 applying, 1 accepted, 2 ignored, 3 retracted,
 * 4 cancelled (packages/domain appointment-state).
 *
 * Database guarantees (migration 0004 adds the two exclusion constraints by hand, drizzle-kit does not
 * model them):
 * - `appointments_slot_active_uq`: an exhibitor's published slot is held by at most one applying or
 *   accepted request, so two visitors booking the same slot at once give exactly one success;
 * - `appointments_enterprise_accepted_no_overlap` (EXCLUDE USING gist, btree_gist): an enterprise
 *   never has two accepted appointments whose times overlap, whoever accepts them and however fast;
 * - `appointments_requester_active_uq`: the same person cannot hold two live requests to the same
 *   enterprise at the same start (a double-tapped submit).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    enterpriseId: text('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    requesterUserId: text('requester_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The exhibitor's published slot this request books, or null for a free-form time. */
    scheduleId: text('schedule_id').references((): AnyPgColumn => schedules.id, { onDelete: 'set null' }),
    start: timestamp('start_at', { withTimezone: true }).notNull(),
    end: timestamp('end_at', { withTimezone: true }).notNull(),
    /** IANA zone chosen by the requester, e.g. 'Asia/Shanghai'. */
    timezone: text('timezone').notNull(),
    mode: text('mode').$type<'online' | 'offline'>().notNull(),
    /** Where to meet: the booth position for offline meetings ('' when not given). */
    booth: text('booth').notNull().default(''),
    /** What the requester wants to talk about (required, ≤ 500 characters). */
    matter: text('matter').notNull(),
    /** Why it was ignored or cancelled ('' when none was given). */
    reason: text('reason').notNull().default(''),
    status: smallint('status').$type<0 | 1 | 2 | 3 | 4>().notNull().default(0),
    /** 1 when the requester sent it despite the time-conflict warning. */
    isForced: smallint('is_forced').notNull().default(0),
    /** The exhibitor-side user who accepted, ignored or cancelled it. */
    handledByUserId: text('handled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who cancelled an accepted one: 'requester' | 'exhibitor' (null otherwise). */
    cancelledBy: text('cancelled_by').$type<'requester' | 'exhibitor'>(),
    /** DELETE /appointments/{id}: hidden from that side's lists (the other side still sees it). */
    isHiddenForRequester: smallint('is_hidden_for_requester').notNull().default(0),
    isHiddenForExhibitor: smallint('is_hidden_for_exhibitor').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('appointments_requester_idx').on(t.requesterUserId, t.meetingId, t.start),
    index('appointments_enterprise_idx').on(t.enterpriseId, t.meetingId, t.start),
    uniqueIndex('appointments_slot_active_uq')
      .on(t.scheduleId)
      .where(sql`${t.scheduleId} is not null and ${t.status} in (0, 1)`),
    uniqueIndex('appointments_requester_active_uq')
      .on(t.requesterUserId, t.enterpriseId, t.start)
      .where(sql`${t.status} in (0, 1)`),
    check('appointments_end_after_start', sql`${t.end} > ${t.start}`),
    check('appointments_status_known', sql`${t.status} between 0 and 4`),
    check('appointments_mode_known', sql`${t.mode} in ('online', 'offline')`),
  ],
);

/**
 * Schedules (§3 Schedule: start, end, deleted), two kinds:
 * - `slot`: a time an exhibitor publishes as bookable (owner: the enterprise). Booking it creates an
 *   appointment holding it (`appointments_slot_active_uq`); it is "full" while one is applying or
 *   accepted. Published slots of one enterprise never overlap (`schedules_slot_no_overlap`, gist).
 * - `appointment`: an accepted appointment in someone's schedule, one row for the requester (owner:
 *   user) and one for the enterprise, created on accept and soft-deleted on cancel.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'slot' | 'appointment'>().notNull(),
    /** Owner: exactly one of user and enterprise. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    enterpriseId: text('enterprise_id').references(() => enterprises.id, { onDelete: 'cascade' }),
    appointmentId: text('appointment_id').references((): AnyPgColumn => appointments.id, {
      onDelete: 'cascade',
    }),
    start: timestamp('start_at', { withTimezone: true }).notNull(),
    end: timestamp('end_at', { withTimezone: true }).notNull(),
    timezone: text('timezone').notNull(),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('schedules_user_idx').on(t.userId, t.meetingId, t.start),
    index('schedules_enterprise_idx').on(t.enterpriseId, t.meetingId, t.start),
    uniqueIndex('schedules_appointment_user_uq')
      .on(t.appointmentId, t.userId)
      .where(sql`${t.kind} = 'appointment' and ${t.userId} is not null`),
    uniqueIndex('schedules_appointment_enterprise_uq')
      .on(t.appointmentId, t.enterpriseId)
      .where(sql`${t.kind} = 'appointment' and ${t.enterpriseId} is not null`),
    check('schedules_one_owner', sql`(${t.userId} is null) <> (${t.enterpriseId} is null)`),
    check('schedules_end_after_start', sql`${t.end} > ${t.start}`),
    check('schedules_kind_known', sql`${t.kind} in ('slot', 'appointment')`),
    check(
      'schedules_kind_shape',
      sql`(${t.kind} = 'slot' and ${t.enterpriseId} is not null and ${t.appointmentId} is null) or (${t.kind} = 'appointment' and ${t.appointmentId} is not null)`,
    ),
  ],
);

/**
 * The secret of each user's iCalendar feed (beyond the spec; §3 Schedule): GET /api/calendars/{token}.ics
 * serves the user's schedule to a phone's calendar app without a login. 32 random bytes, base32; rotating it
 * replaces the row, so the old address stops working at once.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique('calendar_feeds_token_uq'),
  createdAt: createdAtColumn(),
});
