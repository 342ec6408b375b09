import { z } from 'zod';
import { ListQuerystring, LocalizedText, resultsOf, UnixSeconds } from '../wire/common.ts';
import type { ResourceQuerySpec } from '../wire/list-query.ts';
import { WireId } from '../wire/object-id.ts';
import { RichTextWire } from '../wire/rich-text.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * News of a meeting (§3 News: title, cover, meeting.title; §2 /meeting/news, /news,
 * /meeting/news/detail; §7 GET /news). The public sees published items only; drafts and scheduled
 * items stay invisible until published (a scheduled item is published by a job at its time).
 * Categories are the generic ones of type `news` (GET /news/categories).
 */

/** Publication state of a news item: being written, waiting for its `publish_at`, or visible. */
export const newsStatuses = ['draft', 'scheduled', 'published'] as const;
export const NewsStatus = z.enum(newsStatuses);
export type NewsStatus = z.infer<typeof NewsStatus>;

/** The meeting or category a news item names, as the list shows it. */
const TitledRef = z.object({ _id: WireId, title: LocalizedText });

/**
 * A news item as GET /news answers it. `content` — the body per language, sanitised HTML as a
 * RichTextWire each (§5: chunked past 30,720 bytes) — comes only when the query filters by `_id`
 * (the detail page); lists leave it out. An item asked for by `_id` that the public may not see
 * (deleted, unpublished) answers `deleted: 1` with its texts empty: the client shows /204 (§2).
 */
export const NewsItem = z.object({
  _id: WireId,
  meeting_id: WireId,
  meeting: TitledRef.nullable(),
  category_id: WireId.nullable(),
  category: TitledRef.nullable(),
  title: LocalizedText,
  summary: LocalizedText,
  /** Cover image URL ('' for none). */
  cover: z.string(),
  /** Byline as the organiser typed it ('' for none). */
  author: z.string(),
  /** Unix seconds of publication; null when not published. */
  published_at: UnixSeconds.nullable(),
  weight: z.number().int(),
  /** Views folded into the total by the views job. */
  views_total: z.number().int(),
  deleted: z.union([z.literal(0), z.literal(1)]),
  content: z.record(z.string(), RichTextWire).optional(),
});
export type NewsItem = z.infer<typeof NewsItem>;

/** Allowed filters and sorts of GET /news. */
export const newsQuerySpec = {
  fields: {
    _id: { type: 'id', ops: ['$eq', '$in'] },
    meeting_id: { type: 'id', ops: ['$eq'] },
    category_id: { type: 'id', ops: ['$eq', '$in'] },
  },
  sort: ['weight', 'published', 'created'],
  defaultSort: [
    { field: 'weight', direction: -1 },
    { field: 'published', direction: -1 },
  ],
} as const satisfies ResourceQuerySpec;

export const listNews = defineRoute({
  method: 'GET',
  path: '/news',
  summary:
    "A meeting's published news, heaviest then newest first; filter by category_id or _id (with _id each item carries its content).",
  spec: '§7 Content GET /news, §2 /meeting/news, /meeting/news/detail',
  tags: ['news'],
  isPublic: false,
  querystring: ListQuerystring,
  response: resultsOf(NewsItem),
});
