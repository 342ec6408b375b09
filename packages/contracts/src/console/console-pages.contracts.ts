import { z } from 'zod';
import { Block, blockContentMaxLength, blockTypes } from '../blocks/blocks.contracts.ts';
import { ContentPage, micrositeSlugs, pageKinds } from '../pages/pages.contracts.ts';
import { localizedTextInput, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The console's pages area (DESIGN §7; §3 block_release_version / block_draft_version): the home and
 * the content pages are edited as a draft version beside the released one; publishing releases the
 * draft and starts a new draft copied from it; rolling back releases a copy of an older version as a
 * new version (history stays linear). Every draft write names the draft `revision` it read and fails
 * with 409 conflict.stale when someone saved, published or rolled back in between. Reading and editing
 * needs pages.edit, publishing and rolling back pages.publish (403 no_permission).
 */

const MeetingParams = z.object({ meeting_id: ObjectIdString });
const MeetingItemParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString });
const Revision = z.coerce.number().int().min(0);

/** A content page as the console lists it, with its blocks in the draft and in the released version. */
export const ConsolePage = ContentPage.extend({
  draft_blocks: z.number().int(),
  released_blocks: z.number().int(),
  created: UnixSeconds,
});
export type ConsolePage = z.infer<typeof ConsolePage>;

/** The meeting's pages and where its versions stand. */
export const ConsolePages = z.object({
  release_version: z.number().int(),
  draft_version: z.number().int(),
  revision: z.number().int(),
  /** Blocks of the home in the draft and the released version. */
  home: z.object({ draft_blocks: z.number().int(), released_blocks: z.number().int() }),
  pages: z.array(ConsolePage),
});
export type ConsolePages = z.infer<typeof ConsolePages>;

export const listConsolePages = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/pages',
  summary:
    "The meeting's content pages and versions (a draft is started when none is open). 403 no_permission.",
  spec: '§2 Meeting pages, §3, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  response: ConsolePages,
});

/** A new page: its kind, its title and, for a microsite page only, which of the twelve slugs (§2). */
export const CreateConsolePageBody = z
  .object({
    kind: z.enum(pageKinds),
    title: localizedTextInput(textLimits.title),
    slug: z.enum(micrositeSlugs).optional(),
  })
  .refine((body) => (body.kind === 'microsite') === (body.slug !== undefined), {
    message: 'A microsite page names its slug; other pages name none',
    path: ['slug'],
  });
export type CreateConsolePageBody = z.infer<typeof CreateConsolePageBody>;

export const createConsolePage = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/pages',
  summary:
    'Makes a content page (any number of introductions, one branch, contact and conference page, one microsite page per slug). 400 validation_failed (a microsite page without a slug of the twelve, a slug on another kind); 403 no_permission; 409 page.exists.',
  spec: '§2 Meeting pages, §2 /sichuan-culture, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  body: CreateConsolePageBody,
  response: ConsolePage,
});

export const updateConsolePage = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/pages/:id',
  summary: 'Renames a content page. 403 no_permission; 404 not_found.',
  spec: '§2 Meeting pages, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  body: z.object({ title: localizedTextInput(textLimits.title) }),
  response: ConsolePage,
});

export const deleteConsolePage = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/pages/:id',
  summary: 'Deletes a content page (soft: its address then opens /204). 403 no_permission; 404 not_found.',
  spec: '§2 Meeting pages, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  response: z.object({ ok: z.literal(1) }),
});

/** `page_id` of a draft call: a content page's id; absent or empty for the home. */
const PageIdInput = z.union([ObjectIdString, z.literal('')]).optional();

/** The draft of one page: its blocks in order and the revision to send back with a save. */
export const BlockDraft = z.object({
  page_id: WireId.nullable(),
  version: z.number().int(),
  release_version: z.number().int(),
  revision: z.number().int(),
  blocks: z.array(Block),
});
export type BlockDraft = z.infer<typeof BlockDraft>;

export const getBlockDraft = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/block_draft',
  summary:
    "One page's blocks in the draft version (the home without page_id). 403 no_permission; 404 not_found.",
  spec: '§3 block_draft_version, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  querystring: z.object({ page_id: PageIdInput }),
  response: BlockDraft,
});

