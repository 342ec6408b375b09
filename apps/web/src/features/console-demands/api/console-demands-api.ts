import type {
  ConsoleDemand,
  ConsoleDemandCategory,
  ConsoleDemandComment,
  ConsoleMeeting,
  consoleGetMeeting,
  createConsoleDemandCategory,
  deleteConsoleDemandCategory,
  getConsoleDemand,
  listConsoleDemandCategories,
  listConsoleDemands,
  setConsoleDemandCommentState,
  setConsoleDemandState,
  updateConsoleDemandCategory,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { bracketBody, type NestedValue } from '../../../lib/api/bracket-body.ts';

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
  categories: (meetingId: string) => ['console', 'demands', meetingId, 'categories'] as const,
  meeting: (meetingId: string) => ['console', 'demands', meetingId, 'meeting'] as const,
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

// ————— Demand categories (§3 Demand category) —————

/** A category's editable fields: its title (a language map) and weight (heavier first). */
export type DemandCategoryFields = { title: string | Record<string, string>; weight: number };

const categoryOf = (meetingId: string, id: string) => ({ meeting_id: meetingId, id });

/** GET …/demands/categories: the meeting's demand categories, heaviest first. */
export const demandCategoriesQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consoleDemandKeys.categories(meetingId),
    queryFn: () =>
      api.get<{ items: ConsoleDemandCategory[] }>(
        fillPath<typeof listConsoleDemandCategories>('/console/meetings/:meeting_id/demands/categories', {
          meeting_id: meetingId,
        }),
      ),
  });

/** POST …/demands/categories (audited). */
export const createDemandCategory = (meetingId: string, body: DemandCategoryFields) =>
  api.post<ConsoleDemandCategory>(
    fillPath<typeof createConsoleDemandCategory>('/console/meetings/:meeting_id/demands/categories', {
      meeting_id: meetingId,
    }),
    bracketBody(body as Record<string, NestedValue>),
  );

/** PUT …/demands/categories/{id}: title and/or weight (audited). */
export const updateDemandCategory = (meetingId: string, id: string, body: Partial<DemandCategoryFields>) =>
  api.put<ConsoleDemandCategory>(
    fillPath<typeof updateConsoleDemandCategory>(
      '/console/meetings/:meeting_id/demands/categories/:id',
      categoryOf(meetingId, id),
    ),
    bracketBody(body as Record<string, NestedValue>),
  );

/** DELETE …/demands/categories/{id}: soft delete; its demands are detached, `detached` counts them. */
export const deleteDemandCategory = (meetingId: string, id: string) =>
  api.delete<{ ok: 1; detached: number }>(
    fillPath<typeof deleteConsoleDemandCategory>(
      '/console/meetings/:meeting_id/demands/categories/:id',
      categoryOf(meetingId, id),
    ),
  );

/** GET /console/meetings/{id}: the meeting's enabled languages (config.language) for the category titles. */
export const meetingQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consoleDemandKeys.meeting(meetingId),
    queryFn: () =>
      api.get<ConsoleMeeting>(
        fillPath<typeof consoleGetMeeting>('/console/meetings/:meeting_id', { meeting_id: meetingId }),
      ),
    staleTime: 60_000,
  });
