import type { getLiveMinutes, getSubtitlesVtt, LiveMinutesAnswer } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';
import { type SubtitlesAnswer, subtitlesPath } from './subtitles-probe.ts';

const vttPath = contractPath<typeof getSubtitlesVtt>('/subtitles/vtt');

/**
 * GET /subtitles (§7): cues of a live after `after` in `language`. Asking for a target language
 * records it for two minutes, so the server translates new cues into it as they come.
 */
export const fetchSubtitles = (liveId: string, language: string, after: number) =>
  api.whole<SubtitlesAnswer>(subtitlesPath, { live_id: liveId, language, after: after || undefined });

/** GET /subtitles/vtt: the replay's WebVTT track in `language` (signed like every call, hence fetched, not linked). */
export const fetchSubtitlesVtt = (liveId: string, language: string) =>
  api.get<string>(vttPath, { live_id: liveId, language });

/** GET /lives/{id}/minutes (§1 minutes): the state and the minutes in `language` (or the fallback). */
export const useLiveMinutes = (liveId: string, language: string) =>
  useQuery({
    queryKey: ['lives', 'minutes', liveId, language],
    queryFn: () =>
      api.get<LiveMinutesAnswer>(fillPath<typeof getLiveMinutes>('/lives/:id/minutes', { id: liveId }), {
        language,
      }),
    staleTime: 60_000,
  });
