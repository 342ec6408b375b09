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
import { activities, activityPrices } from '../activities/activities.tables.ts';
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

/**
 * Live streams (§3 Live: title, cover, start, end, enable_show; §4 Live states). Ongoing while
 * start ≤ now < end; the shown state (coming soon, streaming, paused, ended, replay) comes from
 * `liveStateOf` in @app/domain. The live module (modules/lives) owns the behaviour; the table stays
 * beside agenda_lives, which links lives to sessions.
 */
export const lives = pgTable(
  'lives',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    title: localizedColumn('title'),
    description: localizedColumn('description'),
    cover: text('cover').notNull().default(''),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    enableShow: smallint('enable_show').notNull().default(1),
    weight: integer('weight').notNull().default(0),
    /** 1: the organiser paused the stream (§4 shown 'paused' while start ≤ now < end). */
    paused: smallint('paused').notNull().default(0),
    /**
     * Where the picture comes from: 'url' — `source_url`, an HLS (.m3u8) or FLV pull address pasted
     * by the organiser; 'ingest' — the self-hosted MediaMTX ingest (LIVE_INGEST_* config), published
     * with `stream_key` and played through signed, expiring URLs; 'none' — not set up yet.
     */
    sourceKind: text('source_kind').$type<'none' | 'url' | 'ingest'>().notNull().default('none'),
    sourceUrl: text('source_url').notNull().default(''),
    /** The recording shown once the live has ended (§4 replay); '' for none. */
    replayUrl: text('replay_url').notNull().default(''),
    /** The publish key of the ingest, sealed with the secrets key (credentials-box). */
    streamKeySealed: text('stream_key_sealed').notNull().default(''),
    /**
     * Who may watch (§6): 'public' everyone; 'registered' holders of an approved ticket of
     * `activity_id`; 'paid' the same, or buyers of `price_id` (POST /lives/{id}/checkouts); 'private'
     * only users granted in live_users (allowed = 1). Organisers of the meeting always may.
     */
    access: text('access').$type<'public' | 'registered' | 'paid' | 'private'>().notNull().default('public'),
    activityId: text('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    priceId: text('price_id').references(() => activityPrices.id, { onDelete: 'set null' }),
    chatEnabled: smallint('chat_enabled').notNull().default(1),
    pinnedMessageId: text('pinned_message_id'),
    /** Distinct viewers (heartbeats) and the most online at once; chat messages accepted. */
    viewerTotal: integer('viewer_total').notNull().default(0),
    viewerPeak: integer('viewer_peak').notNull().default(0),
    chatTotal: integer('chat_total').notNull().default(0),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('lives_meeting_idx').on(t.meetingId),
    index('lives_meeting_start_idx').on(t.meetingId, t.start),
    check('lives_window', sql`${t.end} > ${t.start}`),
    check('lives_access', sql`${t.access} in ('public', 'registered', 'paid', 'private')`),
    check('lives_source_kind', sql`${t.sourceKind} in ('none', 'url', 'ingest')`),
    check(
      'lives_flags',
      sql`${t.enableShow} in (0, 1) and ${t.paused} in (0, 1) and ${t.chatEnabled} in (0, 1)`,
    ),
    check('lives_counters', sql`${t.viewerTotal} >= 0 and ${t.viewerPeak} >= 0 and ${t.chatTotal} >= 0`),
  ],
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
