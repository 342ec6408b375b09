import {
  createConsolePage as createConsolePageContract,
  createPreviewLink as createPreviewLinkContract,
  deleteConsolePage as deleteConsolePageContract,
  getBlockDraft as getBlockDraftContract,
  getContentPage as getContentPageContract,
  getPagePreview as getPagePreviewContract,
  listBlockVersions as listBlockVersionsContract,
  listConsolePages as listConsolePagesContract,
  publishBlockDraft as publishBlockDraftContract,
  rollbackBlockVersion as rollbackBlockVersionContract,
  saveBlockDraft as saveBlockDraftContract,
  updateConsolePage as updateConsolePageContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import {
  createConsolePage,
  createPreviewLink,
  deleteConsolePage,
  getBlockDraft,
  listBlockVersions,
  listConsolePages,
  publishBlockDraft,
  renameConsolePage,
  rollbackBlockVersion,
  saveBlockDraft,
} from './pages.drafts.ts';
import { getContentPage, getPagePreview } from './pages.service.ts';

/**
 * Content pages and block versions: public GET /meeting/page (cached) and GET /meeting/preview (a
 * signed link, never cached); §7 GET /meetings/{meeting_id}/block/versions; and the console's
 * GET, POST …/pages, PUT, DELETE …/pages/{id}, GET, PUT …/block_draft, POST …/block_draft/publish,
 * POST …/block/versions/{version}/rollback and POST …/block_draft/preview_links under
 * /console/meetings/{meeting_id}.
 */
export function pageRoutes(app: App): void {
  const { db, config, cache } = app.deps;
  const deps = { db, config, cache };
  const auth = { auth: 'required' } as const;

  app.route({
    ...contractRoute(getContentPageContract),
    config: { isCacheable: true },
    handler: async (request) => getContentPage({ db }, request.query),
  });
  app.route({
    ...contractRoute(getPagePreviewContract),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getPagePreview({ db, config }, request.query);
    },
  });
  app.route({
    ...contractRoute(listBlockVersionsContract),
    config: auth,
    handler: async (request) =>
      listBlockVersions(deps, { userId: requireUserId(request), meetingId: request.params.meeting_id }),
  });
  app.route({
    ...contractRoute(listConsolePagesContract),
    config: auth,
    handler: async (request) =>
      listConsolePages(deps, { userId: requireUserId(request), meetingId: request.params.meeting_id }),
  });
  app.route({
    ...contractRoute(createConsolePageContract),
    config: auth,
    handler: async (request) =>
      createConsolePage(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(updateConsolePageContract),
    config: auth,
    handler: async (request) =>
      renameConsolePage(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        pageId: request.params.id,
        title: request.body.title,
      }),
  });
  app.route({
    ...contractRoute(deleteConsolePageContract),
    config: auth,
    handler: async (request) =>
      deleteConsolePage(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        pageId: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(getBlockDraftContract),
    config: auth,
    handler: async (request) =>
      getBlockDraft(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        pageId: request.query.page_id,
      }),
  });
  app.route({
    ...contractRoute(saveBlockDraftContract),
    config: auth,
    handler: async (request) =>
      saveBlockDraft(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        pageId: request.body.page_id,
        revision: request.body.revision,
        blocks: request.body.blocks,
      }),
  });
  app.route({
    ...contractRoute(publishBlockDraftContract),
    config: auth,
    handler: async (request) =>
      publishBlockDraft(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        revision: request.body.revision,
      }),
  });
  app.route({
    ...contractRoute(rollbackBlockVersionContract),
    config: auth,
    handler: async (request) =>
      rollbackBlockVersion(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        version: request.params.version,
        revision: request.body.revision,
      }),
  });
  app.route({
    ...contractRoute(createPreviewLinkContract),
    config: auth,
    handler: async (request) =>
      createPreviewLink(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        pageId: request.body.page_id,
        hours: request.body.hours,
      }),
  });
}
