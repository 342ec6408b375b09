import { z } from 'zod';
import { ListQuerystring, LocalizedText, resultsOf } from '../wire/common.ts';
import type { ResourceQuerySpec } from '../wire/list-query.ts';
import { WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/** Category types served by GET /{type}/categories (§7 Categories). */
export const categoryTypes = [
  'industry',
  'meeting_attachment',
  'exhibitor_group',
  'speaker',
  'page_section',
  'navigation',
  'news',
  // Demand categories (§3 Demand category; the industry is an `industry` category).
  'demand',
] as const;
export type CategoryType = (typeof categoryTypes)[number];

/**
 * A category (§3, §7). Navigation items also carry link fields (§3 Navigation item): `link` and
 * `mobile_link` are app routes (`/agenda`) or absolute URLs; `raw` 1 means the link is used as is;
 * `open_link_in_frame` opens it inside /webview.
 */
export const Category = z.object({
  _id: WireId,
  meeting_id: WireId,
  type: z.enum(categoryTypes),
  title: LocalizedText,
  icon: z.string(),
  weight: z.number().int(),
  parent_id: WireId.nullable(),
  link: z.string(),
  mobile_link: z.string(),
  raw: z.number().int(),
  open_link_in_frame: z.number().int(),
  mobile_open_link_in_frame: z.number().int(),
});
export type Category = z.infer<typeof Category>;

export const categoryQuerySpec = {
  fields: {
    _id: { type: 'id', ops: ['$eq', '$in'] },
    meeting_id: { type: 'id', ops: ['$eq'] },
    parent_id: { type: 'id', ops: ['$eq'] },
  },
  sort: ['weight', 'created'],
  defaultSort: [
    { field: 'weight', direction: -1 },
    { field: 'created', direction: 1 },
  ],
} as const satisfies ResourceQuerySpec;

export const listCategories = defineRoute({
  method: 'GET',
  path: '/:type/categories',
  summary: 'Categories of one type for a meeting, heaviest first (navigation: at most 20).',
  spec: '§7 Categories',
  tags: ['categories'],
  isPublic: true,
  params: z.object({ type: z.enum(categoryTypes) }),
  querystring: ListQuerystring,
  response: resultsOf(Category),
});
