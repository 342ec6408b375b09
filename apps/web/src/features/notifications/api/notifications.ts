import type {
  getNotificationPreferences,
  listNotifications,
  NotificationItem,
  NotificationKind,
  NotificationPreference,
  readNotifications,
  updateNotificationPreferences,
} from '@app/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

const listPath = contractPath<typeof listNotifications>('/notifications');
const readPath = contractPath<typeof readNotifications>('/notifications/read');
const preferencesPath = contractPath<typeof getNotificationPreferences>('/notification/preferences');
const savePath = contractPath<typeof updateNotificationPreferences>('/notification/preferences');

/** One page of notices (load more). */
export const notificationPageSize = 20;

/** GET /notifications: the caller's notices, newest first, 20 a page. */
export function useNotificationPages(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['notifications', 'list'],
    queryFn: ({ pageParam }) =>
      api.list<NotificationItem>(listPath, { skip: pageParam, limit: notificationPageSize }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < notificationPageSize ? undefined : pages.length * notificationPageSize,
    enabled,
  });
}

/** PUT /notifications/read: some notices, or all. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: string[] } | { all: 1 }) =>
      api.put<{ updated: number; unread: number }>(
        readPath,
        'all' in input ? input : { ids: input.ids.join(',') },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

/** GET /notification/preferences: mail / SMS per kind. */
export function usePreferences() {
  return useQuery({
    queryKey: ['notifications', 'preferences'],
    queryFn: () => api.list<NotificationPreference>(preferencesPath),
  });
}

/** PUT /notification/preferences: one kind's channel. */
export function useSavePreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: NotificationKind; mail?: 0 | 1; sms?: 0 | 1 }) =>
      api.put<NotificationPreference[]>(savePath, input),
    onSuccess: (results) => client.setQueryData(['notifications', 'preferences'], results),
  });
}
