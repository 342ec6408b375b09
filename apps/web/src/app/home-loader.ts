import { resolveMeetingId } from '@app/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { blocksQueryOptions } from '../features/meetings/api/list-blocks.ts';
import { navigationCategoriesQueryOptions } from '../features/meetings/api/list-navigation-categories.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';
import { queryClient } from './query-client.ts';

/**
 * Loader of /meeting/home, beside the meeting loader (the router runs them together): when the
 * address names the meeting (§2 `meeting_id` or `meeting`), the home page's blocks and entries are
 * requested now rather than once the meeting and the page's code have arrived. Never waits: the page
 * reads the same queries; a meeting that turns out missing or deleted leaves two unused answers.
 */
export function homeLoader({ request }: LoaderFunctionArgs): null {
  const search = new URL(request.url).searchParams;
  const meetingId = resolveMeetingId({
    queryMeetingId: search.get('meeting_id'),
    queryMeeting: search.get('meeting'),
  });
  if (meetingId) {
    // A task of its own, after the meeting loader's request: each task stays short.
    void yieldToMain().then(() => {
      void queryClient.prefetchQuery(blocksQueryOptions(meetingId));
      void queryClient.prefetchQuery(navigationCategoriesQueryOptions(meetingId));
    });
  }
  return null;
}
