/**
 * Live subtitles with translation and the minutes of a live (§1 AI subtitles, translation and
 * minutes; §7 GET /subtitles; §9 minutes link mailed within 2 hours after the live ends).
 */
import { allLanguages } from '@app/domain';
import { z } from 'zod';
import { Flag } from '../wire/common.ts';
import { ObjectIdString } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

// ————— Live subtitles (§1 AI subtitles and translation, §7 GET /subtitles) —————

/** Subtitle languages: the languages the product knows (§9 list). */
export const SubtitleLanguage = z.enum(allLanguages);
export type SubtitleLanguage = z.infer<typeof SubtitleLanguage>;

/** Sizes of the subtitle feature (§1): segments, page sizes, the viewers' language window. */
export const subtitleLimits = {
  /** A cut is made at a silence only once the segment holds at least this much audio. */
  minSegmentMs: 1000,
  /** A segment longer than this is cut without waiting for a silence. */
  maxSegmentMs: 12_000,
  /** Cues answered per GET /subtitles page. */
  pageSize: 100,
  /** New cues are translated into languages a viewer asked for within this long. */
  languageWindowSeconds: 120,
  /** Target languages per live. */
  maxTargetLanguages: 10,
  /** Characters of one cue's text (longer transcripts are cut). */
  maxCueChars: 2000,
} as const;

/** Error codes of the subtitles area. */
export const SubtitleError = {
  /** 400 a language that is neither the live's spoken language nor one of its target languages. */
  languageNotOffered: 'subtitles.language_not_offered',
  /** 400 console: a target language the meeting has not enabled. */
  languageNotEnabled: 'subtitles.language_not_enabled',
} as const;

/**
 * Where a live's subtitles are: 'off' (not enabled), 'waiting' (enabled; the live has not started
 * or the worker has not joined yet), 'running', 'ended' (the live or its stream ended),
 * 'unavailable' (no AI provider that can transcribe: AI_BASE_URL and AI_STT_MODEL).
 */
export const SubtitleState = z.enum(['off', 'waiting', 'running', 'ended', 'unavailable']);
export type SubtitleState = z.infer<typeof SubtitleState>;

/**
 * One subtitle cue: `seq` counts from 1 per live; `start_ms`/`end_ms` are milliseconds of audio from
 * the start of transcription (the replay track's times); `text` in `language` (the spoken one, or a
 * translation).
 */
export const SubtitleCue = z.object({
  seq: z.number().int().positive(),
  start_ms: z.number().int().nonnegative(),
  end_ms: z.number().int().nonnegative(),
  text: z.string(),
  language: SubtitleLanguage,
});
export type SubtitleCue = z.infer<typeof SubtitleCue>;

/** GET /subtitles query (§7): the live, the language wanted (default: the spoken one), cues after `after`. */
export const SubtitlesQuery = z.object({
  live_id: ObjectIdString,
  language: SubtitleLanguage.optional(),
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

export const getSubtitles = defineRoute({
  method: 'GET',
  path: '/subtitles',
  summary:
    "A live's subtitle cues after `after` (seq, at most 100, oldest first) in `language` (the spoken one by default; a target language is translated and cached, and asking records it so new cues are translated as they come), with the subtitles' state. Same permission as watching the live: 403 no_permission, 403 live.banned; 400 subtitles.language_not_offered; 404 not_found.",
  spec: '§7 GET /subtitles, §1 AI subtitles and translation',
  tags: ['lives'],
  isPublic: false,
  querystring: SubtitlesQuery,
  response: z.object({
    results: z.array(SubtitleCue),
    state: SubtitleState,
    /** The live's spoken language and the languages a viewer may pick. */
    source_language: SubtitleLanguage,
    languages: z.array(SubtitleLanguage),
  }),
});

export const getSubtitlesVtt = defineRoute({
  method: 'GET',
  path: '/subtitles/vtt',
  summary:
    "The live's subtitles as a WebVTT file (text/vtt) for the replay's track, in `language` (the spoken one by default; cues not translated yet keep the spoken text). Same permission as watching the live: 403 no_permission; 400 subtitles.language_not_offered; 404 not_found.",
  spec: '§7 GET /subtitles, §1 AI subtitles',
  tags: ['lives'],
  isPublic: false,
  querystring: z.object({ live_id: ObjectIdString, language: SubtitleLanguage.optional() }),
  response: z.string(),
});

/** What the console shows of the worker (§1): state, cues so far, the last delay, the last error. */
export const ConsoleSubtitleStatus = z.object({
  state: SubtitleState,
  cue_count: z.number().int().nonnegative(),
  /** Milliseconds from the end of the last cue's audio to its publication; null before the first cue. */
  last_delay_ms: z.number().int().nonnegative().nullable(),
  /** The worker's last error ('' when none), e.g. the source could not be read. */
  error: z.string(),
  /** 1 when the AI provider can transcribe (AI_BASE_URL and AI_STT_MODEL set). */
  available: Flag,
});

/** The console's subtitle settings of a live (lives.edit). */
export const ConsoleSubtitleSettings = z.object({
  enabled: Flag,
  source_language: SubtitleLanguage,
  target_languages: z.array(SubtitleLanguage),
  status: ConsoleSubtitleStatus,
});
export type ConsoleSubtitleSettings = z.infer<typeof ConsoleSubtitleSettings>;

const SubtitleFlagInput = z
  .union([z.literal(0), z.literal(1), z.enum(['0', '1'])])
  .transform((v) => Number(v) as 0 | 1);

export const ConsoleSubtitleSettingsInput = z.strictObject({
  enabled: SubtitleFlagInput,
  source_language: SubtitleLanguage,
  target_languages: z.array(SubtitleLanguage).max(subtitleLimits.maxTargetLanguages),
});
export type ConsoleSubtitleSettingsInput = z.infer<typeof ConsoleSubtitleSettingsInput>;

const ConsoleSubtitleParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString });

