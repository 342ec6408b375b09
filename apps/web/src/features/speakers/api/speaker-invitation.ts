import type {
  acceptSpeakerInvitation,
  declineSpeakerInvitation,
  getSpeakerInvitation,
  Speaker,
  SpeakerInvitationView,
  SpeakerProfileBody,
  updateSpeakerProfile,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * The speaker invitation page's calls (§2 /meeting/speaker/invite, §6): read the link's invitation
 * (410 speaker_invitation.expired: 'The temporary link has expired'), accept or decline it (login
 * required; 409 speaker_invitation.answered), and the linked speaker's own profile edit.
 */

const invitationKey = (token: string) => ['speakers', 'invitation', token] as const;

export function useSpeakerInvitation(token: string | undefined) {
  return useQuery({
    queryKey: invitationKey(token ?? ''),
    queryFn: () =>
      api.get<SpeakerInvitationView>(
        fillPath<typeof getSpeakerInvitation>('/speaker/invitations/:token', { token: token ?? '' }),
      ),
    enabled: Boolean(token),
    retry: false,
  });
}

/** POST …/accept or …/decline; the answer replaces the cached invitation. */
export function useAnswerInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'accept' | 'decline') =>
      api.post<SpeakerInvitationView>(
        answer === 'accept'
          ? fillPath<typeof acceptSpeakerInvitation>('/speaker/invitations/:token/accept', { token })
          : fillPath<typeof declineSpeakerInvitation>('/speaker/invitations/:token/decline', { token }),
      ),
    onSuccess: (view) => queryClient.setQueryData(invitationKey(token), view),
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
