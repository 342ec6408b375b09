import type {
  BlockDraft,
  BlockVersion,
  BlockVersionState,
  ConsoleMeeting,
  ConsolePage,
  ConsolePages,
  consoleGetMeeting,
  createConsolePage,
  createPreviewLink,
  deleteConsolePage,
  getBlockDraft,
  listBlockVersions,
  listConsolePages,
  MicrositeSlug,
  PageKind,
  publishBlockDraft,
  rollbackBlockVersion,
  saveBlockDraft,
  updateConsolePage,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { bracketBody, type NestedValue } from '../../../lib/api/bracket-body.ts';

/**
 * The console's pages calls (DESIGN §7), typed from packages/contracts console-pages.contracts.ts.
 * Draft writes send the `revision` they read and fail with 409 conflict.stale when someone saved,
 * published or rolled back in between; 403 no_permission without pages.edit (pages.publish to
 * publish and roll back).
 */

/** Query keys of this area, all under ['console', 'pages', meetingId]. */
export const consolePagesKeys = {
  all: (meetingId: string) => ['console', 'pages', meetingId] as const,
  overview: (meetingId: string) => ['console', 'pages', meetingId, 'overview'] as const,
  versions: (meetingId: string) => ['console', 'pages', meetingId, 'versions'] as const,
  draft: (meetingId: string, pageId: string) => ['console', 'pages', meetingId, 'draft', pageId] as const,
  meeting: (meetingId: string) => ['console', 'pages', meetingId, 'meeting'] as const,
};

const meetingPath = (meetingId: string) => ({ meeting_id: meetingId });

/** GET …/pages: versions and content pages (opens a draft when none is open). */
export const pagesQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consolePagesKeys.overview(meetingId),
    queryFn: () =>
      api.get<ConsolePages>(
        fillPath<typeof listConsolePages>('/console/meetings/:meeting_id/pages', meetingPath(meetingId)),
      ),
  });

/** GET /meetings/{meeting_id}/block/versions (§7): newest first. */
export const versionsQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consolePagesKeys.versions(meetingId),
    // The client unwraps `{ results }` (§7): the list itself arrives.
    queryFn: () =>
      api.list<BlockVersion>(
        fillPath<typeof listBlockVersions>('/meetings/:meeting_id/block/versions', meetingPath(meetingId)),
      ),
  });

/** GET …/block_draft: one page's draft blocks ('' = the home). */
export const draftQueryOptions = (meetingId: string, pageId: string) =>
  queryOptions({
    queryKey: consolePagesKeys.draft(meetingId, pageId),
    queryFn: () =>
      api.get<BlockDraft>(
        fillPath<typeof getBlockDraft>('/console/meetings/:meeting_id/block_draft', meetingPath(meetingId)),
        pageId ? { page_id: pageId } : {},
      ),
    staleTime: 0,
  });

/** GET /console/meetings/{id}: the meeting's languages (config.language) for the editors' fields. */
export const meetingQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consolePagesKeys.meeting(meetingId),
    queryFn: () =>
      api.get<ConsoleMeeting>(
        fillPath<typeof consoleGetMeeting>('/console/meetings/:meeting_id', meetingPath(meetingId)),
      ),
    staleTime: 60_000,
  });

/** A block as the editor sends it. */
export type BlockBody = {
  type: string;
  title: Record<string, string>;
  content: Record<string, string>;
  data: Record<string, NestedValue>;
};

/** PUT …/block_draft. Errors: 400 block.invalid (details name the field), 409 conflict.stale. */
export function saveDraft(
  meetingId: string,
  input: { pageId: string; revision: number; blocks: BlockBody[] },
): Promise<BlockDraft> {
  return api.put(
    fillPath<typeof saveBlockDraft>('/console/meetings/:meeting_id/block_draft', meetingPath(meetingId)),
    bracketBody({ page_id: input.pageId, revision: input.revision, blocks: input.blocks as NestedValue }),
  );
}

/** POST …/block_draft/publish. Errors: 403 (pages.publish), 409 conflict.stale. */
export function publishDraft(meetingId: string, revision: number): Promise<BlockVersionState> {
  return api.post(
    fillPath<typeof publishBlockDraft>(
      '/console/meetings/:meeting_id/block_draft/publish',
      meetingPath(meetingId),
    ),
    { revision },
  );
}

/** POST …/block/versions/{version}/rollback. Errors: 403 (pages.publish), 404, 409 conflict.stale. */
export function rollbackTo(meetingId: string, version: number, revision: number): Promise<BlockVersionState> {
  return api.post(
    fillPath<typeof rollbackBlockVersion>('/console/meetings/:meeting_id/block/versions/:version/rollback', {
      meeting_id: meetingId,
      version: String(version),
    }),
    { revision },
  );
}

/** POST …/pages; a microsite page names its slug (§2 /sichuan-culture). Errors: 409 page.exists. */
export function createPage(
  meetingId: string,
  input: { kind: PageKind; title: Record<string, string>; slug?: MicrositeSlug | undefined },
): Promise<ConsolePage> {
  return api.post(
    fillPath<typeof createConsolePage>('/console/meetings/:meeting_id/pages', meetingPath(meetingId)),
    bracketBody(
      input.kind === 'microsite'
        ? { kind: input.kind, slug: input.slug, title: input.title }
        : { kind: input.kind, title: input.title },
    ),
  );
}

/** PUT …/pages/{id}: renames a page. */
export function renamePage(
  meetingId: string,
  id: string,
  title: Record<string, string>,
): Promise<ConsolePage> {
  return api.put(
    fillPath<typeof updateConsolePage>('/console/meetings/:meeting_id/pages/:id', {
      meeting_id: meetingId,
      id,
    }),
    bracketBody({ title }),
  );
}

/** DELETE …/pages/{id}. */
export function deletePage(meetingId: string, id: string): Promise<{ ok: 1 }> {
  return api.delete(
    fillPath<typeof deleteConsolePage>('/console/meetings/:meeting_id/pages/:id', {
      meeting_id: meetingId,
      id,
    }),
  );
}

/** POST …/block_draft/preview_links: a signed link to a page's draft, valid `hours`. */
export function createPreview(
  meetingId: string,
  input: { pageId: string; hours: number },
): Promise<{ token: string; expires_at: number }> {
  return api.post(
    fillPath<typeof createPreviewLink>(
      '/console/meetings/:meeting_id/block_draft/preview_links',
      meetingPath(meetingId),
    ),
    { page_id: input.pageId, hours: input.hours },
  );
}
