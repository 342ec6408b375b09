import type { ConsoleMe, getConsoleMe } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/** Query key of GET /console/me, per signed-in user (a new login asks again). */
export const consoleMeKey = (userId: string | undefined) => ['console', 'me', userId ?? ''] as const;

/**
 * GET /console/me (DESIGN §7): whether the caller is a platform administrator and the meetings they
 * may open, each with their roles and allowed actions. 401 login.required without a session.
 */
export const consoleMeQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: consoleMeKey(userId),
    queryFn: () => api.get<ConsoleMe>(contractPath<typeof getConsoleMe>('/console/me')),
    staleTime: 60_000,
  });

/** The caller in the console, cached for a minute (the shell, the Me page entry and every screen share it). */
export function useConsoleMe(userId: string | undefined, isEnabled = true) {
  return useQuery({ ...consoleMeQueryOptions(userId), enabled: isEnabled && Boolean(userId) });
}
