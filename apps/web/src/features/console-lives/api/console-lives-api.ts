import type {
  Activity,
  ConsoleLive,
  ConsoleLiveChatMessage,
  ConsoleLiveIngest,
  ConsoleLiveUser,
  ConsoleMeeting,
  ConsoleProgramme,
  consoleGetMeeting,
  consoleGetProgramme,
  createConsoleLive,
  deleteConsoleLive,
  deleteLiveChat,
  getConsoleLive,
  getConsoleLiveIngest,
  grantConsoleLiveUser,
  LiveChatMessage,
  LiveUserState,
  LiveViewer,
  listActivities,
  listConsoleLiveChats,
  listConsoleLives,
  listConsoleLiveUsers,
  listLiveUsers,
  pauseConsoleLive,
  pinLiveChat,
  rotateConsoleLiveIngest,
  updateConsoleLive,
  updateLiveUser,
} from '@app/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';
import { bracketBody, type NestedValue } from '../../../lib/api/bracket-body.ts';

/**
 * The console's lives calls (DESIGN §7), typed from console-lives.contracts.ts (lives.edit; chats and
 * users lives.moderate) and the public moderation calls of lives.contracts.ts (PUT
 * /lives/{id}/users/{user_id}, DELETE /lives/{id}/chats/{message_id}, PUT /lives/{id}/pin, GET
 * /lives/users), plus the meeting's languages, programme sessions and activity prices the editor
 * picks from.
 */

/** Query keys of this area; every write refreshes `all(meetingId)`. */
export const consoleLiveKeys = {
  all: (meetingId: string) => ['console', 'lives', meetingId] as const,
  one: (meetingId: string, id: string) => ['console', 'lives', meetingId, id] as const,
  chats: (meetingId: string, id: string, state: string) =>
    ['console', 'lives', meetingId, id, 'chats', state] as const,
  users: (meetingId: string, id: string) => ['console', 'lives', meetingId, id, 'users'] as const,
  viewers: (meetingId: string, id: string, limit: number) =>
    ['console', 'lives', meetingId, id, 'viewers', limit] as const,
};

const listPath = (meetingId: string) =>
  fillPath<typeof listConsoleLives>('/console/meetings/:meeting_id/lives', { meeting_id: meetingId });
const onePath = (meetingId: string, id: string) =>
  fillPath<typeof getConsoleLive>('/console/meetings/:meeting_id/lives/:id', { meeting_id: meetingId, id });

/** GET …/lives: the meeting's lives by start, with their figures. 403 no_permission. */
export const livesQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consoleLiveKeys.all(meetingId),
    queryFn: () => api.get<{ items: ConsoleLive[] }>(listPath(meetingId)),
  });

/** GET …/lives/{id}: one live with its figures. 403 no_permission; 404 not_found. */
export const liveQueryOptions = (meetingId: string, id: string) =>
  queryOptions({
    queryKey: consoleLiveKeys.one(meetingId, id),
    queryFn: () => api.get<ConsoleLive>(onePath(meetingId, id)),
  });

/**
 * POST (id null) or PUT …/lives[/{id}]: saves a live's fields (form body, ConsoleLiveFields; `updated`
 * on PUT). 400 live.window_invalid / live.source_invalid / live.access_invalid / validation_failed;
 * 409 conflict.stale.
 */
export function saveLive(meetingId: string, id: string | null, body: Record<string, NestedValue>) {
  return id
    ? api.put<ConsoleLive>(
        fillPath<typeof updateConsoleLive>('/console/meetings/:meeting_id/lives/:id', {
          meeting_id: meetingId,
          id,
        }),
        bracketBody(body),
      )
    : api.post<ConsoleLive>(
        fillPath<typeof createConsoleLive>('/console/meetings/:meeting_id/lives', { meeting_id: meetingId }),
        bracketBody(body),
      );
}

/** DELETE …/lives/{id} (soft: the public then gets 404). */
export function deleteLive(meetingId: string, id: string) {
  return api.delete<{ ok: 1 }>(
    fillPath<typeof deleteConsoleLive>('/console/meetings/:meeting_id/lives/:id', {
      meeting_id: meetingId,
      id,
    }),
  );
}

/** PUT …/lives/{id}/pause: pauses (1) or resumes (0) the stream (§4 'paused'). */
export function pauseLive(meetingId: string, id: string, paused: 0 | 1) {
  return api.put<ConsoleLive>(
    fillPath<typeof pauseConsoleLive>('/console/meetings/:meeting_id/lives/:id/pause', {
      meeting_id: meetingId,
      id,
    }),
    { paused },
  );
}

/** GET …/lives/{id}/ingest: reveals the OBS server and stream key (audited, so only on request). */
export function revealIngest(meetingId: string, id: string) {
  return api.get<ConsoleLiveIngest>(
    fillPath<typeof getConsoleLiveIngest>('/console/meetings/:meeting_id/lives/:id/ingest', {
      meeting_id: meetingId,
      id,
    }),
  );
}

