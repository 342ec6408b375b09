import type { ConsoleThread, listConsoleThreads, updateConsoleThread } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * The console's thread calls (DESIGN §7), typed from console-threads.contracts.ts; 403
 * no_permission for a role without community.read (reads) or community.moderate (writes).
 */

/** Rows per page of the table. */
export const consoleThreadsPageSize = 50;

export const consoleThreadKeys = {
  all: (meetingId: string) => ['console', 'threads', meetingId] as const,
  page: (meetingId: string, skip: number) => ['console', 'threads', meetingId, skip] as const,
};

/** GET …/threads?limit&skip: a page of the meeting's threads and the total. */
export const consoleThreadsQueryOptions = (meetingId: string, skip: number) =>
  queryOptions({
    queryKey: consoleThreadKeys.page(meetingId, skip),
    queryFn: () =>
      api.get<{ items: ConsoleThread[]; total: number }>(
        fillPath<typeof listConsoleThreads>('/console/meetings/:meeting_id/threads', {
          meeting_id: meetingId,
        }),
        { limit: consoleThreadsPageSize, skip },
      ),
  });

/** PUT …/threads/{id}: pin/unpin or close/reopen (audited on the server). */
export function updateThreadFlags(
  meetingId: string,
  threadId: string,
  change: { pinned?: 0 | 1; closed?: 0 | 1 },
): Promise<ConsoleThread> {
  return api.put<ConsoleThread>(
    fillPath<typeof updateConsoleThread>('/console/meetings/:meeting_id/threads/:id', {
      meeting_id: meetingId,
      id: threadId,
    }),
    change,
  );
}
