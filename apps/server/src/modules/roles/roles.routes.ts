import {
  addPlatformAdmin,
  changeTeamMember as changeTeamMemberContract,
  getConsoleMe as getConsoleMeContract,
  inviteTeamMember as inviteTeamMemberContract,
  listPlatformAdmins,
  listTeam as listTeamContract,
  removePlatformAdmin,
  removeTeamMember as removeTeamMemberContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import { addAdmin, listAdmins, removeAdmin } from './roles.admins.ts';
import {
  changeTeamMember,
  getConsoleMe,
  inviteTeamMember,
  listTeam,
  removeTeamMember,
} from './roles.team.ts';

/**
 * Console access calls (DESIGN §7): GET /console/me; the team of a meeting (GET, POST
 * /console/meetings/{meeting_id}/team, PUT, DELETE …/team/{id}); platform administrators (GET, POST
 * /console/admins, DELETE /console/admins/{id}). Every call needs a logged-in caller.
 */
export function roleRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  const deps = { db, config };
  const teamDeps = { ...deps, jobs, sms: createSmsProvider(config), mail: createMailProvider(config) };
  app.route({
    ...contractRoute(getConsoleMeContract),
    config: { auth: 'required' },
    handler: async (request) => getConsoleMe(deps, requireUserId(request)),
  });
  app.route({
    ...contractRoute(listTeamContract),
    config: { auth: 'required' },
    handler: async (request) => ({
      results: await listTeam(deps, { userId: requireUserId(request), meetingId: request.params.meeting_id }),
    }),
  });
  app.route({
    ...contractRoute(inviteTeamMemberContract),
    config: { auth: 'required' },
    handler: async (request) =>
      inviteTeamMember(teamDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(changeTeamMemberContract),
    config: { auth: 'required' },
    handler: async (request) =>
      changeTeamMember(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        memberId: request.params.id,
        role: request.body.role,
        receptionRole: request.body.reception_role,
      }),
  });
  app.route({
    ...contractRoute(removeTeamMemberContract),
    config: { auth: 'required' },
    handler: async (request) =>
      removeTeamMember(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        memberId: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(listPlatformAdmins),
    config: { auth: 'required' },
    handler: async (request) => ({ results: await listAdmins(deps, requireUserId(request)) }),
  });
  app.route({
    ...contractRoute(addPlatformAdmin),
    config: { auth: 'required' },
    handler: async (request) => addAdmin(deps, { userId: requireUserId(request), body: request.body }),
  });
  app.route({
    ...contractRoute(removePlatformAdmin),
    config: { auth: 'required' },
    handler: async (request) =>
      removeAdmin(deps, { userId: requireUserId(request), adminId: request.params.id }),
  });
}