/** POST …/lives/{id}/ingest: a new stream key; the old one stops working for new publishes. */
export function rotateIngest(meetingId: string, id: string) {
  return api.post<ConsoleLiveIngest>(
    fillPath<typeof rotateConsoleLiveIngest>('/console/meetings/:meeting_id/lives/:id/ingest', {
      meeting_id: meetingId,
      id,
    }),
  );
}

/** GET …/lives/{id}/chats: the chat for moderation, newest first, every state or one (`state`). */
export const chatsQueryOptions = (
  meetingId: string,
  id: string,
  state: '' | ConsoleLiveChatMessage['state'],
) =>
  queryOptions({
    queryKey: consoleLiveKeys.chats(meetingId, id, state),
    queryFn: () =>
      api.get<{ items: ConsoleLiveChatMessage[] }>(
        fillPath<typeof listConsoleLiveChats>('/console/meetings/:meeting_id/lives/:id/chats', {
          meeting_id: meetingId,
          id,
        }),
        { state: state || undefined, limit: 200 },
      ),
  });

/** DELETE /lives/{id}/chats/{message_id}: removes a message and tells the room. */
export function deleteChat(liveId: string, messageId: string) {
  return api.delete<{ ok: 1 }>(
    fillPath<typeof deleteLiveChat>('/lives/:id/chats/:message_id', { id: liveId, message_id: messageId }),
  );
}

/** PUT /lives/{id}/pin: pins a visible message ('' unpins). */
export function pinChat(liveId: string, messageId: string) {
  return api.put<{ pinned: LiveChatMessage | null }>(
    fillPath<typeof pinLiveChat>('/lives/:id/pin', { id: liveId }),
    { message_id: messageId },
  );
}

/** PUT /lives/{id}/users/{user_id}: mute/unmute, ban/unban, allow/disallow a user. */
export function moderateUser(
  liveId: string,
  userId: string,
  change: { muted?: 0 | 1; banned?: 0 | 1; allowed?: 0 | 1 },
) {
  return api.put<LiveUserState>(
    fillPath<typeof updateLiveUser>('/lives/:id/users/:user_id', { id: liveId, user_id: userId }),
    change,
  );
}

/** GET …/lives/{id}/users: users muted, banned or allowed in the live. */
export const liveUsersQueryOptions = (meetingId: string, id: string) =>
  queryOptions({
    queryKey: consoleLiveKeys.users(meetingId, id),
    queryFn: () =>
      api.get<{ items: ConsoleLiveUser[] }>(
        fillPath<typeof listConsoleLiveUsers>('/console/meetings/:meeting_id/lives/:id/users', {
          meeting_id: meetingId,
          id,
        }),
      ),
  });

/** POST …/lives/{id}/users: allows a user into a private live by phone or e-mail. 404 no such user. */
export function grantUser(meetingId: string, id: string, account: string) {
  return api.post<ConsoleLiveUser>(
    fillPath<typeof grantConsoleLiveUser>('/console/meetings/:meeting_id/lives/:id/users', {
      meeting_id: meetingId,
      id,
    }),
    { account },
  );
}

/**
 * GET /lives/users: the live's viewers, online first then by last seen, `pageSize` a page (the client
 * unwraps the `results`; the online and total figures come from the live itself). A short page is the last.
 */
export const viewersQueryOptions = (meetingId: string, id: string, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: consoleLiveKeys.viewers(meetingId, id, pageSize),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api.list<LiveViewer>(contractPath<typeof listLiveUsers>('/lives/users'), {
        live_id: id,
        limit: pageSize,
        skip: pageParam,
      }),
    getNextPageParam: (last, pages) => (last.length < pageSize ? undefined : pages.length * pageSize),
  });

/** GET /console/meetings/{id}: the meeting's enabled languages (config.language) for titles. */
export const meetingQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['console', 'lives', 'meeting', meetingId] as const,
    queryFn: () =>
      api.get<ConsoleMeeting>(
        fillPath<typeof consoleGetMeeting>('/console/meetings/:meeting_id', { meeting_id: meetingId }),
      ),
    staleTime: 60_000,
  });

/** GET …/programme: the sessions a live may belong to and the activities it may be linked to. */
export const programmeQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['console', 'lives', 'programme', meetingId] as const,
    queryFn: () =>
      api.get<ConsoleProgramme>(
        fillPath<typeof consoleGetProgramme>('/console/meetings/:meeting_id/programme', {
          meeting_id: meetingId,
        }),
      ),
    staleTime: 60_000,
  });

/**
 * The ticket types of one activity, from GET /activities by `_id` (hidden and private activities are
 * found by id too): the 'paid' live's price picker. Deleted ticket types are left out.
 */
export const activityPricesQueryOptions = (meetingId: string, activityId: string) =>
  queryOptions({
    queryKey: ['console', 'lives', 'prices', meetingId, activityId] as const,
    queryFn: async () => {
      const activity = await api.one<Activity>(contractPath<typeof listActivities>('/activities'), {
        meeting_id: meetingId,
        query: { _id: activityId },
        limit: 1,
      });
      return (activity?.prices ?? []).filter((price) => price.deleted !== 1);
    },
    staleTime: 30_000,
  });
