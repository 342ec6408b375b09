import { appVersion } from '@app/contracts/wire/limits.ts';
import { buildPath, type RouteContract } from '@app/contracts/wire/route.ts';
import {
  getClockOffset,
  getDeviceId,
  getSession,
  getStoredMeetingId,
  getStoredSource,
  setClockOffset,
} from '../session.ts';
import { type ApiError, createApiClient } from './client.ts';

type Handlers = { onForbidden?: (error: ApiError) => void; onInvalidObjectId?: (error: ApiError) => void };
const handlers: Handlers = {};

/** The app registers what a 403 and an invalid-ObjectId answer do (toast + logout, open /404). */
export function setApiEventHandlers(next: Handlers): void {
  Object.assign(handlers, next);
}

/** The browser's API client. */
export const api = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE ?? '/api',
  salt: import.meta.env.VITE_APIKEY_SALT ?? 'meeting-platform-apikey-salt-v1',
  fetch: (url, init) => fetch(url, init),
  now: () => Date.now(),
  deviceId: getDeviceId,
  // A session belongs to one meeting: its token is sent only while that meeting is the current one,
  // so browsing another meeting stays anonymous instead of being refused with a 403 (→ logout).
  session: () => {
    const session = getSession();
    return session.meetingId === getStoredMeetingId() ? session : {};
  },
  source: getStoredSource,
  clockOffset: { get: getClockOffset, set: setClockOffset },
  onForbidden: (error) => handlers.onForbidden?.(error),
  onInvalidObjectId: (error) => handlers.onInvalidObjectId?.(error),
  // §7: production builds send the deployed stage's version (VITE_STAGE_VERSION, else the app's).
  stageVersion: import.meta.env.PROD ? import.meta.env.VITE_STAGE_VERSION || appVersion : undefined,
});

/**
 * A contract's path, checked at compile time against the contract (no runtime import of zod):
 * `contractPath<typeof listAgendas>('/meeting/agendas')`.
 */
export function contractPath<C extends RouteContract>(path: C['path']): string {
  return path;
}

/** A contract's path with its `:param` placeholders filled (contracts' `buildPath`). */
export function fillPath<C extends RouteContract>(path: C['path'], params: Record<string, string>): string {
  return buildPath(path, params);
}
