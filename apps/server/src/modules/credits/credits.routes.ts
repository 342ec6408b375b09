import {
  claimUnionCode as claimUnionCodeContract,
  deleteConsoleUnionCode as deleteConsoleUnionCodeContract,
  exportConsoleCredits as exportConsoleCreditsContract,
  exportConsoleUnionCodes as exportConsoleUnionCodesContract,
  getActivityCredits as getActivityCreditsContract,
  getCreditsCertificate,
  importConsoleUnionCodes as importConsoleUnionCodesContract,
  listConsoleCredits as listConsoleCreditsContract,
  listConsoleUnionCodes as listConsoleUnionCodesContract,
  listMyUnionCodes as listMyUnionCodesContract,
  updateConsoleCredits as updateConsoleCreditsContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { contentDispositionFor } from '../documents/documents.service.ts';
import {
  deleteConsoleUnionCode,
  exportConsoleCredits,
  exportConsoleUnionCodes,
  importConsoleUnionCodes,
  listConsoleCredits,
  listConsoleUnionCodes,
  updateConsoleCredits,
} from './credits.console.ts';
import {
  claimUnionCode,
  creditsCertificate,
  getActivityCredits,
  listMyUnionCodes,
} from './credits.service.ts';

/** Headers of a private file answer: never cached by shared caches, never sniffed. */
const privateFile = { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' };

/**
 * Credits and union codes (§7 GET /activities/{id}/credits, PUT /activity/attendees/unioncode, GET
 * /activity/unioncodes) and the console's credits area under /console/meetings/{meeting_id}/
 * (credits.edit, unioncodes.edit). Every call needs a login.
 */
export function creditRoutes(app: App): void {
  const { db, config } = app.deps;
  const deps = { db, config };
  const auth = { auth: 'required' } as const;

  app.route({
    ...contractRoute(getActivityCreditsContract),
    config: auth,
    handler: async (request) =>
      getActivityCredits(deps, { userId: requireUserId(request), activityId: request.params.id }),
  });
  app.route({
    ...contractRoute(getCreditsCertificate),
    config: auth,
    handler: async (request, reply) => {
      const { bytes, fileName } = await creditsCertificate(deps, {
        userId: requireUserId(request),
        activityId: request.params.id,
        ticketId: request.query.ticket_id,
        language: request.query.lang,
      });
      reply.headers(privateFile);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', contentDispositionFor('attachment', fileName));
      return reply.send(bytes);
    },
  });
  app.route({
    ...contractRoute(claimUnionCodeContract),
    config: auth,
    handler: async (request) =>
      claimUnionCode(deps, { userId: requireUserId(request), body: request.body, now: new Date() }),
  });
  app.route({
    ...contractRoute(listMyUnionCodesContract),
    config: auth,
    handler: async (request) =>
      listMyUnionCodes(deps, { userId: requireUserId(request), activityId: request.query.activity_id }),
  });

  // ————— Console (credits.edit, unioncodes.edit) —————
  const caller = (request: { params: { meeting_id: string } }) => ({ meetingId: request.params.meeting_id });
  app.route({
    ...contractRoute(listConsoleCreditsContract),
    config: auth,
    handler: async (request) =>
      listConsoleCredits(deps, { ...caller(request), userId: requireUserId(request) }),
  });
  app.route({
    ...contractRoute(updateConsoleCreditsContract),
    config: auth,
    handler: async (request) =>
      updateConsoleCredits(deps, {
        ...caller(request),
        userId: requireUserId(request),
        activityId: request.params.activity_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(exportConsoleCreditsContract),
    config: auth,
    handler: async (request, reply) => {
      const file = await exportConsoleCredits(deps, {
        ...caller(request),
        userId: requireUserId(request),
        activityId: request.query.activity_id,
        language: request.query.lang ?? 'en',
      });
      reply.headers(privateFile);
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', contentDispositionFor('attachment', file.fileName));
      return reply.send(file.bytes);
    },
  });
  app.route({
    ...contractRoute(listConsoleUnionCodesContract),
    config: auth,
    handler: async (request) =>
      listConsoleUnionCodes(deps, {
        ...caller(request),
        userId: requireUserId(request),
        query: request.query,
      }),
  });
  app.route({
    ...contractRoute(importConsoleUnionCodesContract),
    config: auth,
    handler: async (request) =>
      importConsoleUnionCodes(deps, {
        ...caller(request),
        userId: requireUserId(request),
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(deleteConsoleUnionCodeContract),
    config: auth,
    handler: async (request) =>
      deleteConsoleUnionCode(deps, {
        ...caller(request),
        userId: requireUserId(request),
        codeId: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(exportConsoleUnionCodesContract),
    config: auth,
    handler: async (request, reply) => {
      const file = await exportConsoleUnionCodes(deps, {
        ...caller(request),
        userId: requireUserId(request),
        activityId: request.query.activity_id,
      });
      reply.headers(privateFile);
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', contentDispositionFor('attachment', file.fileName));
      return reply.send(file.bytes);
    },
  });
}
