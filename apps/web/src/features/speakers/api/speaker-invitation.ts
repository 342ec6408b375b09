import type {
  acceptMySpeakerInvitation,
  acceptSpeakerInvitation,
  declineMySpeakerInvitation,
  declineSpeakerInvitation,
  getMySpeakerInvitation,
  getSpeakerInvitation,
  Speaker,
  SpeakerInvitationView,
  SpeakerProfileBody,
  updateSpeakerProfile,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * The speaker invitation page's calls (§2 /meeting/speaker/invite, §6): read the invitation by the
 * link's token or by id (410 speaker_invitation.expired: 'The temporary link has expired'), accept or
 * decline it (login required; only the invited phone or e-mail's account, else 403; 409
 * speaker_invitation.answered), and the linked speaker's own profile edit.
 */

/**
 * Which invitation the page shows: the link's token (the mail or SMS), or the invitation's id (the
 * notification centre's link, read for the logged-in invited account only).
 */
export type InvitationRef = { token: string } | { id: string };

const invitationKey = (ref: InvitationRef) =>
  ['speakers', 'invitation', 'token' in ref ? `t:${ref.token}` : `i:${ref.id}`] as const;

function readPath(ref: InvitationRef): string {
  return 'token' in ref
    ? fillPath<typeof getSpeakerInvitation>('/speaker/invitations/:token', { token: ref.token })
    : fillPath<typeof getMySpeakerInvitation>('/user/speaker-invitations/:id', { id: ref.id });
}

function answerPath(ref: InvitationRef, answer: 'accept' | 'decline'): string {
  if ('token' in ref) {
    return answer === 'accept'
      ? fillPath<typeof acceptSpeakerInvitation>('/speaker/invitations/:token/accept', { token: ref.token })
      : fillPath<typeof declineSpeakerInvitation>('/speaker/invitations/:token/decline', {
          token: ref.token,
        });
  }
  return answer === 'accept'
    ? fillPath<typeof acceptMySpeakerInvitation>('/user/speaker-invitations/:id/accept', { id: ref.id })
    : fillPath<typeof declineMySpeakerInvitation>('/user/speaker-invitations/:id/decline', { id: ref.id });
}

export function useSpeakerInvitation(ref: InvitationRef | undefined) {
  return useQuery({
    queryKey: invitationKey(ref ?? { token: '' }),
    queryFn: () => api.get<SpeakerInvitationView>(readPath(ref ?? { token: '' })),
    enabled: ref !== undefined,
    retry: false,
  });
}

/** POST …/accept or …/decline (403 no_permission when the account is not the invited one). */
export function useAnswerInvitation(ref: InvitationRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'accept' | 'decline') => api.post<SpeakerInvitationView>(answerPath(ref, answer)),
    onSuccess: (view) => queryClient.setQueryData(invitationKey(ref), view),
  });
}

/** PUT /meeting/speakers/{speaker_id}/profile: the linked speaker's bio, title, company, photo. */
export function useUpdateSpeakerProfile(speakerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SpeakerProfileBody) =>
      api.put<Speaker>(
        fillPath<typeof updateSpeakerProfile>('/meeting/speakers/:speaker_id/profile', {
          speaker_id: speakerId,
        }),
        body,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['speakers'] }),
  });
}
