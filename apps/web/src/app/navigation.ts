import { useLayoutEffect } from 'react';
import { type Location, type NavigateFunction, useLocation, useNavigate } from 'react-router';

let current: { navigate: NavigateFunction; location: Location } | undefined;

/**
 * Keeps the router's navigate and location for code outside the component tree (main.tsx's API
 * event handlers, §8). Rendered once inside the router.
 */
export function NavigationBridge(): null {
  const navigate = useNavigate();
  const location = useLocation();
  useLayoutEffect(() => {
    current = { navigate, location };
  }, [navigate, location]);
  return null;
}

/** The current path and query (`/meeting/home?…`), from the router once it runs, else the address. */
export function currentRoute(): { pathname: string; search: string } {
  if (current) return current.location;
  const route = window.location.hash.replace(/^#/, '') || '/';
  const index = route.indexOf('?');
  return index >= 0
    ? { pathname: route.slice(0, index), search: route.slice(index) }
    : { pathname: route, search: '' };
}

/** Opens `to` in place of the current address (no history entry). */
export function replaceRoute(to: string): void {
  if (current) void current.navigate(to, { replace: true });
  else window.location.replace(`#${to}`);
}
