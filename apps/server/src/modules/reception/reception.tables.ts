import type { ReceptionFormField } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  createdAtColumn,
  deletedColumn,
  idColumn,
  jsonbValue,
  localizedColumn,
  updatedAtColumn,
} from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Reception phases (§3 Reception guest "phase"; §2 /phases/{phase_id}): the organiser's steps of a
 * guest's stay (airport pick-up, hotel, dinner, main hall), in `position` order, each with its own
 * form (§2 /guests/{guest_id}/phases/{phase_id}/form). `staff_role` '1' / '2' limits the phase to the
 * receptionists of that sub-role (§3 reception_staff_role_1 / _2); null lets every receptionist work it.
 */
export const receptionPhases = pgTable(
  'reception_phases',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    title: localizedColumn('title'),
    description: localizedColumn('description'),
    position: integer('position').notNull().default(0),
    staffRole: text('staff_role'),
    /** The phase's form: the fields a receptionist fills for a guest at this phase. */
    form: jsonbValue<ReceptionFormField[]>('form').notNull().default([]),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('reception_phases_meeting_idx').on(t.meetingId, t.position, t.id),
    check('reception_phases_staff_role_known', sql`${t.staffRole} is null or ${t.staffRole} in ('1','2')`),
  ],
);

/**
 * Guests of the reception desk (§3 Guest: photo, name, title, optional description; §6 a guest is on
 * the list by phone, e-mail or code). `code` is the guest's own lookup code (unique per meeting);
 * `staff_user_id` the receptionist they are assigned to (the staff home lists them, §2 /staff).
 * `field_times` holds, per edited field, the corrected device time of the write that set it
 * (last writer wins per field, ordered by those times; the losers stay in reception_history).
 */
export const receptionGuests = pgTable(
  'reception_guests',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Storage key or URL of the photo, '' for none. */
    photo: text('photo').notNull().default(''),
    /** E.164 phone, or null. */
    phone: text('phone'),
    areaCode: text('area_code'),
    /** Lower-cased e-mail, or null. */
    email: text('email'),
    code: text('code').notNull(),
    /** The account that is this guest (matched by phone or e-mail at login), or null. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    staffUserId: text('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Free note for the desk (seat, dietary needs …). */
    note: text('note').notNull().default(''),
    fieldTimes: jsonbValue<Record<string, string>>('field_times').notNull().default({}),
    /** Grows on every change: the desk's caches compare it. */
    version: integer('version').notNull().default(1),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('reception_guests_code_uq').on(t.meetingId, t.code).where(sql`${t.deleted} = 0`),
    uniqueIndex('reception_guests_phone_uq')
      .on(t.meetingId, t.phone)
      .where(sql`${t.deleted} = 0 and ${t.phone} is not null`),
    uniqueIndex('reception_guests_email_uq')
      .on(t.meetingId, t.email)
      .where(sql`${t.deleted} = 0 and ${t.email} is not null`),
    index('reception_guests_meeting_idx').on(t.meetingId, t.name, t.id).where(sql`${t.deleted} = 0`),
    index('reception_guests_staff_idx').on(t.staffUserId).where(sql`${t.deleted} = 0`),
    index('reception_guests_user_idx').on(t.userId).where(sql`${t.deleted} = 0`),
    // The desk's search over name, title, phone, e-mail and code by trigrams (§9 fast at 10,000).
    index('reception_guests_search_trgm_idx')
      .using(
        'gin',
        sql`lower(${t.name} || E'\n' || ${t.title} || E'\n' || coalesce(${t.phone}, '') || E'\n' || coalesce(${t.email}, '') || E'\n' || ${t.code}) gin_trgm_ops`,
      )
      .where(sql`${t.deleted} = 0`),
  ],
);

/**
 * A guest's assignment to a phase and its reception status (§3 Reception guest; §4 Reception 0 not
 * received, 1 received). A row exists when the guest is assigned to the phase. `status_at` and
 * `answer_times` are the corrected device times of the writes that set them (last writer wins per
 * field); `status_by` who set the status.
 */
export const receptionGuestPhases = pgTable(
  'reception_guest_phases',
  {
    guestId: text('guest_id')
      .notNull()
      .references(() => receptionGuests.id, { onDelete: 'cascade' }),
    phaseId: text('phase_id')
      .notNull()
      .references(() => receptionPhases.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    statusAt: timestamp('status_at', { withTimezone: true }),
    statusBy: text('status_by').references(() => users.id, { onDelete: 'set null' }),
    /** The phase form's answers (field key → text). */
    answers: jsonbValue<Record<string, string>>('answers').notNull().default({}),
    answerTimes: jsonbValue<Record<string, string>>('answer_times').notNull().default({}),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.phaseId] }),
    index('reception_guest_phases_phase_idx').on(t.phaseId, t.status),
    index('reception_guest_phases_meeting_idx').on(t.meetingId),
    check('reception_guest_phases_status_known', sql`${t.status} in (0, 1)`),
  ],
);

/**
 * Every write to a guest or a guest's phase, applied or not (§4 reception; an offline update that lost
 * to a later one is kept here, never silently dropped). `mutation_id` is the client's id of the
 * write: a replayed queue finds its row and answers the same result. `client_at` is the device time
 * corrected with the server clock; `outcome` 'applied' or 'stale' (a later write already held the
 * field). The id orders the desk's change feed (GET …/changes?since=).
 */
export const receptionHistory = pgTable(
  'reception_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    guestId: text('guest_id')
      .notNull()
      .references(() => receptionGuests.id, { onDelete: 'cascade' }),
    phaseId: text('phase_id').references(() => receptionPhases.id, { onDelete: 'cascade' }),
    /** 'status', 'answer:<key>' or a guest field ('name', 'title', 'description', 'note', 'photo', …). */
    field: text('field').notNull(),
    value: jsonbValue<unknown>('value'),
    previous: jsonbValue<unknown>('previous'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id').notNull().default(''),
    mutationId: text('mutation_id'),
    clientAt: timestamp('client_at', { withTimezone: true }).notNull(),
    outcome: text('outcome').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('reception_history_mutation_uq').on(t.meetingId, t.mutationId),
    index('reception_history_meeting_idx').on(t.meetingId, t.id),
    index('reception_history_guest_idx').on(t.guestId, t.id),
    check('reception_history_outcome_known', sql`${t.outcome} in ('applied','stale')`),
  ],
);
