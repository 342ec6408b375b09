import {
  createWechatQrcode as createWechatQrcodeContract,
  getWechatQrcodeStatus as getWechatQrcodeStatusContract,
  loginWithWechatQrcode as loginWithWechatQrcodeContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { createQrLogin, pollQrLogin, redeemQrLogin } from './wechat-login.service.ts';

/**
 * Desktop "scan with WeChat to sign in" (§7 GET /wechat/service/qrcodes, §7 Login, §8):
 * GET /wechat/service/qrcodes, GET /wechat/service/qrcodes/{login_id}, POST /tokens/wechat/qrcode.
 * All public: the sign-in's secret is the desktop's proof. WeChat's scan push arrives at
 * POST /wechat/events/{appid} (wechat-events.routes.ts).
 */
export function wechatLoginRoutes(app: App): void {
  const deps = { db: app.deps.db, config: app.deps.config, dbKind: app.deps.dbKind };

  app.route({
    ...contractRoute(createWechatQrcodeContract),
    handler: async (request, reply) => {
      const answer = await createQrLogin(deps, { meetingId: request.query.meeting_id, ip: request.ip });
      // The answer holds the sign-in's secret: never cached anywhere.
      reply.header('cache-control', 'no-store');
      return answer;
    },
  });

  app.route({
    ...contractRoute(getWechatQrcodeStatusContract),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return pollQrLogin(deps, { loginId: request.params.login_id, secret: request.query.secret });
    },
  });

  app.route({
    ...contractRoute(loginWithWechatQrcodeContract),
    handler: async (request) =>
      redeemQrLogin(deps, {
        loginId: request.body.login_id,
        secret: request.body.secret,
        deviceId: request.actor.deviceId,
        userAgent: request.headers['user-agent'] ?? null,
      }),
  });
}
