import { z } from 'zod';
import {
  CountResponse,
  LocalizedText,
  localizedTextInput,
  Reference,
  ReferenceInput,
  resultsOf,
  UnixSeconds,
} from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ListParams, type ResourceQuerySpec } from '../wire/list-query.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Enterprises (§3 Enterprise, §7 Enterprises): the companies that exhibit, their likes and awesomes,
 * and the counted views, calls and mails. Lists are sorted by weight then created, descending, and
 * leave out deleted rows (§9) unless they filter by `_id` (the client then opens /204).
 */

/** Longest accepted search keyword, in characters. */
export const maxKeywordLength = textLimits.keyword;

/** A category as embedded in a list item: enough to show its name. */
export const CategoryRef = z.object({ _id: WireId, title: LocalizedText });
export type CategoryRef = z.infer<typeof CategoryRef>;

/**
 * One matched range of a searched text, in UTF-16 code units (JavaScript string offsets), so the
 * client can wrap it in <mark> itself — the server never sends HTML. `field` names the matched field
 * (`title`); `lang` the key of the language map the range is in ('' when the field is a plain string).
 * Present only on /search answers.
 */
export const Highlight = z.object({
  field: z.literal('title'),
  lang: z.string(),
  start: z.number().int().nonnegative(),
  length: z.number().int().positive(),
});
export type Highlight = z.infer<typeof Highlight>;

/** An enterprise as listed (§3 Enterprise). Times are unix seconds. */
export const Enterprise = z.object({
  _id: WireId,
  title: LocalizedText,
  /** Logo URL ('' when none). */
  logo: z.string(),
  description: LocalizedText,
  /** Gallery image URLs. */
  images: z.array(z.string()),
  /** Brochures and documents. */
  attachments: z.array(Reference),
  website: z.string(),
  phone: z.string(),
  email: z.string(),
  address: LocalizedText,
  industry_category_id: WireId.nullable(),
  industry: CategoryRef.nullable(),
  likes_total: z.number().int(),
  awesomes_total: z.number().int(),
  views_total: z.number().int(),
  calls_total: z.number().int(),
  mails_total: z.number().int(),
  attachment_views_total: z.number().int(),
  weight: z.number().int(),
  deleted: z.union([z.literal(0), z.literal(1)]),
  created: UnixSeconds,
  /** The logged-in caller liked it (false for anonymous callers). */
  is_liked: z.boolean(),
  /** The logged-in caller gave it an awesome (false for anonymous callers). */
  is_awesome: z.boolean(),
  /** Matched ranges of the title (search answers only). */
  highlights: z.array(Highlight).optional(),
});
export type Enterprise = z.infer<typeof Enterprise>;

/** The short form embedded in exhibitor and product items. */
export const EnterpriseCard = Enterprise.pick({
  _id: true,
  title: true,
  logo: true,
  website: true,
  phone: true,
  email: true,
  industry_category_id: true,
  industry: true,
  likes_total: true,
  awesomes_total: true,
  views_total: true,
  is_liked: true,
  is_awesome: true,
});
export type EnterpriseCard = z.infer<typeof EnterpriseCard>;

/**
 * Allowed `query` filters and `sort` fields of GET /enterprises. `meeting_id` keeps the enterprises
 * exhibiting (shown, not deleted) at that meeting.
 */
export const enterpriseQuerySpec = {
  fields: {
    _id: { type: 'id', ops: ['$eq', '$in'] },
    meeting_id: { type: 'id', ops: ['$eq'] },
    industry_category_id: { type: 'id', ops: ['$eq', '$in'] },
  },
  sort: ['weight', 'created', 'likes_total', 'views_total'],
  defaultSort: [
    { field: 'weight', direction: -1 },
    { field: 'created', direction: -1 },
  ],
} as const satisfies ResourceQuerySpec;

/**
 * Querystring of GET /enterprises and /enterprises/count: JSON `query`/`sort`, `limit` 1..999, `skip`,
 * plus plain `meeting_id` and `industry_category_id` parameters. Scoped by `meeting_id` or `_id`
 * (400 meeting_id_required otherwise).
 */
export const EnterpriseListQuerystring = ListParams.extend({
  meeting_id: ObjectIdString.optional(),
  industry_category_id: ObjectIdString.optional(),
});
export type EnterpriseListQuerystring = z.infer<typeof EnterpriseListQuerystring>;

/**
 * Querystring of GET /enterprises/search: `keyword` (1..100 characters, matched as a substring of
 * every title language, case-insensitive; `%` and `_` are literal) and an optional `meeting_id` that
 * keeps the enterprises exhibiting there. `limit` 1..999 (default 20), `skip`.
 */
