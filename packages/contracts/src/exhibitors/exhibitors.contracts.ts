import { z } from 'zod';
import {
  AttachmentViewsTotal,
  CallsTotal,
  CategoryRef,
  EnterpriseCard,
  Highlight,
  InteractionBody,
  LikeResult,
  MailsTotal,
  maxKeywordLength,
  ViewsTotal,
} from '../enterprises/enterprises.contracts.ts';
import { Product, ProductListQuerystring } from '../products/products.contracts.ts';
import { resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ListParams, type ResourceQuerySpec } from '../wire/list-query.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Exhibitors (an enterprise's participation in a meeting: booth, group, weight), the pavilion lists and
 * search, the exhibitor binding (§6), applications to exhibit and the pavilion page counters
 * (§7 Exhibitors, Meetings).
 */

/** An exhibitor as listed in the pavilion. Times are unix seconds. */
export const Exhibitor = z.object({
  _id: WireId,
  meeting_id: WireId,
  enterprise_id: WireId,
  /** Booth number or hall position ('' when not assigned). */
  booth: z.string(),
  exhibitor_group_category_id: WireId.nullable(),
  exhibitor_group: CategoryRef.nullable(),
  /** The exhibitor's industry in this meeting, else its enterprise's. */
  industry_category_id: WireId.nullable(),
  industry: CategoryRef.nullable(),
  weight: z.number().int(),
  is_shown: z.union([z.literal(0), z.literal(1)]),
  views_total: z.number().int(),
  calls_total: z.number().int(),
  mails_total: z.number().int(),
  attachment_views_total: z.number().int(),
  deleted: z.union([z.literal(0), z.literal(1)]),
  created: UnixSeconds,
  /** Its enterprise (title, logo, contact, likes; `is_liked` for the caller). */
  enterprise: EnterpriseCard,
  /** Matched ranges of the enterprise title (search answers only). */
  highlights: z.array(Highlight).optional(),
});
export type Exhibitor = z.infer<typeof Exhibitor>;

/** Allowed filters and sorts of GET /exhibitors (always scoped to one meeting). */
export const exhibitorQuerySpec = {
  fields: {
    _id: { type: 'id', ops: ['$eq', '$in'] },
    meeting_id: { type: 'id', ops: ['$eq'] },
    enterprise_id: { type: 'id', ops: ['$eq', '$in'] },
    industry_category_id: { type: 'id', ops: ['$eq', '$in'] },
    exhibitor_group_category_id: { type: 'id', ops: ['$eq', '$in'] },
  },
  sort: ['weight', 'created'],
  defaultSort: [
    { field: 'weight', direction: -1 },
    { field: 'created', direction: -1 },
  ],
} as const satisfies ResourceQuerySpec;

/**
 * Querystring of GET /exhibitors: `meeting_id` (may be left out when `query` names `_id` or
 * `enterprise_id`: an enterprise's exhibitors across meetings); JSON `query`/`sort`, `limit` 1..999,
 * `skip`; plain filters `industry_category_id`, `exhibitor_group_category_id`. Only shown
 * (is_shown 1), not deleted exhibitors are listed, unless filtered by `_id`.
 */
export const ExhibitorListQuerystring = ListParams.extend({
  meeting_id: ObjectIdString.optional(),
  industry_category_id: ObjectIdString.optional(),
  exhibitor_group_category_id: ObjectIdString.optional(),
});
export type ExhibitorListQuerystring = z.infer<typeof ExhibitorListQuerystring>;

/**
 * Querystring of GET /exhibitors/search: `meeting_id` required, `keyword` 1..100 characters matched in
 * the enterprise title (any language, CJK substrings, case-insensitive, `%`/`_` literal), the same
 * plain filters as the list, `limit` 1..999 (default 20), `skip`.
 */
export const ExhibitorSearchQuerystring = z.object({
  meeting_id: ObjectIdString,
  keyword: z.string().trim().min(1).max(maxKeywordLength),
  industry_category_id: ObjectIdString.optional(),
  exhibitor_group_category_id: ObjectIdString.optional(),
  limit: z.union([z.string(), z.number()]).optional(),
  skip: z.union([z.string(), z.number()]).optional(),
});
export type ExhibitorSearchQuerystring = z.infer<typeof ExhibitorSearchQuerystring>;

export const listExhibitors = defineRoute({
  method: 'GET',
  path: '/exhibitors',
  summary:
    "A meeting's shown exhibitors (the pavilion), by weight then created, descending; without meeting_id, an enterprise's (query.enterprise_id) or the ids asked. 400 invalid_query / invalid_object_id / limit_too_large / meeting_id_required.",
  spec: '§7 Exhibitors, §9',
  tags: ['exhibitors'],
  isPublic: false,
  querystring: ExhibitorListQuerystring,
  response: resultsOf(Exhibitor),
});

export const searchExhibitors = defineRoute({
  method: 'GET',
  path: '/exhibitors/search',
  summary:
    "A meeting's shown exhibitors whose enterprise title contains the keyword, by weight then created (descending, §9), with `highlights`.",
  spec: '§7 Exhibitors, §9',
  tags: ['exhibitors'],
  isPublic: false,
  querystring: ExhibitorSearchQuerystring,
  response: resultsOf(Exhibitor),
});

