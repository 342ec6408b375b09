import type { Enterprise, Exhibitor, listEnterprises, listExhibitors } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/** The enterprise with this id from GET /enterprises (first item of a GET by `_id`), or null. */
export function fetchEnterprise(enterpriseId: string): Promise<Enterprise | null> {
  return api.one<Enterprise>(contractPath<typeof listEnterprises>('/enterprises'), {
    query: { _id: enterpriseId },
    limit: 1,
  });
}

export const enterpriseQueryOptions = (enterpriseId: string) =>
  queryOptions({
    queryKey: ['enterprises', 'detail', enterpriseId],
    queryFn: () => fetchEnterprise(enterpriseId),
    staleTime: 60_000,
  });

export const useEnterprise = (enterpriseId: string | undefined) =>
  useQuery({ ...enterpriseQueryOptions(enterpriseId ?? ''), enabled: enterpriseId !== undefined });

/** Its exhibitor row in the meeting (booth, group) from GET /exhibitors, or null when not exhibiting. */
export function fetchEnterpriseExhibitor(meetingId: string, enterpriseId: string): Promise<Exhibitor | null> {
  return api
    .list<Exhibitor>(contractPath<typeof listExhibitors>('/exhibitors'), {
      meeting_id: meetingId,
      query: { enterprise_id: enterpriseId },
      limit: 1,
    })
    .then((items) => items[0] ?? null);
}

export const useEnterpriseExhibitor = (meetingId: string, enterpriseId: string | undefined) =>
  useQuery({
    queryKey: ['exhibitors', 'of-enterprise', meetingId, enterpriseId ?? ''],
    queryFn: () => fetchEnterpriseExhibitor(meetingId, enterpriseId ?? ''),
    enabled: enterpriseId !== undefined,
    staleTime: 60_000,
  });

/**
 * The meeting of an enterprise named only by its id (§2 "from the item"): GET /exhibitors by
 * `enterprise_id`, no meeting; its meeting when it exhibits at exactly one, else undefined (the
 * domain's or the remembered meeting decides).
 */
export async function fetchEnterpriseMeetingId(enterpriseId: string): Promise<string | undefined> {
  const exhibitors = await api.list<Exhibitor>(contractPath<typeof listExhibitors>('/exhibitors'), {
    query: { enterprise_id: enterpriseId },
    limit: 20,
  });
  const meetings = new Set(exhibitors.map((exhibitor) => exhibitor.meeting_id.$id));
  return meetings.size === 1 ? [...meetings][0] : undefined;
}
