import {
  type ContentPage,
  ErrorCode,
  type MicrositeSlug,
  type PageKind,
  type PagePreview,
  type PageWithBlocks,
  toWireId,
} from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import { toPublicBlock } from '../blocks/blocks.service.ts';
import { previewExpired } from './pages.errors.ts';
import { verifyPreview } from './pages.preview-links.ts';
import {
  findMeetingVersions,
  findMicrositePage,
  findPageBlocks,
  findPageById,
  findPageOfKind,
  type PageRow,
} from './pages.repository.ts';

/**
 * The public side of content pages (§2 /meeting/introduction, /meeting/branch, /meeting/contact,
 * /conference, /preview): a page's released blocks for everyone, a draft only through a preview link.
 */

/** A page row as the wire carries it (§3). */
export function toContentPage(row: PageRow): ContentPage {
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    kind: row.kind as PageKind,
    title: row.title,
    slug: (row.slug as MicrositeSlug | null) ?? null,
    deleted: row.deleted === 0 ? 0 : 1,
  };
}

/**
 * GET /meeting/page: an introduction page by `content_id`, the meeting's branch, contact or
 * conference page by `meeting_id` + `kind`, or one of its microsite pages by `meeting_id` + kind
 * 'microsite' + `slug` (§2 /sichuan-culture/{slug}), with its blocks of the released version (weight
 * descending). A deleted page answers `deleted: 1` without blocks (§2: the client opens /204); a kind
 * or slug the meeting has not made answers `page: null`.
 * @throws 400 validation_failed without content_id or meeting_id + kind, or kind 'microsite' without
 *   slug (or a slug with another kind); 404 not_found for an unknown content_id or a meeting that does
 *   not exist
 */
export async function getContentPage(
  deps: { db: Database },
  input: {
    meeting_id?: string | undefined;
    kind?: Exclude<PageKind, 'introduction'> | undefined;
    slug?: MicrositeSlug | undefined;
    content_id?: string | undefined;
  },
): Promise<PageWithBlocks> {
  let page: PageRow | undefined;
  let meetingId: string;
  if (input.content_id) {
    page = await findPageById(deps.db, input.content_id);
    if (page?.kind !== 'introduction') throw notFound('Page');
    meetingId = page.meetingId;
  } else if (input.meeting_id && input.kind) {
    meetingId = input.meeting_id;
    if ((input.kind === 'microsite') !== (input.slug !== undefined)) {
      throw badRequest(ErrorCode.validation, "slug goes with kind 'microsite', and only with it");
    }
    page = input.slug
      ? await findMicrositePage(deps.db, meetingId, input.slug)
      : await findPageOfKind(deps.db, meetingId, input.kind);
  } else {
    throw badRequest(ErrorCode.validation, 'content_id, or meeting_id and kind, required');
  }
  const versions = await findMeetingVersions(deps.db, meetingId);
  if (!versions) throw notFound('Meeting');
  if (!page) return { page: null, blocks: [] };
  if (page.deleted !== 0) return { page: toContentPage(page), blocks: [] };
  const rows = await findPageBlocks(deps.db, {
    meetingId,
    version: versions.releaseVersion,
    pageId: page.id,
  });
  return { page: toContentPage(page), blocks: rows.map(toPublicBlock) };
}

/**
 * GET /meeting/preview: the current draft of the page a preview link names (the home when it names
 * none), never cached.
 * @throws 403 preview.expired ('The temporary link has expired', §8) for an expired, forged or
 *   altered link, or one whose meeting is gone
 */
export async function getPagePreview(
  deps: { db: Database; config: { AUTH_SECRET: string } },
  input: { token: string },
): Promise<PagePreview> {
  const target = await verifyPreview(deps.config.AUTH_SECRET, input.token);
  const versions = await findMeetingVersions(deps.db, target.meetingId);
  if (!versions) throw previewExpired();
  let page: PageRow | undefined;
  if (target.pageId !== null) {
    page = await findPageById(deps.db, target.pageId);
    if (!page || page.meetingId !== target.meetingId) throw previewExpired();
  }
  // No draft open (just published, nothing edited since): the draft equals the released version.
  const version = Math.max(versions.draftVersion, versions.releaseVersion);
  const rows =
    page?.deleted === 1
      ? []
      : await findPageBlocks(deps.db, { meetingId: target.meetingId, version, pageId: target.pageId });
  return {
    meeting_id: toWireId(target.meetingId),
    page: page ? toContentPage(page) : null,
    blocks: rows.map(toPublicBlock),
    version,
    expires_at: target.expiresAt,
  };
}
