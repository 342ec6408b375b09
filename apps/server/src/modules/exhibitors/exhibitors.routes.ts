import {
  applyToExhibit as applyToExhibitContract,
  bindExhibitor as bindExhibitorContract,
  type Exhibitor,
  getExhibitorBinding as getExhibitorBindingContract,
  likeExhibitor as likeExhibitorContract,
  likeExhibitorProduct,
  listExhibitorProducts,
  listExhibitors as listExhibitorsContract,
  recordExhibitionAreaView,
  recordExhibitorAttachmentView,
  recordExhibitorCall,
  recordExhibitorCategoryView,
  recordExhibitorMail,
  recordExhibitorProductView,
  recordExhibitorView,
  recordProductCategoryView,
  searchExhibitors as searchExhibitorsContract,
  unbindExhibitor as unbindExhibitorContract,
  updateExhibitor as updateExhibitorContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { viewerIdOf } from '../../plugins/response-cache.ts';
import { interactionActor } from '../enterprises/enterprises.routes.ts';
import { reactionsOverlay, resultsOverlay } from '../enterprises/enterprises.service.ts';
import { listProducts, reactToProduct, recordProductView } from '../products/products.service.ts';
import {
  applyToExhibit,
  bindExhibitor,
  getExhibitorBinding,
  likeExhibitor,
  listExhibitors,
  recordExhibitorInteraction,
  recordPavilionView,
  searchExhibitors,
  unbindExhibitor,
  updateExhibitor,
} from './exhibitors.service.ts';

/**
 * §7 Exhibitors: GET /exhibitors, /exhibitors/search, /exhibitors/products; PUT /exhibitors/{id};
 * POST /exhibitors/{id}/likes, /mails, /calls, /views, /attachments/views; POST
 * /exhibitors/products/{id}/views and /likes. §6 binding: GET, POST, DELETE /exhibitor/bindings.
 * §7 Meetings: POST /meetings/{id}/exhibitor/apply, /exhibitor/category/views, /area/views,
 * /product/category/views.
 */
export function exhibitorRoutes(app: App): void {
  const { db, config } = app.deps;
  // The caller's reactions to each exhibitor's enterprise, laid on the guests' cached list.
  const overlayEnterpriseCards = reactionsOverlay({ db }, 'enterprise', (answer) =>
    (answer as { results: Exhibitor[] }).results.map((exhibitor) => ({
      id: exhibitor.enterprise._id.$id,
      item: exhibitor.enterprise as unknown as Record<string, unknown>,
    })),
  );
  app.route({
    ...contractRoute(listExhibitorsContract),
    config: { isCacheableForGuests: true, isGuestViewable: true, viewerOverlay: overlayEnterpriseCards },
    handler: async (request) => ({
      results: await listExhibitors({ db }, { ...request.query, userId: viewerIdOf(request) }),
    }),
  });
  app.route({
    ...contractRoute(searchExhibitorsContract),
    config: { isCacheableForGuests: true, isGuestViewable: true, viewerOverlay: overlayEnterpriseCards },
    handler: async (request) => ({
      results: await searchExhibitors({ db }, { ...request.query, userId: viewerIdOf(request) }),
    }),
  });
  app.route({
    ...contractRoute(listExhibitorProducts),
    config: {
      isCacheableForGuests: true,
      isGuestViewable: true,
      viewerOverlay: resultsOverlay({ db }, 'product'),
    },
    handler: async (request) => ({
      results: await listProducts({ db }, { ...request.query, userId: viewerIdOf(request) }),
    }),
  });
  app.route({
    ...contractRoute(updateExhibitorContract),
    config: { auth: 'required' },
    handler: async (request) => {
      const answer = await updateExhibitor(
        { db },
        { userId: requireUserId(request), exhibitorId: request.params.id, changes: request.body },
      );
      app.deps.cache.clear();
      return answer;
    },
  });
  app.route({
    ...contractRoute(likeExhibitorContract),
    config: { auth: 'required' },
    handler: async (request) =>
      likeExhibitor({ db }, { userId: requireUserId(request), exhibitorId: request.params.id }),
  });
  app.route({
    ...contractRoute(recordExhibitorMail),
    handler: async (request) => ({
      mails_total: await recordExhibitorInteraction(
        { db },
        { ...interactionActor(request, request.body), exhibitorId: request.params.id, kind: 'mail' },
      ),
    }),
  });
  app.route({
    ...contractRoute(recordExhibitorCall),
    handler: async (request) => ({
      calls_total: await recordExhibitorInteraction(
        { db },
        { ...interactionActor(request, request.body), exhibitorId: request.params.id, kind: 'call' },
      ),
    }),
  });
  app.route({
    ...contractRoute(recordExhibitorView),
    handler: async (request) => ({
      views_total: await recordExhibitorInteraction(
        { db },
        { ...interactionActor(request, request.body), exhibitorId: request.params.id, kind: 'view' },
      ),
    }),
  });
  app.route({
    ...contractRoute(recordExhibitorAttachmentView),
    handler: async (request) => ({
      attachment_views_total: await recordExhibitorInteraction(
        { db },
        {
          ...interactionActor(request, request.body),
          exhibitorId: request.params.id,
          kind: 'attachment_view',
        },
      ),
    }),
  });
  app.route({
    ...contractRoute(recordExhibitorProductView),
    handler: async (request) => ({
      views_total: await recordProductView(
        { db },
        { ...interactionActor(request, request.body), productId: request.params.id },
      ),
    }),
  });
  app.route({
    ...contractRoute(likeExhibitorProduct),
    config: { auth: 'required' },
    handler: async (request) =>
      reactToProduct(
        { db },
        { userId: requireUserId(request), productId: request.params.id, kind: 'like', isOn: true },
      ),
  });

  app.route({
    ...contractRoute(getExhibitorBindingContract),
    config: { auth: 'required' },
    handler: async (request) =>
      getExhibitorBinding({ db }, { userId: requireUserId(request), meetingId: request.query.meeting_id }),
  });
  app.route({
    ...contractRoute(bindExhibitorContract),
    config: { auth: 'required' },
    handler: async (request) =>
      bindExhibitor(
        { db, config },
        {
          userId: requireUserId(request),
          meetingId: request.body.meeting_id,
          account: request.body.account,
          password: request.body.password,
          ip: request.ip,
        },
      ),
  });
  app.route({
    ...contractRoute(unbindExhibitorContract),
    config: { auth: 'required' },
    handler: async (request) =>
      unbindExhibitor({ db }, { userId: requireUserId(request), meetingId: request.query.meeting_id }),
  });

  app.route({
    ...contractRoute(applyToExhibitContract),
    config: { auth: 'required' },
    handler: async (request) =>
      applyToExhibit(
        { db },
        { userId: requireUserId(request), meetingId: request.params.id, application: request.body },
      ),
  });
  app.route({
    ...contractRoute(recordExhibitorCategoryView),
    handler: async (request) => ({
      views_total: await recordPavilionView(
        { db },
        {
          ...interactionActor(request, { ...request.body, meeting_id: request.params.id }),
          meetingId: request.params.id,
          page: 'exhibitor_category',
          target: request.body?.category_id ?? '',
        },
      ),
    }),
  });
  app.route({
    ...contractRoute(recordExhibitionAreaView),
    handler: async (request) => ({
      views_total: await recordPavilionView(
        { db },
        {
          ...interactionActor(request, { ...request.body, meeting_id: request.params.id }),
          meetingId: request.params.id,
          page: 'exhibition_area',
          target: request.body?.area ?? '',
        },
      ),
    }),
  });
  app.route({
    ...contractRoute(recordProductCategoryView),
    handler: async (request) => ({
      views_total: await recordPavilionView(
        { db },
        {
          ...interactionActor(request, { ...request.body, meeting_id: request.params.id }),
          meetingId: request.params.id,
          page: 'product_category',
          target: request.body?.category_id ?? '',
        },
      ),
    }),
  });
}
