import { isObjectId } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../app-types.ts';
import { loginRequired, tokenInvalid } from '../errors.ts';
import { resolveSession } from '../modules/sessions/sessions.service.ts';
import { publicRoutes } from './contract-route.ts';

/** The bearer token of a request: `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? null : token;
}

/** Meeting ids a request names (query, body or path `meeting_id` / `meetingId`). */
function namedMeetingIds(request: FastifyRequest): string[] {
  const ids: string[] = [];
  for (const source of [request.query, request.body, request.params]) {
    if (!source || typeof source !== 'object') continue;
    const record = source as Record<string, unknown>;
    for (const key of ['meeting_id', 'meetingId']) {
      const value = record[key];
      if (typeof value === 'string' && isObjectId(value)) ids.push(value);
    }
  }
  return ids;
}

function isPublicRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  return publicRoutes.has(`${request.method} ${url.replace(/^\/api/, '')}`);
}

/**
 * Resolves the session of the Authorization token into `request.actor` (§4 Session, §6, §8):
 * - public calls (§7) ignore any token;
 * - a token that is unknown, expired, revoked, of a disabled user, or bound to another meeting than
 *   the one the request names → 403 `token.invalid` (the client logs out);
 * - no token on a route with `config.auth = 'required'` → 401 `login.required`.
 */
export function registerAuth(app: App): void {
  app.addHook('preHandler', async (request) => {
    if (isPublicRoute(request)) return;
    const token = bearerToken(request);
    if (!token) {
      if (request.routeOptions.config.auth === 'required') throw loginRequired();
      return;
    }
    const session = await resolveSession(app.deps, token);
    if (!session) throw tokenInvalid();
    if (namedMeetingIds(request).some((id) => id !== session.meetingId)) throw tokenInvalid();
    request.actor.userId = session.userId;
    request.actor.sessionId = session.sessionId;
    request.actor.sessionMeetingId = session.meetingId;
  });
}

/** The logged-in user id of a request on an `auth: 'required'` route. */
export function requireUserId(request: FastifyRequest): string {
  if (!request.actor.userId) throw loginRequired();
  return request.actor.userId;
}
