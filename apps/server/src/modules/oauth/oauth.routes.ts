import {
  bindWechatPhone as bindWechatPhoneContract,
  createOAuthAuthorization as createOAuthAuthorizationContract,
  listLoginMethods as listLoginMethodsContract,
  loginWithWechat as loginWithWechatContract,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { AppError } from '../../errors.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import {
  bindWechatPhone,
  finishAuthorization,
  loginWithWechat,
  startAuthorization,
} from './oauth.service.ts';
import { listLoginMethods } from './sso.service.ts';

/**
 * Runs a handler and logs why a login was refused (the answer says only 'Login invalid'; a wrong
 * WECHAT_SECRET or an unreachable identity provider must still be visible to the operator).
 */
async function logRefusal<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (error instanceof AppError && cause !== undefined) {
      request.log.warn(
        { code: error.code, cause: cause instanceof Error ? cause.message : cause },
        'third-party login refused',
      );
    }
    throw error;
  }
}

const clientOf = (request: FastifyRequest) => ({
  deviceId: request.actor.deviceId,
  userAgent: request.headers['user-agent'] ?? null,
  ip: request.ip,
});

/**
 * Third-party logins (§7 Login, §8 4260, §2 /oauth/chinaief): GET /oauth/providers (the meeting's
 * login methods), POST /oauth/{provider}/authorizations,
 * GET /oauth/{provider}/callback, POST /tokens/wechat, POST /tokens/wechat/bind.
 */
export function oauthRoutes(app: App): void {
  const deps = { db: app.deps.db, config: app.deps.config };

  app.route({
    ...contractRoute(listLoginMethodsContract),
    handler: async (request) => listLoginMethods(deps, request.query.meeting_id),
  });

  app.route({
    ...contractRoute(createOAuthAuthorizationContract),
    handler: async (request) =>
      logRefusal(request, () =>
        startAuthorization(deps, {
          provider: request.params.provider,
          meetingId: request.body.meeting_id,
          redirect: request.body.redirect,
        }),
      ),
  });

  // The identity provider sends the browser here, so this is a plain route, not a contract: no
  // Apikey (the single-use state is the proof), no JSON answer — always a 302 to the SPA, also on
  // failure (the reason goes to the log only).
  app.route({
    method: 'GET',
    url: '/oauth/:provider/callback',
    config: { skipApikey: true },
    schema: {
      summary:
        "Browser return from Google, Facebook, WeChat or the meeting's single sign-on (chinaief) (query code, state, or error). Always 302: to /#/oauth2/authorize?token=…&user_id=…&meeting_id=…&redirect=… after a Google, Facebook or chinaief login; to /#/oauth/authorize?code=…&state=…&meeting_id=… for WeChat (then POST /tokens/wechat); on any failure to the same landing page with meeting_id, provider and error=login.invalid (or account.disabled, login.method_disabled). No Apikey.",
      description:
        'Implements §7 Login (third-party logins) and §2 /oauth/authorize, /oauth2/authorize. Not called by the client; registered at the providers.',
      tags: ['auth'],
      security: [],
    },
    handler: async (request, reply) => {
      const url = request.url;
      const questionMark = url.indexOf('?');
      const { location, failure } = await finishAuthorization(deps, {
        provider: (request.params as { provider: string }).provider,
        query: (request.query ?? {}) as Record<string, unknown>,
        rawQuery: questionMark === -1 ? '' : url.slice(questionMark + 1),
        ...clientOf(request),
      });
      if (failure) {
        const cause = (failure as { cause?: unknown }).cause;
        request.log.warn(
          { err: failure, cause: cause instanceof Error ? cause.message : cause },
          'third-party login failed',
        );
      }
      // The answer carries a session token in its Location: never cache it, never leak the referrer.
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(location, 302);
    },
  });

  app.route({
    ...contractRoute(loginWithWechatContract),
    handler: async (request) =>
      logRefusal(request, () =>
        loginWithWechat(deps, {
          code: request.body.code,
          state: request.body.state,
          meetingId: request.body.meeting_id,
          ...clientOf(request),
        }),
      ),
  });

  app.route({
    ...contractRoute(bindWechatPhoneContract),
    handler: async (request) =>
      logRefusal(request, () =>
        bindWechatPhone(deps, {
          ticket: request.body.ticket,
          phone: request.body.phone,
          areaCode: request.body.area_code,
          code: request.body.code,
          meetingId: request.body.meeting_id,
          ...clientOf(request),
        }),
      ),
  });
}
