import {
  countUsers as countUsersContract,
  createUser as createUserContract,
  createUserWork as createUserWorkContract,
  getCurrentUser as getCurrentUserContract,
  listUsers as listUsersContract,
  logout as logoutContract,
  updateUser as updateUserContract,
  updateUserEmail as updateUserEmailContract,
  updateUserWork as updateUserWorkContract,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { revokeSession } from '../sessions/sessions.service.ts';
import {
  changeEmail,
  countUsersMatching,
  getCurrentUser,
  listUsers,
  saveWork,
  signUp,
  updateProfile,
} from './users.service.ts';

const userAgent = (request: FastifyRequest) => request.headers['user-agent']?.slice(0, 256) ?? null;

/**
 * §7 Users calls (POST /users, GET /users, /users/count, PUT /users/{id}, /users/{id}/email,
 * POST/PUT /users/{id}/works), GET /users/me for the personal centre and DELETE /tokens/current
 * (logout, §4 Session). Everything but sign-up needs a session.
 */
export function userRoutes(app: App): void {
  const deps = app.deps;
  const required = { auth: 'required' } as const;

  app.route({
    ...contractRoute(createUserContract),
    handler: async (request) =>
      signUp(deps, {
        ...request.body,
        deviceId: request.actor.deviceId,
        userAgent: userAgent(request),
        ip: request.ip,
      }),
  });
  app.route({
    ...contractRoute(getCurrentUserContract),
    config: required,
    handler: async (request) => getCurrentUser(deps, requireUserId(request)),
  });
  app.route({
    ...contractRoute(listUsersContract),
    config: required,
    handler: async (request) => ({
      results: await listUsers(deps, {
        ...request.query,
        viewerId: requireUserId(request),
        meetingId: request.actor.sessionMeetingId,
      }),
    }),
  });
  app.route({
    ...contractRoute(countUsersContract),
    config: required,
    handler: async (request) =>
      countUsersMatching(deps, {
        ...request.query,
        viewerId: requireUserId(request),
        meetingId: request.actor.sessionMeetingId,
      }),
  });
  app.route({
    ...contractRoute(updateUserContract),
    config: required,
    handler: async (request) =>
      updateProfile(deps, {
        actorUserId: requireUserId(request),
        userId: request.params.id,
        changes: request.body,
        ip: request.ip,
        meetingId: request.actor.sessionMeetingId,
      }),
  });
  app.route({
    ...contractRoute(updateUserEmailContract),
    config: required,
    handler: async (request) =>
      changeEmail(deps, {
        actorUserId: requireUserId(request),
        userId: request.params.id,
        email: request.body.email,
        code: request.body.code,
        ip: request.ip,
      }),
  });
  for (const contract of [createUserWorkContract, updateUserWorkContract]) {
    app.route({
      ...contractRoute(contract),
      config: required,
      handler: async (request) =>
        saveWork(deps, {
          actorUserId: requireUserId(request),
          userId: request.params.id,
          ...request.body,
          meetingId: request.actor.sessionMeetingId,
        }),
    });
  }
  app.route({
    ...contractRoute(logoutContract),
    config: required,
    handler: async (request) => {
      if (request.actor.sessionId) await revokeSession(deps, request.actor.sessionId);
      return { ok: 1 as const };
    },
  });
}
