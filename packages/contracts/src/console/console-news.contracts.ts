import { z } from 'zod';
import { NewsStatus } from '../news/news.contracts.ts';
import { LocalizedText, localizedTextInput, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { RichTextWire, richTextMaxLength } from '../wire/rich-text.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The organiser console's news area (DESIGN §7; §3 News): the meeting's news items with their state
 * (draft, scheduled, published), category, scheduled time and views; the editor (texts per enabled
 * language, rich-text body, cover); publishing now, scheduling (a job publishes at `publish_at`),
 * unpublishing and deleting; and the `news` categories.
 *
 * Conventions of this area: lists answer `{ items }`; every write of an item names the `version`
 * it read, and a write over a newer version is refused with 409 `conflict.stale` (someone saved
 * meanwhile); a caller without `news.edit` gets 403 `no_permission`. Bodies are sanitised on the
 * server before they are stored (§5: unsafe HTML stripped, never stored).
 */

/** Error codes of this area (besides ErrorCode's validation_failed, no_permission, conflict.stale). */
export const ConsoleNewsError = {
  /** 400 a text in a language the meeting has not enabled. */
  languageNotEnabled: 'news.language_not_enabled',
  /** 400 scheduling without a `publish_at` in the future. */
  publishAtInvalid: 'news.publish_at_invalid',
  /** 400 publishing an item without a title. */
  titleRequired: 'news.title_required',
  /** 400 a category that is not a news category of the meeting. */
  categoryInvalid: 'news.category_invalid',
} as const;

const MeetingParams = z.object({ meeting_id: ObjectIdString });
const MeetingItemParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString });
const Weight = z.coerce.number().int().min(-1_000_000).max(1_000_000);
/** A version an edit read (1 for a new item). */
const Version = z.coerce.number().int().min(1).max(2_147_483_647);
/** An optional category id in a form body: '' clears it. */
const CategoryRef = z.union([ObjectIdString, z.literal('')]);
/** A language map of rich-text HTML: language code → HTML of at most 1 MiB. */
const ContentInput = z.record(z.string().max(textLimits.languageCode), z.string().max(richTextMaxLength));

/** A news item as the console's table lists it. */
export const ConsoleNewsSummary = z.object({
  _id: WireId,
  title: LocalizedText,
  cover: z.string(),
  category_id: WireId.nullable(),
  status: NewsStatus,
  /** Unix seconds the job publishes a scheduled item at; null otherwise. */
  publish_at: UnixSeconds.nullable(),
  published_at: UnixSeconds.nullable(),
  weight: z.number().int(),
  views_total: z.number().int(),
  version: z.number().int(),
  /** Languages whose body is not empty. */
  languages: z.array(z.string()),
  updated: UnixSeconds,
});
export type ConsoleNewsSummary = z.infer<typeof ConsoleNewsSummary>;

/** A news item as the editor opens it: every field, the body per language as a RichTextWire (§5). */
export const ConsoleNewsDetail = ConsoleNewsSummary.extend({
  summary: LocalizedText,
  author: z.string(),
  content: z.record(z.string(), RichTextWire),
});
export type ConsoleNewsDetail = z.infer<typeof ConsoleNewsDetail>;

export const listConsoleNews = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/news',
  summary:
    "The meeting's news items, deleted ones left out, newest change first, and the meeting's enabled languages (one version of each text per language). 403 no_permission (news.edit).",
  spec: '§3 News, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  response: z.object({ items: z.array(ConsoleNewsSummary), languages: z.array(z.string()) }),
});

export const getConsoleNews = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/news/:id',
  summary: 'One news item with every field, for the editor. 403 no_permission; 404 not_found.',
  spec: '§3 News, §5, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  response: ConsoleNewsDetail,
});

/** The editable fields of a news item; texts are language maps of the meeting's enabled languages. */
export const ConsoleNewsFields = z.strictObject({
  title: localizedTextInput(textLimits.title).optional(),
  summary: localizedTextInput(textLimits.description).optional(),
  content: ContentInput.optional(),
  cover: z.string().max(textLimits.url).optional(),
  author: z.string().max(textLimits.name).optional(),
  category_id: CategoryRef.optional(),
  weight: Weight.optional(),
});
export type ConsoleNewsFields = z.infer<typeof ConsoleNewsFields>;

