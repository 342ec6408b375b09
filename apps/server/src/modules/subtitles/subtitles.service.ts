import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  type LiveSocketEvent,
  type SubtitleCue,
  SubtitleError,
  type SubtitleLanguage,
  type SubtitleState,
  subtitleLimits,
} from '@app/contracts';
import { enabledLanguages } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { AiProvider } from '../../providers/ai/ai.provider.ts';
import { aiProviderOf } from '../../providers/ai/ai-provider-of.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { liveClock } from '../lives/lives.clock.ts';
import { type LiveRow, requireLiveWatcher } from '../lives/lives.permission.ts';
import { playbackOf, playViewerOf } from '../lives/lives.playback.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { assertPublicHost } from '../oauth/public-host.ts';
import {
  acquireSubtitleLease,
  cuesAfter,
  findSubtitleRun,
  findSubtitleSettings,
  insertCue,
  lastCueOf,
  recentSubtitleLanguages,
  releaseSubtitleLease,
  renewSubtitleLease,
  type SubtitleCueRow,
  touchSubtitleLanguage,
  translationsOf,
} from './subtitles.repository.ts';
import { subtitleStateOf, toSubtitleCue } from './subtitles.serializer.ts';
import { translateCue, translateOnDemand } from './subtitles.translate.ts';
import { type AudioSegment, type Segmenter, startSegmenter } from './subtitles.worker.ts';

/**
 * Live subtitles (§1 AI subtitles and translation; §7 GET /subtitles): the worker that turns a live's
 * audio into cues, its lease, and the public reads.
 *
 * One worker per live across replicas: a worker runs only while it holds the live's
 * live_subtitle_runs lease, renewed every {@link heartbeatSeconds} s; a lease not renewed for 30 s
 * is taken over (the owning process died) by the next job (subtitles.jobs.ts). A worker stops when
 * the live ends, is deleted, subtitles are turned off, the lease is lost, or the app closes.
 */

/** Seconds between lease renewals (and checks that the live still wants subtitles). */
export const heartbeatSeconds = 10;

export type SubtitleDeps = {
  db: Database;
  config: Config;
  /** Publishes to the live's room (the live hub); never throws to the worker. */
  publish: (liveId: string, event: LiveSocketEvent) => Promise<void>;
  log: { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };
  /** The provider (tests may pass their own); aiProviderOf(config) otherwise. */
  provider?: AiProvider;
  /** Reads the source at its native rate (`-re`; the delay measurement plays a file as a live). */
  realtime?: boolean;
};

type RunningWorker = {
  liveId: string;
  segmenter: Segmenter;
  /** Why it stopped, decided by whoever stopped it. */
  stopReason: 'disabled' | 'ended' | 'lost' | 'closing' | null;
  finished: Promise<void>;
};

/** The workers of one process (one per app configuration), with the id it holds leases under. */
export type SubtitleRuntime = {
  workerId: string;
  running: Map<string, RunningWorker>;
  closed: boolean;
};

const runtimes = new WeakMap<Config, SubtitleRuntime>();

/** This app's runtime (created on first use), keyed by its configuration object like the live hub. */
export function subtitleRuntimeOf(config: Config): SubtitleRuntime {
  let runtime = runtimes.get(config);
  if (!runtime) {
    runtime = {
      workerId: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
      running: new Map(),
      closed: false,
    };
    runtimes.set(config, runtime);
  }
  return runtime;
}

/** The provider used for subtitles (only when it can transcribe), or undefined. */
export function subtitleProviderOf(deps: { config: Config; provider?: AiProvider }): AiProvider | undefined {
  const provider = deps.provider ?? aiProviderOf(deps.config);
  return provider?.canTranscribe ? provider : undefined;
}

async function liveRowOf(db: Database, liveId: string): Promise<LiveRow | null> {
  const [row] = await db.select().from(lives).where(eq(lives.id, liveId)).limit(1);
  return row ?? null;
}

/** Why a live no longer wants a worker at `now`, or null while it does. */
async function stopReasonOf(db: Database, liveId: string): Promise<'disabled' | 'ended' | null> {
  const [live, settings] = await Promise.all([liveRowOf(db, liveId), findSubtitleSettings(db, liveId)]);
  if (live?.deleted !== 0) return 'ended';
  if (liveClock.now().getTime() >= live.end.getTime()) return 'ended';
  if (settings?.enabled !== 1) return 'disabled';
  return null;
}

/**
 * What the console's status says when a worker stops early (§1 AI subtitles). ffmpeg's own words
 * stay in the server log: echoing them ("Connection refused", "Server returned 403") would tell an
 * organiser what answers at an address of their choosing (§9 outbound calls).
 */
