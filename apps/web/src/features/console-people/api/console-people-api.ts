import type {
  ConsolePeopleQuerystring,
  ConsolePerson,
  exportConsolePeople,
  listConsolePeople,
  updateConsolePerson,
} from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { bracketBody } from '../../../lib/api/bracket-body.ts';

/** Rows per page of the people table. */
export const consolePeoplePageSize = 50;

export type PeopleFilter = Pick<
  ConsolePeopleQuerystring,
  'keyword' | 'membership_level' | 'special_identity' | 'exposure'
>;

const listPath = (meetingId: string) =>
  fillPath<typeof listConsolePeople>('/console/meetings/:meeting_id/people', { meeting_id: meetingId });

/** GET …/people: a page of the meeting's people and the total (403 without people.read). */
export const consolePeopleQueryOptions = (meetingId: string, filter: PeopleFilter, skip: number) =>
  queryOptions({
    queryKey: ['console', 'people', meetingId, filter, skip],
    queryFn: () =>
      api.get<{ items: ConsolePerson[]; total: number }>(listPath(meetingId), {
        ...filter,
        keyword: filter.keyword || undefined,
        limit: consolePeoplePageSize,
        skip,
      }),
    placeholderData: keepPreviousData,
  });

/** The CSV export address with the same filters. */
export function exportPeoplePath(meetingId: string, filter: PeopleFilter): string {
  const base = fillPath<typeof exportConsolePeople>('/console/meetings/:meeting_id/people/export', {
    meeting_id: meetingId,
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

/** PUT …/people/{user_id} (people.manage): level ('none' clears), special identity and label, tags. */
export const savePerson = (
  meetingId: string,
  userId: string,
  body: { membership_level: string; special_identity: 0 | 1; special_identity_label: string; tags: string[] },
) =>
  api.put<ConsolePerson>(
    fillPath<typeof updateConsolePerson>('/console/meetings/:meeting_id/people/:user_id', {
      meeting_id: meetingId,
      user_id: userId,
    }),
    bracketBody({ ...body, tags: body.tags.length > 0 ? body.tags : '' }),
  );
