import type {
  Category,
  createDemand,
  createDemandComment,
  Demand,
  DemandAuthorization,
  DemandComment,
  DemandLikeResult,
  deleteDemand,
  getDemand,
  getDemandAuthorization,
  likeDemand,
  listCategories,
  listDemandComments,
  listDemands,
  refreshDemandAuthorization,
  unlikeDemand,
  updateDemand,
} from '@app/contracts';
import { type DemandTypeValue, demandLimits } from '@app/contracts/wire/demand-limits.ts';
import { limits } from '@app/contracts/wire/limits.ts';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';
import { bracketBody } from '../../../lib/api/bracket-body.ts';

/** The demand calls (§7 GET /demands and ours), typed from demands.contracts.ts. */

export const demandPageSize = demandLimits.pageSize;
const listPath = contractPath<typeof listDemands>('/demands');
const likesPath = contractPath<typeof likeDemand>('/demand/likes');

/** Which demands a list shows (the filters of GET /demands). */
export type DemandFilter = {
  meetingId: string;
  type?: DemandTypeValue | undefined;
  industryId?: string | undefined;
  /** A `demand` category (§3 Demand category) the organiser made in the console. */
  categoryId?: string | undefined;
  keyword?: string | undefined;
  order: 'newest' | 'hot';
  /** 'mine': the caller's own (/my/demand); 'liked': the ones they liked (/demand/like). */
  scope: 'all' | 'mine' | 'liked';
};

/** Query keys of this feature, so writes refresh exactly what they changed. */
export const demandKeys = {
  lists: (meetingId: string) => ['demands', 'list', meetingId] as const,
  list: (filter: DemandFilter) => ['demands', 'list', filter.meetingId, filter] as const,
  one: (demandId: string) => ['demands', 'one', demandId] as const,
  comments: (demandId: string) => ['demands', 'comments', demandId] as const,
  authorization: (meetingId: string) => ['demands', 'authorization', meetingId] as const,
};

/** GET /demands: one page of a meeting's demands. */
export function fetchDemands(filter: DemandFilter, page: { limit: number; skip: number }): Promise<Demand[]> {
  return api.list<Demand>(listPath, {
    meeting_id: filter.meetingId,
    type: filter.type,
    industry_id: filter.industryId,
    category_id: filter.categoryId,
    keyword: filter.keyword,
    order: filter.order,
    mine: filter.scope === 'mine' ? 1 : undefined,
    liked: filter.scope === 'liked' ? 1 : undefined,
    limit: page.limit,
    skip: page.skip,
  });
}

export const demandsInfiniteQueryOptions = (filter: DemandFilter) =>
  infiniteQueryOptions({
    queryKey: demandKeys.list(filter),
    queryFn: ({ pageParam }) => fetchDemands(filter, { limit: demandPageSize, skip: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last: Demand[], pages: Demand[][]) =>
      last.length < demandPageSize ? undefined : pages.length * demandPageSize,
    staleTime: 15_000,
  });

/** A demand list, page by page ("load more"). */
export const useDemandPages = (filter: DemandFilter, isEnabled = true) =>
  useInfiniteQuery({ ...demandsInfiniteQueryOptions(filter), enabled: isEnabled });

/** GET /demands/{id}: one demand (404 for an unknown, deleted or hidden one). */
export const useDemand = (demandId: string | undefined) =>
  useQuery({
    queryKey: demandKeys.one(demandId ?? ''),
    queryFn: () => api.get<Demand>(fillPath<typeof getDemand>('/demands/:id', { id: demandId ?? '' })),
    enabled: Boolean(demandId),
    retry: false,
  });

/** GET /demands/{id}/comments: the comments a reader may see, oldest first. */
export const useDemandComments = (demandId: string) =>
  useInfiniteQuery({
    queryKey: demandKeys.comments(demandId),
    queryFn: ({ pageParam }) =>
      api.list<DemandComment>(
        fillPath<typeof listDemandComments>('/demands/:id/comments', { id: demandId }),
        {
          limit: demandLimits.maxPage,
          skip: pageParam,
        },
      ),
    initialPageParam: 0,
    getNextPageParam: (last: DemandComment[], pages: DemandComment[][]) =>
      last.length < demandLimits.maxPage ? undefined : pages.length * demandLimits.maxPage,
  });

/** GET /demand/meetings/authorization: may the caller post and comment here (§6). */
export const useDemandAuthorization = (meetingId: string) =>
  useQuery({
    queryKey: demandKeys.authorization(meetingId),
    queryFn: () =>
      api.get<DemandAuthorization>(
        contractPath<typeof getDemandAuthorization>('/demand/meetings/authorization'),
        {
          meeting_id: meetingId,
        },
      ),
  });

/** POST /demand/meetings/authorization: checks again after the person registered. */
export const recheckDemandAuthorization = (meetingId: string) =>
  api.post<DemandAuthorization>(
    contractPath<typeof refreshDemandAuthorization>('/demand/meetings/authorization'),
    { meeting_id: meetingId },
  );

/** The fields of the post form. */
export type DemandFields = {
  type: DemandTypeValue;
  title: string;
  description: string;
  industryId: string;
  categoryId: string;
  area: string;
  images: string[];
  hideContact: boolean;
};

/** POST /demands. */
export function postDemand(meetingId: string, fields: DemandFields): Promise<Demand> {
  return api.post<Demand>(
    contractPath<typeof createDemand>('/demands'),
    bracketBody({
      meeting_id: meetingId,
      type: fields.type,
      title: fields.title,
      description: fields.description,
      industry_id: fields.industryId || undefined,
      category_id: fields.categoryId || undefined,
      area: fields.area,
      images: fields.images,
      hide_contact: fields.hideContact ? 1 : 0,
    }),
  );
}

/** PUT /demands/{id} with status 2: the poster closes the demand (§4). */
export const closeDemand = (demandId: string) =>
  api.put<Demand>(fillPath<typeof updateDemand>('/demands/:id', { id: demandId }), { status: 2 });

/** DELETE /demands/{id}. */
export const removeDemand = (demandId: string) =>
  api.delete<{ ok: 1 }>(fillPath<typeof deleteDemand>('/demands/:id', { id: demandId }));

/** POST /demands/{id}/comments. */
export const postDemandComment = (demandId: string, content: string) =>
  api.post<DemandComment>(fillPath<typeof createDemandComment>('/demands/:id/comments', { id: demandId }), {
    content,
  });

/** POST or DELETE /demand/likes: the caller's like of a demand; answers the exact total. */
export function setDemandLike(demandId: string, isLiked: boolean): Promise<DemandLikeResult> {
  if (isLiked) return api.post<DemandLikeResult>(likesPath, { demand_id: demandId });
  return api.request('DELETE', contractPath<typeof unlikeDemand>('/demand/likes'), {
    params: { demand_id: demandId },
  }) as Promise<DemandLikeResult>;
}

/** GET /{type}/categories: the meeting's industries or demand categories (filters, form choices). */
export const useDemandCategories = (meetingId: string, type: 'industry' | 'demand') =>
  useQuery({
    queryKey: ['categories', type, meetingId],
    queryFn: () =>
      api.list<Category>(fillPath<typeof listCategories>('/:type/categories', { type }), {
        query: { meeting_id: meetingId },
        limit: limits.maxList,
      }),
    staleTime: 300_000,
  });
