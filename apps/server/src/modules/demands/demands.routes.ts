import {
  createConsoleDemandCategory,
  createDemandComment as createDemandCommentContract,
  createDemand as createDemandContract,
  deleteConsoleDemandCategory,
  deleteDemand as deleteDemandContract,
  getConsoleDemand as getConsoleDemandContract,
  getDemandAuthorization,
  getDemand as getDemandContract,
  likeDemand as likeDemandContract,
  listConsoleDemandCategories,
  listConsoleDemands as listConsoleDemandsContract,
  listDemandComments,
  listDemands as listDemandsContract,
  refreshDemandAuthorization,
  setConsoleDemandCommentState,
  setConsoleDemandState,
  unlikeDemand as unlikeDemandContract,
  updateConsoleDemandCategory,
  updateDemand as updateDemandContract,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import {
  createDemandCategory,
  deleteDemandCategory,
  listDemandCategoriesOf,
  updateDemandCategoryOf,
} from './demand-categories.service.ts';
import './demands.moderation.ts';
import {
  demandAuthorizationOf,
  editDemand,
  getConsoleDemandOf,
  getDemandOf,
  likeDemand,
  listCommentsOf,
  listConsoleDemandsOf,
  listDemandsOf,
  meetingOfDemand,
  postComment,
  postDemand,
  removeDemand,
  setConsoleCommentStateOf,
  setConsoleDemandStateOf,
  unlikeDemand,
} from './demands.service.ts';

/**
 * Demands (§1, §2 demand pages, §3 Demand, §4 Demand, §5, §6, §7 GET /demands and
 * /demand/meetings/authorization): the public list and detail (guest-viewable where the meeting
 * allows guests; never cached — answers differ per reader by the §6 contact rules), posting, editing
 * and closing by the poster, likes, comments, the posting authorization, and the console's demands
 * under /console/meetings/{meeting_id}/demands with their categories (community.read / community.moderate).
 */
export function demandRoutes(app: App): void {
  const { db, config, jobs, cache } = app.deps;
  const deps = { db, config };
  const categoryDeps = { db, config, cache };
  const commentDeps = { db, config, jobs, sms: createSmsProvider(config), mail: createMailProvider(config) };
  const auth = { auth: 'required' } as const;
  const viewer = (request: FastifyRequest) => request.actor.userId ?? null;
  const demandMeeting = async (request: FastifyRequest) =>
    meetingOfDemand(db, (request.params as { id: string }).id);

  app.route({
    ...contractRoute(listDemandsContract),
    config: { isGuestViewable: true },
    handler: async (request) => listDemandsOf(deps, { viewerId: viewer(request), query: request.query }),
  });
  app.route({
    ...contractRoute(getDemandContract),
    config: { isGuestViewable: true, guestMeetingOf: demandMeeting },
    handler: async (request) => getDemandOf(deps, { viewerId: viewer(request), id: request.params.id }),
  });
  app.route({
    ...contractRoute(createDemandContract),
    config: auth,
    handler: async (request) => postDemand(deps, { userId: requireUserId(request), body: request.body }),
  });
  app.route({
    ...contractRoute(updateDemandContract),
    config: auth,
    handler: async (request) =>
      editDemand(deps, { userId: requireUserId(request), id: request.params.id, body: request.body }),
  });
  app.route({
    ...contractRoute(deleteDemandContract),
    config: auth,
    handler: async (request) => removeDemand(deps, { userId: requireUserId(request), id: request.params.id }),
  });
  app.route({
    ...contractRoute(likeDemandContract),
    config: auth,
    handler: async (request) =>
      likeDemand(deps, { userId: requireUserId(request), demandId: request.body.demand_id }),
  });
  app.route({
    ...contractRoute(unlikeDemandContract),
    config: auth,
    handler: async (request) =>
      unlikeDemand(deps, { userId: requireUserId(request), demandId: request.query.demand_id }),
  });
  app.route({
    ...contractRoute(listDemandComments),
    config: { isGuestViewable: true, guestMeetingOf: demandMeeting },
    handler: async (request) =>
      listCommentsOf(deps, {
        viewerId: viewer(request),
        id: request.params.id,
        limit: request.query.limit,
        skip: request.query.skip,
      }),
  });
  app.route({
    ...contractRoute(createDemandCommentContract),
    config: auth,
    handler: async (request) =>
      postComment(commentDeps, { userId: requireUserId(request), id: request.params.id, body: request.body }),
  });
  app.route({
    ...contractRoute(getDemandAuthorization),
    handler: async (request) =>
      demandAuthorizationOf(deps, { userId: viewer(request), meetingId: request.query.meeting_id }),
  });
  app.route({
    ...contractRoute(refreshDemandAuthorization),
    handler: async (request) =>
      demandAuthorizationOf(deps, { userId: viewer(request), meetingId: request.body.meeting_id }),
  });

  // ————— Console (DESIGN §7) —————
  const caller = (request: FastifyRequest) => ({
    userId: requireUserId(request),
    meetingId: (request.params as { meeting_id: string }).meeting_id,
  });
  app.route({
    ...contractRoute(listConsoleDemandsContract),
    config: auth,
    handler: async (request) => listConsoleDemandsOf(deps, { ...caller(request), query: request.query }),
  });
  app.route({
    ...contractRoute(getConsoleDemandContract),
    config: auth,
    handler: async (request) => getConsoleDemandOf(deps, { ...caller(request), id: request.params.id }),
  });
  app.route({
    ...contractRoute(setConsoleDemandState),
    config: auth,
    handler: async (request) =>
      setConsoleDemandStateOf(deps, { ...caller(request), id: request.params.id, state: request.body.state }),
  });
  app.route({
    ...contractRoute(setConsoleDemandCommentState),
    config: auth,
    handler: async (request) =>
      setConsoleCommentStateOf(deps, {
        ...caller(request),
        id: request.params.id,
        state: request.body.state,
      }),
  });

  // Demand categories (§3 Demand category): community.read lists, community.moderate writes.
  app.route({
    ...contractRoute(listConsoleDemandCategories),
    config: auth,
    handler: async (request) => listDemandCategoriesOf(deps, caller(request)),
  });
  app.route({
    ...contractRoute(createConsoleDemandCategory),
    config: auth,
    handler: async (request) =>
      createDemandCategory(categoryDeps, { ...caller(request), body: request.body }),
  });
  app.route({
    ...contractRoute(updateConsoleDemandCategory),
    config: auth,
    handler: async (request) =>
      updateDemandCategoryOf(categoryDeps, {
        ...caller(request),
        categoryId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(deleteConsoleDemandCategory),
    config: auth,
    handler: async (request) =>
      deleteDemandCategory(categoryDeps, { ...caller(request), categoryId: request.params.id }),
  });
}
