import { z } from 'zod';
import { ConsoleMeetingParams } from '../console/console-access.contracts.ts';
import { InteractionBody, ViewsTotal } from '../enterprises/enterprises.contracts.ts';
import { LocalizedText, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * View counters and footprints (§7 every `…/views` call, §9 show-total flush). A view is stored as
 * one row and folded into the totals by a job every few seconds, so an answer's `views_total` is the
 * last folded total plus the caller's own view: close, never exact under load. A malformed id → 400,
 * an unknown or deleted item → 404 (nothing stored).
 */

const MeetingIdParams = z.object({ id: ObjectIdString });

/** Most cover shows one flush may report (a device stores them and flushes them, §9). */
export const maxCoverShowsPerFlush = 10_000;

export const recordCoverShow = defineRoute({
  method: 'POST',
  path: '/meetings/:id/cover/show',
  summary:
    "Counts one display of the meeting's cover (§7 Meetings); the web counts shows on the device and flushes them with PUT …/covers/show_total instead. Anonymous allowed. 404 not_found.",
  spec: '§7 Meetings',
  tags: ['views'],
  isPublic: false,
  params: MeetingIdParams,
  body: InteractionBody.optional(),
  response: ViewsTotal,
});

export const recordCoverView = defineRoute({
  method: 'POST',
  path: '/meetings/:id/cover/views',
  summary: "Counts a tap on the meeting's cover (§7 Meetings). Anonymous allowed. 404 not_found.",
  spec: '§7 Meetings',
  tags: ['views'],
  isPublic: false,
  params: MeetingIdParams,
  body: InteractionBody.optional(),
  response: ViewsTotal,
});

export const CoverShowTotalBody = z.object({
  /** Shows counted on the device since its last flush. */
  show_total: z.coerce.number().int().min(1).max(maxCoverShowsPerFlush),
  user_id: z.string().max(textLimits.id).optional(),
  source_id: z.string().max(textLimits.id).optional(),
});

export const flushCoverShows = defineRoute({
  method: 'PUT',
  path: '/meetings/:id/covers/show_total',
  summary:
    'Adds the cover shows a device counted and stored since its last flush (§7 PUT covers show_total, §9): show_total 1…10000 in one row. Anonymous allowed. 400 validation_failed; 404 not_found.',
  spec: '§7 Meetings, §9',
  tags: ['views'],
  isPublic: false,
  params: MeetingIdParams,
  body: CoverShowTotalBody,
  response: ViewsTotal,
});

export const MeetingAttachmentViewBody = InteractionBody.extend({
  /** The document opened; without it the documents page as a whole is counted. */
  attachment_id: ObjectIdString.optional(),
});

export const recordMeetingAttachmentView = defineRoute({
  method: 'POST',
  path: '/meetings/:id/attachments/views',
  summary:
    "Counts a view of one of the meeting's documents (attachment_id) or of the documents page (§2 /meeting/doc). Anonymous allowed. 404 not_found (meeting, or a document not of it).",
  spec: '§7 Meetings',
  tags: ['views'],
  isPublic: false,
  params: MeetingIdParams,
  body: MeetingAttachmentViewBody.optional(),
  response: ViewsTotal,
});

export const ContentViewBody = InteractionBody.extend({
  /** The content page (introduction, branch, contact, conference; §2 content_id) viewed. */
  content_id: ObjectIdString.optional(),
  /** A news item of the meeting read on its detail page (§2 /meeting/news/detail); counted on the item. */
  news_id: ObjectIdString.optional(),
});

export const recordContentView = defineRoute({
  method: 'POST',
  path: '/meetings/:id/content/views',
  summary:
    'Counts a view of a content page of the meeting (content_id: introduction, branch, contact, conference; §2), of one of its published news items (news_id), or without either of its content as a whole. Anonymous allowed. 404 not_found (meeting, or a page or item not live in it).',
  spec: '§7 Meetings',
  tags: ['views'],
  isPublic: false,
  params: MeetingIdParams,
  body: ContentViewBody.optional(),
  response: ViewsTotal,
});

// ————— Footprints (browsing history) —————

/** Kinds of item a footprint points at. */
export const footprintTypes = [
  'activity',
  'enterprise',
  'exhibitor',
  'product',
  'attachment',
  'news',
] as const;
export const FootprintType = z.enum(footprintTypes);
export type FootprintType = z.infer<typeof FootprintType>;

/**
 * One viewed item of the caller's history: the item's kind and id, its title and picture as they
 * are now (an item deleted since shows `deleted` 1), how often and when last the caller viewed it.
 */
export const Footprint = z.object({
  /** The footprint's own id (DELETE /logs/{id}); a decimal string. */
  _id: z.string(),
  type: FootprintType,
  target_id: z.string(),
  meeting_id: WireId.nullable(),
  title: LocalizedText,
  image: z.string(),
  /** A document's MIME type ('' otherwise), for its file icon (§9). */
  mime: z.string(),
  deleted: z.union([z.literal(0), z.literal(1)]),
  views_total: z.number().int().nonnegative(),
  last_viewed: UnixSeconds,
});
export type Footprint = z.infer<typeof Footprint>;

export const FootprintQuery = z.object({
  meeting_id: ObjectIdString.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const listFootprints = defineRoute({
  method: 'GET',
  path: '/logs',
  summary:
    "The caller's footprints (browsing history), newest first, one per item with its last view: the logged-in user's, else the device's (device-id header). Views appear within seconds (they are folded by a job).",
  spec: '§7 Exhibitors (logs)',
  tags: ['views'],
  isPublic: false,
  querystring: FootprintQuery,
  response: z.object({ results: z.array(Footprint) }),
});

/** A footprint id: a positive decimal integer. */
const FootprintId = z.string().regex(/^[1-9]\d{0,17}$/, 'Invalid footprint id');

export const deleteFootprint = defineRoute({
  method: 'DELETE',
  path: '/logs/:id',
  summary:
    "Deletes one of the caller's own footprints (§7 Exhibitors DELETE /logs/{id}). 400 validation_failed (malformed id); 404 not_found (no such footprint of the caller's — another's is never touched).",
  spec: '§7 Exhibitors',
  tags: ['views'],
  isPublic: false,
  params: z.object({ id: FootprintId }),
  response: z.object({ deleted: z.literal(1) }),
});

export const clearFootprints = defineRoute({
  method: 'DELETE',
  path: '/logs',
  summary: "Deletes the caller's footprints (of one meeting with meeting_id). Answers how many.",
  spec: '§7 Exhibitors',
  tags: ['views'],
  isPublic: false,
  querystring: z.object({ meeting_id: ObjectIdString.optional() }),
  response: z.object({ deleted: z.number().int().nonnegative() }),
});

// ————— Console analytics —————

/** Kinds of counted item the console lists. */
export const viewAnalyticsTypes = [
  'meeting',
  'cover_show',
  'cover_view',
  'activity',
  'exhibitor',
  'enterprise',
  'product',
  'attachment',
  'meeting_attachments',
  'content',
  'exhibitor_category',
  'exhibition_area',
  'product_category',
  'news',
] as const;
export const ViewAnalyticsType = z.enum(viewAnalyticsTypes);
export type ViewAnalyticsType = z.infer<typeof ViewAnalyticsType>;

export const ViewAnalyticsItem = z.object({
  id: z.string(),
  /** The item's title ('' when it has none: an area name is its id; the whole page). */
  title: LocalizedText,
  views_total: z.number().int().nonnegative(),
});
export type ViewAnalyticsItem = z.infer<typeof ViewAnalyticsItem>;

export const ViewAnalyticsGroup = z.object({
  type: ViewAnalyticsType,
  /** Every folded view of this kind in the meeting. */
  total: z.number().int().nonnegative(),
  /** Most viewed first (at most `limit`). */
  top: z.array(ViewAnalyticsItem),
});
export type ViewAnalyticsGroup = z.infer<typeof ViewAnalyticsGroup>;

export const ConsoleViewAnalytics = z.object({
  groups: z.array(ViewAnalyticsGroup),
  /** Views stored but not folded yet (they are added within seconds). */
  pending: z.number().int().nonnegative(),
});
export type ConsoleViewAnalytics = z.infer<typeof ConsoleViewAnalytics>;

export const getConsoleViewAnalytics = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/views',
  summary:
    'How often each thing of the meeting was viewed: per kind its total and its most viewed items (limit, default 10, at most 50). 403 no_permission (dashboard.read).',
  spec: '§7 views, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
  response: ConsoleViewAnalytics,
});
