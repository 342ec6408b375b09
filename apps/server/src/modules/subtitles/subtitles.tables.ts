import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, jsonbValue, updatedAtColumn } from '../../db/columns.ts';
import { lives } from '../agendas/agendas.tables.ts';

/**
 * Live subtitles of one live (§1 AI subtitles and translation), set by the organiser in the console:
 * on/off, the language spoken, and the languages viewers may pick for translation (a subset of the
 * meeting's enabled languages; only those a viewer actually picked are translated).
 */
export const liveSubtitleSettings = pgTable(
  'live_subtitle_settings',
  {
    liveId: text('live_id')
      .primaryKey()
      .references(() => lives.id, { onDelete: 'cascade' }),
    enabled: smallint('enabled').notNull().default(0),
    sourceLanguage: text('source_language').notNull().default('zh'),
    targetLanguages: jsonbValue<string[]>('target_languages').notNull().default(sql`'[]'::jsonb`),
    updatedBy: text('updated_by'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [check('live_subtitle_settings_flags', sql`${t.enabled} in (0, 1)`)],
);

/**
 * The subtitle worker of one live: a lease so one replica transcribes a live at a time, and where it
 * got to. `state` 'idle' | 'running' | 'ended' | 'failed'; a running lease whose `heartbeat_at` is
 * older than 30 s is taken over. `offset_ms`: audio already transcribed, from the live's start.
 */
export const liveSubtitleRuns = pgTable(
  'live_subtitle_runs',
  {
    liveId: text('live_id')
      .primaryKey()
      .references(() => lives.id, { onDelete: 'cascade' }),
    state: text('state').$type<'idle' | 'running' | 'ended' | 'failed'>().notNull().default('idle'),
    workerId: text('worker_id').notNull().default(''),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    offsetMs: integer('offset_ms').notNull().default(0),
    error: text('error').notNull().default(''),
    updatedAt: updatedAtColumn(),
  },
  (t) => [check('live_subtitle_runs_state', sql`${t.state} in ('idle', 'running', 'ended', 'failed')`)],
);

/**
 * One subtitle cue in the spoken language: `seq` counts from 1 per live; `start_ms`/`end_ms` are
 * milliseconds of audio from the start of transcription (the WebVTT times of the replay track);
 * `audio_end_at` is the wall-clock instant the cue's audio ended, `created_at` when the cue was
 * published (their difference is the subtitle delay).
 */
export const liveSubtitleCues = pgTable(
  'live_subtitle_cues',
  {
    id: idColumn(),
    liveId: text('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    startMs: integer('start_ms').notNull(),
    endMs: integer('end_ms').notNull(),
    language: text('language').notNull(),
    text: text('text').notNull(),
    audioEndAt: timestamp('audio_end_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('live_subtitle_cues_seq').on(t.liveId, t.seq),
    check('live_subtitle_cues_times', sql`${t.endMs} >= ${t.startMs} and ${t.startMs} >= 0`),
  ],
);

/** A cue translated into one language, made once and cached (§1 translation). */
export const liveSubtitleTranslations = pgTable(
  'live_subtitle_translations',
  {
    cueId: text('cue_id')
      .notNull()
      .references(() => liveSubtitleCues.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    text: text('text').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.cueId, t.language] })],
);

/**
 * Languages viewers picked for a live's subtitles, with the last time one asked: the worker
 * translates new cues only into languages asked within the last 2 minutes.
 */
export const liveSubtitleLanguages = pgTable(
  'live_subtitle_languages',
  {
    liveId: text('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.language] })],
);

/** What minutes hold (§1 minutes): all in one language. */
export type LiveMinutesBody = {
  summary: string;
  key_points: string[];
  decisions: string[];
  action_items: string[];
};

/**
 * The minutes of a live in one language (§1, §9 link mailed within 2 hours of the end), written by
 * a job from the transcript when the live ends: `engine` 'model' (the chat provider) or 'extractive'
 * (the transcript's most representative sentences, no provider).
 */
export const liveMinutes = pgTable(
  'live_minutes',
  {
    id: idColumn(),
    liveId: text('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    engine: text('engine').$type<'model' | 'extractive'>().notNull(),
    body: jsonbValue<LiveMinutesBody>('body').notNull(),
    cueCount: integer('cue_count').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique('live_minutes_language').on(t.liveId, t.language),
    index('live_minutes_live_idx').on(t.liveId),
    check('live_minutes_engine', sql`${t.engine} in ('model', 'extractive')`),
  ],
);
