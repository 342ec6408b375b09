import {
  createConsoleWechatAuthorization as createConsoleWechatAuthorizationContract,
  createWechatAuthorization as createWechatAuthorizationContract,
  listWechatAuthorizations as listWechatAuthorizationsContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import {
  finishPlatformAuthorization,
  listPlatformAuthorizations,
  startPlatformAuthorization,
} from './wechat-platform.service.ts';

/**
 * WeChat third-party platform (§3 wechat_authorize; §7 GET/POST /wechat/authorizes; §8):
 * POST /wechat/authorizes (console action wechat.settings; also as
 * POST /console/meetings/{meeting_id}/wechat/authorizes for console sessions of any meeting),
 * GET /wechat/authorizes (public),
 * GET /wechat/component/callback (WeChat's browser return). WeChat's pushes to the platform arrive at
 * POST /wechat/component/events (wechat-events.routes.ts).
 */
export function wechatPlatformRoutes(app: App): void {
  const deps = { db: app.deps.db, config: app.deps.config, dbKind: app.deps.dbKind };

  app.route({
    ...contractRoute(createWechatAuthorizationContract),
    config: { auth: 'required' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startPlatformAuthorization(deps, {
        userId: requireUserId(request),
        meetingId: request.body.meeting_id,
      });
    },
  });

  app.route({
    ...contractRoute(createConsoleWechatAuthorizationContract),
    config: { auth: 'required' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startPlatformAuthorization(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
      });
    },
  });

  app.route({
    ...contractRoute(listWechatAuthorizationsContract),
    handler: async (request) => listPlatformAuthorizations(deps, request.query.meeting_id),
  });

  // WeChat sends the browser here after the authorisation page: a plain route (no Apikey, the
  // single-use state is the proof), always a 302 to the console's WeChat screen.
  app.route({
    method: 'GET',
    url: '/wechat/component/callback',
    config: { auth: 'none', skipApikey: true },
    schema: {
      summary:
        "Browser return from WeChat's authorisation page (query auth_code, expires_in, state). Always 302: to /#/console/meetings/{id}/wechat?authorized=1 once the account's authorisation is stored (meeting switched to platform mode), or ?error=wechat.unavailable / wechat.not_authorized / wechat.not_configured; to /#/console?error=wechat.state_invalid for an unknown, used or expired state. No Apikey.",
      description:
        'Implements §7 WeChat POST /wechat/authorizes (its return), §3 wechat_authorize. Called by the browser.',
      tags: ['wechat'],
      security: [],
    },
    handler: async (request, reply) => {
      const { location, failure } = await finishPlatformAuthorization(
        deps,
        (request.query ?? {}) as Record<string, unknown>,
      );
      if (failure !== undefined)
        request.log.warn(
          { reason: failure instanceof Error ? failure.message : String(failure) },
          'wechat platform authorisation failed',
        );
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(location, 302);
    },
  });
}
