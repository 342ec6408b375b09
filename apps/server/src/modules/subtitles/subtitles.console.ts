import {
  type ConsoleSubtitleSettings,
  type ConsoleSubtitleSettingsInput,
  SubtitleError,
  type SubtitleLanguage,
} from '@app/contracts';
import { enabledLanguages } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { AiProvider } from '../../providers/ai/ai.provider.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { liveClock } from '../lives/lives.clock.ts';
import type { LiveRow } from '../lives/lives.permission.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { requireCan } from '../roles/roles.service.ts';
import { enqueueSubtitleStart, subtitleStartJob } from './subtitles.jobs.ts';
import {
  cueCountOf,
  findSubtitleRun,
  findSubtitleSettings,
  lastCueOf,
  resetSubtitleRun,
  saveSubtitleSettings,
} from './subtitles.repository.ts';
import { subtitleStateOf } from './subtitles.serializer.ts';
import { meetingLiveOrThrow, stopLocalWorker, subtitleProviderOf } from './subtitles.service.ts';

/**
 * The console's subtitle settings of a live (§1 AI subtitles and translation; DESIGN §7): on/off, the
 * spoken language, the target languages (the meeting's enabled ones), and the worker's status. Every
 * call needs `lives.edit`; a save leaves one audit row in its transaction.
 */

export type ConsoleSubtitleDeps = { db: Database; config: Config; jobs: JobQueue; provider?: AiProvider };
type Caller = { userId: string; meetingId: string; liveId: string };
const action = 'lives.edit';

/** The settings and status as the console shows them. */
async function settingsView(deps: ConsoleSubtitleDeps, live: LiveRow): Promise<ConsoleSubtitleSettings> {
  const [settings, run, cueCount, last] = await Promise.all([
    findSubtitleSettings(deps.db, live.id),
    findSubtitleRun(deps.db, live.id),
    cueCountOf(deps.db, live.id),
    lastCueOf(deps.db, live.id),
  ]);
  const provider = subtitleProviderOf(deps);
  const delay = last?.audioEndAt ? Math.max(0, last.createdAt.getTime() - last.audioEndAt.getTime()) : null;
  return {
    enabled: settings?.enabled === 1 ? 1 : 0,
    source_language: (settings?.sourceLanguage ?? 'zh') as SubtitleLanguage,
    target_languages: (settings?.targetLanguages ?? []) as SubtitleLanguage[],
    status: {
      state: subtitleStateOf({ settings, run, provider, live, now: liveClock.now() }),
      cue_count: cueCount,
      last_delay_ms: delay,
      error: run?.state === 'failed' ? run.error : '',
      available: provider ? 1 : 0,
    },
  };
}

/**
 * GET /console/meetings/{meeting_id}/lives/{id}/subtitles: the settings (off, 'zh', none when never
 * saved) and the status: state, cues so far, the last cue's delay (ms from the end of its audio to
 * its publication), the worker's last error, whether the provider can transcribe.
 * @throws 403 no_permission (lives.edit); 404 not_found
 */
export async function getConsoleLiveSubtitles(
  deps: ConsoleSubtitleDeps,
  input: Caller,
): Promise<ConsoleSubtitleSettings> {
  await requireCan(deps, { ...input, action });
  return settingsView(deps, await meetingLiveOrThrow(deps.db, input.meetingId, input.liveId));
}

/**
 * PUT /console/meetings/{meeting_id}/lives/{id}/subtitles: saves the settings (audited). Target
 * languages must be enabled in the meeting; the spoken language is dropped from them. Turning
 * subtitles on enqueues the worker's start job for the live's start (at once when running) and puts
 * an ended run back to idle; turning them off stops this process's worker (others stop within 10 s).
 * @throws 400 subtitles.language_not_enabled; 403 no_permission (lives.edit); 404 not_found
 */
export async function updateConsoleLiveSubtitles(
  deps: ConsoleSubtitleDeps,
  input: Caller & { body: ConsoleSubtitleSettingsInput },
): Promise<ConsoleSubtitleSettings> {
  await requireCan(deps, { ...input, action });
  const live = await meetingLiveOrThrow(deps.db, input.meetingId, input.liveId);
  const [meeting] = await deps.db
    .select({ config: meetings.config })
    .from(meetings)
    .where(eq(meetings.id, input.meetingId))
    .limit(1);
  if (!meeting) throw notFound('Meeting');
  const enabled: string[] = enabledLanguages(meeting.config.language);
  const stranger = input.body.target_languages.find((language) => !enabled.includes(language));
  if (stranger) {
    throw badRequest(SubtitleError.languageNotEnabled, `language ${stranger} is not enabled in this meeting`);
  }
  const targets = [...new Set(input.body.target_languages)].filter(
    (language) => language !== input.body.source_language,
  );
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'live_subtitles',
      entityId: live.id,
    },
    async (tx) => {
      const before = await findSubtitleSettings(tx, live.id);
      const after = await saveSubtitleSettings(tx, {
        liveId: live.id,
        enabled: input.body.enabled,
        sourceLanguage: input.body.source_language,
        targetLanguages: targets,
        updatedBy: input.userId,
      });
      if (after.enabled === 1) {
        if (before?.enabled !== 1) await resetSubtitleRun(tx, live.id);
        const now = liveClock.now();
        if (now.getTime() < live.end.getTime()) {
          const at = live.start.getTime() > now.getTime() ? live.start : new Date();
          await enqueueSubtitleStart(tx, deps.jobs, live.id, at);
        }
      }
      const audited = (row: typeof before) =>
        row
          ? {
              enabled: row.enabled,
              source_language: row.sourceLanguage,
              target_languages: row.targetLanguages,
            }
          : null;
      return { result: live.id, before: audited(before), after: audited(after) };
    },
  );
  if (input.body.enabled === 1) deps.jobs.wake(subtitleStartJob);
  else await stopLocalWorker(deps.config, live.id, 'disabled');
  return settingsView(deps, live);
}
