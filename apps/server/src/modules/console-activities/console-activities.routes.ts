import {
  consoleAddInvite,
  consoleCreateActivity,
  consoleCreateInvitationLink,
  consoleCreatePrice,
  consoleCreateSource,
  consoleDeletePrice,
  consoleDeleteSource,
  consoleGetActivity,
  consoleGetActivityForm,
  consoleListActivities,
  consoleListInvites,
  consoleListSources,
  consoleRemoveInvite,
  consoleSaveActivityForm,
  consoleUpdateActivity,
  consoleUpdatePrice,
  consoleUpdateSource,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { getConsoleForm, saveConsoleForm } from './console-activities.forms.ts';
import {
  addConsoleInvite,
  listConsoleInvites,
  mintConsoleInvitationLink,
  removeConsoleInvite,
} from './console-activities.invites.ts';
import {
  createConsoleActivity,
  createConsolePrice,
  createConsoleSource,
  deleteConsolePrice,
  deleteConsoleSource,
  getConsoleActivity,
  listConsoleActivities,
  listConsoleSources,
  updateConsoleActivity,
  updateConsolePrice,
  updateConsoleSource,
} from './console-activities.service.ts';

/**
 * The console's activities calls (DESIGN §7; §3 Activity, §5, §6 private events), all under
 * /console/meetings/{meeting_id}/activities…: the list and one activity (GET, POST, PUT), ticket
 * types (POST, PUT, DELETE …/prices), sources (GET, POST, PUT, DELETE …/sources), the registration
 * form (GET, PUT …/form), the invite list (GET, POST, DELETE …/invites) and invitation links
 * (POST …/invitation_links). Every call needs a logged-in caller with `activity.edit`. After a write
 * the response cache is cleared so the public app shows the change at once.
 */
export function consoleActivityRoutes(app: App): void {
  const { db, config, cache } = app.deps;
  const deps = { db, config };
  const auth = { auth: 'required' } as const;
  /** The caller and the activity the path names. */
  const activityOf = (request: FastifyRequest) => {
    const params = request.params as { meeting_id: string; id: string };
    return { userId: requireUserId(request), meetingId: params.meeting_id, activityId: params.id };
  };
  /** Clears the public response cache after a write, then answers its result. */
  const written = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    cache.clear();
    return result;
  };

  app.route({
    ...contractRoute(consoleListActivities),
    config: auth,
    handler: async (request) => ({
      results: await listConsoleActivities(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
      }),
    }),
  });
  app.route({
    ...contractRoute(consoleCreateActivity),
    config: auth,
    handler: async (request) =>
      written(
        createConsoleActivity(deps, {
          userId: requireUserId(request),
          meetingId: request.params.meeting_id,
          body: request.body,
        }),
      ),
  });
  app.route({
    ...contractRoute(consoleGetActivity),
    config: auth,
    handler: async (request) => getConsoleActivity(deps, activityOf(request)),
  });
  app.route({
    ...contractRoute(consoleUpdateActivity),
    config: auth,
    handler: async (request) =>
      written(updateConsoleActivity(deps, { ...activityOf(request), body: request.body })),
  });
  app.route({
    ...contractRoute(consoleCreatePrice),
    config: auth,
    handler: async (request) =>
      written(createConsolePrice(deps, { ...activityOf(request), body: request.body })),
  });
  app.route({
    ...contractRoute(consoleUpdatePrice),
    config: auth,
    handler: async (request) =>
      written(
        updateConsolePrice(deps, {
          ...activityOf(request),
          priceId: request.params.price_id,
          body: request.body,
        }),
      ),
  });
  app.route({
    ...contractRoute(consoleDeletePrice),
    config: auth,
    handler: async (request) =>
      written(deleteConsolePrice(deps, { ...activityOf(request), priceId: request.params.price_id })),
  });
  app.route({
    ...contractRoute(consoleListSources),
    config: auth,
    handler: async (request) => ({ results: await listConsoleSources(deps, activityOf(request)) }),
  });
  app.route({
    ...contractRoute(consoleCreateSource),
    config: auth,
    handler: async (request) =>
      written(createConsoleSource(deps, { ...activityOf(request), body: request.body })),
  });
  app.route({
    ...contractRoute(consoleUpdateSource),
    config: auth,
    handler: async (request) =>
      written(
        updateConsoleSource(deps, {
          ...activityOf(request),
          sourceId: request.params.source_id,
          body: request.body,
        }),
      ),
  });
  app.route({
    ...contractRoute(consoleDeleteSource),
    config: auth,
    handler: async (request) =>
      written(deleteConsoleSource(deps, { ...activityOf(request), sourceId: request.params.source_id })),
  });
  app.route({
    ...contractRoute(consoleGetActivityForm),
    config: auth,
    handler: async (request) => getConsoleForm(deps, activityOf(request)),
  });
  app.route({
    ...contractRoute(consoleSaveActivityForm),
    config: auth,
    handler: async (request) =>
      written(saveConsoleForm(deps, { ...activityOf(request), body: request.body })),
  });
  app.route({
    ...contractRoute(consoleListInvites),
    config: auth,
    handler: async (request) => ({ results: await listConsoleInvites(deps, activityOf(request)) }),
  });
  app.route({
    ...contractRoute(consoleAddInvite),
    config: auth,
    handler: async (request) => addConsoleInvite(deps, { ...activityOf(request), body: request.body }),
  });
  app.route({
    ...contractRoute(consoleRemoveInvite),
    config: auth,
    handler: async (request) =>
      removeConsoleInvite(deps, { ...activityOf(request), inviteId: request.params.invite_id }),
  });
  app.route({
    ...contractRoute(consoleCreateInvitationLink),
    config: auth,
    handler: async (request) =>
      mintConsoleInvitationLink(deps, { ...activityOf(request), expiresInSeconds: request.body?.expires_in }),
  });
}
