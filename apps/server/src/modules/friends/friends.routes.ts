import {
  answerFriendApplication as answerFriendApplicationContract,
  applyFriend as applyFriendContract,
  exchangeCard as exchangeCardContract,
  exportFriendsVcard as exportFriendsVcardContract,
  getConsoleFriendStats as getConsoleFriendStatsContract,
  getFriendCard as getFriendCardContract,
  listFriendApplications as listFriendApplicationsContract,
  listFriends as listFriendsContract,
  removeFriend as removeFriendContract,
  renewFriendCard as renewFriendCardContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import { consoleFriendStats } from './friends.console.ts';
import {
  answerApplication,
  applyFriend,
  exchangeCard,
  exportVcard,
  getFriendCard,
  listApplications,
  listFriends,
  removeFriend,
  renewFriendCard,
} from './friends.service.ts';

/**
 * Friends routes (§7 /user/friends, /user/friend/applications; §4 Connection application; §6; card
 * exchange §1, §8), and the console's networking figures (people.read). All need a login;
 * meeting-scoped ones use the session meeting.
 */
export function friendRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  const deps = { db, config, jobs, sms: createSmsProvider(config), mail: createMailProvider(config) };
  const required = { auth: 'required' } as const;

  app.route({
    ...contractRoute(listFriendsContract),
    config: required,
    handler: async (request) => listFriends(deps, { userId: requireUserId(request), query: request.query }),
  });
  app.route({
    ...contractRoute(getFriendCardContract),
    config: required,
    handler: async (request) =>
      getFriendCard(deps, { userId: requireUserId(request), meetingId: request.actor.sessionMeetingId }),
  });
  app.route({
    ...contractRoute(renewFriendCardContract),
    config: required,
    handler: async (request) =>
      renewFriendCard(deps, { userId: requireUserId(request), meetingId: request.actor.sessionMeetingId }),
  });
  app.route({
    ...contractRoute(exportFriendsVcardContract),
    config: required,
    handler: async (request, reply) => {
      const text = await exportVcard(deps, { userId: requireUserId(request) });
      reply.header('content-type', 'text/vcard; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="contacts.vcf"');
      reply.header('cache-control', 'no-store');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(text);
    },
  });
  app.route({
    ...contractRoute(exchangeCardContract),
    config: required,
    handler: async (request) =>
      exchangeCard(deps, {
        userId: requireUserId(request),
        meetingId: request.actor.sessionMeetingId,
        card: request.body.card,
      }),
  });
  app.route({
    ...contractRoute(removeFriendContract),
    config: required,
    handler: async (request) =>
      removeFriend(deps, { userId: requireUserId(request), friendId: request.params.user_id }),
  });
  app.route({
    ...contractRoute(listFriendApplicationsContract),
    config: required,
    handler: async (request) =>
      listApplications(deps, { userId: requireUserId(request), query: request.query }),
  });
  app.route({
    ...contractRoute(applyFriendContract),
    config: required,
    handler: async (request) =>
      applyFriend(deps, {
        userId: requireUserId(request),
        meetingId: request.actor.sessionMeetingId,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(answerFriendApplicationContract),
    config: required,
    handler: async (request) =>
      answerApplication(deps, { userId: requireUserId(request), id: request.params.id, body: request.body }),
  });
  app.route({
    ...contractRoute(getConsoleFriendStatsContract),
    config: required,
    handler: async (request) =>
      consoleFriendStats(deps, { userId: requireUserId(request), meetingId: request.params.meeting_id }),
  });
}
