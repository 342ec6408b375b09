import { sql } from 'drizzle-orm';
import {
  boolean,
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
  type ReferenceRow,
  updatedAtColumn,
} from '../../db/columns.ts';
import { activities } from '../activities/activities.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { speakers } from '../speakers/speakers.tables.ts';

/** Rooms of a meeting's programme, in the order the schedule lists them. */
export const rooms = pgTable(
  'rooms',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    guid: text('guid'),
    slug: text('slug'),
    type: text('type'),
    description: jsonbValue<string | Record<string, string> | null>('description'),
    capacity: integer('capacity'),
    position: integer('position').notNull().default(0),
    /** Fields of the schedule room we do not model, kept for a lossless export. */
    extra: jsonbValue<Record<string, unknown>>('extra').notNull().default({}),
    /** 1 when the source listed the room in conference.rooms (not only inside days). */
    isListed: smallint('is_listed').notNull().default(0),
  },
  (t) => [uniqueIndex('rooms_meeting_name_uq').on(t.meetingId, t.name)],
);

/** Tracks (themes) of a meeting's programme. */
export const tracks = pgTable(
  'tracks',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug'),
    color: text('color'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('tracks_meeting_name_uq').on(t.meetingId, t.name)],
);

/** Agenda items: the sessions of a meeting's programme. Start and end are UTC instants. */
export const agendas = pgTable(
  'agendas',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    roomId: text('room_id').references(() => rooms.id, { onDelete: 'set null' }),
    trackId: text('track_id').references(() => tracks.id, { onDelete: 'set null' }),
    guid: text('guid').notNull(),
    externalId: integer('external_id'),
    code: text('code'),
    title: localizedColumn('title'),
    subtitle: localizedColumn('subtitle'),
    abstract: localizedColumn('abstract'),
    description: localizedColumn('description'),
    type: text('type').notNull().default(''),
    language: text('language'),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    /** The session's `date` as written in the source (keeps its UTC offset for a lossless export). */
    sourceDate: text('source_date'),
    url: text('url'),
    slug: text('slug'),
    logo: text('logo'),
    recordingLicense: text('recording_license'),
    doNotRecord: boolean('do_not_record'),
    links: jsonbValue<ReferenceRow[]>('links').notNull().default([]),
    attachments: jsonbValue<ReferenceRow[]>('attachments').notNull().default([]),
    /** Fields of the schedule event we do not model (do_not_stream, feedback_url, answers …). */
    extra: jsonbValue<Record<string, unknown>>('extra').notNull().default({}),
    enableShow: smallint('enable_show').notNull().default(1),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('agendas_meeting_guid_uq').on(t.meetingId, t.guid),
    index('agendas_meeting_start_idx').on(t.meetingId, t.start),
    check('agendas_end_after_start', sql`${t.end} >= ${t.start}`),
  ],
);

/** Which speakers speak in which agenda item, in the order the schedule lists them. */
export const agendaSpeakers = pgTable(
  'agenda_speakers',
  {
    agendaId: text('agenda_id')
      .notNull()
      .references(() => agendas.id, { onDelete: 'cascade' }),
    speakerId: text('speaker_id')
      .notNull()
      .references(() => speakers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** The person entry as the session listed it (fields beyond the speaker's own). */
    extra: jsonbValue<Record<string, unknown>>('extra').notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.agendaId, t.speakerId] }),
    index('agenda_speakers_speaker_idx').on(t.speakerId),
  ],
);

/** Live streams (§3 Live); the live module grows on this table in a later issue. */
export const lives = pgTable(
  'lives',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    title: localizedColumn('title'),
    cover: text('cover').notNull().default(''),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    enableShow: smallint('enable_show').notNull().default(1),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('lives_meeting_idx').on(t.meetingId)],
);

/** Lives shown on an agenda item (GET /meeting/agendas?with_lives=1). */
export const agendaLives = pgTable(
  'agenda_lives',
  {
    agendaId: text('agenda_id')
      .notNull()
      .references(() => agendas.id, { onDelete: 'cascade' }),
    liveId: text('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.agendaId, t.liveId] })],
);

/**
 * Activities placed on an agenda item beside its lives (§3 'Agenda: lives and activities, each with
 * enable_show'): a session's workshop registration, say. `enable_show` 1 shows the link on the agenda.
 */
export const agendaActivities = pgTable(
  'agenda_activities',
  {
    agendaId: text('agenda_id')
      .notNull()
      .references(() => agendas.id, { onDelete: 'cascade' }),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    enableShow: smallint('enable_show').notNull().default(1),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.agendaId, t.activityId] }),
    index('agenda_activities_activity_idx').on(t.activityId),
  ],
);
