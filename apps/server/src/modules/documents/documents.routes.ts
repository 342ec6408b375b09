import {
  createConsoleDocumentCategory as createConsoleDocumentCategoryContract,
  createConsoleDocument as createConsoleDocumentContract,
  deleteConsoleDocumentCategory as deleteConsoleDocumentCategoryContract,
  deleteConsoleDocument as deleteConsoleDocumentContract,
  getMeetingDocumentFile,
  listConsoleDocumentCategories as listConsoleDocumentCategoriesContract,
  listConsoleDocuments as listConsoleDocumentsContract,
  listMeetingDocuments as listMeetingDocumentsContract,
  reorderConsoleDocuments as reorderConsoleDocumentsContract,
  updateConsoleDocumentCategory as updateConsoleDocumentCategoryContract,
  updateConsoleDocument as updateConsoleDocumentContract,
} from '@app/contracts';
import type { FastifyReply } from 'fastify';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { createStorage } from '../../providers/storage/create-storage.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import {
  createConsoleDocument,
  createConsoleDocumentCategory,
  deleteConsoleDocument,
  deleteConsoleDocumentCategory,
  listConsoleDocumentCategories,
  listConsoleDocuments,
  listMeetingDocuments,
  openDocumentFile,
  reorderConsoleDocuments,
  updateConsoleDocument,
  updateConsoleDocumentCategory,
} from './documents.service.ts';

/**
 * Documents (§2 /meeting/doc): GET /meeting/attachments (guests allowed), GET
 * /meeting/attachments/{id}/file (a plain link: no Apikey), and the console's documents and
 * document categories (DESIGN §7, pages.edit). View counts: POST /meetings/{id}/attachments/views in
 * the views module. `storage` defaults to the configured driver.
 */
export function documentRoutes(app: App, options: { storage?: Storage } = {}): void {
  const { db, config } = app.deps;
  const storage = options.storage ?? createStorage(config);
  app.route({
    ...contractRoute(listMeetingDocumentsContract),
    config: { isGuestViewable: true },
    handler: async (request) => ({
      results: await listMeetingDocuments(
        { db },
        { meetingId: request.query.meeting_id, categoryId: request.query.category_id },
      ),
    }),
  });
  app.route({
    ...contractRoute(getMeetingDocumentFile),
    config: { skipApikey: true },
    handler: async (request, reply) => {
      const { object, disposition, isInline } = await openDocumentFile(
        { db, storage },
        { id: request.params.id, disposition: request.query.disposition },
      );
      reply.header('cache-control', 'private, max-age=300');
      reply.header('etag', object.etag);
      reply.header('x-content-type-options', 'nosniff');
      // A download never renders; an inline PDF needs the browser's viewer, so only scripts are refused.
      reply.header(
        'content-security-policy',
        isInline
          ? "default-src 'none'; img-src 'self'; media-src 'self'; object-src 'self'; plugin-types application/pdf"
          : "default-src 'none'; sandbox",
      );
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === object.etag)) {
        object.body.destroy();
        return (reply as unknown as FastifyReply).status(304).send();
      }
      reply.header('content-type', object.mime);
      reply.header('content-length', object.size);
      reply.header('content-disposition', disposition);
      return reply.send(object.body);
    },
  });

  const consoleConfig = { auth: 'required' as const };
  app.route({
    ...contractRoute(listConsoleDocumentsContract),
    config: consoleConfig,
    handler: async (request) =>
      listConsoleDocuments(
        { db, config },
        { userId: requireUserId(request), meetingId: request.params.meeting_id },
      ),
  });
  app.route({
    ...contractRoute(createConsoleDocumentContract),
    config: consoleConfig,
    handler: async (request) =>
      createConsoleDocument(
        { db, config },
        { userId: requireUserId(request), meetingId: request.params.meeting_id, body: request.body },
      ),
  });
  app.route({
    ...contractRoute(updateConsoleDocumentContract),
    config: consoleConfig,
    handler: async (request) =>
      updateConsoleDocument(
        { db, config },
        {
          userId: requireUserId(request),
          meetingId: request.params.meeting_id,
          id: request.params.id,
          body: request.body,
        },
      ),
  });
  app.route({
    ...contractRoute(deleteConsoleDocumentContract),
    config: consoleConfig,
    handler: async (request) =>
      deleteConsoleDocument(
        { db, config },
        { userId: requireUserId(request), meetingId: request.params.meeting_id, id: request.params.id },
      ),
  });
  app.route({
    ...contractRoute(reorderConsoleDocumentsContract),
    config: consoleConfig,
    handler: async (request) =>
      reorderConsoleDocuments(
        { db, config },
        { userId: requireUserId(request), meetingId: request.params.meeting_id, ids: request.body.ids },
      ),
  });
  app.route({
    ...contractRoute(listConsoleDocumentCategoriesContract),
    config: consoleConfig,
    handler: async (request) =>
      listConsoleDocumentCategories(
        { db, config },
        { userId: requireUserId(request), meetingId: request.params.meeting_id },
      ),
  });
  app.route({
    ...contractRoute(createConsoleDocumentCategoryContract),
    config: consoleConfig,
    handler: async (request) =>
      createConsoleDocumentCategory(
        { db, config },
        { userId: requireUserId(request), meetingId: request.params.meeting_id, body: request.body },
      ),
  });
  app.route({
    ...contractRoute(updateConsoleDocumentCategoryContract),
    config: consoleConfig,
    handler: async (request) =>
      updateConsoleDocumentCategory(
        { db, config },
        {
          userId: requireUserId(request),
          meetingId: request.params.meeting_id,
          id: request.params.id,
          body: request.body,
        },
      ),
  });
  app.route({
    ...contractRoute(deleteConsoleDocumentCategoryContract),
    config: consoleConfig,
    handler: async (request) =>
      deleteConsoleDocumentCategory(
        { db, config },
        { userId: requireUserId(request), meetingId: request.params.meeting_id, id: request.params.id },
      ),
  });
}
