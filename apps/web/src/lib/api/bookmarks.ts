import type {
  Agenda,
  addAgendaBookmark,
  BookmarkState,
  getMyTimeline,
  listUserAgendas,
  removeAgendaBookmark,
  TimelineItem,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, contractPath, fillPath } from './api.ts';

/**
 * The personal agenda (§7 Users: GET /users/{id}/agendas, POST/DELETE /users/{id}/agendas/{agenda_id};
 * §2 /my/schedules: GET /meeting/my/timeline). All need a login; the server uses the session meeting.
 */

export const bookmarksKey = (userId: string) => ['schedules', 'bookmarks', userId] as const;
export const timelineKey = ['schedules', 'timeline'] as const;

/** GET /users/{id}/agendas: the user's bookmarked sessions, by start. */
export const bookmarksQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: bookmarksKey(userId),
    // The client unwraps `{ results }` answers (§7).
    queryFn: () => api.get<Agenda[]>(fillPath<typeof listUserAgendas>('/users/:id/agendas', { id: userId })),
    staleTime: 60_000,
  });

/** The ids of the user's bookmarked sessions (nothing while logged out). */
export function useBookmarkedIds(userId: string | undefined): Set<string> | undefined {
  const query = useQuery({ ...bookmarksQueryOptions(userId ?? ''), enabled: Boolean(userId) });
  return query.data ? new Set(query.data.map((agenda) => agenda._id.$id)) : undefined;
}

/** POST or DELETE /users/{id}/agendas/{agenda_id}; both are idempotent. */
export function setBookmark(userId: string, agendaId: string, on: boolean): Promise<BookmarkState> {
  const path = fillPath<typeof addAgendaBookmark | typeof removeAgendaBookmark>(
    '/users/:id/agendas/:agenda_id',
    { id: userId, agenda_id: agendaId },
  );
  return on ? api.post<BookmarkState>(path) : api.delete<BookmarkState>(path);
}

/** Toggles a bookmark, then refreshes the bookmark list and the timeline. */
export function useToggleBookmark(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agendaId, on }: { agendaId: string; on: boolean }) => setBookmark(userId, agendaId, on),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bookmarksKey(userId) }),
        queryClient.invalidateQueries({ queryKey: timelineKey }),
      ]);
    },
  });
}

/** GET /meeting/my/timeline: bookmarks, accepted appointments and registrations with clashes. */
export const timelineQueryOptions = () =>
  queryOptions({
    queryKey: timelineKey,
    queryFn: () => api.get<TimelineItem[]>(contractPath<typeof getMyTimeline>('/meeting/my/timeline')),
  });
