import type { ConsoleAction } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { ConsoleRoute } from '../../lib/console-route.ts';
import { canOpen, meetingIdOfPath, navigationOf, switchMeetingPath } from './console-nav.ts';

const load = async () => ({ Component: () => null });
const route = (
  path: string,
  action: ConsoleRoute['action'],
  nav?: Partial<NonNullable<ConsoleRoute['nav']>>,
): ConsoleRoute => ({
  path,
  action,
  lazy: load,
  ...(nav
    ? { nav: { section: 'meeting', labelKey: `console:nav.${path}`, icon: 'Users', order: 0, ...nav } }
    : {}),
});

const routes: ConsoleRoute[] = [
  route('meetings/:meetingId/team', 'team.manage', { order: 30 }),
  route('meetings/:meetingId', 'dashboard.read', { order: 0 }),
  route('meetings/:meetingId/registrations', 'registration.read', { order: 10 }),
  route('meetings/:meetingId/registrations/:ticketId', 'registration.read', { order: 11 }),
  route('meetings/:meetingId/audit', 'audit.read', { order: 40 }),
  route('meetings/:meetingId/settings', 'meeting.read'),
  route('admins', 'admin', { section: 'platform', order: 10 }),
  route('meetings/new', 'admin', { section: 'platform', order: 5 }),
];
const meetingId = 'a'.repeat(24);
const staff = (actions: ConsoleAction[]) => ({ id: meetingId, actions });
const member = { is_admin: 0, has_console: 1 } as const;

describe('navigationOf', () => {
  it("lists only the selected meeting's screens the role may open, by order", () => {
    const nav = navigationOf(routes, member, staff(['dashboard.read', 'registration.read']));
    expect(nav.map((entry) => entry.path)).toEqual([
      `meetings/${meetingId}`,
      `meetings/${meetingId}/registrations`,
    ]);
  });

  it('gives check-in staff neither the dashboard nor the team', () => {
    const nav = navigationOf(routes, member, staff(['meeting.read', 'ticket.checkin']));
    expect(nav).toEqual([]);
  });

  it('adds the platform screens for administrators, after the meeting ones', () => {
    const nav = navigationOf(routes, { is_admin: 1, has_console: 1 }, staff([]));
    expect(nav.map((entry) => `${entry.section}:${entry.path}`)).toEqual([
      `meeting:meetings/${meetingId}`,
      `meeting:meetings/${meetingId}/registrations`,
      `meeting:meetings/${meetingId}/team`,
      `meeting:meetings/${meetingId}/audit`,
      'platform:meetings/new',
      'platform:admins',
    ]);
  });

  it('lists no meeting screens before a meeting is selected', () => {
    expect(navigationOf(routes, member, undefined)).toEqual([]);
    expect(navigationOf(routes, { is_admin: 1, has_console: 1 }, undefined).map((e) => e.path)).toEqual([
      'meetings/new',
      'admins',
    ]);
  });
});

describe('canOpen', () => {
  it('follows the actions, admin and any', () => {
    expect(canOpen('team.manage', member, staff(['team.manage']))).toBe(true);
    expect(canOpen('team.manage', member, staff(['dashboard.read']))).toBe(false);
    expect(canOpen('team.manage', member, undefined)).toBe(false);
    expect(canOpen('admin', member, staff(['team.manage']))).toBe(false);
    expect(canOpen('admin', { is_admin: 1, has_console: 1 }, undefined)).toBe(true);
    expect(canOpen('any', member, undefined)).toBe(true);
    expect(canOpen('any', { is_admin: 0, has_console: 0 }, undefined)).toBe(false);
  });
});

describe('addresses', () => {
  it('reads the meeting id of a console address', () => {
    expect(meetingIdOfPath(`/console/meetings/${meetingId}/team`)).toBe(meetingId);
    expect(meetingIdOfPath(`/console/meetings/${meetingId}`)).toBe(meetingId);
    expect(meetingIdOfPath('/console/meetings/new')).toBeUndefined();
  });

  it('keeps the screen when switching meetings, else opens the dashboard', () => {
    const other = 'b'.repeat(24);
    expect(switchMeetingPath(routes, `/console/meetings/${meetingId}/team`, other)).toBe(
      `/console/meetings/${other}/team`,
    );
    expect(switchMeetingPath(routes, `/console/meetings/${meetingId}/activities/x`, other)).toBe(
      `/console/meetings/${other}`,
    );
  });
});
