import type {
  ConsoleProgramme,
  ConsoleSpeaker,
  ConsoleSpeakerInvitation,
  CreatedSpeakerInvitation,
  CreateSpeakerInvitationBody,
  consoleGetProgramme,
  createConsoleSpeakerInvitation,
  listConsoleSpeakerInvitations,
  resendConsoleSpeakerInvitation,
  revokeConsoleSpeakerInvitation,
} from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * The console's speaker invitations (§2 /meeting/speaker/invite, §6), typed from
 * console-speakers.contracts.ts; 403 no_permission without programme.edit.
 */

export const invitationsPageSize = 50;
export const invitationsKey = (meetingId: string) => ['console', 'speaker-invitations', meetingId] as const;

/** GET …/speaker-invitations?limit&skip: newest first, with the total. */
export const invitationsQueryOptions = (meetingId: string, skip: number) =>
  queryOptions({
    queryKey: [...invitationsKey(meetingId), skip],
    queryFn: () =>
      api.get<{ items: ConsoleSpeakerInvitation[]; total: number }>(
        fillPath<typeof listConsoleSpeakerInvitations>('/console/meetings/:meeting_id/speaker-invitations', {
          meeting_id: meetingId,
        }),
        { limit: invitationsPageSize, skip },
      ),
    placeholderData: keepPreviousData,
  });

/**
 * GET …/programme, keeping its speakers (§6: the speakers an invitation can name), in the
 * order the programme lists them. Shares the programme screen's query key (['console', 'programme',
 * meetingId]) so a speaker added there is offered here without a reload. 403 no_permission
 * (programme.edit).
 */
export const programmeSpeakersQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['console', 'programme', meetingId] as const,
    queryFn: () =>
      api.get<ConsoleProgramme>(
        fillPath<typeof consoleGetProgramme>('/console/meetings/:meeting_id/programme', {
          meeting_id: meetingId,
        }),
      ),
    select: (programme): ConsoleSpeaker[] => programme.speakers,
  });

/** POST …/speakers/{speaker_id}/invitations: sends the link; 409 when the speaker is already linked. */
export function inviteSpeaker(
  meetingId: string,
  speakerId: string,
  body: CreateSpeakerInvitationBody,
): Promise<CreatedSpeakerInvitation> {
  return api.post<CreatedSpeakerInvitation>(
    fillPath<typeof createConsoleSpeakerInvitation>(
      '/console/meetings/:meeting_id/speakers/:speaker_id/invitations',
      { meeting_id: meetingId, speaker_id: speakerId },
    ),
    body,
  );
}

/** DELETE …/speaker-invitations/{id}: the link answers 410 from now on. */
export function revokeInvitation(meetingId: string, id: string): Promise<ConsoleSpeakerInvitation> {
  return api.delete<ConsoleSpeakerInvitation>(
    fillPath<typeof revokeConsoleSpeakerInvitation>('/console/meetings/:meeting_id/speaker-invitations/:id', {
      meeting_id: meetingId,
      id,
    }),
  );
}

/** POST …/speaker-invitations/{id}/resend: a new link, 14 more days. */
export function resendInvitation(
  meetingId: string,
  id: string,
  lang: string,
): Promise<CreatedSpeakerInvitation> {
  return api.post<CreatedSpeakerInvitation>(
    fillPath<typeof resendConsoleSpeakerInvitation>(
      '/console/meetings/:meeting_id/speaker-invitations/:id/resend',
      { meeting_id: meetingId, id },
    ),
    { lang },
  );
}