export const EnterpriseSearchQuerystring = z.object({
  keyword: z.string().trim().min(1).max(maxKeywordLength),
  meeting_id: ObjectIdString.optional(),
  industry_category_id: ObjectIdString.optional(),
  limit: z.union([z.string(), z.number()]).optional(),
  skip: z.union([z.string(), z.number()]).optional(),
});
export type EnterpriseSearchQuerystring = z.infer<typeof EnterpriseSearchQuerystring>;

export const listEnterprises = defineRoute({
  method: 'GET',
  path: '/enterprises',
  summary:
    'Enterprises, by weight then created (descending), deleted left out unless filtered by _id. 400 invalid_query / invalid_object_id / limit_too_large / meeting_id_required.',
  spec: '§7 Enterprises, §9',
  tags: ['enterprises'],
  isPublic: false,
  querystring: EnterpriseListQuerystring,
  response: resultsOf(Enterprise),
});

export const countEnterprises = defineRoute({
  method: 'GET',
  path: '/enterprises/count',
  summary: 'Number of enterprises matching the same filters as GET /enterprises.',
  spec: '§7 Enterprises',
  tags: ['enterprises'],
  isPublic: false,
  querystring: EnterpriseListQuerystring.omit({ sort: true, limit: true, skip: true }),
  response: CountResponse,
});

export const searchEnterprises = defineRoute({
  method: 'GET',
  path: '/enterprises/search',
  summary:
    'Enterprises whose title contains the keyword (any language, CJK substrings included), by weight then created (descending, §9); each item carries `highlights` of its title.',
  spec: '§7 Enterprises, §9',
  tags: ['enterprises'],
  isPublic: false,
  querystring: EnterpriseSearchQuerystring,
  response: resultsOf(Enterprise),
});

/**
 * Body of PUT /enterprises/{id}: only the fields given change. Strings are trimmed; URLs are the
 * upload results (GET /api/files/…) or absolute http(s) URLs.
 */
export const UpdateEnterpriseBody = z.object({
  title: localizedTextInput(textLimits.title).optional(),
  logo: z.string().trim().max(textLimits.url).optional(),
  /** At most 500 characters in each language (§5 description). */
  description: localizedTextInput(textLimits.description).optional(),
  images: z.array(z.string().trim().max(textLimits.url)).max(50).optional(),
  attachments: z.array(ReferenceInput).max(50).optional(),
  website: z.string().trim().max(textLimits.url).optional(),
  phone: z.string().trim().max(textLimits.phone).optional(),
  email: z.string().trim().max(textLimits.email).optional(),
  address: localizedTextInput(textLimits.title).optional(),
});
export type UpdateEnterpriseBody = z.infer<typeof UpdateEnterpriseBody>;

