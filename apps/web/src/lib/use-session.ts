import { useSyncExternalStore } from 'react';
import { getSession, getSessionVersion, type Session, subscribeSession } from './session.ts';

/** The stored session, re-rendering on login and logout. */
export function useSession(): Session {
  useSyncExternalStore(subscribeSession, getSessionVersion, getSessionVersion);
  return getSession();
}

/** True when the visitor holds a token for this meeting (§4 Session: logged in). */
export function useIsLoggedIn(meetingId: string): boolean {
  const session = useSession();
  return Boolean(session.token) && session.meetingId === meetingId;
}
