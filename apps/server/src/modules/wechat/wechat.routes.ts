import {
  bindWechatOpenid,
  checkWechatSecurity,
  createWechatUrlScheme,
  getWechatCardTicket,
  getWechatFollow,
  getWechatServiceUser,
  signWechatJssdk,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { type LimitRule, useRateLimits } from '../../plugins/rate-limit.ts';
import {
  bindOpenid,
  checkSecurity,
  createUrlScheme,
  followCard,
  followerOfCaller,
  signCard,
  signJssdk,
} from './wechat.service.ts';

/**
 * Per-IP limits: every page view inside WeChat signs the JS-SDK once, so 600 a minute leaves room
 * for a venue behind one NAT; the rest is rarer.
 */
export const wechatLimitRules = {
  signatures: { name: 'wechat-signatures', points: 600, durationSeconds: 60 },
  schemes: { name: 'wechat-url-schemes', points: 30, durationSeconds: 60 },
  securities: { name: 'wechat-securities', points: 60, durationSeconds: 60 },
  openid: { name: 'wechat-openid', points: 20, durationSeconds: 60 },
} satisfies Record<string, LimitRule>;

/**
 * The public WeChat API under /api (§7 WeChat; contracts in wechat/wechat.contracts.ts):
 * - POST /wechat/service/jssdk — JS-SDK config (rate-limited per IP);
 * - GET /wechat/card/api/ticket — card API signature (rate-limited per IP);
 * - POST /wechat/service/user — the caller as a follower (session);
 * - GET /wechat/service/follow — the follow card (public);
 * - POST /wechat/mini/urlschemes — a mini-program URL scheme (rate-limited per IP);
 * - POST /wechat/securities — a text's verdict (rate-limited per IP);
 * - POST /wechat/openid — keeps the caller's openid of the meeting's AppID (session, rate-limited).
 */
export function wechatRoutes(app: App): void {
  const { db, config, dbKind } = app.deps;
  const deps = { db, config, dbKind };
  const limits = useRateLimits(app);
  const limit = (rule: LimitRule, key: string) => limits.consumeAll([{ rule, key }]);

  app.route({
    ...contractRoute(signWechatJssdk),
    handler: async (request) => {
      await limit(wechatLimitRules.signatures, request.ip);
      return signJssdk(deps, { meetingId: request.body.meeting_id, url: request.body.url });
    },
  });

  app.route({
    ...contractRoute(getWechatCardTicket),
    handler: async (request) => {
      await limit(wechatLimitRules.signatures, request.ip);
      return signCard(deps, { meetingId: request.query.meeting_id, cardId: request.query.card_id ?? null });
    },
  });

  app.route({
    ...contractRoute(getWechatServiceUser),
    handler: async (request) =>
      followerOfCaller(deps, { meetingId: request.body.meeting_id, userId: requireUserId(request) }),
  });

  app.route({
    ...contractRoute(getWechatFollow),
    handler: async (request) =>
      followCard(deps, { meetingId: request.query.meeting_id, userId: request.actor.userId }),
  });

  app.route({
    ...contractRoute(createWechatUrlScheme),
    handler: async (request) => {
      await limit(wechatLimitRules.schemes, request.ip);
      return createUrlScheme(deps, {
        meetingId: request.body.meeting_id,
        path: request.body.path,
        query: request.body.query,
        expireDays: request.body.expire_days,
      });
    },
  });

  app.route({
    ...contractRoute(checkWechatSecurity),
    handler: async (request) => {
      await limit(wechatLimitRules.securities, request.ip);
      return checkSecurity(deps, {
        meetingId: request.body.meeting_id,
        userId: request.actor.userId,
        content: request.body.content,
        scene: request.body.scene,
      });
    },
  });

  app.route({
    ...contractRoute(bindWechatOpenid),
    handler: async (request) => {
      const userId = requireUserId(request);
      await limit(wechatLimitRules.openid, request.ip);
      return bindOpenid(deps, { meetingId: request.body.meeting_id, userId, code: request.body.code });
    },
  });
}
