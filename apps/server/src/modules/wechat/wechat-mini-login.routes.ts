import { loginWithWechatMini as loginWithWechatMiniContract } from '@app/contracts';
import type { App } from '../../app-types.ts';
import { AppError } from '../../errors.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { loginWithWechatMini } from './wechat-mini-login.service.ts';

/**
 * Sign-in inside the mini-program (§7 Login, §2 mini-program pages, §8 4260): POST /tokens/wechat/mini.
 * Public: the wx.login code is the proof. A refusal's cause (WeChat's errcode) is logged, never answered.
 */
export function wechatMiniLoginRoutes(app: App): void {
  const { db, config, dbKind } = app.deps;
  const deps = { db, config, dbKind };

  app.route({
    ...contractRoute(loginWithWechatMiniContract),
    handler: async (request) => {
      try {
        return await loginWithWechatMini(deps, {
          meetingId: request.body.meeting_id,
          code: request.body.code,
          phoneCode: request.body.phone_code ?? null,
          deviceId: request.actor.deviceId,
          userAgent: request.headers['user-agent'] ?? null,
        });
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause;
        if (error instanceof AppError && cause !== undefined)
          request.log.warn(
            { code: error.code, cause: cause instanceof Error ? cause.message : cause },
            'mini-program login refused',
          );
        throw error;
      }
    },
  });
}
