/**
 * The invitation code of a private activity's link (`?invite=<code>`, §6), kept for this browser tab
 * so it survives the detour through the login page and reaches POST /tickets (`invite` in the body),
 * where the server checks its signature. Storage that is unavailable (private mode) just forgets it.
 */

const keyOf = (activityId: string) => `mp:invite:${activityId}`;

/** Remembers the code a visitor arrived with for an activity. */
export function rememberInvite(activityId: string, code: string): void {
  try {
    sessionStorage.setItem(keyOf(activityId), code);
  } catch {
    // No storage: the code is simply not remembered.
  }
}

/** The remembered code of an activity, or undefined. */
export function storedInvite(activityId: string): string | undefined {
  try {
    return sessionStorage.getItem(keyOf(activityId)) ?? undefined;
  } catch {
    return undefined;
  }
}
