import { z } from 'zod';
import { Block } from '../blocks/blocks.contracts.ts';
import { Flag, LocalizedText, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Content pages built of blocks (§2 /meeting/introduction `content_id`, /meeting/branch,
 * /meeting/contact, /conference, the /sichuan-culture microsite). A meeting has any number of
 * introduction pages (each its own id, the `content_id`), one microsite page per slug, and at most one
 * page of each other kind. The home's blocks belong to no page.
 */
export const pageKinds = ['introduction', 'branch', 'contact', 'conference', 'microsite'] as const;
export type PageKind = (typeof pageKinds)[number];

/**
 * The twelve pages of the culture microsite (§2 /sichuan-culture/{slug}): each is a content page of
 * kind 'microsite' the organiser builds of blocks; the order is the console's.
 */
export const micrositeSlugs = [
  'home',
  'meeting',
  'playbill',
  'map',
  'my',
  'list',
  'list2',
  'technology',
  'exhibition',
  're-build',
  'live',
  'wllive',
] as const;
export type MicrositeSlug = (typeof micrositeSlugs)[number];

/** A content page's header (its blocks are versioned with the meeting's, §3). */
export const ContentPage = z.object({
  _id: WireId,
  meeting_id: WireId,
  kind: z.enum(pageKinds),
  title: LocalizedText,
  /** A microsite page's slug (§2 /sichuan-culture/{slug}); null for every other kind. */
  slug: z.enum(micrositeSlugs).nullable(),
  /** 1: deleted (§2: a page asked for by id opens /204). */
  deleted: Flag,
});
export type ContentPage = z.infer<typeof ContentPage>;

/** A page with its blocks of the released version (or of the draft, for a preview). */
export const PageWithBlocks = z.object({
  /** null: the home, or a kind of page the meeting has not made (the client shows it as empty). */
  page: ContentPage.nullable(),
  blocks: z.array(Block),
});
export type PageWithBlocks = z.infer<typeof PageWithBlocks>;

export const GetContentPageQuery = z.object({
  meeting_id: ObjectIdString.optional(),
  /** branch, contact or conference: the meeting's page of that kind; microsite with `slug`. */
  kind: z.enum(['branch', 'contact', 'conference', 'microsite']).optional(),
  /** With kind 'microsite': which of the twelve microsite pages (§2 /sichuan-culture/{slug}). */
  slug: z.enum(micrositeSlugs).optional(),
  /** An introduction page (§2 content_id); the meeting is the page's own. */
  content_id: ObjectIdString.optional(),
});

export const getContentPage = defineRoute({
  method: 'GET',
  path: '/meeting/page',
  summary:
    "A content page with its released blocks: by content_id (introduction), by meeting_id and kind, or by meeting_id, kind 'microsite' and slug. 400 when none of these; 404 not_found for an unknown content_id; a deleted page answers deleted 1 without blocks; a page the meeting has not made answers page null.",
  spec: '§2 Meeting pages, §2 /sichuan-culture, §3',
  tags: ['pages'],
  isPublic: true,
  querystring: GetContentPageQuery,
  response: PageWithBlocks,
});

/** What a preview link shows: the draft of the home or of a page, until `expires_at`. */
export const PagePreview = PageWithBlocks.extend({
  meeting_id: WireId,
  /** The draft version shown. */
  version: z.number().int(),
  expires_at: UnixSeconds,
});
export type PagePreview = z.infer<typeof PagePreview>;

export const getPagePreview = defineRoute({
  method: 'GET',
  path: '/meeting/preview',
  summary:
    "The draft blocks a signed preview link names. 403 preview.expired ('The temporary link has expired', §8) when the link is expired, forged or altered — never the draft.",
  spec: '§2 /preview, §8',
  tags: ['pages'],
  isPublic: true,
  querystring: z.object({ token: z.string().max(textLimits.token * 4) }),
  response: PagePreview,
});

/** Error codes of the pages area (§8), beside the shared ones (conflict.stale, no_permission, not_found). */
export const PageErrorCode = {
  /** 403 'The temporary link has expired' (§8): a preview link expired, forged or altered. */
  previewExpired: 'preview.expired',
  /** 409 the meeting already has a live page of this kind (branch, contact, conference) or microsite slug. */
  pageExists: 'page.exists',
  /** 400 a block's settings do not fit its type (message names the field). */
  blockInvalid: 'block.invalid',
} as const;
