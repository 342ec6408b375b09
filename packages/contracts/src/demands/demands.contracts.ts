import { z } from 'zod';
import { Flag, LocalizedText, UnixSeconds } from '../wire/common.ts';
import { DemandErrorCodeWire, demandLimits, demandTypeValues } from '../wire/demand-limits.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Demands (§1 "Post and comment on demands"; §2 /demand, /demand/list, /cooperation, /demand/detail,
 * /demand/like, /demand/form/{type}, /demand/comment/{type}, /demand/search, /my/demand; §3 Demand;
 * §4 Demand: open, closed by the poster with confirmation, blocked by moderation; §5 title at least 5
 * characters, content not empty, images jpg or png, description at most 500; §6 posting and commenting
 * need participant registration, contacts; §7 GET /demands, GET and POST /demand/meetings/authorization).
 */

/** Error codes of demands (besides validation_failed, not_found, participant.required, item.closed, content.sensitive). */
export const DemandErrorCode = DemandErrorCodeWire;

/** The §5 message of an image that is not jpg or png. */
export const demandImageTypeMessage = 'Images must be jpg or png';
/** The §5 message of a title shorter than 5 characters. */
export const demandTitleMinMessage = `at least ${textLimits.demandTitleMin} characters`;
/** The §5 message of an empty content. */
export const demandRequiredMessage = 'This is a required field';

/** Most images on one demand. */
export const demandImageMax = demandLimits.images;

/** The forms a demand is posted from (/demand/form/{type}). */
export const demandTypes = demandTypeValues;
export const DemandType = z.enum(demandTypes);
export type DemandType = z.infer<typeof DemandType>;

/** What a reader sees of a demand's state: §4 open / closed / blocked, plus 'review' to its poster only. */
export const DemandState = z.enum(['open', 'closed', 'blocked', 'review']);
export type DemandState = z.infer<typeof DemandState>;

/** A flag as a form-encoded body or a querystring sends it ('0' / '1') or JSON (0 / 1). */
const FlagIn = z.union([
  z.literal(0),
  z.literal(1),
  z.enum(['0', '1']).transform((v) => (v === '1' ? 1 : 0)),
]);

/**
 * A user's contact (§6): phone with its area code and e-mail. Given only by the §6 rules: to the
 * user themself, a poster's contact to logged-in readers unless hidden, a commenter's to the poster.
 */