export const listExhibitorProducts = defineRoute({
  method: 'GET',
  path: '/exhibitors/products',
  summary:
    "Products of a meeting's shown exhibitors (`meeting_id` required), by weight then created, descending; same filters as /enterprise/products.",
  spec: '§7 Exhibitors',
  tags: ['exhibitors'],
  isPublic: false,
  querystring: ProductListQuerystring.extend({ meeting_id: ObjectIdString }),
  response: resultsOf(Product),
});

/** Body of PUT /exhibitors/{id}: what a bound exhibitor may change about its participation. */
export const UpdateExhibitorBody = z.object({
  booth: z.string().trim().max(textLimits.label).optional(),
});
export type UpdateExhibitorBody = z.infer<typeof UpdateExhibitorBody>;

const ExhibitorIdParams = z.object({ id: ObjectIdString });

export const updateExhibitor = defineRoute({
  method: 'PUT',
  path: '/exhibitors/:id',
  summary:
    'Edits an exhibitor. Only a user bound to an exhibitor account of its enterprise in its meeting (§6): 401 login.required, 403 no_permission (nothing changes), 404 not_found.',
  spec: '§7 Exhibitors, §6',
  tags: ['exhibitors'],
  isPublic: false,
  params: ExhibitorIdParams,
  body: UpdateExhibitorBody,
  response: Exhibitor,
});

export const likeExhibitor = defineRoute({
  method: 'POST',
  path: '/exhibitors/:id/likes',
  summary:
    "Likes the exhibitor's enterprise (the same like as POST /enterprise/likes). Idempotent. 401 login.required, 404 not_found.",
  spec: '§7 Exhibitors',
  tags: ['exhibitors'],
  isPublic: false,
  params: ExhibitorIdParams,
  body: InteractionBody.optional(),
  response: LikeResult,
});

export const recordExhibitorMail = defineRoute({
  method: 'POST',
  path: '/exhibitors/:id/mails',
  summary: 'Counts a tap on the mail button of an exhibitor; answers the new total. Anonymous allowed.',
  spec: '§7 Exhibitors',
  tags: ['exhibitors'],
  isPublic: false,
  params: ExhibitorIdParams,
  body: InteractionBody.optional(),
  response: MailsTotal,
});

export const recordExhibitorCall = defineRoute({
  method: 'POST',
  path: '/exhibitors/:id/calls',
  summary: 'Counts a tap on the call button of an exhibitor; answers the new total. Anonymous allowed.',
  spec: '§7 Exhibitors',
  tags: ['exhibitors'],
  isPublic: false,
  params: ExhibitorIdParams,
  body: InteractionBody.optional(),
  response: CallsTotal,
});

export const recordExhibitorView = defineRoute({
  method: 'POST',
  path: '/exhibitors/:id/views',
  summary: 'Counts a view of an exhibitor; answers the new total. Anonymous allowed.',
  spec: '§7 Exhibitors',
  tags: ['exhibitors'],
  isPublic: false,
  params: ExhibitorIdParams,
  body: InteractionBody.optional(),
  response: ViewsTotal,
});

export const recordExhibitorAttachmentView = defineRoute({
  method: 'POST',
  path: '/exhibitors/:id/attachments/views',
  summary: "Counts a view of an exhibitor's attachment; answers the new total. Anonymous allowed.",
  spec: '§7 Exhibitors',
  tags: ['exhibitors'],
  isPublic: false,
  params: ExhibitorIdParams,
  body: InteractionBody.optional(),
  response: AttachmentViewsTotal,
});

