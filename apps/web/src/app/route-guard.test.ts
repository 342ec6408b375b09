import { describe, expect, it } from 'vitest';
import { needsLogin } from './route-guard.ts';

const open = { limits: { type: 0 }, allow_guest_view: 1 as const };

describe('needsLogin (§2 routing rules, §6)', () => {
  it('lets guests see pages that need no login in an open meeting', () => {
    expect(needsLogin({}, open)).toBe(false);
  });

  it('asks for a login on requireLogin pages', () => {
    expect(needsLogin({ requireLogin: true }, open)).toBe(true);
  });

  it('forces login everywhere when limits.type is not 0 or guests are not allowed', () => {
    expect(needsLogin({}, { limits: { type: 1 }, allow_guest_view: 1 })).toBe(true);
    expect(needsLogin({}, { limits: { type: 0 }, allow_guest_view: 0 })).toBe(true);
  });

  it('never guards the login, bind and agree pages themselves', () => {
    expect(needsLogin({ isAuthPage: true }, { limits: { type: 2 }, allow_guest_view: 0 })).toBe(false);
  });
});