export const DemandContact = z.object({
  area_code: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type DemandContact = z.infer<typeof DemandContact>;

/** The author as every reader sees them (never their phone or e-mail). */
export const DemandAuthor = z.object({
  _id: WireId,
  username: z.string(),
  avatar: z.string(),
  work_title: z.string(),
  work_company: z.string(),
});
export type DemandAuthor = z.infer<typeof DemandAuthor>;

const CategoryRef = z.object({ _id: WireId, title: LocalizedText });

export const Demand = z.object({
  _id: WireId,
  meeting_id: WireId,
  type: DemandType,
  title: z.string(),
  description: z.string(),
  industry_id: WireId.nullable(),
  industry: CategoryRef.nullable(),
  category_id: WireId.nullable(),
  category: CategoryRef.nullable(),
  area: z.string(),
  /** Upload URLs (jpg or png). */
  images: z.array(z.string()),
  hide_contact: Flag,
  /** 1 open, 2 closed (§4; PUT with status 2 closes). */
  status: z.union([z.literal(1), z.literal(2)]),
  state: DemandState,
  user: DemandAuthor,
  /** The poster's contact, or null when the §6 rules do not give it to the caller. */
  contact: DemandContact.nullable(),
  like_total: z.number().int(),
  comment_total: z.number().int(),
  is_liked: Flag,
  is_mine: Flag,
  create_time: UnixSeconds,
  update_time: UnixSeconds,
});
export type Demand = z.infer<typeof Demand>;

export const DemandComment = z.object({
  _id: WireId,
  demand_id: WireId,
  content: z.string(),
  user: DemandAuthor,
  /** The commenter's contact: to the commenter and to the demand's poster only (§6). */
  contact: DemandContact.nullable(),
  /** 'visible', or 'review' / 'blocked' shown to the commenter only. */
  state: z.enum(['visible', 'review', 'blocked']),
  is_mine: Flag,
  create_time: UnixSeconds,
});
export type DemandComment = z.infer<typeof DemandComment>;

/** Largest page of demands or comments. */
export const demandPageMax = 50;

export const ListDemandsQuery = z.object({
  meeting_id: ObjectIdString,
  type: DemandType.optional(),
  industry_id: ObjectIdString.optional(),
  category_id: ObjectIdString.optional(),
  area: z.string().trim().max(textLimits.label).optional(),
  /** 1 open, 2 closed. */
  status: z.enum(['1', '2']).optional(),
  keyword: z.string().trim().max(textLimits.keyword).optional(),
  /** 1: the caller's own demands, in every state but deleted (/my/demand). */
  mine: FlagIn.optional(),
  /** 1: the demands the caller liked (/demand/like). */
  liked: FlagIn.optional(),
  order: z.enum(['newest', 'hot']).default('newest'),
  limit: z.coerce.number().int().min(1).max(demandPageMax).default(20),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ListDemandsQuery = z.input<typeof ListDemandsQuery>;

export const listDemands = defineRoute({
  method: 'GET',
  path: '/demands',
  summary:
    "A meeting's demands: visible ones (plus the caller's own under review or blocked), filtered by type, industry_id, category_id, area, status (1 open, 2 closed), keyword (title or description), mine=1, liked=1; order newest (default) or hot (likes + comments). `total` counts all matches. 401 login.required for mine/liked without a token.",
  spec: '§2 /demand, /demand/list, /cooperation, /demand/search, /demand/like, /my/demand; §7 GET /demands',
  tags: ['demands'],
  isPublic: false,
  querystring: ListDemandsQuery,
  response: z.object({ results: z.array(Demand), total: z.number().int() }),
});

export const getDemand = defineRoute({
  method: 'GET',
  path: '/demands/:id',
  summary:
    'One demand (visible, or the caller’s own in any state but deleted). 404 not_found when deleted, unknown or hidden from the caller.',
  spec: '§2 /demand/detail, §3 Demand',
  tags: ['demands'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  response: Demand,
});

const title = z.string().trim().min(textLimits.demandTitleMin, demandTitleMinMessage).max(textLimits.title);
const description = z.string().trim().min(1, demandRequiredMessage).max(textLimits.description);
const images = z.array(z.string().trim().min(1).max(textLimits.url)).max(demandImageMax);

export const CreateDemandBody = z.strictObject({
  meeting_id: ObjectIdString,
  type: DemandType.default('demand'),
  title,
  description,
  industry_id: z.union([ObjectIdString, z.literal('')]).optional(),
  category_id: z.union([ObjectIdString, z.literal('')]).optional(),
  area: z.string().trim().max(textLimits.label).default(''),
  images: images.default([]),
  hide_contact: FlagIn.default(0),
});
export type CreateDemandBody = z.input<typeof CreateDemandBody>;

export const createDemand = defineRoute({
  method: 'POST',
  path: '/demands',
  summary:
    'Posts a demand (open). 400 validation_failed (title at least 5 characters, description required and at most 500), demand.image_type (an image that is not a jpg/png upload of the caller), demand.category_invalid, content.sensitive (data.category); 403 participant.required / moderation.banned.',
  spec: '§2 /demand/form/{type}, §3 Demand, §5, §6',
  tags: ['demands'],
  isPublic: false,
  body: CreateDemandBody,
  response: Demand,
});

export const UpdateDemandBody = z.strictObject({
  title: title.optional(),
  description: description.optional(),
  industry_id: z.union([ObjectIdString, z.literal('')]).optional(),
  category_id: z.union([ObjectIdString, z.literal('')]).optional(),
  area: z.string().trim().max(textLimits.label).optional(),
  images: images.optional(),
  hide_contact: FlagIn.optional(),
  /** 2 closes the demand (§4, after the poster confirmed). */
  status: z.union([z.literal(2), z.literal('2').transform(() => 2 as const)]).optional(),
});
export type UpdateDemandBody = z.input<typeof UpdateDemandBody>;

export const updateDemand = defineRoute({
  method: 'PUT',
  path: '/demands/:id',
  summary:
    'The poster edits an open demand or closes it (status 2). 400 as POST; 403 no_permission (not the poster); 404 not_found; 409 item.closed (closed or blocked).',
  spec: '§4 Demand (closed by the poster), §5, §6',
  tags: ['demands'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: UpdateDemandBody,
  response: Demand,
});

export const deleteDemand = defineRoute({
  method: 'DELETE',
  path: '/demands/:id',
  summary: 'The poster deletes a demand (never shown again). 403 no_permission; 404 not_found.',
  spec: '§3 Demand, §6',
  tags: ['demands'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  response: z.object({ ok: z.literal(1) }),
});

export const DemandLikeResult = z.object({ demand_id: WireId, like_total: z.number().int(), is_liked: Flag });
export type DemandLikeResult = z.infer<typeof DemandLikeResult>;

export const likeDemand = defineRoute({
  method: 'POST',
  path: '/demand/likes',
  summary: 'Likes a visible demand (idempotent: a second like changes nothing). 404 not_found.',
  spec: '§2 /demand/like',
  tags: ['demands'],
  isPublic: false,
  body: z.strictObject({ demand_id: ObjectIdString }),
  response: DemandLikeResult,
});

export const unlikeDemand = defineRoute({
  method: 'DELETE',
  path: '/demand/likes',
  summary: 'Takes back a like (idempotent). 404 not_found.',
  spec: '§2 /demand/like',
  tags: ['demands'],
  isPublic: false,
  querystring: z.object({ demand_id: ObjectIdString }),
  response: DemandLikeResult,
});

export const listDemandComments = defineRoute({
  method: 'GET',
  path: '/demands/:id/comments',
  summary:
    "A demand's comments, oldest first: visible ones plus the caller's own under review or blocked. Each carries the commenter's contact only for the commenter and the demand's poster (§6). 404 not_found.",
  spec: '§2 /demand/detail, §6',
  tags: ['demands'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  querystring: z.object({
    limit: z.coerce.number().int().min(1).max(demandPageMax).default(50),
    skip: z.coerce.number().int().min(0).max(100_000).default(0),
  }),
  response: z.object({ results: z.array(DemandComment), total: z.number().int() }),
});

export const CreateDemandCommentBody = z.strictObject({
  content: z.string().trim().min(1, demandRequiredMessage).max(textLimits.answer),
});
export type CreateDemandCommentBody = z.infer<typeof CreateDemandCommentBody>;

export const createDemandComment = defineRoute({
  method: 'POST',
  path: '/demands/:id/comments',
  summary:
    "Comments on an open, visible demand; reveals the commenter's contact to the poster (§6), who is told by mail or SMS. 400 validation_failed / content.sensitive; 403 participant.required / moderation.banned; 404 not_found; 409 item.closed.",
  spec: '§2 /demand/comment/{type}, §6',
  tags: ['demands'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: CreateDemandCommentBody,
  response: DemandComment,
});

/**
 * May the caller post and comment on demands in the meeting (§6): logged in and a registered
 * participant (an approved ticket), not banned. `reason`: null when allowed, else 'login',
 * 'participant' or 'banned'.
 */
export const DemandAuthorization = z.object({
  is_authorization: Flag,
  reason: z.enum(['login', 'participant', 'banned']).nullable(),
});
export type DemandAuthorization = z.infer<typeof DemandAuthorization>;

export const getDemandAuthorization = defineRoute({
  method: 'GET',
  path: '/demand/meetings/authorization',
  summary:
    'Whether the caller may post and comment on demands in the meeting: is_authorization 1, or 0 with reason login (no token), participant (no approved registration) or banned.',
  spec: '§6, §7 GET /demand/meetings/authorization',
  tags: ['demands'],
  isPublic: false,
  querystring: z.object({ meeting_id: ObjectIdString }),
  response: DemandAuthorization,
});

export const refreshDemandAuthorization = defineRoute({
  method: 'POST',
  path: '/demand/meetings/authorization',
  summary:
    'Checks again after the caller registered (same answer as the GET, read fresh, never cached): the form page calls it when the person comes back from registration.',
  spec: '§6, §7 POST /demand/meetings/authorization',
  tags: ['demands'],
  isPublic: false,
  body: z.object({ meeting_id: ObjectIdString }),
  response: DemandAuthorization,
});
