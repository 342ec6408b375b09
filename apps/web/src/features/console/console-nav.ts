import type { ConsoleMe, ConsoleMeetingSummary } from '@app/contracts';
import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * The console's navigation rules (DESIGN §7), pure so they are tested apart: which screens a caller
 * may open (the meeting's `actions` from GET /console/me; 'admin' screens for platform
 * administrators; 'any' for anyone with console access) and which side-navigation entries follow.
 */

/** The 24-hex meeting id of a console address (`/console/meetings/{id}/…`), or undefined. */
export function meetingIdOfPath(pathname: string): string | undefined {
  return /^\/console\/meetings\/([0-9a-f]{24})(?:\/|$)/.exec(pathname)?.[1];
}

/** Whether a caller may open a screen needing `action`, in `meeting` (undefined: no meeting selected). */
export function canOpen(
  action: ConsoleRoute['action'],
  me: Pick<ConsoleMe, 'is_admin' | 'has_console'>,
  meeting: Pick<ConsoleMeetingSummary, 'actions'> | undefined,
): boolean {
  if (me.is_admin === 1) return true;
  if (action === 'admin') return false;
  if (action === 'any') return me.has_console === 1;
  return meeting?.actions.includes(action) ?? false;
}

/** One side-navigation entry: its address below /console, label key and icon name. */
export type ConsoleNavEntry = {
  path: string;
  labelKey: string;
  icon: string;
  order: number;
  section: 'meeting' | 'platform';
};

/** Fills `:meetingId` of a route path. */
export function consolePath(path: string, meetingId: string | undefined): string {
  return path.replace(':meetingId', meetingId ?? '');
}

/**
 * The side navigation of a caller: the selected meeting's screens they may open (none without a
 * selected meeting), then the platform screens for administrators, each section by `order`. Routes
 * without `nav`, and those whose path needs a parameter other than `:meetingId`, are left out.
 */
export function navigationOf(
  routes: readonly ConsoleRoute[],
  me: Pick<ConsoleMe, 'is_admin' | 'has_console'>,
  meeting: (Pick<ConsoleMeetingSummary, 'actions'> & { id: string }) | undefined,
): ConsoleNavEntry[] {
  const entries: ConsoleNavEntry[] = [];
  for (const route of routes) {
    const nav = route.nav;
    if (!nav) continue;
    if (/:(?!meetingId\b)\w+/.test(route.path)) continue;
    if (nav.section === 'meeting' && !meeting) continue;
    if (nav.section === 'platform' && me.is_admin !== 1) continue;
    if (!canOpen(route.action, me, meeting)) continue;
    entries.push({
      path: consolePath(route.path, meeting?.id),
      labelKey: nav.labelKey,
      icon: nav.icon,
      order: nav.order,
      section: nav.section,
    });
  }
  const sectionRank = { meeting: 0, platform: 1 } as const;
  return entries.sort((a, b) => sectionRank[a.section] - sectionRank[b.section] || a.order - b.order);
}

/**
 * Where the meeting switcher goes for another meeting: the same screen (the first segment after the
 * meeting id, when the table has it as `meetings/:meetingId/<segment>`), else the meeting's dashboard.
 */
export function switchMeetingPath(
  routes: readonly ConsoleRoute[],
  pathname: string,
  nextMeetingId: string,
): string {
  const segment = /^\/console\/meetings\/[0-9a-f]{24}\/([^/?]+)/.exec(pathname)?.[1];
  const hasSegment = segment && routes.some((route) => route.path === `meetings/:meetingId/${segment}`);
  return `/console/meetings/${nextMeetingId}${hasSegment ? `/${segment}` : ''}`;
}
