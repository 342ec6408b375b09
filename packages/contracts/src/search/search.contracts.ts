import { z } from 'zod';
import { ConsoleMeetingParams } from '../console/console-access.contracts.ts';
import { LocalizedText, resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The meeting search (/meeting/search, §2) and its search-keyword log (§7 'search-keyword paths':
 * a POST body's empty `user_id` becomes the device id). One box over sessions, speakers, exhibitors,
 * products, news and documents, grouped by type; Chinese is cut by jieba and Japanese by
 * Intl.Segmenter on the server, Latin words match as prefixes and with typos. Highlights are
 * ranges, never HTML: the client marks them itself.
 */

/** Item types a search covers, in the order the page shows their groups. */
export const searchItemTypes = ['agenda', 'speaker', 'exhibitor', 'product', 'news', 'document'] as const;
export type SearchItemType = (typeof searchItemTypes)[number];

/** Longest search keyword, in characters. */
export const maxSearchKeywordLength = 64;

/** Results per group when all types are asked, and the most one call may ask per type. */
export const searchLimits = { perGroup: 5, maxPerType: 50, maxSkip: 1000, recent: 10, hot: 10 } as const;

const Keyword = z.string().trim().min(1).max(maxSearchKeywordLength);

/**
 * Querystring of GET /meeting/search: `keyword` 1..64 characters; `type` one group only ("more"),
 * `limit` per group 1..50 (default 5 for all groups, 20 for one), `skip` 0..1000 within the group.
 */
export const SearchQuerystring = z.object({
  meeting_id: ObjectIdString,
  keyword: Keyword,
  type: z.enum(searchItemTypes).optional(),
  limit: z.coerce.number().int().min(1).max(searchLimits.maxPerType).optional(),
  skip: z.coerce.number().int().min(0).max(searchLimits.maxSkip).optional(),
});
export type SearchQuerystring = z.infer<typeof SearchQuerystring>;

/**
 * A matched range of a result's `title` or `summary` in UTF-16 code units of the value in language
 * `lang` ('' for a plain string).
 */
export const SearchHighlight = z.object({
  field: z.enum(['title', 'summary']),
  lang: z.string(),
  start: z.number().int().nonnegative(),
  length: z.number().int().positive(),
});
export type SearchHighlight = z.infer<typeof SearchHighlight>;

/**
 * One result. `parent_id` is the enterprise of an exhibitor or product (its page), else null.
 * `summary`: a session's subtitle, a speaker's title and company, an exhibitor's booth, a product's
 * enterprise. `start` (unix seconds) only for sessions.
 */
export const SearchHit = z.object({
  type: z.enum(searchItemTypes),
  _id: WireId,
  parent_id: WireId.nullable(),
  title: LocalizedText,
  summary: LocalizedText,
  image: z.string(),
  start: UnixSeconds.nullable(),
  highlights: z.array(SearchHighlight),
});
export type SearchHit = z.infer<typeof SearchHit>;

/** The results of one type: `total` matches, the page asked (`items`). */
export const SearchGroup = z.object({
  type: z.enum(searchItemTypes),
  total: z.number().int().nonnegative(),
  items: z.array(SearchHit),
});
export type SearchGroup = z.infer<typeof SearchGroup>;

export const searchMeeting = defineRoute({
  method: 'GET',
  path: '/meeting/search',
  summary:
    'Searches a meeting’s visible sessions, speakers, exhibitors, products, news and documents; groups with matches only, in type order; exact title matches first. 400 validation_failed (keyword 1..64).',
  spec: '§2 /meeting/search',
  tags: ['search'],
  isPublic: false,
  querystring: SearchQuerystring,
  response: resultsOf(SearchGroup),
});

/** Body of POST /search_keywords: a search the visitor made (§7: `user_id` is the device id when anonymous). */
export const RecordKeywordBody = z.object({
  meeting_id: ObjectIdString,
  keyword: Keyword,
  user_id: z.string().max(textLimits.id).optional(),
});
export type RecordKeywordBody = z.infer<typeof RecordKeywordBody>;

export const recordSearchKeyword = defineRoute({
  method: 'POST',
  path: '/search_keywords',
  summary:
    'Logs a search of the caller (the user, or the device id when anonymous) with the number of results it finds now. 400 device_id_required when anonymous without a device id.',
  spec: '§7 search-keyword paths',
  tags: ['search'],
  isPublic: false,
  body: RecordKeywordBody,
  response: z.object({ keyword: z.string(), result_total: z.number().int().nonnegative() }),
});

/** Querystring of the caller's recent keywords: `user_id` the device id when anonymous. */
export const RecentKeywordsQuerystring = z.object({
  meeting_id: ObjectIdString,
  user_id: z.string().max(textLimits.id).optional(),
});

export const RecentKeyword = z.object({ keyword: z.string(), searched_at: UnixSeconds });
export type RecentKeyword = z.infer<typeof RecentKeyword>;

export const listRecentSearchKeywords = defineRoute({
  method: 'GET',
  path: '/search_keywords/recent',
  summary: 'The caller’s latest distinct keywords in the meeting, newest first (at most 10).',
  spec: '§7 search-keyword paths',
  tags: ['search'],
  isPublic: false,
  querystring: RecentKeywordsQuerystring,
  response: resultsOf(RecentKeyword),
});

export const clearRecentSearchKeywords = defineRoute({
  method: 'DELETE',
  path: '/search_keywords/recent',
  summary:
    'Removes one keyword (or all, without `keyword`) from the caller’s recent keywords; the meeting’s hot counts keep them.',
  spec: '§7 search-keyword paths',
  tags: ['search'],
  isPublic: false,
  querystring: RecentKeywordsQuerystring.extend({ keyword: Keyword.optional() }),
  response: z.object({ deleted: z.number().int().nonnegative() }),
});

export const HotKeyword = z.object({ keyword: z.string(), searches: z.number().int() });
export type HotKeyword = z.infer<typeof HotKeyword>;

export const listHotSearchKeywords = defineRoute({
  method: 'GET',
  path: '/search_keywords/hot',
  summary:
    'The meeting’s most searched keywords with results over the last 7 days (at most 10), counted in SQL.',
  spec: '§7 search-keyword paths',
  tags: ['search'],
  isPublic: false,
  querystring: z.object({ meeting_id: ObjectIdString }),
  response: resultsOf(HotKeyword),
});

// ---- console ----

/** A keyword as the console lists it: searches and distinct searchers over the last 7 days. */
export const ConsoleSearchKeyword = z.object({
  keyword: z.string(),
  searches: z.number().int(),
  searchers: z.number().int(),
  last_total: z.number().int(),
});
export type ConsoleSearchKeyword = z.infer<typeof ConsoleSearchKeyword>;

/** The meeting's last index rebuild asked from the console. Times are unix seconds. */
export const SearchRebuild = z.object({
  status: z.enum(['queued', 'running', 'done', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  error: z.string(),
  started_at: UnixSeconds,
  updated_at: UnixSeconds,
});
export type SearchRebuild = z.infer<typeof SearchRebuild>;

export const ConsoleSearchOverview = z.object({
  hot: z.array(ConsoleSearchKeyword),
  zero_results: z.array(ConsoleSearchKeyword),
  /** Index rows per item type. */
  documents: z.record(z.string(), z.number().int()),
  rebuild: SearchRebuild.nullable(),
});
export type ConsoleSearchOverview = z.infer<typeof ConsoleSearchOverview>;

export const getConsoleSearch = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/search',
  summary:
    'Search overview for organisers: hot keywords and keywords that found nothing (last 7 days, 20 each), index rows per type, the last rebuild. 403 no_permission (meeting.read).',
  spec: '§2 /meeting/search, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: ConsoleSearchOverview,
});

export const rebuildConsoleSearch = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/search/rebuild',
  summary:
    'Queues a full rebuild of the meeting’s search index (a job); answers its state. One at a time: a second ask while one runs answers the running one. 403 no_permission (meeting.edit).',
  spec: '§2 /meeting/search, DESIGN §7, §9',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: SearchRebuild,
});
