import type {
  ConsoleDemand,
  ConsoleDemandComment,
  getConsoleDemand,
  listConsoleDemands,
  setConsoleDemandCommentState,
  setConsoleDemandState,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * The console's demand calls (DESIGN §7), typed from console-demands.contracts.ts; 403 no_permission
 * without community.read (reads) or community.moderate (writes).
 */

/** Rows per page of the table. */
export const consoleDemandsPageSize = 50;

/** The table's filters. */
export type ConsoleDemandFilter = {
  keyword?: string | undefined;
  status?: 'open' | 'closed' | undefined;
  state?: ConsoleDemand['moderation_state'] | undefined;
  type?: ConsoleDemand['type'] | undefined;
};

export const consoleDemandKeys = {
  all: (meetingId: string) => ['console', 'demands', meetingId] as const,
  page: (meetingId: string, filter: ConsoleDemandFilter, skip: number) =>
    ['console', 'demands', meetingId, filter, skip] as const,
  one: (meetingId: string, demandId: string) => ['console', 'demands', meetingId, 'one', demandId] as const,
};

/** GET …/demands: one page of the meeting's demands (the list answer is unwrapped to its rows). */
export const consoleDemandsQueryOptions = (meetingId: string, filter: ConsoleDemandFilter, skip: number) =>
  queryOptions({
    queryKey: consoleDemandKeys.page(meetingId, filter, skip),
    queryFn: () =>
      api.list<ConsoleDemand>(
        fillPath<typeof listConsoleDemands>('/console/meetings/:meeting_id/demands', {
          meeting_id: meetingId,
        }),
        { ...filter, limit: consoleDemandsPageSize, skip },
      ),
  });

/** GET …/demands/{id}: a demand with every comment. */
export const consoleDemandQueryOptions = (meetingId: string, demandId: string) =>
  queryOptions({
    queryKey: consoleDemandKeys.one(meetingId, demandId),
    queryFn: () =>
      api.get<ConsoleDemand & { comments: ConsoleDemandComment[] }>(
        fillPath<typeof getConsoleDemand>('/console/meetings/:meeting_id/demands/:id', {
          meeting_id: meetingId,
          id: demandId,
        }),
      ),
  });

/** POST …/demands/{id}/state: block, unblock or delete a demand (audited). */
export const setDemandState = (
  meetingId: string,
  demandId: string,
  state: 'visible' | 'blocked' | 'deleted',
) =>
  api.post<ConsoleDemand>(
    fillPath<typeof setConsoleDemandState>('/console/meetings/:meeting_id/demands/:id/state', {
      meeting_id: meetingId,
      id: demandId,
    }),
    { state },
  );

/** POST …/demand_comments/{id}/state: block, unblock or delete a comment (audited). */
export const setCommentState = (
  meetingId: string,
  commentId: string,
  state: 'visible' | 'blocked' | 'deleted',
) =>
  api.post<ConsoleDemandComment>(
    fillPath<typeof setConsoleDemandCommentState>('/console/meetings/:meeting_id/demand_comments/:id/state', {
      meeting_id: meetingId,
      id: commentId,
    }),
    { state },
  );