export const sourceErrors = {
  notPublic: 'The source address is not on the public internet',
  unreadable: 'The source could not be read; reading it again within 30 s',
  ended: 'The stream ended or stopped sending audio before the live; reading it again within 30 s',
} as const;

/** The address ffmpeg reads: the pasted source, or the ingest's HLS signed for the worker. */
function sourceOf(config: Config, live: LiveRow): string | null {
  if (live.sourceKind === 'url') return live.sourceUrl || null;
  const playback = playbackOf(
    config,
    live,
    'streaming',
    Math.floor(liveClock.now().getTime() / 1000),
    playViewerOf({ userId: null, deviceId: 'live-subtitles-worker' }),
  );
  return playback?.url ?? null;
}

/**
 * Transcribes one segment and publishes its cue, then its translations into the languages viewers
 * picked within the last 2 minutes (§1). A failed transcription or translation is logged and
 * skipped: the live goes on. Empty transcripts make no cue.
 */
async function handleSegment(
  deps: SubtitleDeps,
  provider: AiProvider,
  input: { liveId: string; sourceLanguage: string; targetLanguages: string[]; baseMs: number },
  segment: AudioSegment,
): Promise<SubtitleCueRow | null> {
  let text: string;
  try {
    const result = await provider.transcribe(segment.wav, {
      filename: `segment-${segment.startMs}.wav`,
      language: input.sourceLanguage,
    });
    text = result.text.replace(/\s+/g, ' ').trim().slice(0, subtitleLimits.maxCueChars);
  } catch (error) {
    deps.log.warn({ err: error, liveId: input.liveId }, 'subtitles: transcription failed');
    return null;
  }
  if (text === '') return null;
  const cue = await insertCue(deps.db, {
    liveId: input.liveId,
    startMs: input.baseMs + segment.startMs,
    endMs: input.baseMs + segment.endMs,
    language: input.sourceLanguage,
    text,
    audioEndAt: segment.endedAt,
  });
  await publishSafely(deps, input.liveId, {
    type: 'subtitle',
    cue: toSubtitleCue(cue, cue.text, cue.language),
  });
  const wanted = await recentSubtitleLanguages(deps.db, input.liveId, subtitleLimits.languageWindowSeconds);
  const targets = wanted.filter(
    (language) => language !== input.sourceLanguage && input.targetLanguages.includes(language),
  );
  await Promise.all(
    targets.map(async (language) => {
      try {
        const translated = await translateCue({ db: deps.db, provider }, cue, language);
        await publishSafely(deps, input.liveId, {
          type: 'subtitle',
          cue: toSubtitleCue(cue, translated, language),
        });
      } catch (error) {
        deps.log.warn({ err: error, liveId: input.liveId, language }, 'subtitles: translation failed');
      }
    }),
  );
  return cue;
}

async function publishSafely(deps: SubtitleDeps, liveId: string, event: LiveSocketEvent): Promise<void> {
  try {
    await deps.publish(liveId, event);
  } catch (error) {
    deps.log.warn({ err: error, liveId }, 'subtitles: cue not published');
  }
}

/**
 * Starts the live's worker in this process when the live wants one now (subtitles enabled, ongoing,
 * a provider that transcribes, a source) and this process takes its lease. Answers at once:
 * 'started', 'running' (already here), 'not_needed', 'unavailable', 'no_source', 'taken' (another
 * replica holds a fresh lease) or 'refused' (a pasted source whose host is not public, §9 outbound
 * calls: the run is then 'failed' with {@link sourceErrors.notPublic}, retried by the sweep). The
 * worker then runs in the background until it stops.
 */
