import type { getPasswordLink, PasswordLinkInfo, setPasswordByLink } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * GET /exhibitor/password_links/{token} (public): the exhibitor account and meeting a one-time link
 * sets the password of. Fails with 404 not_found (unknown) or 410 password_link.expired (used,
 * replaced or older than 72 hours).
 */
export const passwordLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['exhibitors', 'password-link', token],
    queryFn: () =>
      api.get<PasswordLinkInfo>(
        fillPath<typeof getPasswordLink>('/exhibitor/password_links/:token', { token }),
      ),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * POST /exhibitor/password_links/{token} (public): sets the password and uses up the link. Fails with
 * 400 validation_failed (8–200 characters), 404, 410 password_link.expired, 429 too_frequent.
 */
export function setPasswordWithLink(
  token: string,
  password: string,
): Promise<{ account: string; meeting_id: { $id: string } }> {
  return api.post(fillPath<typeof setPasswordByLink>('/exhibitor/password_links/:token', { token }), {
    password,
  });
}
