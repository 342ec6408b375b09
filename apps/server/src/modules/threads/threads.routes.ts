import {
  createThread,
  createThreadReply,
  deleteThread as deleteThreadContract,
  getThread as getThreadContract,
  isObjectId,
  likeThreadItem,
  listConsoleThreads as listConsoleThreadsContract,
  listThreadReplies,
  listThreads as listThreadsContract,
  unlikeThreadItem,
  updateConsoleThread as updateConsoleThreadContract,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import './threads.moderation.ts';
import { findThreadMeetingId } from './threads.repository.ts';
import {
  deleteOwnThread,
  getThread,
  likeItem,
  listConsoleThreads,
  listReplies,
  listThreads,
  postReply,
  postThread,
  unlikeItem,
  updateConsoleThread,
} from './threads.service.ts';

/**
 * Threads and talk (§2 /meeting/thread/list, /meeting/talk): the public list, detail and replies
 * (meeting content: guest-viewable where the meeting allows guests, §6), posting, replying and
 * likes (logged in; posting and replying need participant registration), and the console's
 * threads area (pin, close; DESIGN §7). Importing threads.moderation.ts registers the thread and
 * reply kinds with the moderation queue.
 */
export function threadRoutes(app: App): void {
  const { db, config } = app.deps;
  const deps = { db, config };
  const auth = { auth: 'required' } as const;
  const viewer = (request: FastifyRequest) => request.actor.userId ?? null;
  const writer = (request: FastifyRequest) => ({
    userId: requireUserId(request),
    sessionMeetingId: request.actor.sessionMeetingId,
  });
  const threadMeeting = async (request: FastifyRequest) => {
    const id = (request.params as { id?: unknown }).id;
    return typeof id === 'string' && isObjectId(id) ? findThreadMeetingId(db, id) : undefined;
  };

  app.route({
    ...contractRoute(listThreadsContract),
    config: { isGuestViewable: true },
    handler: async (request) => listThreads(deps, { ...request.query, viewerId: viewer(request) }),
  });
  app.route({
    ...contractRoute(getThreadContract),
    config: { isGuestViewable: true, guestMeetingOf: threadMeeting },
    handler: async (request) => getThread(deps, { threadId: request.params.id, viewerId: viewer(request) }),
  });
  app.route({
    ...contractRoute(listThreadReplies),
    config: { isGuestViewable: true, guestMeetingOf: threadMeeting },
    handler: async (request) =>
      listReplies(deps, { threadId: request.params.id, viewerId: viewer(request), ...request.query }),
  });
  app.route({
    ...contractRoute(createThread),
    config: auth,
    handler: async (request) => postThread(deps, { ...writer(request), body: request.body }),
  });
  app.route({
    ...contractRoute(deleteThreadContract),
    config: auth,
    handler: async (request) => deleteOwnThread(deps, { ...writer(request), threadId: request.params.id }),
  });
  app.route({
    ...contractRoute(createThreadReply),
    config: auth,
    handler: async (request) =>
      postReply(deps, { ...writer(request), threadId: request.params.id, body: request.body }),
  });
  app.route({
    ...contractRoute(likeThreadItem),
    config: auth,
    handler: async (request) => likeItem(deps, { ...writer(request), body: request.body }),
  });
  app.route({
    ...contractRoute(unlikeThreadItem),
    config: auth,
    handler: async (request) => unlikeItem(deps, { ...writer(request), body: request.query }),
  });

  app.route({
    ...contractRoute(listConsoleThreadsContract),
    config: auth,
    handler: async (request) =>
      listConsoleThreads(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        ...request.query,
      }),
  });
  app.route({
    ...contractRoute(updateConsoleThreadContract),
    config: auth,
    handler: async (request) =>
      updateConsoleThread(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        threadId: request.params.id,
        body: request.body,
      }),
  });
}
