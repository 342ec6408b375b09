import { readStored, writeStored } from './storage.ts';

/** Client values kept between visits (§3 "Stored client values"). */
const keys = {
  deviceId: 'device_id',
  userId: 'user_id',
  token: 'token',
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

export type Session = { token?: string | undefined; userId?: string | undefined };

export function getSession(): Session {
  return { token: readStored(keys.token), userId: readStored(keys.userId) };
}

/** Saves the token and user id that arrive in the query (§2 routing rules). */
export function saveSession(session: Session): void {
  if (session.token !== undefined) writeStored(keys.token, session.token);
  if (session.userId !== undefined) writeStored(keys.userId, session.userId);
}

/** Forgets the signed-in user (403 → logout, §6/§8). The device id stays. */
export function clearSession(): void {
  writeStored(keys.token, undefined);
  writeStored(keys.userId, undefined);
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