export const updateEnterprise = defineRoute({
  method: 'PUT',
  path: '/enterprises/:id',
  summary:
    'Edits an enterprise. Only a user bound to an exhibitor account of that enterprise (§6) may: 401 login.required, 403 no_permission (nothing changes), 404 not_found, 400 email.invalid.',
  spec: '§7 Enterprises, §6 Exhibitor',
  tags: ['enterprises'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: UpdateEnterpriseBody,
  response: Enterprise,
});

/** Body (POST) or querystring (DELETE) of /enterprise/likes and /enterprise/awesomes. */
export const EnterpriseReactionInput = z.object({ enterprise_id: ObjectIdString });

/** Answer of a like or unlike: the caller's state and the exact new total. */
export const LikeResult = z.object({ is_liked: z.boolean(), likes_total: z.number().int() });
export type LikeResult = z.infer<typeof LikeResult>;

/** Answer of an awesome or its removal. */
export const AwesomeResult = z.object({ is_awesome: z.boolean(), awesomes_total: z.number().int() });
export type AwesomeResult = z.infer<typeof AwesomeResult>;

export const likeEnterprise = defineRoute({
  method: 'POST',
  path: '/enterprise/likes',
  summary:
    'Likes an enterprise (adds it to /my/collection). Idempotent: a second like changes nothing. 401 login.required, 404 not_found.',
  spec: '§7 Enterprises',
  tags: ['enterprises'],
  isPublic: false,
  body: EnterpriseReactionInput,
  response: LikeResult,
});

export const unlikeEnterprise = defineRoute({
  method: 'DELETE',
  path: '/enterprise/likes',
  summary: 'Removes the like (`?enterprise_id=`). Idempotent. 401 login.required, 404 not_found.',
  spec: '§7 Enterprises',
  tags: ['enterprises'],
  isPublic: false,
  querystring: EnterpriseReactionInput,
  response: LikeResult,
});

export const awesomeEnterprise = defineRoute({
  method: 'POST',
  path: '/enterprise/awesomes',
  summary: 'Gives an enterprise an awesome. Idempotent. 401 login.required, 404 not_found.',
  spec: '§7 Enterprises',
  tags: ['enterprises'],
  isPublic: false,
  body: EnterpriseReactionInput,
  response: AwesomeResult,
});

export const unawesomeEnterprise = defineRoute({
  method: 'DELETE',
  path: '/enterprise/awesomes',
  summary: 'Takes the awesome back (`?enterprise_id=`). Idempotent. 401 login.required, 404 not_found.',
  spec: '§7 Enterprises',
  tags: ['enterprises'],
  isPublic: false,
  querystring: EnterpriseReactionInput,
  response: AwesomeResult,
});

/** Querystring of the collection calls: the meeting whose exhibitors/products to keep. */
export const CollectionQuerystring = z.object({
  meeting_id: ObjectIdString,
  limit: z.union([z.string(), z.number()]).optional(),
  skip: z.union([z.string(), z.number()]).optional(),
});

export const listLikedEnterprises = defineRoute({
  method: 'GET',
  path: '/enterprise/likes',
  summary:
    "The caller's liked enterprises exhibiting at the meeting, latest like first (/my/collection). 401 login.required.",
  spec: '§2 /my/collection',
  tags: ['enterprises'],
  isPublic: false,
  querystring: CollectionQuerystring,
  response: resultsOf(Enterprise),
});

/**
 * Body of the counted interactions (views, calls, mails, attachment views). Anonymous callers are
 * counted by their device-id header; `user_id` is what the client sends (the device id when
 * anonymous, §7) and is ignored in favour of the session's user; `source_id` is the stored source.
 */
export const InteractionBody = z.object({
  meeting_id: ObjectIdString.optional(),
  user_id: z.string().max(textLimits.id).optional(),
  source_id: z.string().max(textLimits.id).optional(),
});
export type InteractionBody = z.infer<typeof InteractionBody>;

export const ViewsTotal = z.object({ views_total: z.number().int() });
export const CallsTotal = z.object({ calls_total: z.number().int() });
export const MailsTotal = z.object({ mails_total: z.number().int() });
export const AttachmentViewsTotal = z.object({ attachment_views_total: z.number().int() });

const EnterpriseIdParams = z.object({ id: ObjectIdString });

export const recordEnterpriseView = defineRoute({
  method: 'POST',
  path: '/enterprises/:id/views',
  summary: 'Counts a view of the enterprise page; answers the new total. Anonymous allowed. 404 not_found.',
  spec: '§7 Enterprises',
  tags: ['enterprises'],
  isPublic: false,
  params: EnterpriseIdParams,
  body: InteractionBody.optional(),
  response: ViewsTotal,
});

export const recordEnterpriseCall = defineRoute({
  method: 'POST',
  path: '/enterprises/:id/calls',
  summary: 'Counts a tap on the call button; answers the new total. Anonymous allowed. 404 not_found.',
  spec: '§7 Enterprises',
  tags: ['enterprises'],
  isPublic: false,
  params: EnterpriseIdParams,
  body: InteractionBody.optional(),
  response: CallsTotal,
});

export const recordEnterpriseMail = defineRoute({
  method: 'POST',
  path: '/enterprises/:id/mails',
  summary: 'Counts a tap on the mail button; answers the new total. Anonymous allowed. 404 not_found.',
  spec: '§7 Enterprises',
  tags: ['enterprises'],
  isPublic: false,
  params: EnterpriseIdParams,
  body: InteractionBody.optional(),
  response: MailsTotal,
});

export const recordEnterpriseAttachmentView = defineRoute({
  method: 'POST',
  path: '/enterprises/:id/attachments/views',
  summary: "Counts a view of one of the enterprise's attachments; answers the new total. 404 not_found.",
  spec: '§7 Enterprises',
  tags: ['enterprises'],
  isPublic: false,
  params: EnterpriseIdParams,
  body: InteractionBody.optional(),
  response: AttachmentViewsTotal,
});

export const recordEnterpriseProductView = defineRoute({
  method: 'POST',
  path: '/enterprises/:id/products/:product_id/views',
  summary:
    "Counts a view of one of the enterprise's products; answers the product's new total. 404 not_found.",
  spec: '§7 Enterprises',
  tags: ['enterprises'],
  isPublic: false,
  params: z.object({ id: ObjectIdString, product_id: ObjectIdString }),
  body: InteractionBody.optional(),
  response: ViewsTotal,
});