export const createConsoleNews = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/news',
  summary:
    'Creates a news item as a draft (body sanitised before storing). 400 validation_failed / news.language_not_enabled / news.category_invalid; 403 no_permission.',
  spec: '§3 News, §5, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  body: ConsoleNewsFields,
  response: ConsoleNewsDetail,
});

export const UpdateConsoleNewsBody = ConsoleNewsFields.extend({ version: Version });
export type UpdateConsoleNewsBody = z.infer<typeof UpdateConsoleNewsBody>;

export const updateConsoleNews = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/news/:id',
  summary:
    'Saves a news item read at `version` (its state is kept; a published item changes at once). 400 as create; 403 no_permission; 404 not_found; 409 conflict.stale (someone saved meanwhile).',
  spec: '§3 News, §5, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  body: UpdateConsoleNewsBody,
  response: ConsoleNewsDetail,
});

export const SetConsoleNewsStatusBody = z.strictObject({
  version: Version,
  /** draft: unpublish; scheduled: publish at `publish_at`; published: publish now. */
  status: NewsStatus,
  /** Unix seconds, in the future; required for `scheduled`. */
  publish_at: z.coerce.number().int().min(0).max(1e11).optional(),
});
export type SetConsoleNewsStatusBody = z.infer<typeof SetConsoleNewsStatusBody>;

export const setConsoleNewsStatus = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/news/:id/status',
  summary:
    'Publishes now, schedules (a queued job publishes at publish_at) or unpublishes a news item read at `version`. 400 news.publish_at_invalid / news.title_required; 403 no_permission; 404 not_found; 409 conflict.stale.',
  spec: '§3 News, DESIGN §7, §9',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  body: SetConsoleNewsStatusBody,
  response: ConsoleNewsDetail,
});

export const deleteConsoleNews = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/news/:id',
  summary:
    'Deletes a news item read at `version` (soft: its link then shows /204). 403 no_permission; 404 not_found; 409 conflict.stale.',
  spec: '§3 News, §2 /204, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  querystring: z.object({ version: Version }),
  response: z.object({ ok: z.literal(1) }),
});

// ————— News categories —————

export const ConsoleNewsCategory = z.object({
  _id: WireId,
  title: LocalizedText,
  weight: z.number().int(),
  /** News items (not deleted) in it. */
  news_total: z.number().int(),
});
export type ConsoleNewsCategory = z.infer<typeof ConsoleNewsCategory>;

export const listConsoleNewsCategories = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/news_categories',
  summary: "The meeting's news categories, weight descending. 403 no_permission (news.edit).",
  spec: '§7 Categories, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  response: z.object({ items: z.array(ConsoleNewsCategory) }),
});

export const ConsoleNewsCategoryBody = z.strictObject({
  title: localizedTextInput(textLimits.title),
  weight: Weight.default(0),
});
export type ConsoleNewsCategoryBody = z.infer<typeof ConsoleNewsCategoryBody>;

export const createConsoleNewsCategory = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/news_categories',
  summary: 'Adds a news category. 400 validation_failed (empty title); 403 no_permission.',
  spec: '§7 Categories, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  body: ConsoleNewsCategoryBody,
  response: ConsoleNewsCategory,
});

export const updateConsoleNewsCategory = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/news_categories/:id',
  summary: 'Renames a news category or changes its weight. 403 no_permission; 404 not_found.',
  spec: '§7 Categories, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  body: ConsoleNewsCategoryBody.partial(),
  response: ConsoleNewsCategory,
});

export const deleteConsoleNewsCategory = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/news_categories/:id',
  summary:
    'Deletes a news category (soft: the public tabs leave it out; its items stay, without a category tab). 403 no_permission; 404 not_found.',
  spec: '§7 Categories, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  response: z.object({ ok: z.literal(1) }),
});
