import {
  getConsoleWechatSettings,
  testConsoleWechatConnection,
  updateConsoleWechatSettings,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { getWechatSettings, testWechatConnection, updateWechatSettingsOf } from './console-wechat.service.ts';

/**
 * The console's "WeChat & sign-in" calls (DESIGN §7; §3 wechat_authorize; §7 WeChat, Login) under
 * /console/meetings/{meeting_id}/wechat: read the set-up, save a partial update, test a connection.
 * Logged-in callers with wechat.settings (owner, organiser).
 */
export function consoleWechatRoutes(app: App): void {
  const { db, config } = app.deps;
  const deps = { db, config };
  const auth = { auth: 'required' } as const;

  app.route({
    ...contractRoute(getConsoleWechatSettings),
    config: auth,
    handler: async (request) =>
      getWechatSettings(deps, { userId: requireUserId(request), meetingId: request.params.meeting_id }),
  });
  app.route({
    ...contractRoute(updateConsoleWechatSettings),
    config: auth,
    handler: async (request) =>
      updateWechatSettingsOf(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(testConsoleWechatConnection),
    config: auth,
    handler: async (request) =>
      testWechatConnection(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        target: request.body.target,
      }),
  });
}
