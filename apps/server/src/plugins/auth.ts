import { isObjectId } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { App } from '../app-types.ts';
import { loginRequired, tokenInvalid } from '../errors.ts';
import { findLiveMeetingById } from '../modules/meetings/meetings.repository.ts';
import { resolveSession } from '../modules/sessions/sessions.service.ts';
import { publicRoutes } from './contract-route.ts';

/** The bearer token of a request: `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? null : token;
}

/** Meeting ids a request names (query, body or path `meeting_id` / `meetingId`, or `id` under /meetings/). */
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
  const params = request.params as Record<string, unknown> | undefined;
  const url = request.routeOptions.url ?? '';
  if (url.startsWith('/api/meetings/:id') && typeof params?.id === 'string' && isObjectId(params.id)) {
    ids.push(params.id);
  }
  return ids;
}

/**
 * Whether a meeting lets anonymous visitors read its content (allow_guest_view = 1 and limits.type
 * = 0), remembered per meeting for `ttlMs` (§2: guest view cached per meeting), for at most 10,000
 * meetings (the least recently asked make room). Unknown meetings count as allowed here: the call
 * itself then answers its own 404.
 */
function guestViewRules(app: App, ttlMs: number) {
  const rules = new LRUCache<string, boolean>({ max: 10_000, ttl: ttlMs });
  return async (meetingId: string): Promise<boolean> => {
    const known = rules.get(meetingId);
    if (known !== undefined) return known;
    const meeting = await findLiveMeetingById(app.deps.db, meetingId);
    const isAllowed = !meeting || (meeting.allowGuestView === 1 && meeting.limitsType === 0);
    rules.set(meetingId, isAllowed);
    return isAllowed;
  };
}

/**
 * Requests for meeting content that name no meeting (items asked by `_id` alone), with the meeting of
 * the caller's session (null for a visitor): the meeting is known only from the answer, so the rules
 * are checked there (preSerialization) and the response cache neither serves nor stores them.
 */
const readersOfUnnamedMeeting = new WeakMap<FastifyRequest, string | null>();

/** Whether the meeting rules of this request wait for its answer (plugins/response-cache.ts skips it). */
export function awaitsAnswerMeetingCheck(request: FastifyRequest): boolean {
  return readersOfUnnamedMeeting.has(request);
}

/** Meeting ids of the items of an answer: `meeting_id` of the answer and of each of its `results`. */
function answeredMeetingIds(payload: unknown): string[] {
  if (!payload || typeof payload !== 'object') return [];
  const record = payload as { meeting_id?: unknown; results?: unknown };
  const items = Array.isArray(record.results) ? [record, ...record.results] : [record];
  const ids = new Set<string>();
  for (const item of items) {
    const id = (item as { meeting_id?: unknown } | null)?.meeting_id;
    const text = id && typeof id === 'object' ? (id as { $id?: unknown }).$id : id;
    if (typeof text === 'string' && isObjectId(text)) ids.add(text);
  }
  return [...ids];
}

function isPublicRoute(request: FastifyRequest): boolean {
  if (request.routeOptions.config.auth === 'none') return true;
  const url = request.routeOptions.url ?? '';
  return publicRoutes.has(`${request.method} ${url.replace(/^\/api/, '')}`);
}

/**
 * Resolves the session of the Authorization token into `request.actor` (§4 Session, §6, §8):
 * - public calls (§7) and routes with `config.auth = 'none'` (health) ignore any token;
 * - a token that is unknown, expired, revoked, of a disabled user, or bound to another meeting than
 *   the one the request names → 403 `token.invalid` (the client logs out); on meeting content that
 *   names no meeting, the same when the item belongs to another meeting closed to guests;
 * - no token on a route with `config.auth = 'required'` → 401 `login.required`;
 * - no token on meeting content (`config.isGuestViewable`) of a meeting that does not allow guests or
 *   whose limits.type is not 0 → 401 `login.required` (§2 routing rules, §6) — the meeting the
 *   request names, or when it names none, the meeting of the item in its path
 *   (`config.guestMeetingOf`) or else the meetings of the items it answers (items by `_id`).
 */
export function registerAuth(app: App): void {
  const isGuestAllowed = guestViewRules(app, Math.max(1, app.deps.config.CACHE_TTL_SECONDS) * 1000);
  app.addHook('preHandler', async (request) => {
    if (isPublicRoute(request)) return;
    const token = bearerToken(request);
    if (!token) {
      const { config } = request.routeOptions;
      if (config.auth === 'required') throw loginRequired();
      if (config.isGuestViewable) {
        const named = new Set(namedMeetingIds(request));
        if (named.size === 0 && config.guestMeetingOf) {
          const itemMeeting = await config.guestMeetingOf(request);
          if (itemMeeting) named.add(itemMeeting);
        }
        if (named.size === 0) readersOfUnnamedMeeting.set(request, null);
        for (const meetingId of named) {
          if (!(await isGuestAllowed(meetingId))) throw loginRequired();
        }
      }
      return;
    }
    const session = await resolveSession(app.deps, token);
    if (!session) throw tokenInvalid();
    // Console calls (DESIGN §7) manage any meeting the caller holds a role in, whichever meeting the
    // session was opened on; their services check the role. Every other call stays in its meeting.
    const isConsole = (request.routeOptions.url ?? '').startsWith('/api/console/');
    const named = isConsole ? [] : namedMeetingIds(request);
    if (named.some((id) => id !== session.meetingId)) throw tokenInvalid();
    const { config } = request.routeOptions;
    if (config.isGuestViewable && named.length === 0) {
      // A session of one meeting reads another meeting's content only where visitors could (§6).
      const itemMeeting = config.guestMeetingOf ? await config.guestMeetingOf(request) : undefined;
      if (itemMeeting && itemMeeting !== session.meetingId && !(await isGuestAllowed(itemMeeting))) {
        throw tokenInvalid();
      }
      if (!config.guestMeetingOf) readersOfUnnamedMeeting.set(request, session.meetingId);
    }
    request.actor.userId = session.userId;
    request.actor.sessionId = session.sessionId;
    request.actor.sessionMeetingId = session.meetingId;
  });
  // Items asked by _id alone show nothing of a meeting closed to guests to a visitor, nor to the
  // session of another meeting (§6).
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (!readersOfUnnamedMeeting.has(request)) return payload;
    const sessionMeetingId = readersOfUnnamedMeeting.get(request);
    for (const meetingId of answeredMeetingIds(payload)) {
      if (meetingId === sessionMeetingId || (await isGuestAllowed(meetingId))) continue;
      throw sessionMeetingId ? tokenInvalid() : loginRequired();
    }
    return payload;
  });
}

/**
 * An onRequest hook for routes that accept bodies larger than the API's 1 MiB (schedule files,
 * registrant files): the session is checked before the body is read, so a caller without a valid
 * token is refused (401 login.required, 403 token.invalid) before the server parses megabytes for
 * them. The preHandler check still runs afterwards as on every route.
 */
export function sessionBeforeLargeBody(app: App) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw loginRequired();
    if (!(await resolveSession(app.deps, token))) throw tokenInvalid();
  };
}

/** The logged-in user id of a request on an `auth: 'required'` route. */
export function requireUserId(request: FastifyRequest): string {
  if (!request.actor.userId) throw loginRequired();
  return request.actor.userId;
}
