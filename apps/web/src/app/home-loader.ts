import { resolveMeetingId } from '@app/domain';
import { blocksQueryOptions } from '../features/meetings/api/list-blocks.ts';
import { navigationCategoriesQueryOptions } from '../features/meetings/api/list-navigation-categories.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';
import { queryClient } from './query-client.ts';

/**
 * Prefetch of /meeting/home, started with the meeting's resolution (router.tsx): when the
 * address names the meeting (§2 `meeting_id` or `meeting`), the home page's blocks and entries are
 * requested now rather than once the meeting and the page's code have arrived. Never waits: the page
 * reads the same queries; a meeting that turns out missing or deleted leaves two unused answers.
 */
export function homePrefetch(search: URLSearchParams): void {
  const meetingId = resolveMeetingId({
    queryMeetingId: search.get('meeting_id'),
    queryMeeting: search.get('meeting'),
  });
  if (meetingId) {
    // A task of its own, after the meeting's request: each task stays short.
    void yieldToMain().then(() => {
      void queryClient.prefetchQuery(blocksQueryOptions(meetingId));
      void queryClient.prefetchQuery(navigationCategoriesQueryOptions(meetingId));
    });
  }
}