export async function startLiveWorker(
  deps: SubtitleDeps,
  liveId: string,
): Promise<'started' | 'running' | 'not_needed' | 'unavailable' | 'no_source' | 'taken' | 'refused'> {
  const runtime = subtitleRuntimeOf(deps.config);
  if (runtime.closed) return 'not_needed';
  if (runtime.running.has(liveId)) return 'running';
  if (await stopReasonOf(deps.db, liveId)) return 'not_needed';
  const provider = subtitleProviderOf(deps);
  if (!provider) return 'unavailable';
  const [live, settings] = await Promise.all([
    liveRowOf(deps.db, liveId),
    findSubtitleSettings(deps.db, liveId),
  ]);
  if (!live || !settings) return 'not_needed';
  const url = sourceOf(deps.config, live);
  if (!url) return 'no_source';
  if (runtime.running.has(liveId)) return 'running';
  const run = await acquireSubtitleLease(deps.db, liveId, runtime.workerId);
  if (!run) return 'taken';
  if (runtime.running.has(liveId) || runtime.closed) return 'running';
  if (live.sourceKind === 'url') {
    // The organiser chose this address: in production it must resolve to public addresses only.
    try {
      await assertPublicHost(deps.config, url);
    } catch (error) {
      deps.log.warn({ err: error, liveId }, 'subtitles: source host refused');
      await releaseSubtitleLease(deps.db, liveId, runtime.workerId, {
        state: 'failed',
        offsetMs: run.offsetMs,
        error: sourceErrors.notPublic,
      });
      return 'refused';
    }
  }

  // Resuming (after a restart or a takeover): times go on from the wall clock since the first start,
  // never before the last cue.
  const last = await lastCueOf(deps.db, liveId);
  const sinceStart = run.startedAt ? Math.max(0, Date.now() - run.startedAt.getTime()) : 0;
  const baseMs = last ? Math.max(last.endMs, run.offsetMs, sinceStart) : 0;
  let offsetMs = baseMs;
  const input = {
    liveId,
    sourceLanguage: settings.sourceLanguage,
    targetLanguages: settings.targetLanguages,
    baseMs,
  };
  const segmenter = startSegmenter({
    url,
    realtime: deps.realtime,
    onSegment: async (segment) => {
      offsetMs = baseMs + segment.endMs;
      await handleSegment(deps, provider, input, segment);
    },
  });
  const worker: RunningWorker = {
    liveId,
    segmenter,
    stopReason: null,
    finished: Promise.resolve(),
  };
  runtime.running.set(liveId, worker);
  const heartbeat = setInterval(() => {
    void (async () => {
      try {
        const reason = await stopReasonOf(deps.db, liveId);
        if (reason) {
          worker.stopReason ??= reason;
          segmenter.stop();
          return;
        }
        if (!(await renewSubtitleLease(deps.db, liveId, runtime.workerId, offsetMs))) {
          worker.stopReason ??= 'lost';
          segmenter.stop();
        }
      } catch (error) {
        deps.log.warn({ err: error, liveId }, 'subtitles: heartbeat failed');
      }
    })();
  }, heartbeatSeconds * 1000);
  heartbeat.unref();
  worker.finished = segmenter.done.then(async (outcome) => {
    clearInterval(heartbeat);
    try {
      const reason = worker.stopReason;
      if (reason !== 'lost') {
        // A stream that ends before the live does (the encoder dropped) is read again once the lease
        // is stale (30 s), like a source that failed; at the live's end the run is over.
        const isLiveOver = reason === 'ended' || (await stopReasonOf(deps.db, liveId)) === 'ended';
        const state =
          reason === 'disabled' || reason === 'closing' ? 'idle' : isLiveOver ? 'ended' : 'failed';
        const error = outcome.code === 0 ? sourceErrors.ended : sourceErrors.unreadable;
        if (state === 'failed') {
          deps.log.warn(
            { liveId, code: outcome.code, ffmpeg: outcome.error },
            'subtitles: the source stopped or could not be read',
          );
        }
        await releaseSubtitleLease(deps.db, liveId, runtime.workerId, {
          state,
          offsetMs,
          error: state === 'failed' ? error : '',
        });
      }
    } catch (error) {
      deps.log.warn({ err: error, liveId }, 'subtitles: lease not released');
    } finally {
      runtime.running.delete(liveId);
    }
  });
  return 'started';
}

/**
 * Stops this process's worker of a live (subtitles turned off), waiting until its last segment is
 * handled and its lease released. Other replicas' workers stop at their next heartbeat.
 */
export async function stopLocalWorker(
  config: Config,
  liveId: string,
  reason: 'disabled' | 'ended',
): Promise<void> {
  const worker = subtitleRuntimeOf(config).running.get(liveId);
  if (!worker) return;
  worker.stopReason ??= reason;
  worker.segmenter.stop();
  await worker.finished;
}

/** Stops every worker of this process (the app closes); their leases go back to 'idle' for another replica. */
export async function stopAllWorkers(config: Config): Promise<void> {
  const runtime = subtitleRuntimeOf(config);
  runtime.closed = true;
  const workers = [...runtime.running.values()];
  for (const worker of workers) {
    worker.stopReason ??= 'closing';
    worker.segmenter.stop();
  }
  await Promise.all(workers.map((worker) => worker.finished));
}

/**
 * The languages a viewer may pick: the spoken one, then the target languages that the meeting still
 * has enabled.
 */
async function offeredLanguages(
  db: Database,
  live: LiveRow,
  settings: { sourceLanguage: string; targetLanguages: string[] } | null,
): Promise<string[]> {
  if (!settings) return [];
  const [meeting] = await db
    .select({ config: meetings.config })
    .from(meetings)
    .where(eq(meetings.id, live.meetingId))
    .limit(1);
  const enabled: string[] = enabledLanguages(meeting?.config.language);
  const targets = settings.targetLanguages.filter(
    (language) => enabled.includes(language) && language !== settings.sourceLanguage,
  );
  return [settings.sourceLanguage, ...targets];
}

