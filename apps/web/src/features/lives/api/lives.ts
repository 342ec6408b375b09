import type {
  checkoutLive,
  createLiveChatTicket,
  deleteLiveChat,
  getLivePermission,
  LiveChatMessage,
  LivePermission,
  LiveSummary,
  LiveUserState,
  listLiveChats,
  listLives,
  Order,
  pinLiveChat,
  postLiveChat,
  sendLiveHeartbeat,
  updateLiveSubscription,
  updateLiveUser,
} from '@app/contracts';
import { liveLimits } from '@app/contracts/wire/live-limits.ts';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';

/** The list's filters (§4: ongoing, upcoming, past); '' is all of them. */
export type LiveListFilter = '' | 'ongoing' | 'upcoming' | 'past';

export const livesPageSize = 20;
const listPath = contractPath<typeof listLives>('/lives');

/** GET /lives (§7 Lives, public): a page of the meeting's shown lives, ongoing first, then upcoming, then past. */
export function fetchLives(
  meetingId: string,
  state: LiveListFilter,
  page: { limit: number; skip: number },
): Promise<LiveSummary[]> {
  return api.list<LiveSummary>(listPath, {
    meeting_id: meetingId,
    state: state || undefined,
    limit: page.limit,
    skip: page.skip,
  });
}

/** The lives list, page by page ("load more"); keyed by meeting and filter. */
export const useLivePages = (meetingId: string, state: LiveListFilter) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['lives', 'list', meetingId, state],
      queryFn: ({ pageParam }) => fetchLives(meetingId, state, { limit: livesPageSize, skip: pageParam }),
      initialPageParam: 0,
      getNextPageParam: (last, pages) =>
        last.length < livesPageSize ? undefined : pages.length * livesPageSize,
      staleTime: 30_000,
    }),
  );

/**
 * One live (GET /lives with `_id`, §7: a GET with _id takes the first item), or null for an id the
 * server does not list (unknown, deleted or hidden: the room opens /404).
 */
export function useLive(meetingId: string, liveId: string) {
  return useQuery({
    queryKey: ['lives', 'live', meetingId, liveId],
    queryFn: async () =>
      (await api.list<LiveSummary>(listPath, { meeting_id: meetingId, _id: liveId, limit: 1 }))[0] ?? null,
    enabled: liveId !== '',
    staleTime: 10_000,
  });
}

/**
 * GET /lives/{id}/permission (§6): may the caller watch, why, and the play address (only when they
 * may and there is a picture). Keyed by login so logging in asks again.
 */
export function useLivePermission(liveId: string, isLoggedIn: boolean) {
  return useQuery({
    queryKey: ['lives', 'permission', liveId, isLoggedIn ? 1 : 0],
    queryFn: () =>
      api.get<LivePermission>(fillPath<typeof getLivePermission>('/lives/:id/permission', { id: liveId })),
    enabled: liveId !== '',
    // The signed play address expires (play_expires): re-read rather than keep a stale one.
    staleTime: 0,
    retry: 1,
  });
}

/** Re-reads the room's live and permission (state changed, countdown ended, retry after a failed source). */
export function useRefreshRoom(liveId: string) {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['lives', 'permission', liveId] }),
        client.invalidateQueries({ queryKey: ['lives', 'live'], predicate: (q) => q.queryKey[3] === liveId }),
      ]),
    [client, liveId],
  );
}

/** POST /lives/{id}/checkouts (§7, §4 Order): buys the pass; answers the order to pay. */
export function useCheckoutLive(liveId: string) {
  return useMutation({
    mutationFn: (input: { expectedTotal: number | null }) =>
      api.post<{ orders: Order[] }>(fillPath<typeof checkoutLive>('/lives/:id/checkouts', { id: liveId }), {
        expected_total: input.expectedTotal ?? undefined,
      }),
  });
}

