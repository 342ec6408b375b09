import { routeTitles } from '../lib/paths.ts';
import type { RouteHandle } from './page-route.ts';

/** The handle of a page titled by its route's `pages.*` key (§2 title rule), plus guard options. */
export const pageHandle = (
  path: keyof typeof routeTitles,
  options: Omit<RouteHandle, 'titleKey'> = {},
): RouteHandle => ({ titleKey: routeTitles[path], ...options });
