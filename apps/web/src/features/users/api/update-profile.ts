import type { User } from '@app/contracts';
import { api } from '../../../lib/api/api.ts';

/** PUT /users/{id}: name, avatar (URL from an upload) and language of your own profile. */
export function updateProfile(
  userId: string,
  changes: { username?: string; avatar?: string; language?: string },
): Promise<User> {
  return api.put<User>(`/users/${encodeURIComponent(userId)}`, changes);
}

/** PUT /users/{id}/works: work title and company. */
export function saveWork(userId: string, work: { title: string; company: string }): Promise<User> {
  return api.put<User>(`/users/${encodeURIComponent(userId)}/works`, work);
}

/** DELETE /tokens/current: logout, revoking the session on the server (§4 Session). */
export function logout(): Promise<{ ok: 1 }> {
  return api.delete<{ ok: 1 }>('/tokens/current');
}