/** What GET /subtitles answers (§7). */
export type SubtitlesAnswer = {
  results: SubtitleCue[];
  state: SubtitleState;
  source_language: SubtitleLanguage;
  languages: SubtitleLanguage[];
};

/**
 * GET /subtitles (§7): the live's cues after `after` (at most 100, oldest first) in `language` — the
 * spoken one by default. A target language records the ask (new cues are then translated as they
 * come, for 2 minutes) and translates on demand, through the cache, the page's newest cues that have
 * no translation yet (older ones are left out of the page until translated; bounded per live and
 * language by translateOnDemand: a few calls, one batch at a time, a minute's rest after a failure,
 * a few seconds of waiting); the state says whether
 * subtitles run. Same permission as watching the live.
 * @throws 404 not_found; 403 live.banned / no_permission; 400 subtitles.language_not_offered
 */
export async function getSubtitlesOf(
  deps: { db: Database; config: Config; provider?: AiProvider },
  input: { liveId: string; language?: string; after?: number; userId: string | null },
): Promise<SubtitlesAnswer> {
  const { live } = await requireLiveWatcher(deps, input.liveId, { userId: input.userId });
  const [settings, run] = await Promise.all([
    findSubtitleSettings(deps.db, live.id),
    findSubtitleRun(deps.db, live.id),
  ]);
  const provider = subtitleProviderOf(deps);
  const state = subtitleStateOf({ settings, run, provider, live, now: liveClock.now() });
  const offered = await offeredLanguages(deps.db, live, settings);
  const sourceLanguage = settings?.sourceLanguage ?? 'zh';
  const language = input.language ?? sourceLanguage;
  if (settings && !offered.includes(language)) {
    throw badRequest(
      SubtitleError.languageNotOffered,
      `Subtitles of this live are not offered in ${language}`,
    );
  }
  const base = {
    state,
    source_language: sourceLanguage as SubtitleLanguage,
    languages: offered as SubtitleLanguage[],
  };
  if (!settings) return { results: [], ...base };
  const cues = await cuesAfter(deps.db, live.id, input.after ?? 0, subtitleLimits.pageSize);
  if (language === sourceLanguage) {
    return { results: cues.map((cue) => toSubtitleCue(cue, cue.text, cue.language)), ...base };
  }
  if (state === 'running' || state === 'waiting') await touchSubtitleLanguage(deps.db, live.id, language);
  const known = await translationsOf(
    deps.db,
    cues.map((cue) => cue.id),
    language,
  );
  const chatProvider = deps.provider ?? aiProviderOf(deps.config);
  if (chatProvider)
    await translateOnDemand({ db: deps.db, provider: chatProvider }, live.id, cues, language, known);
  const results = cues
    .filter((cue) => known.has(cue.id))
    .map((cue) => toSubtitleCue(cue, known.get(cue.id) as string, language));
  return { results, ...base };
}

/** Cues of a whole live for the replay track (at most this many). */
const maxVttCues = 5000;

/**
 * The cues of GET /subtitles/vtt (§7, the replay's track) in `language`: cached translations where
 * they exist, the spoken text otherwise. Same permission as watching the live.
 * @throws 404 not_found; 403 live.banned / no_permission; 400 subtitles.language_not_offered
 */
export async function subtitleTrackOf(
  deps: { db: Database; config: Config },
  input: { liveId: string; language?: string; userId: string | null },
): Promise<{ start: number; end: number; text: string }[]> {
  const { live } = await requireLiveWatcher(deps, input.liveId, { userId: input.userId });
  const settings = await findSubtitleSettings(deps.db, live.id);
  const sourceLanguage = settings?.sourceLanguage ?? 'zh';
  const language = input.language ?? sourceLanguage;
  if (settings && !(await offeredLanguages(deps.db, live, settings)).includes(language)) {
    throw badRequest(
      SubtitleError.languageNotOffered,
      `Subtitles of this live are not offered in ${language}`,
    );
  }
  const cues = await cuesAfter(deps.db, live.id, 0, maxVttCues);
  const translated =
    language === sourceLanguage
      ? new Map<string, string>()
      : await translationsOf(
          deps.db,
          cues.map((cue) => cue.id),
          language,
        );
  return cues.map((cue) => ({
    start: cue.startMs / 1000,
    end: Math.max(cue.endMs, cue.startMs + 1) / 1000,
    text: translated.get(cue.id) ?? cue.text,
  }));
}

/** The live of a meeting (not deleted), or 404. */
export async function meetingLiveOrThrow(db: Database, meetingId: string, liveId: string): Promise<LiveRow> {
  const [row] = await db
    .select()
    .from(lives)
    .where(and(eq(lives.id, liveId), eq(lives.meetingId, meetingId), eq(lives.deleted, 0)))
    .limit(1);
  if (!row) throw notFound('Live');
  return row;
}
