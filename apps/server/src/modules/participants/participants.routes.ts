import {
  countMeetingUsers as countMeetingUsersContract,
  exportConsolePeople as exportConsolePeopleContract,
  getMeetingUser as getMeetingUserContract,
  getUserExposure as getUserExposureContract,
  getUserMeetingProfile as getUserMeetingProfileContract,
  listConsolePeople as listConsolePeopleContract,
  listMeetingUsers as listMeetingUsersContract,
  recommendUsers as recommendUsersContract,
  updateConsolePerson as updateConsolePersonContract,
  updateUserExposure as updateUserExposureContract,
  updateUserMeetingProfile as updateUserMeetingProfileContract,
  updateUserTags as updateUserTagsContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import {
  countDirectoryPeople,
  exportConsolePeopleCsv,
  getExposure,
  getPersonPage,
  getProfileSettings,
  listConsolePeople,
  listDirectory,
  recommendPeople,
  updateConsolePerson,
  updateExposure,
  updateMeetingProfile,
  updateTags,
} from './participants.service.ts';

/**
 * People routes (§2 /meeting/connection, /meeting/user; §3 Exposure setting, membership levels; §6;
 * §7 Users: GET /users/recommend, PUT /users/{id}/tag and /users/{id}/meetings/{meeting_id}; §7
 * Meetings: GET /meeting/users, /count, /meeting/users/exposure/{user_id}, PUT /meeting/users/exposure)
 * and the console's people screen (people.read / people.manage). Everything needs a login and uses the
 * session meeting unless the path names one.
 */
export function participantRoutes(app: App): void {
  const deps = app.deps;
  const config = { auth: 'required' } as const;

  app.route({
    ...contractRoute(listMeetingUsersContract),
    config,
    handler: async (request) =>
      listDirectory(deps, {
        viewerId: requireUserId(request),
        meetingId: request.actor.sessionMeetingId,
        query: request.query,
      }),
  });
  app.route({
    ...contractRoute(countMeetingUsersContract),
    config,
    handler: async (request) =>
      countDirectoryPeople(deps, { meetingId: request.actor.sessionMeetingId, query: request.query }),
  });
  app.route({
    ...contractRoute(getUserExposureContract),
    config,
    handler: async (request) =>
      getExposure(deps, {
        viewerId: requireUserId(request),
        meetingId: request.actor.sessionMeetingId,
        userId: request.params.user_id,
      }),
  });
  app.route({
    ...contractRoute(updateUserExposureContract),
    config,
    handler: async (request) =>
      updateExposure(deps, {
        viewerId: requireUserId(request),
        meetingId: request.actor.sessionMeetingId,
        exposure: request.body.exposure,
        cardExchange: request.body.card_exchange,
      }),
  });
  app.route({
    ...contractRoute(getMeetingUserContract),
    config,
    handler: async (request) =>
      getPersonPage(deps, {
        viewerId: requireUserId(request),
        meetingId: request.actor.sessionMeetingId,
        userId: request.params.user_id,
      }),
  });
  app.route({
    ...contractRoute(recommendUsersContract),
    config,
    handler: async (request) =>
      recommendPeople(deps, {
        viewerId: requireUserId(request),
        meetingId: request.actor.sessionMeetingId,
        limit: request.query.limit,
      }),
  });
  app.route({
    ...contractRoute(updateUserTagsContract),
    config,
    handler: async (request) =>
      updateTags(deps, {
        viewerId: requireUserId(request),
        userId: request.params.id,
        meetingId: request.actor.sessionMeetingId,
        tags: request.body.tags,
      }),
  });
  app.route({
    ...contractRoute(getUserMeetingProfileContract),
    config,
    handler: async (request) =>
      getProfileSettings(deps, {
        viewerId: requireUserId(request),
        userId: request.params.id,
        meetingId: request.params.meeting_id,
      }),
  });
  app.route({
    ...contractRoute(updateUserMeetingProfileContract),
    config,
    handler: async (request) =>
      updateMeetingProfile(deps, {
        viewerId: requireUserId(request),
        userId: request.params.id,
        meetingId: request.params.meeting_id,
        body: request.body,
      }),
  });

  // Console (DESIGN §7): people.read lists and exports, people.manage edits.
  app.route({
    ...contractRoute(listConsolePeopleContract),
    config,
    handler: async (request) =>
      listConsolePeople(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        query: request.query,
      }),
  });
  app.route({
    ...contractRoute(exportConsolePeopleContract),
    config,
    handler: async (request, reply) => {
      const csv = await exportConsolePeopleCsv(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        query: request.query,
      });
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="people.csv"');
      reply.header('cache-control', 'private, no-store');
      return reply.send(csv);
    },
  });
  app.route({
    ...contractRoute(updateConsolePersonContract),
    config,
    handler: async (request) =>
      updateConsolePerson(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        personId: request.params.user_id,
        body: request.body,
      }),
  });
}
