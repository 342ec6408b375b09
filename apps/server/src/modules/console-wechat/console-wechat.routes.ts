import {
  getConsoleWechatSettings,
  testConsoleWechatConnection,
  updateConsoleWechatSettings,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { type LimitRule, useRateLimits } from '../../plugins/rate-limit.ts';
import { getWechatSettings, testWechatConnection, updateWechatSettingsOf } from './console-wechat.service.ts';

/**
 * Connection tests call WeChat or an organiser-chosen issuer: at most 20 a minute per user (§9
 * outbound calls), so the console cannot be used to hammer or probe another host.
 */
export const consoleWechatTestLimit: LimitRule = {
  name: 'console-wechat-tests',
  points: 20,
  durationSeconds: 60,
};

/** Saves that name an AppID or AppSecret may be checked with WeChat: as many a minute per user. */
export const consoleWechatCheckedSaveLimit: LimitRule = {
  name: 'console-wechat-checked-saves',
  points: 20,
  durationSeconds: 60,
};

/**
 * The console's "WeChat & sign-in" calls (DESIGN §7; §3 wechat_authorize; §7 WeChat, Login) under
 * /console/meetings/{meeting_id}/wechat: read the set-up, save a partial update, test a connection.
 * Logged-in callers with wechat.settings (owner, organiser).
 */
export function consoleWechatRoutes(app: App): void {
  const { db, config } = app.deps;
  const deps = { db, config };
  const auth = { auth: 'required' } as const;
  const limits = useRateLimits(app);

  app.route({
    ...contractRoute(getConsoleWechatSettings),
    config: auth,
    handler: async (request) =>
      getWechatSettings(deps, { userId: requireUserId(request), meetingId: request.params.meeting_id }),
  });
  app.route({
    ...contractRoute(updateConsoleWechatSettings),
    config: auth,
    handler: async (request) => {
      const userId = requireUserId(request);
      const { official, mini } = request.body;
      const namesAccount =
        official?.mode === 'own' ||
        [official?.appid, official?.secret, mini?.appid, mini?.secret].some((value) => value !== undefined);
      if (namesAccount) await limits.consumeAll([{ rule: consoleWechatCheckedSaveLimit, key: userId }]);
      return updateWechatSettingsOf(deps, {
        userId,
        meetingId: request.params.meeting_id,
        body: request.body,
      });
    },
  });
  app.route({
    ...contractRoute(testConsoleWechatConnection),
    config: auth,
    handler: async (request) => {
      const userId = requireUserId(request);
      await limits.consumeAll([{ rule: consoleWechatTestLimit, key: userId }]);
      return testWechatConnection(deps, {
        userId,
        meetingId: request.params.meeting_id,
        target: request.body.target,
      });
    },
  });
}
