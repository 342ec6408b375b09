import type { getSubtitles, SubtitleCue } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

export const subtitlesPath = contractPath<typeof getSubtitles>('/subtitles');

/** GET /subtitles's answer (§7): cues, the subtitles' state, the spoken language and the offered ones. */
export type SubtitlesAnswer = {
  results: SubtitleCue[];
  state: 'off' | 'waiting' | 'running' | 'ended' | 'unavailable';
  source_language: string;
  languages: string[];
};

/**
 * Whether a live has subtitles (§1 AI subtitles): one GET /subtitles in the spoken language (asking
 * for it records no viewer language), read once the room's picture has played. The room loads the
 * subtitle controls' code only when the answer is not 'off', so rooms without subtitles never fetch it.
 */
export const useSubtitleProbe = (liveId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['subtitles', 'probe', liveId],
    queryFn: () => api.whole<SubtitlesAnswer>(subtitlesPath, { live_id: liveId }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });

type CueListener = (cue: SubtitleCue) => void;
const listeners = new Set<CueListener>();

/** The room socket's `subtitle` events, handed from the room to the subtitle overlay (loaded later). */
export const subtitleCues = {
  emit: (cue: SubtitleCue) => {
    for (const listener of listeners) listener(cue);
  },
  listen: (listener: CueListener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
