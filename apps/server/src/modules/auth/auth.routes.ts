import { loginByEmail, loginByExhibitorAccount, loginByPhone, loginByPhoneToken } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { useRateLimits } from '../../plugins/rate-limit.ts';
import { useCredentialThrottle } from '../throttle/throttle.service.ts';
import {
  loginWithEmailCode,
  loginWithExhibitorAccount,
  loginWithPhoneCode,
  loginWithPhoneToken,
} from './auth.service.ts';

/** Device, browser and IP of a login request. */
function callerOf(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return { deviceId: request.actor.deviceId, userAgent: userAgent ?? null, ip: request.ip };
}

/**
 * POST /tokens/phone, /tokens/phone/v2, /tokens/email, /tokens/exhibitor (§7 Login): public calls
 * that answer LoginResult (token, user, meeting, expiry).
 */
export function authRoutes(app: App): void {
  const { db, config } = app.deps;
  const deps = { db, config };
  useRateLimits(app);
  useCredentialThrottle(app);

  app.route({
    ...contractRoute(loginByPhone),
    handler: async (request) =>
      loginWithPhoneCode(deps, {
        ...callerOf(request),
        phone: request.body.phone,
        areaCode: request.body.area_code,
        code: request.body.code,
        meetingId: request.body.meeting_id,
      }),
  });
  app.route({
    ...contractRoute(loginByPhoneToken),
    handler: async (request) =>
      loginWithPhoneToken(deps, {
        ...callerOf(request),
        phone: request.body.phone,
        areaCode: request.body.area_code,
        meetingId: request.body.meeting_id,
        timestamp: request.body.timestamp,
        sign: request.body.sign,
      }),
  });
  app.route({
    ...contractRoute(loginByEmail),
    handler: async (request) =>
      loginWithEmailCode(deps, {
        ...callerOf(request),
        email: request.body.email,
        code: request.body.code,
        meetingId: request.body.meeting_id,
      }),
  });
  app.route({
    ...contractRoute(loginByExhibitorAccount),
    handler: async (request) =>
      loginWithExhibitorAccount(deps, {
        ...callerOf(request),
        account: request.body.account,
        password: request.body.password,
        meetingId: request.body.meeting_id,
      }),
  });
}
