import {
  awesomeEnterprise,
  countEnterprises as countEnterprisesContract,
  likeEnterprise,
  listEnterprises as listEnterprisesContract,
  listLikedEnterprises as listLikedEnterprisesContract,
  recordEnterpriseAttachmentView,
  recordEnterpriseCall,
  recordEnterpriseMail,
  recordEnterpriseProductView,
  recordEnterpriseView,
  searchEnterprises as searchEnterprisesContract,
  unawesomeEnterprise,
  unlikeEnterprise,
  updateEnterprise as updateEnterpriseContract,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { viewerIdOf } from '../../plugins/response-cache.ts';
import { recordProductView } from '../products/products.service.ts';
import type { InteractionActor } from './enterprises.repository.ts';
import {
  countEnterprises,
  listEnterprises,
  listLikedEnterprises,
  reactToEnterprise,
  recordEnterpriseInteraction,
  resultsOverlay,
  searchEnterprises,
  updateEnterprise,
} from './enterprises.service.ts';

/**
 * Who counts for a view/call/mail: the session's user, else the device id (anonymous, §7), with the
 * meeting and source the client sends.
 */
export function interactionActor(
  request: FastifyRequest,
  body: { meeting_id?: string | undefined; source_id?: string | undefined } | undefined,
): InteractionActor {
  return {
    meetingId: body?.meeting_id ?? null,
    userId: request.actor.userId,
    deviceId: request.actor.deviceId,
    sourceId: body?.source_id ?? null,
  };
}

/**
 * §7 Enterprises: GET /enterprises, /count, /search; PUT /enterprises/{id}; POST/DELETE
 * /enterprise/likes and /awesomes; GET /enterprise/likes (collection); POST /enterprises/{id}/views,
 * /calls, /mails, /attachments/views, /products/{product_id}/views.
 */
export function enterpriseRoutes(app: App): void {
  const { db } = app.deps;
  app.route({
    ...contractRoute(listEnterprisesContract),
    config: {
      isCacheableForGuests: true,
      isGuestViewable: true,
      viewerOverlay: resultsOverlay({ db }, 'enterprise'),
    },
    handler: async (request) => ({
      results: await listEnterprises({ db }, { ...request.query, userId: viewerIdOf(request) }),
    }),
  });
  app.route({
    ...contractRoute(countEnterprisesContract),
    config: { isCacheable: true, isGuestViewable: true },
    handler: async (request) => countEnterprises({ db }, request.query),
  });
  app.route({
    ...contractRoute(searchEnterprisesContract),
    config: {
      isCacheableForGuests: true,
      isGuestViewable: true,
      viewerOverlay: resultsOverlay({ db }, 'enterprise'),
    },
    handler: async (request) => ({
      results: await searchEnterprises({ db }, { ...request.query, userId: viewerIdOf(request) }),
    }),
  });
  app.route({
    ...contractRoute(updateEnterpriseContract),
    config: { auth: 'required' },
    handler: async (request) => {
      const answer = await updateEnterprise(
        { db },
        { userId: requireUserId(request), enterpriseId: request.params.id, changes: request.body },
      );
      // Cached anonymous lists show the old title or logo otherwise.
      app.deps.cache.clear();
      return answer;
    },
  });

  app.route({
    ...contractRoute(likeEnterprise),
    config: { auth: 'required' },
    handler: async (request) =>
      reactToEnterprise(
        { db },
        {
          userId: requireUserId(request),
          enterpriseId: request.body.enterprise_id,
          kind: 'like',
          isOn: true,
        },
      ),
  });
  app.route({
    ...contractRoute(unlikeEnterprise),
    config: { auth: 'required' },
    handler: async (request) =>
      reactToEnterprise(
        { db },
        {
          userId: requireUserId(request),
          enterpriseId: request.query.enterprise_id,
          kind: 'like',
          isOn: false,
        },
      ),
  });
  app.route({
    ...contractRoute(awesomeEnterprise),
    config: { auth: 'required' },
    handler: async (request) =>
      reactToEnterprise(
        { db },
        {
          userId: requireUserId(request),
          enterpriseId: request.body.enterprise_id,
          kind: 'awesome',
          isOn: true,
        },
      ),
  });
  app.route({
    ...contractRoute(unawesomeEnterprise),
    config: { auth: 'required' },
    handler: async (request) =>
      reactToEnterprise(
        { db },
        {
          userId: requireUserId(request),
          enterpriseId: request.query.enterprise_id,
          kind: 'awesome',
          isOn: false,
        },
      ),
  });
  app.route({
    ...contractRoute(listLikedEnterprisesContract),
    config: { auth: 'required' },
    handler: async (request) => ({
      results: await listLikedEnterprises({ db }, { ...request.query, userId: requireUserId(request) }),
    }),
  });

  app.route({
    ...contractRoute(recordEnterpriseView),
    handler: async (request) => ({
      views_total: await recordEnterpriseInteraction(
        { db },
        { ...interactionActor(request, request.body), enterpriseId: request.params.id, kind: 'view' },
      ),
    }),
  });
  app.route({
    ...contractRoute(recordEnterpriseCall),
    handler: async (request) => ({
      calls_total: await recordEnterpriseInteraction(
        { db },
        { ...interactionActor(request, request.body), enterpriseId: request.params.id, kind: 'call' },
      ),
    }),
  });
  app.route({
    ...contractRoute(recordEnterpriseMail),
    handler: async (request) => ({
      mails_total: await recordEnterpriseInteraction(
        { db },
        { ...interactionActor(request, request.body), enterpriseId: request.params.id, kind: 'mail' },
      ),
    }),
  });
  app.route({
    ...contractRoute(recordEnterpriseAttachmentView),
    handler: async (request) => ({
      attachment_views_total: await recordEnterpriseInteraction(
        { db },
        {
          ...interactionActor(request, request.body),
          enterpriseId: request.params.id,
          kind: 'attachment_view',
        },
      ),
    }),
  });
  app.route({
    ...contractRoute(recordEnterpriseProductView),
    handler: async (request) => ({
      views_total: await recordProductView(
        { db },
        {
          ...interactionActor(request, request.body),
          enterpriseId: request.params.id,
          productId: request.params.product_id,
        },
      ),
    }),
  });
}
