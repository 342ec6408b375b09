import type { SubtitleCue, SubtitleLanguage, SubtitleState } from '@app/contracts';
import type { AiProvider } from '../../providers/ai/ai.provider.ts';
import { leaseStaleSeconds, type SubtitleRunRow, type SubtitleSettingsRow } from './subtitles.repository.ts';

/** A stored cue (or its translation) as the wire shows it (§7 GET /subtitles, the socket's event). */
export function toSubtitleCue(
  cue: { seq: number; startMs: number; endMs: number },
  text: string,
  language: string,
): SubtitleCue {
  return {
    seq: cue.seq,
    start_ms: cue.startMs,
    end_ms: cue.endMs,
    text,
    language: language as SubtitleLanguage,
  };
}

/**
 * Where a live's subtitles are (§1): 'off' without enabled settings; 'unavailable' without a provider
 * that transcribes; 'ended' once the live is over or its stream ended; 'running' while a worker's
 * lease is fresh; else 'waiting' (before the start, or until a worker joins or retries).
 */
export function subtitleStateOf(input: {
  settings: SubtitleSettingsRow | null;
  run: SubtitleRunRow | null;
  provider: AiProvider | undefined;
  live: { start: Date; end: Date };
  now: Date;
}): SubtitleState {
  if (input.settings?.enabled !== 1) return 'off';
  if (!input.provider?.canTranscribe) return 'unavailable';
  if (input.now.getTime() >= input.live.end.getTime() || input.run?.state === 'ended') return 'ended';
  const heartbeat = input.run?.heartbeatAt?.getTime() ?? 0;
  if (input.run?.state === 'running' && Date.now() - heartbeat < leaseStaleSeconds * 1000) return 'running';
  return 'waiting';
}
