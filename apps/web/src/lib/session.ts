import { readStored, writeStored } from './storage.ts';

/** Client values kept between visits (§3 "Stored client values"). */
const keys = {
  deviceId: 'device_id',
  userId: 'user_id',
  token: 'token',
  sessionMeetingId: 'session_meeting_id',
  meetingId: 'meeting_id',
  source: 'source',
  language: 'language',
  clockOffset: 'clock_offset_ms',
} as const;

function randomId(): string {
  const bytes = new Uint8Array(16);
  // getRandomValues also works on plain-http pages, unlike randomUUID.
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The device id (created once, then kept): identifies an anonymous visitor (§4 Session). */
export function getDeviceId(): string {
  const existing = readStored(keys.deviceId);
  if (existing) return existing;
  const created = randomId();
  writeStored(keys.deviceId, created);
  return created;
}

/** The logged-in state (§4 Session): a token bound to one meeting, or nothing (anonymous). */
export type Session = {
  token?: string | undefined;
  userId?: string | undefined;
  /** Meeting the token was issued for: the server refuses it for another meeting. */
  meetingId?: string | undefined;
};

const sessionListeners = new Set<() => void>();
let sessionVersion = 0;

/** Subscribes to session changes (login, logout); returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** A number that changes on every login or logout (for useSyncExternalStore). */
export const getSessionVersion = (): number => sessionVersion;

function notifySession(): void {
  sessionVersion += 1;
  for (const listener of sessionListeners) listener();
}

export function getSession(): Session {
  return {
    token: readStored(keys.token),
    userId: readStored(keys.userId),
    meetingId: readStored(keys.sessionMeetingId),
  };
}

/** True when a token is held for this meeting. */
export function isLoggedInTo(meetingId: string): boolean {
  const session = getSession();
  return Boolean(session.token) && session.meetingId === meetingId;
}

/** Saves a login, or the token and user id that arrive in the query (§2 routing rules). */
export function saveSession(session: Session): void {
  if (session.token !== undefined) writeStored(keys.token, session.token);
  if (session.userId !== undefined) writeStored(keys.userId, session.userId);
  if (session.meetingId !== undefined) writeStored(keys.sessionMeetingId, session.meetingId);
  notifySession();
}

/** Forgets the signed-in user (logout, or 403 → logout, §4/§6/§8). The device id stays. */
export function clearSession(): void {
  writeStored(keys.token, undefined);
  writeStored(keys.userId, undefined);
  writeStored(keys.sessionMeetingId, undefined);
  notifySession();
}

export const getStoredMeetingId = (): string | undefined => readStored(keys.meetingId);
export const setStoredMeetingId = (id: string): void => writeStored(keys.meetingId, id);

export const getStoredSource = (): string | undefined => readStored(keys.source);
export const setStoredSource = (source: string): void => writeStored(keys.source, source);

export const getStoredLanguage = (): string | undefined => readStored(keys.language);
export const setStoredLanguage = (language: string): void => writeStored(keys.language, language);

/** Difference server clock − device clock in ms, learnt from `x-server-time` (Apikey skew retry). */
export function getClockOffset(): number {
  const value = Number(readStored(keys.clockOffset));
  return Number.isFinite(value) ? value : 0;
}
export const setClockOffset = (ms: number): void => writeStored(keys.clockOffset, String(Math.round(ms)));
