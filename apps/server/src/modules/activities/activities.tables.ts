import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
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

/**
 * Activities (§3 Activity): something of a meeting people register for — a forum, a workshop, a
 * dinner. `ticket_total` counts live registrations; it is only ever moved by a conditional update
 * (`ticket_total + n <= max`) and the CHECK below is the backstop: the database refuses an oversold
 * activity whatever the code does (§4 Activity registration: full when ticket_total reaches max).
 */
export const activities = pgTable(
  'activities',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    title: localizedColumn('title'),
    /** Plain text with line breaks (shown as text, never as HTML). */
    description: localizedColumn('description'),
    covers: jsonbValue<string[]>('covers').notNull().default([]),
    address: localizedColumn('address'),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    /** Registration opens at this instant; null opens it at once. */
    registrationStart: timestamp('registration_start', { withTimezone: true }),
    /** Registration closes at this instant; null is "no deadline" (the wire's 0). */
    deadline: timestamp('deadline', { withTimezone: true }),
    /** Most registrations the activity takes; 0 = no limit. */
    max: integer('max').notNull().default(0),
    /** Live registrations (tickets not deleted), moved only by the conditional update. */
    ticketTotal: integer('ticket_total').notNull().default(0),
    /** 1 on site, 0 online. */
    offline: smallint('offline').notNull().default(1),
    enableShow: smallint('enable_show').notNull().default(1),
    enableRegistrationEntrance: smallint('enable_registration_entrance').notNull().default(1),
    /** 1: new registrations wait for review (ticket status 0), else they are approved (1). */
    isReview: smallint('is_review').notNull().default(0),
    enableResubmitAnswer: smallint('enable_resubmit_answer').notNull().default(0),
    enableDeadlineAnswer: smallint('enable_deadline_answer').notNull().default(0),
    /** 1: private — not listed, and linked-activity options pointing here are disabled (§5). */
    privacy: smallint('privacy').notNull().default(0),
    /** 1: group (agent) registration is offered. */
    enableAgent: smallint('enable_agent').notNull().default(0),
    /** 'v2' selects the v2 group flow, anything else v1 (§3). */
    agentCheckoutVersion: text('agent_checkout_version').notNull().default('v1'),
    /** Group size cap (members per group, §9 "{n} members"). */
    agentMaxMembers: integer('agent_max_members').notNull().default(20),
    viewsTotal: integer('views_total').notNull().default(0),
    weight: integer('weight').notNull().default(0),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('activities_meeting_idx').on(t.meetingId, t.weight, t.start, t.id),
    check('activities_max_nonnegative', sql`${t.max} >= 0`),
    check('activities_ticket_total_nonnegative', sql`${t.ticketTotal} >= 0`),
    check('activities_not_oversold', sql`${t.max} = 0 or ${t.ticketTotal} <= ${t.max}`),
    check('activities_views_nonnegative', sql`${t.viewsTotal} >= 0`),
    check('activities_end_after_start', sql`${t.end} >= ${t.start}`),
    check('activities_agent_max_members_positive', sql`${t.agentMaxMembers} >= 1`),
  ],
);

/**
 * Ticket types of an activity (§3 "price item: amount in cents", "total, sold_total"): what a
 * registrant picks. `sold_total` moves only by the conditional update `sold_total + n <= total`;
 * the CHECK is the backstop. `version` grows on every edit so a client holding an old copy gets 4340.
 */
export const activityPrices = pgTable(
  'activity_prices',
  {
    id: idColumn(),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    title: localizedColumn('title'),
    description: localizedColumn('description'),
    /**
     * Price in cents; 0 is free. A paid type is bought through POST /checkout/activities (§7 Activities,
     * §4 Order); POST /tickets refuses it (payment.unavailable).
     */
    amount: integer('amount').notNull().default(0),
    /** Tickets of this type on sale; null = no limit. */
    total: integer('total'),
    soldTotal: integer('sold_total').notNull().default(0),
    /** Most tickets of this type one group may hold; 0 = no limit ("limit per ticket reached"). */
    maxPerAgent: integer('max_per_agent').notNull().default(0),
    version: integer('version').notNull().default(1),
    weight: integer('weight').notNull().default(0),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('activity_prices_activity_idx').on(t.activityId, t.weight),
    check('activity_prices_amount_nonnegative', sql`${t.amount} >= 0`),
    check('activity_prices_sold_total_nonnegative', sql`${t.soldTotal} >= 0`),
    check('activity_prices_not_oversold', sql`${t.total} is null or ${t.soldTotal} <= ${t.total}`),
  ],
);

/**
 * Registration channels (§3 "Sources: source_id, max, signup_total, default"): a partner, a mail
 * campaign, a QR code at a booth. `signup_total` moves by the same conditional update as the others.
 */
export const activitySources = pgTable(
  'activity_sources',
  {
    id: idColumn(),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    /** Sign-up limit of this channel; 0 = no limit. */
    max: integer('max').notNull().default(0),
    signupTotal: integer('signup_total').notNull().default(0),
    /** 1: the channel used when a registration names none. */
    isDefault: smallint('is_default').notNull().default(0),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('activity_sources_activity_idx').on(t.activityId),
    check('activity_sources_signup_total_nonnegative', sql`${t.signupTotal} >= 0`),
    check('activity_sources_not_oversold', sql`${t.max} = 0 or ${t.signupTotal} <= ${t.max}`),
  ],
);

/** One row per counted view of an activity (POST /activities/{id}/views). */
export const activityViews = pgTable(
  'activity_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    deviceId: text('device_id'),
    sourceId: text('source_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('activity_views_activity_idx').on(t.activityId, t.createdAt)],
);

/**
 * The invite list of a private activity (§6 'Private events … need registration or permission'): a
 * phone (E.164) or an e-mail (lower-cased) per row; a logged-in user whose phone or e-mail is listed
 * may register. Checked in the registration's own transaction (tickets.registration.ts).
 */
export const activityInvites = pgTable(
  'activity_invites',
  {
    id: idColumn(),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    phone: text('phone'),
    email: text('email'),
    /** The organiser who added it. */
    createdBy: text('created_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('activity_invites_phone_uq').on(t.activityId, t.phone),
    uniqueIndex('activity_invites_email_uq').on(t.activityId, t.email),
    check('activity_invites_address', sql`${t.phone} is not null or ${t.email} is not null`),
    check('activity_invites_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);
