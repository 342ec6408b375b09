import type {
  addPlatformAdmin,
  listPlatformAdmins,
  PlatformAdmin,
  removePlatformAdmin,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';

export const adminsKey = ['console', 'admins'] as const;

/** GET /console/admins: platform administrators. 403 no_permission (administrators only). */
export const adminsQueryOptions = () =>
  queryOptions({
    queryKey: adminsKey,
    queryFn: () => api.list<PlatformAdmin>(contractPath<typeof listPlatformAdmins>('/console/admins')),
  });

/** POST /console/admins by phone (with area code) or e-mail. 400 phone.invalid / email.invalid; 403. */
export function addAdmin(body: {
  phone?: string;
  area_code?: string;
  email?: string;
}): Promise<PlatformAdmin> {
  return api.post<PlatformAdmin>(contractPath<typeof addPlatformAdmin>('/console/admins'), body);
}

/** DELETE /console/admins/{id} (not oneself, not one from the environment). 403; 404. */
export function removeAdmin(id: string): Promise<{ ok: 1 }> {
  return api.delete<{ ok: 1 }>(fillPath<typeof removePlatformAdmin>('/console/admins/:id', { id }));
}
