import {
  countLiveChats as countLiveChatsContract,
  createLiveChatTicket,
  deleteLiveChat as deleteLiveChatContract,
  grantConsoleLiveUser as grantConsoleLiveUserContract,
  listConsoleLiveChats as listConsoleLiveChatsContract,
  listConsoleLiveUsers as listConsoleLiveUsersContract,
  listLiveChats as listLiveChatsContract,
  pinLiveChat as pinLiveChatContract,
  postLiveChat as postLiveChatContract,
  updateLiveUser as updateLiveUserContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { useRateLimits } from '../../plugins/rate-limit.ts';
import { meetingIdOfLive } from './lives.chat.repository.ts';
import {
  countLiveChats,
  deleteLiveChat,
  grantConsoleLiveUser,
  issueChatTicket,
  listConsoleLiveChats,
  listConsoleLiveUsers,
  listLiveChats,
  pinLiveChat,
  postLiveChat,
  updateLiveUser,
} from './lives.chat.ts';
import { liveHubOf } from './lives.hub.ts';
import { liveSocketRoutes } from './lives.socket.ts';
import './lives.moderation.ts';

/**
 * The live room's chat (§7 Lives: chat history and posting, GET /chats/count, PUT
 * /lives/{id}/users/{user_id}; §5; §8 'Do not operate frequently!'), its socket (DESIGN §9 real time)
 * and the console's chat and users lists (lives.moderate). Registered as its own plugin so the
 * WebSocket support stays in this scope: `await scoped.register(liveChatRoutes)`.
 */
export async function liveChatRoutes(app: App): Promise<void> {
  const { db, config } = app.deps;
  // The shared rate-limit store, closed with the app (the chat limit lives there, in Redis when set).
  useRateLimits(app);
  await liveSocketRoutes(app);
  const hub = liveHubOf(app);
  const deps = { db, config };
  const chatDeps = { db, config, hub };
  const auth = { auth: 'required' } as const;
  // Visitors reach a public live's chat only where the meeting allows guests (§2 routing rules, §6).
  const guestViewable = {
    isGuestViewable: true,
    guestMeetingOf: (request: { params: unknown }) =>
      meetingIdOfLive(db, String((request.params as { id?: string }).id ?? '')),
  } as const;
  // Writes need a login, and a session stays in its meeting as on the reads (§6): a session of another
  // meeting reaches this live only where that meeting admits visitors, else 403 token.invalid.
  const signedInWrite = { ...guestViewable, auth: 'required' } as const;

  app.route({
    ...contractRoute(createLiveChatTicket),
    config: guestViewable,
    handler: async (request) =>
      issueChatTicket(deps, {
        liveId: request.params.id,
        userId: request.actor.userId,
        deviceId: request.actor.deviceId,
      }),
  });
  app.route({
    ...contractRoute(listLiveChatsContract),
    config: guestViewable,
    handler: async (request) =>
      listLiveChats(deps, {
        liveId: request.params.id,
        userId: request.actor.userId,
        before: request.query.before,
        limit: request.query.limit,
      }),
  });
  app.route({
    ...contractRoute(postLiveChatContract),
    config: signedInWrite,
    handler: async (request) =>
      postLiveChat(chatDeps, {
        liveId: request.params.id,
        userId: requireUserId(request),
        text: request.body.text,
      }),
  });
  app.route({
    ...contractRoute(deleteLiveChatContract),
    config: signedInWrite,
    handler: async (request) =>
      deleteLiveChat(chatDeps, {
        liveId: request.params.id,
        messageId: request.params.message_id,
        userId: requireUserId(request),
      }),
  });
  app.route({
    ...contractRoute(pinLiveChatContract),
    config: signedInWrite,
    handler: async (request) =>
      pinLiveChat(chatDeps, {
        liveId: request.params.id,
        messageId: request.body.message_id,
        userId: requireUserId(request),
      }),
  });
  app.route({
    ...contractRoute(countLiveChatsContract),
    config: {
      isGuestViewable: true,
      guestMeetingOf: (request) =>
        meetingIdOfLive(db, String((request.query as { live_id?: string }).live_id ?? '')),
    },
    handler: async (request) =>
      countLiveChats(deps, { liveId: request.query.live_id, userId: request.actor.userId }),
  });
  app.route({
    ...contractRoute(updateLiveUserContract),
    config: signedInWrite,
    handler: async (request) =>
      updateLiveUser(chatDeps, {
        liveId: request.params.id,
        targetUserId: request.params.user_id,
        userId: requireUserId(request),
        flags: request.body,
      }),
  });

  // ————— Console (lives.moderate) —————
  app.route({
    ...contractRoute(listConsoleLiveChatsContract),
    config: auth,
    handler: async (request) =>
      listConsoleLiveChats(deps, {
        meetingId: request.params.meeting_id,
        liveId: request.params.id,
        userId: requireUserId(request),
        query: request.query,
      }),
  });
  app.route({
    ...contractRoute(listConsoleLiveUsersContract),
    config: auth,
    handler: async (request) =>
      listConsoleLiveUsers(deps, {
        meetingId: request.params.meeting_id,
        liveId: request.params.id,
        userId: requireUserId(request),
      }),
  });
  app.route({
    ...contractRoute(grantConsoleLiveUserContract),
    config: auth,
    handler: async (request) =>
      grantConsoleLiveUser(deps, {
        meetingId: request.params.meeting_id,
        liveId: request.params.id,
        userId: requireUserId(request),
        account: request.body.account,
      }),
  });
}