/** PUT /lives/{id}/subscription (§9 reminder 10 minutes before the start by SMS and mail). */
export function useLiveSubscription(liveId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) =>
      api.put<{ subscribed: 0 | 1 }>(
        fillPath<typeof updateLiveSubscription>('/lives/:id/subscription', { id: liveId }),
        { subscribed: subscribed ? 1 : 0 },
      ),
    onSuccess: (answer) => {
      client.setQueriesData<LivePermission>({ queryKey: ['lives', 'permission', liveId] }, (old) =>
        old ? { ...old, subscribed: answer.subscribed } : old,
      );
    },
  });
}

/** POST /lives/{id}/heartbeats: the player's beat every 30 s while it plays; answers the online count. */
export function sendHeartbeat(liveId: string): Promise<{ online: number }> {
  return api.post<{ online: number }>(
    fillPath<typeof sendLiveHeartbeat>('/lives/:id/heartbeats', { id: liveId }),
  );
}

/** A page of chat history: newest first, and the pinned message. */
export type ChatPage = { results: LiveChatMessage[]; pinned: LiveChatMessage | null };

/**
 * GET /lives/{id}/chats: the history on joining, older pages by `before` (the oldest id held). Only
 * for callers who may watch (`enabled`).
 */
export function useChatHistory(liveId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['lives', 'chats', liveId],
    queryFn: ({ pageParam }) =>
      api.whole<ChatPage>(fillPath<typeof listLiveChats>('/lives/:id/chats', { id: liveId }), {
        before: pageParam || undefined,
        limit: liveLimits.chatHistory,
      }),
    initialPageParam: '',
    getNextPageParam: (last) =>
      last.results.length < liveLimits.chatHistory ? undefined : last.results.at(-1)?._id.$id,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** POST /lives/{id}/chats: posts a message (moderated; 'review' ones are held, not broadcast). */
export function usePostChat(liveId: string) {
  return useMutation({
    mutationFn: (text: string) =>
      api.post<{ message: LiveChatMessage; state: 'visible' | 'review' }>(
        fillPath<typeof postLiveChat>('/lives/:id/chats', { id: liveId }),
        { text },
      ),
  });
}

/** DELETE /lives/{id}/chats/{message_id} (the poster or a moderator). */
export function deleteChat(liveId: string, messageId: string): Promise<{ ok: 1 }> {
  return api.delete(
    fillPath<typeof deleteLiveChat>('/lives/:id/chats/:message_id', { id: liveId, message_id: messageId }),
  );
}

/** PUT /lives/{id}/pin ('' unpins; moderators). */
export function pinChat(liveId: string, messageId: string): Promise<{ pinned: LiveChatMessage | null }> {
  return api.put(fillPath<typeof pinLiveChat>('/lives/:id/pin', { id: liveId }), { message_id: messageId });
}

/** PUT /lives/{id}/users/{user_id}: a moderator mutes or bans a poster. */
export function moderateUser(
  liveId: string,
  userId: string,
  change: { muted?: 0 | 1; banned?: 0 | 1 },
): Promise<LiveUserState> {
  return api.put(
    fillPath<typeof updateLiveUser>('/lives/:id/users/:user_id', { id: liveId, user_id: userId }),
    change,
  );
}

/** POST /lives/{id}/chat/tickets: a one-minute ticket to open the room socket. */
export function chatTicket(liveId: string): Promise<{ ticket: string; expires: number }> {
  return api.post(fillPath<typeof createLiveChatTicket>('/lives/:id/chat/tickets', { id: liveId }));
}

/** The room socket's address (same origin as the API, ws: or wss:), with its ticket. */
export function chatSocketUrl(liveId: string, ticket: string): string {
  const address = new URL(
    `${import.meta.env.VITE_API_BASE ?? '/api'}/lives/${encodeURIComponent(liveId)}/chat/socket`,
    window.location.href,
  );
  address.protocol = address.protocol === 'https:' ? 'wss:' : 'ws:';
  address.search = new URLSearchParams({ ticket }).toString();
  return address.toString();
}
