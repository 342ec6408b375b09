import { describe, expect, it } from 'vitest';
import type { LoginMethodsShown } from '../api/login.ts';
import { shownTabs, ssoButtonName } from './login-route.tsx';

const all: LoginMethodsShown = {
  phone: 1,
  email: 1,
  exhibitor: 1,
  wechat: 1,
  wechat_qr: 1,
  google: 1,
  facebook: 1,
  chinaief: 0,
};

describe('login page tabs (§7 Login methods)', () => {
  it('shows the switched-on form methods, and the WeChat QR only on a desktop browser', () => {
    expect(shownTabs(all, true)).toEqual(['phone', 'email', 'exhibitor', 'wechat']);
    expect(shownTabs(all, false)).toEqual(['phone', 'email', 'exhibitor']);
    expect(shownTabs({ ...all, phone: 0, exhibitor: 0, wechat_qr: 0 }, true)).toEqual(['email']);
    expect(shownTabs({ ...all, phone: 0, email: 0, exhibitor: 0, wechat_qr: 0 }, true)).toEqual([]);
  });

  it('keeps the three form methods before the answer arrives', () => {
    expect(shownTabs(undefined, true)).toEqual(['phone', 'email', 'exhibitor']);
  });

  it("names the single sign-on in the visitor's language, then English, Chinese, any", () => {
    const names = { zh: '统一认证', en: 'Unified sign-in', fr: 'Connexion unifiée' };
    expect(ssoButtonName(names, 'fr')).toBe('Connexion unifiée');
    expect(ssoButtonName(names, 'de')).toBe('Unified sign-in');
    expect(ssoButtonName({ zh: '统一认证', ja: '' }, 'ja')).toBe('统一认证');
    expect(ssoButtonName({ ko: '통합 로그인' }, 'de')).toBe('통합 로그인');
    expect(ssoButtonName({}, 'en')).toBe('SSO');
  });
});
