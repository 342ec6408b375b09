import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from '../../db/columns.ts';
import { categories } from '../categories/categories.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/** Membership levels (§3): shown as a badge on the user page and in the people directory. */
export const membershipLevels = ['primer', 'senior', 'council', 'senior_council'] as const;
export type MembershipLevel = (typeof membershipLevels)[number];

/**
 * A user's profile in one meeting (§3 Exposure setting, membership levels; §7 PUT
 * /users/{id}/meetings/{meeting_id}, /users/{id}/tag, GET/PUT /meeting/users/exposure). No row means
 * every default: hidden from the people directory, card exchange allowed, no special identity.
 * - `exposure` 1: listed in /meeting/connection and recommendable (the user's own choice);
 * - `card_exchange` 1: scanning this user's personal QR connects at once (the user's own choice);
 * - `special_identity` 1: set by the organiser (officials, VIP guests): never exchanges cards (§6);
 *   `special_identity_label` is the organiser's wording of it ('' for none);
 * - `membership_level`: set by the organiser, null for none;
 * - `tags`: the user's own tags (≤ 10 of ≤ 20 characters), `industry_id` an industry category.
 */
export const meetingUserProfiles = pgTable(
  'meeting_user_profiles',
  {
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exposure: smallint('exposure').notNull().default(0),
    cardExchange: smallint('card_exchange').notNull().default(1),
    specialIdentity: smallint('special_identity').notNull().default(0),
    specialIdentityLabel: text('special_identity_label').notNull().default(''),
    membershipLevel: text('membership_level').$type<MembershipLevel>(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    industryId: text('industry_id').references(() => categories.id, { onDelete: 'set null' }),
    /** A short self-introduction for the people directory (≤ 500 characters). */
    introduction: text('introduction').notNull().default(''),
    /** The version of the user's personal QR card here (§8): renewing it makes older cards invalid. */
    cardVersion: integer('card_version').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.userId] }),
    index('meeting_user_profiles_exposed_idx')
      .on(t.meetingId, t.updatedAt.desc())
      .where(sql`${t.exposure} = 1`),
    index('meeting_user_profiles_tags_idx').using('gin', t.tags),
    check(
      'meeting_user_profiles_flags',
      sql`${t.exposure} in (0, 1) and ${t.cardExchange} in (0, 1) and ${t.specialIdentity} in (0, 1)`,
    ),
    check(
      'meeting_user_profiles_level_known',
      sql`${t.membershipLevel} is null or ${t.membershipLevel} in ('primer', 'senior', 'council', 'senior_council')`,
    ),
    check('meeting_user_profiles_introduction_length', sql`char_length(${t.introduction}) <= 500`),
  ],
);
