import type {
  ConsoleSubtitleSettings,
  ConsoleSubtitleSettingsInput,
  getConsoleLiveSubtitles,
  getLiveMinutes,
  LiveMinutesAnswer,
  regenerateConsoleLiveMinutes,
  updateConsoleLiveSubtitles,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * A live's AI subtitles and minutes in the console (§1 AI subtitles, translation and minutes; DESIGN
 * §7), typed from subtitles.contracts.ts: the subtitle settings with the worker's status (lives.edit),
 * the minutes as viewers read them (GET /lives/{id}/minutes) and their regeneration.
 */

/** Query keys; a save or a regeneration refreshes its own. */
export const consoleSubtitleKeys = {
  settings: (meetingId: string, liveId: string) =>
    ['console', 'lives', meetingId, liveId, 'subtitles'] as const,
  minutes: (liveId: string, language: string) => ['console', 'lives', 'minutes', liveId, language] as const,
};

const subtitlesPath = (meetingId: string, id: string) =>
  fillPath<typeof getConsoleLiveSubtitles>('/console/meetings/:meeting_id/lives/:id/subtitles', {
    meeting_id: meetingId,
    id,
  });

/** GET …/lives/{id}/subtitles: settings and status. 403 no_permission; 404 not_found. */
export const subtitleSettingsQuery = (meetingId: string, liveId: string) =>
  queryOptions({
    queryKey: consoleSubtitleKeys.settings(meetingId, liveId),
    queryFn: () => api.whole<ConsoleSubtitleSettings>(subtitlesPath(meetingId, liveId)),
  });

/** PUT …/lives/{id}/subtitles (JSON). 400 subtitles.language_not_enabled / validation_failed. */
export function saveSubtitleSettings(meetingId: string, liveId: string, body: ConsoleSubtitleSettingsInput) {
  return api.request(
    'PUT',
    fillPath<typeof updateConsoleLiveSubtitles>('/console/meetings/:meeting_id/lives/:id/subtitles', {
      meeting_id: meetingId,
      id: liveId,
    }),
    { json: body },
  ) as Promise<ConsoleSubtitleSettings>;
}

/** GET /lives/{id}/minutes?language=: state, the minutes (or a fallback language) and their languages. */
export const minutesQuery = (liveId: string, language: string) =>
  queryOptions({
    queryKey: consoleSubtitleKeys.minutes(liveId, language),
    queryFn: () =>
      api.whole<LiveMinutesAnswer>(fillPath<typeof getLiveMinutes>('/lives/:id/minutes', { id: liveId }), {
        language: language || undefined,
      }),
  });

/** POST …/lives/{id}/minutes: writes them again (queued). 409 minutes.live_not_ended. */
export function regenerateMinutes(meetingId: string, liveId: string) {
  return api.request(
    'POST',
    fillPath<typeof regenerateConsoleLiveMinutes>('/console/meetings/:meeting_id/lives/:id/minutes', {
      meeting_id: meetingId,
      id: liveId,
    }),
    { json: {} },
  ) as Promise<{ state: 'none' | 'pending' | 'ready' }>;
}