export const recordExhibitorProductView = defineRoute({
  method: 'POST',
  path: '/exhibitors/products/:id/views',
  summary: 'Counts a view of a product from the pavilion; answers the new total. Anonymous allowed.',
  spec: '§7 Exhibitors',
  tags: ['exhibitors'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: InteractionBody.optional(),
  response: ViewsTotal,
});

export const likeExhibitorProduct = defineRoute({
  method: 'POST',
  path: '/exhibitors/products/:id/likes',
  summary:
    'Likes a product (the same like as POST /enterprise/product/likes). Idempotent. 401 login.required, 404 not_found.',
  spec: '§7 Exhibitors',
  tags: ['exhibitors'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: InteractionBody.optional(),
  response: LikeResult,
});

/**
 * The caller's exhibitor binding in a meeting (§6): the exhibitor account, its enterprise and the
 * enterprise's exhibitor row in that meeting (null when the account manages no enterprise yet).
 */
export const ExhibitorBinding = z.object({
  meeting_id: WireId,
  exhibitor_account_id: WireId,
  /** The account's login name (lower-cased). */
  account: z.string(),
  enterprise: EnterpriseCard.nullable(),
  exhibitor: Exhibitor.nullable(),
  /** When it was bound, unix seconds. */
  created: UnixSeconds,
});
export type ExhibitorBinding = z.infer<typeof ExhibitorBinding>;

/** Answer of GET /exhibitor/bindings: the binding, or null when the caller has none there. */
export const ExhibitorBindingAnswer = z.object({ binding: ExhibitorBinding.nullable() });
export type ExhibitorBindingAnswer = z.infer<typeof ExhibitorBindingAnswer>;

export const MeetingQuerystring = z.object({ meeting_id: ObjectIdString });

export const getExhibitorBinding = defineRoute({
  method: 'GET',
  path: '/exhibitor/bindings',
  summary: "The caller's bound exhibitor account in the meeting, or null. 401 login.required.",
  spec: '§6 Exhibitor, §2 /meeting/exhibitor/bind',
  tags: ['exhibitors'],
  isPublic: false,
  querystring: MeetingQuerystring,
  response: ExhibitorBindingAnswer,
});

export const BindExhibitorBody = z.object({
  meeting_id: ObjectIdString,
  account: z.string().trim().min(1).max(textLimits.account),
  password: z.string().min(1).max(textLimits.password),
});
export type BindExhibitorBody = z.infer<typeof BindExhibitorBody>;

export const bindExhibitor = defineRoute({
  method: 'POST',
  path: '/exhibitor/bindings',
  summary:
    "Binds an exhibitor account of the meeting (account + password, checked like POST /tokens/exhibitor) to the caller, replacing the caller's previous binding there. 401 login.required / account.password_incorrect, 429 too_frequent.",
  spec: '§6 Exhibitor',
  tags: ['exhibitors'],
  isPublic: false,
  body: BindExhibitorBody,
  response: ExhibitorBindingAnswer,
});

export const unbindExhibitor = defineRoute({
  method: 'DELETE',
  path: '/exhibitor/bindings',
  summary: "Removes the caller's binding in the meeting (`?meeting_id=`). Idempotent. 401 login.required.",
  spec: '§6 Exhibitor',
  tags: ['exhibitors'],
  isPublic: false,
  querystring: MeetingQuerystring,
  response: ExhibitorBindingAnswer,
});

/**
 * Body of POST /meetings/{id}/exhibitor/apply (§2 /meeting/apply): company, contact name and phone
 * are required ('This is a required field', §5); phone is checked for its region (zh-CN mobile rule
 * for +86); e-mail optional but valid when given.
 */
export const ExhibitorApplicationBody = z.object({
  company: z.string().trim().min(1).max(textLimits.title),
  contact_name: z.string().trim().min(1).max(textLimits.name),
  phone: z.string().trim().min(1).max(textLimits.phone),
  /** Calling code without '+', default '86'. */
  area_code: z.string().trim().max(textLimits.areaCode).default('86'),
  email: z.string().trim().max(textLimits.email).default(''),
  message: z.string().trim().max(textLimits.freeText).default(''),
});
export type ExhibitorApplicationBody = z.infer<typeof ExhibitorApplicationBody>;

export const applyToExhibit = defineRoute({
  method: 'POST',
  path: '/meetings/:id/exhibitor/apply',
  summary:
    'Stores an application to exhibit at the meeting. 401 login.required, 400 phone.invalid / email.invalid / validation_failed, 404 not_found.',
  spec: '§7 Meetings, §2 /meeting/apply',
  tags: ['exhibitors'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: ExhibitorApplicationBody,
  response: z.object({ _id: WireId, created: UnixSeconds }),
});

/**
 * Body of the pavilion page counters: the category (exhibitor group / industry / product category)
 * or area shown; omitted for the page as a whole. Plus the §7 view fields.
 */
export const PavilionViewBody = InteractionBody.extend({
  category_id: ObjectIdString.optional(),
  area: z.string().trim().max(textLimits.label).optional(),
});
export type PavilionViewBody = z.infer<typeof PavilionViewBody>;

const MeetingIdParams = z.object({ id: ObjectIdString });

export const recordExhibitorCategoryView = defineRoute({
  method: 'POST',
  path: '/meetings/:id/exhibitor/category/views',
  summary:
    'Counts a view of an exhibitor category page of the pavilion (`category_id`); answers its new total. 404 not_found.',
  spec: '§7 Meetings',
  tags: ['exhibitors'],
  isPublic: false,
  params: MeetingIdParams,
  body: PavilionViewBody.optional(),
  response: ViewsTotal,
});

export const recordExhibitionAreaView = defineRoute({
  method: 'POST',
  path: '/meetings/:id/area/views',
  summary: 'Counts a view of an area of the pavilion (`area`); answers its new total. 404 not_found.',
  spec: '§7 Meetings',
  tags: ['exhibitors'],
  isPublic: false,
  params: MeetingIdParams,
  body: PavilionViewBody.optional(),
  response: ViewsTotal,
});

export const recordProductCategoryView = defineRoute({
  method: 'POST',
  path: '/meetings/:id/product/category/views',
  summary:
    'Counts a view of a product category page of the pavilion (`category_id`); answers its new total. 404 not_found.',
  spec: '§7 Meetings',
  tags: ['exhibitors'],
  isPublic: false,
  params: MeetingIdParams,
  body: PavilionViewBody.optional(),
  response: ViewsTotal,
});
