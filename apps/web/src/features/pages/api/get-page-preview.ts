import type { getPagePreview, PagePreview } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/**
 * GET /meeting/preview: the draft a signed preview link names (§2 /preview). Fails with 403
 * preview.expired ('The temporary link has expired', §8) for an expired, forged or altered link;
 * never retried, never kept (the draft changes as the organiser edits).
 */
export function fetchPagePreview(token: string): Promise<PagePreview> {
  return api.get<PagePreview>(contractPath<typeof getPagePreview>('/meeting/preview'), { token });
}

export const usePagePreview = (token: string | undefined) =>
  useQuery({
    queryKey: ['pages', 'preview', token],
    queryFn: () => fetchPagePreview(token ?? ''),
    enabled: token !== undefined,
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });
