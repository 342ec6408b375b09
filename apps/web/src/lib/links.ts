/**
 * Links set by organisers (navigation items, §3): app routes (`/agenda`, `#/meeting/home`) or URLs.
 * A URL without a scheme gets the current protocol (§2).
 */
export type ResolvedLink =
  | { kind: 'route'; to: string }
  | { kind: 'external'; href: string }
  | { kind: 'none' };

const schemePattern = /^[a-z][a-z0-9+.-]*:/i;
const hostPattern = /^[\w-]+(\.[\w-]+)+(:\d+)?([/?#]|$)/;

export function resolveLink(raw: string | null | undefined, protocol: string): ResolvedLink {
  const link = raw?.trim() ?? '';
  if (link === '') return { kind: 'none' };
  if (link.startsWith('//')) return { kind: 'external', href: `${protocol}${link}` };
  if (schemePattern.test(link)) return { kind: 'external', href: link };
  if (link.startsWith('#/')) return { kind: 'route', to: link.slice(1) };
  if (link.startsWith('/')) return { kind: 'route', to: link };
  if (hostPattern.test(link)) return { kind: 'external', href: `${protocol}//${link}` };
  return { kind: 'route', to: `/${link}` };
}

/** Adds `meeting_id` to an app route that lacks it, so the page opens in the same meeting. */
export function withMeetingId(to: string, meetingId: string): string {
  const [path = '', query = ''] = to.split('?', 2);
  const search = new URLSearchParams(query);
  if (!search.has('meeting_id') && !search.has('meeting')) search.set('meeting_id', meetingId);
  return `${path}?${search.toString()}`;
}

/** §2 addresses that open the same page as another (`/agenda` is the agenda schedule, `/home` the home). */
const routeAliases: Record<string, string> = {
  '/': '/meeting/home',
  '/home': '/meeting/home',
  '/agenda': '/meeting/agenda/schedule',
  '/exhibition': '/exhibit',
  '/news': '/meeting/news',
  '/demand/list': '/demand',
  '/cooperation': '/demand',
};

/**
 * Which page an app route opens, aliases resolved and the meeting left out: two links with the same
 * key open the same page (`/agenda` and `/meeting/agenda/schedule?meeting_id=…`).
 */
export function pageKey(to: string): string {
  const [path = '', query = ''] = to.split('?', 2);
  const trimmed = path.replace(/\/+$/, '') || '/';
  const search = new URLSearchParams(query);
  search.delete('meeting_id');
  search.delete('meeting');
  search.sort();
  const rest = search.toString();
  const page = routeAliases[trimmed] ?? trimmed;
  return rest ? `${page}?${rest}` : page;
}
