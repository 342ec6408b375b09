import { z } from 'zod';
import { DemandAuthor, DemandContact, DemandType } from '../demands/demands.contracts.ts';
import { LocalizedText, localizedTextInput, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The organiser console's demands (DESIGN §7; §3 Demand, §4 open / closed / blocked): every demand of
 * the meeting with its moderation state, the comments of one, and the organiser's block / unblock /
 * delete of a demand or a comment (community.read to read, community.moderate to write; every write
 * in the audit log). Lists answer `{ results, total }`. Organisers see contacts (they run the event).
 */

export const ConsoleDemandModerationState = z.enum(['visible', 'review', 'blocked', 'deleted']);
export type ConsoleDemandModerationState = z.infer<typeof ConsoleDemandModerationState>;

export const ConsoleDemand = z.object({
  _id: WireId,
  type: DemandType,
  title: z.string(),
  description: z.string(),
  area: z.string(),
  images: z.array(z.string()),
  /** §4 open / closed. */
  status: z.enum(['open', 'closed']),
  moderation_state: ConsoleDemandModerationState,
  hide_contact: z.union([z.literal(0), z.literal(1)]),
  user: DemandAuthor,
  contact: DemandContact,
  like_total: z.number().int(),
  comment_total: z.number().int(),
  create_time: UnixSeconds,
});
export type ConsoleDemand = z.infer<typeof ConsoleDemand>;

export const ConsoleDemandComment = z.object({
  _id: WireId,
  content: z.string(),
  moderation_state: ConsoleDemandModerationState,
  user: DemandAuthor,
  contact: DemandContact,
  create_time: UnixSeconds,
});
export type ConsoleDemandComment = z.infer<typeof ConsoleDemandComment>;

const MeetingParams = z.object({ meeting_id: ObjectIdString });
const MeetingItemParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString });

export const listConsoleDemands = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/demands',
  summary:
    "The meeting's demands, newest first, in every moderation state (deleted ones only when state=deleted), filtered by status, state, type and keyword. 403 no_permission (community.read).",
  spec: '§3 Demand, §4 Demand',
  tags: ['console', 'demands'],
  isPublic: false,
  params: MeetingParams,
  querystring: z.object({
    status: z.enum(['open', 'closed']).optional(),
    state: ConsoleDemandModerationState.optional(),
    type: DemandType.optional(),
    keyword: z.string().trim().max(textLimits.keyword).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  response: z.object({ results: z.array(ConsoleDemand), total: z.number().int() }),
});

export const getConsoleDemand = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/demands/:id',
  summary: 'One demand with all its comments (every state). 403 no_permission; 404 not_found.',
  spec: '§3 Demand',
  tags: ['console', 'demands'],
  isPublic: false,
  params: MeetingItemParams,
  response: ConsoleDemand.extend({ comments: z.array(ConsoleDemandComment) }),
});

/** The organiser's decision on an item: show it, block it (§4 blocked) or delete it. */
export const SetConsoleDemandStateBody = z.strictObject({ state: z.enum(['visible', 'blocked', 'deleted']) });

export const setConsoleDemandState = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/demands/:id/state',
  summary:
    'Blocks, unblocks or deletes a demand (audited). 403 no_permission (community.moderate); 404 not_found.',
  spec: '§4 Demand (blocked)',
  tags: ['console', 'demands'],
  isPublic: false,
  params: MeetingItemParams,
  body: SetConsoleDemandStateBody,
  response: ConsoleDemand,
});

export const setConsoleDemandCommentState = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/demand_comments/:id/state',
  summary:
    'Blocks, unblocks or deletes a comment (audited). 403 no_permission (community.moderate); 404 not_found.',
  spec: '§4 Demand, §5 sensitive content',
  tags: ['console', 'demands'],
  isPublic: false,
  params: MeetingItemParams,
  body: SetConsoleDemandStateBody,
  response: ConsoleDemandComment,
});

// ————— Demand categories (§3 Demand category) —————

/**
 * A `demand` category as the console lists it. Deleting a category that demands still use detaches
 * them (their category becomes none) in the same audited write; the answer says how many.
 */
export const ConsoleDemandCategory = z.object({
  _id: WireId,
  title: LocalizedText,
  weight: z.number().int(),
  /** Demands (not deleted) in it. */
  demand_total: z.number().int(),
});
export type ConsoleDemandCategory = z.infer<typeof ConsoleDemandCategory>;

const Weight = z.coerce.number().int().min(-1_000_000).max(1_000_000);

export const ConsoleDemandCategoryBody = z.strictObject({
  title: localizedTextInput(textLimits.title),
  weight: Weight.default(0),
});
export type ConsoleDemandCategoryBody = z.infer<typeof ConsoleDemandCategoryBody>;

/** Error codes of the demand categories (besides validation_failed, no_permission, not_found). */
export const ConsoleDemandCategoryError = {
  /** 400 a title in a language the meeting has not enabled. */
  languageNotEnabled: 'demand.language_not_enabled',
} as const;

export const listConsoleDemandCategories = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/demands/categories',
  summary: "The meeting's demand categories, weight descending. 403 no_permission (community.read).",
  spec: '§3 Demand, §7 Categories',
  tags: ['console', 'demands'],
  isPublic: false,
  params: MeetingParams,
  response: z.object({ items: z.array(ConsoleDemandCategory) }),
});

export const createConsoleDemandCategory = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/demands/categories',
  summary:
    'Adds a demand category (audited). 400 validation_failed (empty title) / demand.language_not_enabled; 403 no_permission (community.moderate).',
  spec: '§3 Demand, §7 Categories',
  tags: ['console', 'demands'],
  isPublic: false,
  params: MeetingParams,
  body: ConsoleDemandCategoryBody,
  response: ConsoleDemandCategory,
});

export const updateConsoleDemandCategory = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/demands/categories/:id',
  summary:
    'Renames a demand category or changes its weight (audited). 400 as create; 403 no_permission; 404 not_found.',
  spec: '§3 Demand, §7 Categories',
  tags: ['console', 'demands'],
  isPublic: false,
  params: MeetingItemParams,
  body: ConsoleDemandCategoryBody.partial(),
  response: ConsoleDemandCategory,
});

export const deleteConsoleDemandCategory = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/demands/categories/:id',
  summary:
    'Deletes a demand category (soft, audited); demands in it are detached (category none), `detached` counts them. 403 no_permission; 404 not_found.',
  spec: '§3 Demand, §7 Categories',
  tags: ['console', 'demands'],
  isPublic: false,
  params: MeetingItemParams,
  response: z.object({ ok: z.literal(1), detached: z.number().int() }),
});
