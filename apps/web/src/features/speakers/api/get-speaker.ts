import type { getSpeaker, SpeakerDetail } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/** GET /meetings/:meeting_id/speakers/:speaker_id: the speaker with their sessions. */
export function fetchSpeaker(meetingId: string, speakerId: string): Promise<SpeakerDetail> {
  return api.get<SpeakerDetail>(
    fillPath<typeof getSpeaker>('/meetings/:meeting_id/speakers/:speaker_id', {
      meeting_id: meetingId,
      speaker_id: speakerId,
    }),
  );
}

export const speakerQueryOptions = (meetingId: string, speakerId: string) =>
  queryOptions({
    queryKey: ['speakers', 'detail', meetingId, speakerId],
    queryFn: () => fetchSpeaker(meetingId, speakerId),
    staleTime: 60_000,
  });

export const useSpeaker = (meetingId: string, speakerId: string | undefined) =>
  useQuery({ ...speakerQueryOptions(meetingId, speakerId ?? ''), enabled: speakerId !== undefined });
