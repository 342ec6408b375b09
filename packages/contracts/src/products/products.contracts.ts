import { z } from 'zod';
import {
  AwesomeResult,
  CollectionQuerystring,
  Highlight,
  LikeResult,
  maxKeywordLength,
} from '../enterprises/enterprises.contracts.ts';
import { CountResponse, LocalizedText, localizedTextInput, resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ListParams, type ResourceQuerySpec } from '../wire/list-query.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Products of enterprises (§3 Product: title, images[], enterprise), their lists, search, likes and
 * awesomes (§7 Enterprises). Lists: weight then created, descending, deleted left out (§9).
 */

/** A product as listed. Times are unix seconds. */
export const Product = z.object({
  _id: WireId,
  enterprise_id: WireId,
  /** The meeting it is shown at; null: every meeting its enterprise exhibits at. */
  meeting_id: WireId.nullable(),
  title: LocalizedText,
  /** Image URLs, the first is the cover. */
  images: z.array(z.string()),
  description: LocalizedText,
  category_id: WireId.nullable(),
  likes_total: z.number().int(),
  awesomes_total: z.number().int(),
  views_total: z.number().int(),
  weight: z.number().int(),
  /** 1: deleted, or hidden by an organiser (`is_shown` 0) — lists leave both out; by `_id` it answers 1. */
  deleted: z.union([z.literal(0), z.literal(1)]),
  created: UnixSeconds,
  /** Its enterprise, to show "by …" and link to /meeting/enterprise. */
  enterprise: z.object({ _id: WireId, title: LocalizedText, logo: z.string() }),
  /** The logged-in caller liked it (false for anonymous callers). */
  is_liked: z.boolean(),
  is_awesome: z.boolean(),
  /** Matched ranges of the title (search answers only). */
  highlights: z.array(Highlight).optional(),
});
export type Product = z.infer<typeof Product>;

/**
 * Allowed filters and sorts of the product lists. `meeting_id` keeps products shown at that meeting
 * by its shown exhibitors.
 */
export const productQuerySpec = {
  fields: {
    _id: { type: 'id', ops: ['$eq', '$in'] },
    meeting_id: { type: 'id', ops: ['$eq'] },
    enterprise_id: { type: 'id', ops: ['$eq', '$in'] },
    category_id: { type: 'id', ops: ['$eq', '$in'] },
  },
  sort: ['weight', 'created', 'likes_total', 'views_total'],
  defaultSort: [
    { field: 'weight', direction: -1 },
    { field: 'created', direction: -1 },
  ],
} as const satisfies ResourceQuerySpec;

/**
 * Querystring of GET /enterprise/products, /count and /exhibitors/products: JSON `query`/`sort`,
 * `limit` 1..999, `skip`, and plain `meeting_id`, `enterprise_id`, `category_id`. Scoped by
 * `meeting_id`, `enterprise_id` or `_id` (400 meeting_id_required otherwise).
 */
export const ProductListQuerystring = ListParams.extend({
  meeting_id: ObjectIdString.optional(),
  enterprise_id: ObjectIdString.optional(),
  category_id: ObjectIdString.optional(),
});
export type ProductListQuerystring = z.infer<typeof ProductListQuerystring>;

/**
 * Querystring of the product searches: `keyword` 1..100 characters (substring of any title
 * language, case-insensitive, `%`/`_` literal), optional `meeting_id` / `enterprise_id` /
 * `category_id` scope, `limit` 1..999 (default 20), `skip`.
 */
export const ProductSearchQuerystring = z.object({
  keyword: z.string().trim().min(1).max(maxKeywordLength),
  meeting_id: ObjectIdString.optional(),
  enterprise_id: ObjectIdString.optional(),
  category_id: ObjectIdString.optional(),
  limit: z.union([z.string(), z.number()]).optional(),
  skip: z.union([z.string(), z.number()]).optional(),
});
export type ProductSearchQuerystring = z.infer<typeof ProductSearchQuerystring>;

export const listProducts = defineRoute({
  method: 'GET',
  path: '/enterprise/products',
  summary:
    'Products by weight then created (descending), deleted left out unless filtered by _id. 400 invalid_query / invalid_object_id / limit_too_large / meeting_id_required.',
  spec: '§7 Enterprises, §9',
  tags: ['products'],
  isPublic: false,
  querystring: ProductListQuerystring,
  response: resultsOf(Product),
});

export const countProducts = defineRoute({
  method: 'GET',
  path: '/enterprise/products/count',
  summary: 'Number of products matching the same filters as GET /enterprise/products.',
  spec: '§7 Enterprises',
  tags: ['products'],
  isPublic: false,
  querystring: ProductListQuerystring.omit({ sort: true, limit: true, skip: true }),
  response: CountResponse,
});