/** One block as the console saves it; `data` is checked against the type's settings (blockDataInputs). */
export const BlockInput = z.object({
  type: z.enum(blockTypes),
  title: localizedTextInput(textLimits.title).default(''),
  content: localizedTextInput(blockContentMaxLength).default(''),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type BlockInput = z.infer<typeof BlockInput>;

export const SaveBlockDraftBody = z.object({
  page_id: PageIdInput,
  revision: Revision,
  /** The page's blocks, first on top; absent: none. */
  blocks: z.array(BlockInput).max(100).default([]),
});
export type SaveBlockDraftBody = z.infer<typeof SaveBlockDraftBody>;

export const saveBlockDraft = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/block_draft',
  summary:
    "Replaces one page's blocks in the draft (rich text sanitised). 400 invalid block settings; 403 no_permission; 404 not_found; 409 conflict.stale when the draft changed since `revision`.",
  spec: '§3 block_draft_version, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  body: SaveBlockDraftBody,
  response: BlockDraft,
});

/** Where the versions stand after a publish or a rollback. */
export const BlockVersionState = z.object({
  release_version: z.number().int(),
  draft_version: z.number().int(),
  revision: z.number().int(),
});
export type BlockVersionState = z.infer<typeof BlockVersionState>;

export const publishBlockDraft = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/block_draft/publish',
  summary:
    'Releases the draft (every page) and opens a new draft copied from it. 403 no_permission; 409 conflict.stale when the draft changed since `revision`.',
  spec: '§3 block_release_version, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  body: z.object({ revision: Revision }),
  response: BlockVersionState,
});

export const rollbackBlockVersion = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/block/versions/:version/rollback',
  summary:
    'Releases a copy of an older version as a new version, and opens a new draft copied from it. 403 no_permission; 404 not_found; 409 conflict.stale when the draft changed since `revision`.',
  spec: '§3 block_release_version, §7 block versions, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: z.object({ meeting_id: ObjectIdString, version: z.coerce.number().int().min(1) }),
  body: z.object({ revision: Revision }),
  response: BlockVersionState,
});

/** One version of a meeting's blocks (§7 block versions). */
export const BlockVersion = z.object({
  version: z.number().int(),
  /** draft: the open draft; released: what visitors see; archived: an earlier version. */
  state: z.enum(['draft', 'released', 'archived']),
  /** initial: the meeting's first; draft: copied from the version before to edit; rollback: copy of `source_version`. */
  origin: z.enum(['initial', 'draft', 'rollback']),
  source_version: z.number().int().nullable(),
  blocks: z.number().int(),
  revision: z.number().int(),
  created: UnixSeconds,
  /** When it was released (null: never). */
  published: UnixSeconds.nullable(),
  author: z.object({ _id: WireId, username: z.string() }).nullable(),
});
export type BlockVersion = z.infer<typeof BlockVersion>;

export const listBlockVersions = defineRoute({
  method: 'GET',
  path: '/meetings/:meeting_id/block/versions',
  summary: "The meeting's block versions, newest first (at most 100). 401 login.required; 403 no_permission.",
  spec: '§7 Meetings',
  tags: ['pages'],
  isPublic: false,
  params: MeetingParams,
  response: z.object({ results: z.array(BlockVersion) }),
});

/** Shortest and longest life of a preview link, in hours (the organiser chooses; default 24). */
export const previewLinkHours = { min: 1, max: 168, default: 24 } as const;

export const createPreviewLink = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/block_draft/preview_links',
  summary:
    'Signs a link to the draft of the home or a page, valid for `hours` (1–168). 403 no_permission; 404 not_found.',
  spec: '§2 /preview, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  body: z.object({
    page_id: PageIdInput,
    hours: z.coerce
      .number()
      .int()
      .min(previewLinkHours.min)
      .max(previewLinkHours.max)
      .default(previewLinkHours.default),
  }),
  response: z.object({ token: z.string(), expires_at: UnixSeconds }),
});
