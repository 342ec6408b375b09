import type { MeetingConfig, MeetingExhibition } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import {
  createdAtColumn,
  deletedColumn,
  idColumn,
  jsonbValue,
  localizedColumn,
  updatedAtColumn,
} from '../../db/columns.ts';

/** Conference-level data of an imported schedule, kept so an export gives back what was imported. */
export type MeetingScheduleMeta = {
  version: string;
  base_url?: string;
  timeslot_duration: string;
  /** Original day boundaries with their UTC offsets as written in the source. */
  days: { index: number; date: string; day_start: string; day_end: string }[];
  /** Conference fields we do not model (url, logo, colors, keywords, tracks order …). */
  extra: Record<string, unknown>;
  /** Top-level fields next to `schedule` ($schema, generator) and unknown schedule fields. */
  document_extra: Record<string, unknown>;
  schedule_extra: Record<string, unknown>;
};

/** Meetings (§3 Meeting): an exhibition or a conference. */
export const meetings = pgTable(
  'meetings',
  {
    id: idColumn(),
    title: localizedColumn('title'),
    description: localizedColumn('description'),
    acronym: text('acronym').notNull().default(''),
    domain: text('domain'),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    venue: localizedColumn('venue'),
    cover: text('cover').notNull().default(''),
    limitsType: integer('limits_type').notNull().default(0),
    allowGuestView: smallint('allow_guest_view').notNull().default(1),
    config: jsonbValue<MeetingConfig>('config').notNull().default({}),
    exhibition: jsonbValue<MeetingExhibition>('exhibition').notNull().default({}),
    appointments: integer('appointments').notNull().default(0),
    old: integer('old').notNull().default(0),
    blockReleaseVersion: integer('block_release_version').notNull().default(1),
    blockDraftVersion: integer('block_draft_version').notNull().default(1),
    activityProviderId: text('activity_provider_id'),
    wechatAuthorizerAppid: text('wechat_authorizer_appid'),
    activities: integer('activities').notNull().default(0),
    viewsTotal: integer('views_total').notNull().default(0),
    schedule: jsonbValue<MeetingScheduleMeta>('schedule'),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('meetings_domain_idx').on(t.domain),
    check('meetings_views_total_nonnegative', sql`${t.viewsTotal} >= 0`),
    check('meetings_end_after_start', sql`${t.end} >= ${t.start}`),
  ],
);

/** One row per counted view of a meeting (POST /meetings/{id}/views). */
export const meetingViews = pgTable(
  'meeting_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    deviceId: text('device_id'),
    sourceId: text('source_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('meeting_views_meeting_idx').on(t.meetingId, t.createdAt)],
);
