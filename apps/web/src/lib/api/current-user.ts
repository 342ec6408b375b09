import type { User } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

/** GET /users/me: the logged-in user with contact fields (§2 /my/index). */
export const currentUserQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['users', 'me', meetingId],
    queryFn: () => api.get<User>('/users/me'),
    staleTime: 30_000,
  });
