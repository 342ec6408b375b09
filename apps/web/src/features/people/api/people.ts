import type {
  countMeetingUsers,
  getMeetingUser,
  getUserMeetingProfile,
  listMeetingUsers,
  MeetingProfileSettings,
  PersonCard,
  PersonPage,
  Recommendation,
  recommendUsers,
  updateUserExposure,
  updateUserMeetingProfile,
} from '@app/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';
import { bracketBody } from '../../../lib/api/bracket-body.ts';

/** One page of the directory (load more). */
export const peoplePageSize = 20;

/** The directory's filters (§2 /meeting/connection). */
export type DirectoryFilter = {
  meetingId: string;
  keyword?: string | undefined;
  industryId?: string | undefined;
  tag?: string | undefined;
};

const params = (filter: DirectoryFilter) => ({
  keyword: filter.keyword || undefined,
  industry_id: filter.industryId,
  tag: filter.tag,
});

/** GET /meeting/users: pages of the session meeting's exposed people, newest first. */
export const directoryOptions = (filter: DirectoryFilter) =>
  infiniteQueryOptions({
    queryKey: [
      'people',
      'directory',
      filter.meetingId,
      filter.keyword ?? '',
      filter.industryId ?? '',
      filter.tag ?? '',
    ],
    queryFn: ({ pageParam }) =>
      api.list<PersonCard>(contractPath<typeof listMeetingUsers>('/meeting/users'), {
        ...params(filter),
        limit: peoplePageSize,
        skip: pageParam,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < peoplePageSize ? undefined : pages.length * peoplePageSize,
  });

export const useDirectory = (filter: DirectoryFilter) => useInfiniteQuery(directoryOptions(filter));

/** GET /meeting/users/count with the same filters. */
export const useDirectoryCount = (filter: DirectoryFilter) =>
  useQuery({
    queryKey: [
      'people',
      'count',
      filter.meetingId,
      filter.keyword ?? '',
      filter.industryId ?? '',
      filter.tag ?? '',
    ],
    queryFn: () =>
      api.get<{ total: number }>(
        contractPath<typeof countMeetingUsers>('/meeting/users/count'),
        params(filter),
      ),
  });

/** GET /users/recommend: people to meet, best match first, with reasons. */
export const useRecommendations = (meetingId: string) =>
  useQuery({
    queryKey: ['people', 'recommend', meetingId],
    queryFn: () =>
      api.list<Recommendation>(contractPath<typeof recommendUsers>('/users/recommend'), { limit: 10 }),
    staleTime: 60_000,
  });

/** GET /meeting/users/{user_id}: a person's page (404 for a hidden person). */
export const personOptions = (meetingId: string, userId: string) =>
  queryOptions({
    queryKey: ['people', 'user', meetingId, userId],
    queryFn: () =>
      api.get<PersonPage>(fillPath<typeof getMeetingUser>('/meeting/users/:user_id', { user_id: userId })),
    retry: false,
  });

/** GET /users/{id}/meetings/{meeting_id}: your own people settings. */
export const settingsOptions = (userId: string, meetingId: string) =>
  queryOptions({
    queryKey: ['people', 'settings', meetingId, userId],
    queryFn: () =>
      api.get<MeetingProfileSettings>(
        fillPath<typeof getUserMeetingProfile>('/users/:id/meetings/:meeting_id', {
          id: userId,
          meeting_id: meetingId,
        }),
      ),
  });

/** PUT /meeting/users/exposure: show yourself (needs a ticket: 403 participant.required) or allow cards. */
export const saveExposure = (body: { exposure?: 0 | 1; card_exchange?: 0 | 1 }) =>
  api.put<{ exposure: 0 | 1; card_exchange: 0 | 1 }>(
    contractPath<typeof updateUserExposure>('/meeting/users/exposure'),
    body,
  );

/** PUT /users/{id}/meetings/{meeting_id}: industry ('' for none), introduction, tags ([] sent as ''). */
export const saveMeetingProfile = (
  userId: string,
  meetingId: string,
  body: { industry_id: string; introduction: string; tags: string[] },
) =>
  api.put<MeetingProfileSettings>(
    fillPath<typeof updateUserMeetingProfile>('/users/:id/meetings/:meeting_id', {
      id: userId,
      meeting_id: meetingId,
    }),
    bracketBody({
      industry_id: body.industry_id,
      introduction: body.introduction,
      tags: body.tags.length > 0 ? body.tags : '',
    }),
  );
