import {
  addModerationWord,
  banModerationUser,
  createReport,
  decideModerationItem,
  deleteModerationWord,
  liftModerationBan,
  listModerationBans,
  listModerationQueue,
  listModerationWords,
  testModerationText,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import {
  addWord,
  banUser,
  decideItem,
  liftBan,
  listBans,
  listQueue,
  listWords,
  removeWord,
  testText,
} from './moderation.console.ts';
import './moderation.profile.ts';
import { reportItem } from './moderation.reports.ts';

/**
 * Moderation (§5 sensitive content): POST /reports for every logged-in user, and the console's
 * moderation area under /console/meetings/{meeting_id}/moderation/ (DESIGN §7) — the review queue and
 * its decisions, the meeting's word lists and "test a text", the bans. Reads need community.read,
 * writes community.moderate (checked by the use cases), each write in the audit log.
 */
export function moderationRoutes(app: App): void {
  const { db, config } = app.deps;
  const deps = { db, config };
  const auth = { auth: 'required' } as const;
  const caller = (request: { params: { meeting_id: string } }, userId: string) => ({
    userId,
    meetingId: request.params.meeting_id,
  });

  app.route({
    ...contractRoute(createReport),
    config: auth,
    handler: async (request) => reportItem(deps, { userId: requireUserId(request), body: request.body }),
  });
  app.route({
    ...contractRoute(listModerationQueue),
    config: auth,
    handler: async (request) =>
      listQueue(deps, { ...caller(request, requireUserId(request)), query: request.query }),
  });
  app.route({
    ...contractRoute(decideModerationItem),
    config: auth,
    handler: async (request) =>
      decideItem(deps, {
        ...caller(request, requireUserId(request)),
        id: request.params.id,
        action: request.body.action,
      }),
  });
  app.route({
    ...contractRoute(listModerationWords),
    config: auth,
    handler: async (request) => listWords(deps, caller(request, requireUserId(request))),
  });
  app.route({
    ...contractRoute(addModerationWord),
    config: auth,
    handler: async (request) =>
      addWord(deps, { ...caller(request, requireUserId(request)), ...request.body }),
  });
  app.route({
    ...contractRoute(deleteModerationWord),
    config: auth,
    handler: async (request) =>
      removeWord(deps, { ...caller(request, requireUserId(request)), id: request.params.id }),
  });
  app.route({
    ...contractRoute(testModerationText),
    config: auth,
    handler: async (request) =>
      testText(deps, { ...caller(request, requireUserId(request)), text: request.body.text }),
  });
  app.route({
    ...contractRoute(listModerationBans),
    config: auth,
    handler: async (request) => listBans(deps, caller(request, requireUserId(request))),
  });
  app.route({
    ...contractRoute(banModerationUser),
    config: auth,
    handler: async (request) =>
      banUser(deps, {
        ...caller(request, requireUserId(request)),
        targetUserId: request.body.user_id,
        reason: request.body.reason,
        until: request.body.until,
      }),
  });
  app.route({
    ...contractRoute(liftModerationBan),
    config: auth,
    handler: async (request) =>
      liftBan(deps, { ...caller(request, requireUserId(request)), targetUserId: request.params.id }),
  });
}
