import { z } from 'zod';
import { CountResponse, Flag, LocalizedText, resultsOf, UnixSeconds } from '../wire/common.ts';
import { ListParams, type ResourceQuerySpec } from '../wire/list-query.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Activities (§3 Activity, §7 Activities): what people register for, their ticket types ("price
 * items", amounts in cents) and registration channels (sources).
 */

/** A ticket type of an activity (§3 price item, sticker stock). Amount in cents, 0 = free (§9). */
export const ActivityPrice = z.object({
  _id: WireId,
  activity_id: WireId,
  title: LocalizedText,
  description: LocalizedText,
  /** Price in cents. */
  amount: z.number().int().nonnegative(),
  /** Tickets on sale; null = no limit. Sold out when sold_total reaches total (§4). */
  total: z.number().int().nonnegative().nullable(),
  sold_total: z.number().int().nonnegative(),
  /** Most tickets of this type one group may hold; 0 = no limit. */
  max_per_agent: z.number().int().nonnegative(),
  /** Grows on every edit; sent back on registration so a stale choice gets 4340. */
  version: z.number().int(),
  weight: z.number().int(),
  deleted: Flag,
});
export type ActivityPrice = z.infer<typeof ActivityPrice>;

/** A registration channel (§3 Sources). `max` 0 = no limit. */
export const ActivitySource = z.object({
  _id: WireId,
  activity_id: WireId,
  title: z.string(),
  max: z.number().int().nonnegative(),
  signup_total: z.number().int().nonnegative(),
  default: Flag,
  deleted: Flag,
});
export type ActivitySource = z.infer<typeof ActivitySource>;

/** The meeting as `with_meeting=1` embeds it. */
export const ActivityMeeting = z.object({
  _id: WireId,
  title: LocalizedText,
  cover: z.string(),
  time_zone: z.string(),
});

/**
 * An activity (§3). Times are unix seconds; `registration_start` and `deadline` are 0 when unset
 * ("deadline (0 none)"). `max` 0 = no limit.
 */
export const Activity = z.object({
  _id: WireId,
  meeting_id: WireId,
  title: LocalizedText,
  description: LocalizedText,
  covers: z.array(z.string()),
  address: LocalizedText,
  start: UnixSeconds,
  end: UnixSeconds,
  registration_start: UnixSeconds,
  deadline: UnixSeconds,
  max: z.number().int().nonnegative(),
  ticket_total: z.number().int().nonnegative(),
  offline: Flag,
  enable_show: Flag,
  enable_registration_entrance: Flag,
  is_review: Flag,
  enable_resubmit_answer: Flag,
  enable_deadline_answer: Flag,
  privacy: Flag,
  enable_agent: Flag,
  agent_checkout_version: z.enum(['v1', 'v2']),
  agent_max_members: z.number().int().positive(),
  /** The registration form (null when the activity asks nothing beyond the ticket choice). */
  form_id: WireId.nullable(),
  views_total: z.number().int().nonnegative(),
  weight: z.number().int(),
  deleted: Flag,
  created: UnixSeconds,
  /** Ticket types, by weight (deleted ones left out). */
  prices: z.array(ActivityPrice),
  meeting: ActivityMeeting.optional(),
});
export type Activity = z.infer<typeof Activity>;

/** Allowed filters and sorts of GET /activities (scoped to one meeting). */
export const activityQuerySpec = {
  fields: {
    _id: { type: 'id', ops: ['$eq', '$in'] },
    meeting_id: { type: 'id', ops: ['$eq'] },
    start: { type: 'time', ops: ['$gt', '$gte', '$lt', '$lte'] },
    end: { type: 'time', ops: ['$gt', '$gte', '$lt', '$lte'] },
    offline: { type: 'flag', ops: ['$eq'] },
  },
  sort: ['weight', 'start', 'created'],
  defaultSort: [
    { field: 'weight', direction: -1 },
    { field: 'start', direction: 1 },
  ],
} as const satisfies ResourceQuerySpec;

/**
 * Querystring of GET /activities: `meeting_id`; JSON `query`/`sort`, `limit` 1..999,
 * `skip`; `with_meeting=1` embeds the meeting; `with_ticket_total=1` is accepted for compatibility
 * (ticket_total is always given). Only shown (enable_show 1), public, not deleted activities are
 * listed unless filtered by `_id`. `meeting_id` may be left out when `query._id` names the activities
 * (how a page finds the meeting of an activity named only by its id, §2 "from the item").
 */
export const ActivityListQuerystring = ListParams.extend({
  meeting_id: ObjectIdString.optional(),
  with_meeting: z.enum(['0', '1']).optional(),
  with_ticket_total: z.enum(['0', '1']).optional(),
});
export type ActivityListQuerystring = z.infer<typeof ActivityListQuerystring>;

export const listActivities = defineRoute({
  method: 'GET',
  path: '/activities',
  summary:
    "A meeting's activities with their ticket types and totals, by weight desc then start; without meeting_id, the activities named by query._id. 400 invalid_query / invalid_object_id / limit_too_large / meeting_id_required.",
  spec: '§7 Activities',
  tags: ['activities'],
  isPublic: false,
  querystring: ActivityListQuerystring,
  response: resultsOf(Activity),
});

export const countActivities = defineRoute({
  method: 'GET',
  path: '/activities/count',
  summary: 'How many activities GET /activities would list (same filters).',
  spec: '§7 Activities',
  tags: ['activities'],
  isPublic: false,
  querystring: ActivityListQuerystring,
  response: CountResponse,
});

const ActivityIdParams = z.object({ id: ObjectIdString });

/** Body of POST /activities/{id}/views (user_id / source_id are taken from the caller, §7). */
export const ActivityViewBody = z.object({ source_id: ObjectIdString.optional() }).optional();

export const recordActivityView = defineRoute({
  method: 'POST',
  path: '/activities/:id/views',
  summary: 'Counts a view of an activity (anonymous allowed) and answers the new total. 404 not_found.',
  spec: '§7 Activities',
  tags: ['activities'],
  isPublic: false,
  params: ActivityIdParams,
  body: ActivityViewBody,
  response: z.object({ views_total: z.number().int().nonnegative() }),
});

export const listActivitySources = defineRoute({
  method: 'GET',
  path: '/activities/:id/sources',
  summary: "An activity's registration channels with their limits and sign-up totals. 404 not_found.",
  spec: '§7 Activities, §3 Sources',
  tags: ['activities'],
  isPublic: false,
  params: ActivityIdParams,
  response: resultsOf(ActivitySource),
});
