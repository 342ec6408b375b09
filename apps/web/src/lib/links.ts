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