export const searchProducts = defineRoute({
  method: 'GET',
  path: '/enterprise/products/search',
  summary:
    'Products whose title contains the keyword (any language, CJK substrings included), by weight then created (descending, §9), with `highlights`.',
  spec: '§7 Enterprises, §9',
  tags: ['products'],
  isPublic: false,
  querystring: ProductSearchQuerystring,
  response: resultsOf(Product),
});

/** Body (POST) or querystring (DELETE) of /enterprise/product/likes and /awesomes. */
export const ProductReactionInput = z.object({ product_id: ObjectIdString });

export const likeProduct = defineRoute({
  method: 'POST',
  path: '/enterprise/product/likes',
  summary: 'Likes a product (adds it to /my/collection). Idempotent. 401 login.required, 404 not_found.',
  spec: '§7 Enterprises',
  tags: ['products'],
  isPublic: false,
  body: ProductReactionInput,
  response: LikeResult,
});

export const unlikeProduct = defineRoute({
  method: 'DELETE',
  path: '/enterprise/product/likes',
  summary: 'Removes the like (`?product_id=`). Idempotent. 401 login.required, 404 not_found.',
  spec: '§7 Enterprises',
  tags: ['products'],
  isPublic: false,
  querystring: ProductReactionInput,
  response: LikeResult,
});

export const awesomeProduct = defineRoute({
  method: 'POST',
  path: '/enterprise/product/awesomes',
  summary: 'Gives a product an awesome. Idempotent. 401 login.required, 404 not_found.',
  spec: '§7 Enterprises',
  tags: ['products'],
  isPublic: false,
  body: ProductReactionInput,
  response: AwesomeResult,
});

export const unawesomeProduct = defineRoute({
  method: 'DELETE',
  path: '/enterprise/product/awesomes',
  summary: 'Takes the awesome back (`?product_id=`). Idempotent. 401 login.required, 404 not_found.',
  spec: '§7 Enterprises',
  tags: ['products'],
  isPublic: false,
  querystring: ProductReactionInput,
  response: AwesomeResult,
});

export const listLikedProducts = defineRoute({
  method: 'GET',
  path: '/enterprise/product/likes',
  summary:
    "The caller's liked products shown at the meeting, latest like first (/my/collection). 401 login.required.",
  spec: '§2 /my/collection',
  tags: ['products'],
  isPublic: false,
  querystring: CollectionQuerystring,
  response: resultsOf(Product),
});

/** A category id, or '' to clear it (form bodies cannot carry null). */
const CategoryIdInput = z.union([ObjectIdString, z.literal('')]);

/**
 * Body of POST /enterprise/products: a new product of the caller's bound enterprise (§6). `title`
 * must have a non-empty value in some language; `meeting_id` limits it to one meeting (default:
 * every meeting the enterprise exhibits at).
 */
export const CreateProductBody = z.object({
  enterprise_id: ObjectIdString,
  meeting_id: ObjectIdString.optional(),
  title: localizedTextInput(textLimits.title),
  images: z.array(z.string().trim().max(textLimits.url)).max(20).default([]),
  /** At most 500 characters in each language (§5 description). */
  description: localizedTextInput(textLimits.description).default(''),
  category_id: CategoryIdInput.optional(),
  weight: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type CreateProductBody = z.infer<typeof CreateProductBody>;

/** Body of PUT /enterprise/products/{id}: only the fields given change. */
export const UpdateProductBody = z.object({
  title: localizedTextInput(textLimits.title).optional(),
  images: z.array(z.string().trim().max(textLimits.url)).max(20).optional(),
  description: localizedTextInput(textLimits.description).optional(),
  category_id: CategoryIdInput.optional(),
  weight: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type UpdateProductBody = z.infer<typeof UpdateProductBody>;

export const createProduct = defineRoute({
  method: 'POST',
  path: '/enterprise/products',
  summary:
    'Adds a product to an enterprise. Only a user bound to an exhibitor account of that enterprise (§6): 401 login.required, 403 no_permission, 404 not_found, 400 validation_failed (empty title).',
  spec: '§6 Exhibitor, §2 /meeting/exhibitor/manage',
  tags: ['products'],
  isPublic: false,
  body: CreateProductBody,
  response: Product,
});

export const updateProduct = defineRoute({
  method: 'PUT',
  path: '/enterprise/products/:id',
  summary:
    'Edits a product. Only a user bound to its enterprise (§6): 401 login.required, 403 no_permission (nothing changes), 404 not_found, 400 validation_failed.',
  spec: '§6 Exhibitor, §2 /meeting/exhibitor/manage',
  tags: ['products'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: UpdateProductBody,
  response: Product,
});

export const deleteProduct = defineRoute({
  method: 'DELETE',
  path: '/enterprise/products/:id',
  summary:
    'Deletes a product (it then answers deleted = 1 by _id). Only a user bound to its enterprise (§6): 401, 403 no_permission, 404 not_found.',
  spec: '§6 Exhibitor, §2 /meeting/exhibitor/manage',
  tags: ['products'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  response: z.object({ ok: z.literal(1) }),
});
