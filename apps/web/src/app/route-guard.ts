import type { RouteHandle } from './page-route.ts';

/**
 * Whether a page needs a logged-in visitor (§2 routing rules, §6): pages marked requireLogin do; a
 * meeting whose limits.type is not 0, or that does not allow guest view, makes every page need it —
 * except the login, bind and agree pages themselves (re-entry guard).
 */
export function needsLogin(
  handle: RouteHandle,
  meeting: { limits: { type: number }; allow_guest_view: 0 | 1 },
): boolean {
  if (handle.isAuthPage) return false;
  return Boolean(handle.requireLogin) || meeting.limits.type !== 0 || meeting.allow_guest_view !== 1;
}
