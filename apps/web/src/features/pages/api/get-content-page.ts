import type { getContentPage, MicrositeSlug, PageWithBlocks } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/**
 * Which content page: an introduction by its id (§2 content_id), the meeting's page of a kind, or one
 * of its microsite pages by slug (§2 /sichuan-culture/{slug}).
 */
export type ContentPageTarget =
  | { contentId: string }
  | { meetingId: string; kind: 'branch' | 'contact' | 'conference' }
  | { meetingId: string; kind: 'microsite'; slug: MicrositeSlug };

/** GET /meeting/page: the page's header and its released blocks, heaviest first. */
export function fetchContentPage(target: ContentPageTarget): Promise<PageWithBlocks> {
  return api.get<PageWithBlocks>(
    contractPath<typeof getContentPage>('/meeting/page'),
    'contentId' in target
      ? { content_id: target.contentId }
      : target.kind === 'microsite'
        ? { meeting_id: target.meetingId, kind: target.kind, slug: target.slug }
        : { meeting_id: target.meetingId, kind: target.kind },
  );
}

export const contentPageQueryOptions = (target: ContentPageTarget) =>
  queryOptions({
    queryKey: ['pages', 'page', target],
    queryFn: () => fetchContentPage(target),
    staleTime: 60_000,
  });

export const useContentPage = (target: ContentPageTarget | undefined) =>
  useQuery({
    ...contentPageQueryOptions(target ?? { contentId: '' }),
    enabled: target !== undefined,
  });
