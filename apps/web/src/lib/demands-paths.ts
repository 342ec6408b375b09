import type { DemandTypeValue } from '@app/contracts/wire/demand-limits.ts';
import { withQuery } from './paths.ts';

/**
 * The demand pages (§2 /demand, /demand/list, /cooperation, /demand/detail, /demand/like,
 * /demand/form/{type}, /demand/comment/{type}, /demand/search, /my/demand, exhibitor area
 * /meeting/exhibitor/demand): their part of the route table and link helpers, apart from paths.ts so
 * they load with those pages (DESIGN §10 budget).
 */
export const demandRoutes = {
  demand: '/demand',
  demandList: '/demand/list',
  cooperation: '/cooperation',
  /** One demand (`demand_id`). */
  detail: '/demand/detail',
  /** The caller's liked demands. */
  liked: '/demand/like',
  /** Post a demand of a type (supply, demand, cooperation). */
  form: '/demand/form/:type',
  /** Comment on a demand (`demand_id`); `type` is the demand's type. */
  comment: '/demand/comment/:type',
  search: '/demand/search',
  mine: '/my/demand',
  exhibitor: '/meeting/exhibitor/demand',
} as const;

type MeetingArg = { meetingId: string };

/** Link helpers of the demand pages (typed, never string literals: DESIGN §4.8). */
export const demandPaths = {
  list: ({ meetingId, type }: MeetingArg & { type?: DemandTypeValue | undefined }) =>
    withQuery(demandRoutes.demand, { meeting_id: meetingId, type }),
  detail: ({ meetingId, demandId }: MeetingArg & { demandId: string }) =>
    withQuery(demandRoutes.detail, { demand_id: demandId, meeting_id: meetingId }),
  form: ({ meetingId, type }: MeetingArg & { type: DemandTypeValue }) =>
    withQuery(`/demand/form/${type}`, { meeting_id: meetingId }),
  comment: ({ meetingId, demandId, type }: MeetingArg & { demandId: string; type: DemandTypeValue }) =>
    withQuery(`/demand/comment/${type}`, { demand_id: demandId, meeting_id: meetingId }),
  search: ({ meetingId, keyword }: MeetingArg & { keyword?: string | undefined }) =>
    withQuery(demandRoutes.search, { meeting_id: meetingId, keyword }),
  liked: ({ meetingId }: MeetingArg) => withQuery(demandRoutes.liked, { meeting_id: meetingId }),
  mine: ({ meetingId }: MeetingArg) => withQuery(demandRoutes.mine, { meeting_id: meetingId }),
  exhibitor: ({ meetingId }: MeetingArg) => withQuery(demandRoutes.exhibitor, { meeting_id: meetingId }),
};
