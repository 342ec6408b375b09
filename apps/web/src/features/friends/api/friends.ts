import type {
  ApplyFriendBody,
  answerFriendApplication,
  applyFriend,
  exchangeCard,
  Friend,
  FriendApplication,
  FriendCard,
  FriendPerson,
  getFriendCard,
  listFriendApplications,
  listFriends,
  removeFriend,
  renewFriendCard,
} from '@app/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';
import { downloadFile } from '../../../lib/api/download-file.ts';

/** Page size of the connections and applications lists. */
export const friendPageSize = 50;

/** GET /user/friends (§7): my connections (the client unwraps `results`) with contacts (§6), newest first, filtered by `keyword`. */
export const useFriends = (keyword: string, enabled = true) =>
  useQuery({
    queryKey: ['friends', 'list', keyword],
    queryFn: () =>
      api.list<Friend>(contractPath<typeof listFriends>('/user/friends'), {
        keyword: keyword || undefined,
        limit: friendPageSize,
      }),
    enabled,
    staleTime: 0,
  });

/** GET /user/friend/applications (§4): received or sent applications with their states. */
export const useFriendApplications = (box: 'received' | 'sent', enabled = true) =>
  useQuery({
    queryKey: ['friends', 'applications', box],
    queryFn: () =>
      api.list<FriendApplication>(contractPath<typeof listFriendApplications>('/user/friend/applications'), {
        box,
        limit: friendPageSize,
      }),
    enabled,
    staleTime: 0,
  });

/** GET /user/friends/card: my personal QR payload for the session meeting. */
export const useFriendCard = (enabled = true) =>
  useQuery({
    queryKey: ['friends', 'card'],
    queryFn: () => api.get<FriendCard>(contractPath<typeof getFriendCard>('/user/friends/card')),
    enabled,
  });

/** Every friends list, the user (badge) and people pages refetch after a change. */
export function refreshFriends(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['friends'] });
  void queryClient.invalidateQueries({ queryKey: ['people'] });
  void queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
}

/**
 * POST /user/friend/applications (§4).
 * @throws ApiError 400 friend.self; 404 not_found (hidden); 409 friend.already.
 */
export function applyFriendRequest(body: ApplyFriendBody) {
  return api.post<{ application: FriendApplication; connected: 0 | 1 }>(
    contractPath<typeof applyFriend>('/user/friend/applications'),
    body,
  );
}

/** PUT /user/friend/applications/{id}: accept / ignore (target) or cancel (applicant). 409 when closed. */
export function answerApplicationRequest(id: string, action: 'accept' | 'ignore' | 'cancel') {
  return api.put<FriendApplication>(
    fillPath<typeof answerFriendApplication>('/user/friend/applications/:id', { id }),
    { action },
  );
}

/**
 * POST /user/friends {card} (card exchange).
 * @throws ApiError 400 card.invalid / friend.self; 403 card.special_identity / card.exchange_disabled.
 */
export function exchangeCardRequest(card: string) {
  return api.post<{ friend: FriendPerson; created: 0 | 1 }>(
    contractPath<typeof exchangeCard>('/user/friends'),
    { card },
  );
}

/** DELETE /user/friends/{user_id}: ends a connection both ways. */
export function removeFriendRequest(userId: string) {
  return api.delete<{ ok: 1 }>(fillPath<typeof removeFriend>('/user/friends/:user_id', { user_id: userId }));
}

/** GET /user/friends.vcf saved as contacts.vcf. */
export function downloadVcard(): Promise<void> {
  return downloadFile('/user/friends.vcf', 'contacts.vcf');
}

/** A mutation of the friends calls that refreshes every friends query after success. */
export function useFriendMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshFriends(queryClient) });
}

/** Card exchange as a mutation (friends lists refresh after it). */
export const useExchangeCard = () => useFriendMutation((card: string) => exchangeCardRequest(card));

/**
 * POST /user/friends/card (§8): renews my personal QR; every earlier card, printed or shown, stops
 * working. The new card replaces the cached one.
 */
export function useRenewFriendCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<FriendCard>(contractPath<typeof renewFriendCard>('/user/friends/card'), {}),
    onSuccess: (card) => queryClient.setQueryData(['friends', 'card'], card),
  });
}
