import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, deletedColumn, idColumn, jsonbValue, updatedAtColumn } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A meeting's real-name rule (§3 Registrant ID number; §5 ID number valid and unique): whether a
 * participant must give an identity document (`required` 1), which kinds are accepted, and how many
 * days after the meeting's end the numbers are deleted. No row: real-name is off.
 */
export const meetingCredentialSettings = pgTable(
  'meeting_credential_settings',
  {
    meetingId: text('meeting_id')
      .primaryKey()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    required: smallint('required').notNull().default(0),
    /** Accepted kinds: 'mainland', 'hong_kong_permit', 'macao_permit', 'taiwan_permit', 'passport'. */
    kinds: jsonbValue<string[]>('kinds')
      .notNull()
      .default(['mainland', 'hong_kong_permit', 'macao_permit', 'taiwan_permit', 'passport']),
    retentionDays: integer('retention_days').notNull().default(30),
    updatedAt: updatedAtColumn(),
  },
  (t) => [check('meeting_credential_settings_retention', sql`${t.retentionDays} between 0 and 3650`)],
);

/**
 * Real-name credentials (§3 Registrant ID number; §5 valid and unique per meeting): one per user and
 * meeting. The number is stored sealed (AES-256-GCM, key from the environment, DESIGN §8) with a
 * keyed hash (HMAC-SHA256) that makes "unique per meeting" a unique index without keeping the number
 * in clear, and a mask for display. `purge_after` (meeting end + retention days) is when the
 * retention job deletes the row.
 */
export const userCredentials = pgTable(
  'user_credentials',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** Passports: ISO 3166-1 alpha-3 issuing country; '' otherwise. */
    country: text('country').notNull().default(''),
    numberSealed: text('number_sealed').notNull(),
    numberHash: text('number_hash').notNull(),
    numberMask: text('number_mask').notNull(),
    /** 'manual' or 'ocr' (recognised from a photo, then confirmed by the person). */
    source: text('source').notNull().default('manual'),
    purgeAfter: timestamp('purge_after', { withTimezone: true }).notNull(),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('user_credentials_meeting_user_uq').on(t.meetingId, t.userId).where(sql`${t.deleted} = 0`),
    uniqueIndex('user_credentials_meeting_number_uq')
      .on(t.meetingId, t.numberHash)
      .where(sql`${t.deleted} = 0`),
    index('user_credentials_purge_idx').on(t.purgeAfter),
    check(
      'user_credentials_kind_known',
      sql`${t.kind} in ('mainland','hong_kong_permit','macao_permit','taiwan_permit','passport')`,
    ),
  ],
);
