import { describe, expect, it } from 'vitest';
import { allowedActions, can, permissions } from './roles.permissions.ts';

describe('console permission table', () => {
  it('lets an administrator do everything and a stranger nothing', () => {
    const everything = Object.keys(permissions);
    expect(allowedActions({ isAdmin: true, roles: [] })).toEqual(everything);
    expect(allowedActions({ isAdmin: false, roles: [] })).toEqual([]);
  });

  it('keeps check-in staff to check-in and the meeting itself', () => {
    expect(allowedActions({ isAdmin: false, roles: ['checkin'] })).toEqual([
      'meeting.read',
      'ticket.checkin',
    ]);
  });

  it('lets registration managers review but not edit the meeting', () => {
    const access = { isAdmin: false, roles: ['registration'] } as const;
    expect(can(access, 'registration.review')).toBe(true);
    expect(can(access, 'meeting.update')).toBe(false);
    expect(can(access, 'team.manage')).toBe(false);
  });

  it('adds up the rights of several roles', () => {
    const access = { isAdmin: false, roles: ['editor', 'finance'] } as const;
    expect(can(access, 'programme.edit')).toBe(true);
    expect(can(access, 'finance.read')).toBe(true);
    expect(can(access, 'registration.read')).toBe(false);
  });
});