export const getConsoleLiveSubtitles = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/lives/:id/subtitles',
  summary:
    "A live's subtitle settings (on/off, spoken language, target languages) and the worker's status. 403 no_permission (lives.edit); 404 not_found.",
  spec: '§1 AI subtitles and translation, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleSubtitleParams,
  response: ConsoleSubtitleSettings,
});

export const updateConsoleLiveSubtitles = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/lives/:id/subtitles',
  summary:
    "Saves a live's subtitle settings (audited); turning them on for a running live starts the worker, off stops it. Target languages must be enabled in the meeting (400 subtitles.language_not_enabled). 403 no_permission (lives.edit); 404 not_found.",
  spec: '§1 AI subtitles and translation, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleSubtitleParams,
  body: ConsoleSubtitleSettingsInput,
  response: ConsoleSubtitleSettings,
});

// ————— End of live subtitles —————

// ————— Minutes of a live (§1 minutes; §9 the minutes link mailed within 2 hours after the end) —————

/** Sizes of minutes, as written by the model or the extractive engine. */
export const minutesWireLimits = {
  /** Characters of the summary. */
  summaryChars: 2000,
  /** Characters of one key point, decision or action item. */
  itemChars: 500,
  /** Key points, decisions and action items each. */
  items: 12,
  /** Languages minutes are written in (the meeting's enabled ones, the transcript's first). */
  languages: 5,
} as const;

/** Error codes of minutes (besides not_found, no_permission, too_frequent). */
export const MinutesError = {
  /** 409 minutes of a live that has not ended cannot be written yet. */
  notEnded: 'minutes.live_not_ended',
} as const;

/**
 * Where the minutes of a live stand: 'none' no transcript (subtitles were off, or nothing was said);
 * 'pending' a transcript exists and the minutes are being written (or the live is still on);
 * 'ready' minutes exist in at least one language.
 */
export const LiveMinutesState = z.enum(['none', 'pending', 'ready']);

/** The minutes of a live in one language. `engine`: 'model' (the chat provider) or 'extractive'. */
export const LiveMinutes = z.object({
  language: SubtitleLanguage,
  engine: z.enum(['model', 'extractive']),
  summary: z.string(),
  key_points: z.array(z.string()),
  decisions: z.array(z.string()),
  action_items: z.array(z.string()),
  /** When these minutes were written (unix seconds). */
  created_at: z.number().int(),
});
export type LiveMinutes = z.infer<typeof LiveMinutes>;

/** GET /lives/{id}/minutes: the state, the minutes in the asked language (or a fallback), the languages there are. */
export const LiveMinutesAnswer = z.object({
  state: LiveMinutesState,
  minutes: LiveMinutes.optional(),
  languages: z.array(SubtitleLanguage),
});
export type LiveMinutesAnswer = z.infer<typeof LiveMinutesAnswer>;

export const getLiveMinutes = defineRoute({
  method: 'GET',
  path: '/lives/:id/minutes',
  summary:
    "The minutes of a live (§1): in `language` when written in it, else the transcript's language, else the first there is. Same right as watching the live. 403 live.banned / no_permission; 404 not_found (unknown, deleted or hidden live).",
  spec: '§1 minutes, §7 Lives',
  tags: ['lives'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  querystring: z.object({ language: SubtitleLanguage.optional() }),
  response: LiveMinutesAnswer,
});

export const regenerateConsoleLiveMinutes = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/lives/:id/minutes',
  summary:
    "Writes the minutes of an ended live again from its transcript (queued; repeated asks within a minute share one job): answers 'pending', or 'none' when there is no transcript. 403 no_permission (lives.edit); 404 not_found; 409 minutes.live_not_ended.",
  spec: '§1 minutes, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: z.object({ meeting_id: ObjectIdString, id: ObjectIdString }),
  body: z.strictObject({}),
  response: z.object({ state: LiveMinutesState }),
});
