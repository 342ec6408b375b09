import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bridgeReturnOf,
  isAllowedHost,
  paymentParams,
  shareMessageOf,
  shareOfMessages,
  takeBridgeAnswer,
  thinPages,
  thinPageUrl,
  webViewDecision,
  withBridgeResult,
} from './miniprogram/utils/links.ts';

const root = join(import.meta.dirname, 'miniprogram');
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/** §2 "Mini-program pages", in the spec's order. */
const specPages = [
  'pages/fu-h5/index',
  'pages/demand/pages/meeting/meeting',
  'pages/demand/pages/detail/detail',
  'pages/enterprise/pages/detail/detail',
  'pages/thread/pages/detail/detail',
  'pages/webview/api/api',
];

describe('the mini-program project (§2 mini-program pages)', () => {
  it('app.json lists exactly the six §2 pages, the web app first', () => {
    expect(readJson(join(root, 'app.json')).pages).toEqual(specPages);
  });

  it('every page has its four files', () => {
    for (const page of specPages) {
      for (const extension of ['ts', 'json', 'wxml', 'wxss']) {
        expect(existsSync(join(root, `${page}.${extension}`)), `${page}.${extension}`).toBe(true);
      }
    }
  });

  it('compiles TypeScript in WeChat DevTools and keeps the thin pages in the table', () => {
    const project = readJson(join(import.meta.dirname, 'project.config.json'));
    expect(project.miniprogramRoot).toBe('miniprogram/');
    expect((project.setting as { useCompilerPlugins: string[] }).useCompilerPlugins).toContain('typescript');
    expect(Object.keys(thinPages).every((page) => specPages.includes(page))).toBe(true);
    for (const page of Object.keys(thinPages)) {
      expect(readFileSync(join(root, `${page}.wxml`), 'utf8')).toContain('<web-view');
    }
  });
});

describe('the web-view page refuses links outside the allowed domains (§2 routing rule)', () => {
  const allowed = ['meeting.example.com', '*.cdn.example.com'];
  it('opens an https link on an allowed host', () => {
    expect(webViewDecision('https://meeting.example.com/#/meeting/home?meeting_id=m1', allowed)).toEqual({
      kind: 'open',
      src: 'https://meeting.example.com/#/meeting/home?meeting_id=m1',
    });
    expect(webViewDecision('https://a.cdn.example.com/x', allowed).kind).toBe('open');
  });

  it('offers to copy any other link', () => {
    for (const link of [
      'https://evil.example.org/',
      'http://meeting.example.com/',
      'https://meeting.example.com.evil.org/',
      'https://meeting.example.com@evil.org/',
      'https://evil.org\\@meeting.example.com/',
      'https://meeting.example.com:8443/',
      'ftp://meeting.example.com/file',
    ]) {
      expect(webViewDecision(link, allowed), link).toEqual({ kind: 'copy', link });
    }
  });

  it('calls text that is no URL invalid', () => {
    expect(webViewDecision('javascript:alert(1)', allowed)).toEqual({ kind: 'invalid' });
    expect(webViewDecision('', allowed)).toEqual({ kind: 'invalid' });
  });

  it('matches hosts like the server WEBVIEW_DOMAINS patterns', () => {
    expect(isAllowedHost('MEETING.example.com.', allowed)).toBe(true);
    expect(isAllowedHost('cdn.example.com', allowed)).toBe(true);
    expect(isAllowedHost('xcdn.example.com', allowed)).toBe(false);
  });
});

describe('thin pages and the bridge', () => {
  it('open the web route of their page', () => {
    const origin = 'https://meeting.example.com/';
    expect(thinPageUrl(origin, 'pages/enterprise/pages/detail/detail', { id: 'e1', meeting_id: 'm1' })).toBe(
      'https://meeting.example.com/#/meeting/enterprise?enterprise_id=e1&meeting_id=m1',
    );
    expect(thinPageUrl(origin, 'pages/demand/pages/detail/detail', { id: 'd1', meeting_id: 'm1' })).toBe(
      'https://meeting.example.com/#/demand/detail?demand_id=d1&meeting_id=m1',
    );
    expect(thinPageUrl(origin, 'pages/thread/pages/detail/detail', { id: 't 1' })).toBe(
      'https://meeting.example.com/#/meeting/talk?thread_id=t%201',
    );
    expect(
      thinPageUrl(origin, 'pages/demand/pages/meeting/meeting', { meeting_id: 'm1', type: '2', id: 'x' }),
    ).toBe('https://meeting.example.com/#/demand?meeting_id=m1&type=2');
  });

  it('hands its result back in the hash route query, replacing an earlier one', () => {
    const src = 'https://meeting.example.com/#/my/order?meeting_id=m1&mp_status=fail';
    expect(withBridgeResult(src, { action: 'pay', status: 'ok' })).toBe(
      'https://meeting.example.com/#/my/order?meeting_id=m1&mp_action=pay&mp_status=ok',
    );
    expect(
      withBridgeResult('https://meeting.example.com/', {
        action: 'login',
        status: 'ok',
        loginCode: 'c&1',
        phoneCode: 'p1',
      }),
    ).toBe('https://meeting.example.com/?mp_action=login&mp_status=ok&mp_code=c%261&mp_phone_code=p1');
  });

  it('answers on the address the web view asked from, when it is allowed, once', () => {
    const allowed = ['meeting.example.com'];
    const home = 'https://meeting.example.com/#/meeting/home?meeting_id=m1';
    const login = 'https://meeting.example.com/#/login?meeting_id=m1';
    const asked = bridgeReturnOf(encodeURIComponent(login), allowed);
    expect(asked).toBe(login);
    expect(bridgeReturnOf(encodeURIComponent('https://evil.example.net/#/login'), allowed)).toBeUndefined();
    expect(bridgeReturnOf('%E0%A4%A', allowed)).toBeUndefined();
    const globalData = {
      bridgeResult: { action: 'login', status: 'cancel' } as const,
      bridgeReturn: asked,
    };
    expect(takeBridgeAnswer(globalData, home)).toBe(`${login}&mp_action=login&mp_status=cancel`);
    expect(takeBridgeAnswer(globalData, home)).toBeUndefined();
    expect(
      takeBridgeAnswer({ bridgeResult: { action: 'pay', status: 'ok' }, bridgeReturn: undefined }, home),
    ).toBe(`${home}&mp_action=pay&mp_status=ok`);
  });

  it('accepts only complete payment parameters', () => {
    const params = { timeStamp: '1', nonceStr: 'n', package: 'prepay_id=x', signType: 'RSA', paySign: 's' };
    expect(paymentParams(encodeURIComponent(JSON.stringify(params)))).toEqual(params);
    expect(paymentParams(encodeURIComponent(JSON.stringify({ ...params, paySign: '' })))).toBeUndefined();
    expect(
      paymentParams(encodeURIComponent(JSON.stringify({ ...params, signType: 'SHA1' }))),
    ).toBeUndefined();
    expect(paymentParams('%E0%A4%A')).toBeUndefined();
    expect(paymentParams(undefined)).toBeUndefined();
  });
});

describe('the share card a web page posts', () => {
  const allowed = ['meeting.example.com'];
  it('takes the last share message whose link the web view may open', () => {
    const card = shareOfMessages(
      [
        { type: 'share', title: 'Old', link: 'https://meeting.example.com/s/home?meeting_id=m1' },
        { type: 'other' },
        {
          type: 'share',
          title: 'Gates open',
          link: 'https://meeting.example.com/s/news?news_id=n1',
          imgUrl: 'https://meeting.example.com/api/share/news/card.png?id=n1&size=thumb',
        },
        { type: 'share', title: 'Elsewhere', link: 'https://evil.example.org/' },
      ],
      allowed,
    );
    expect(card).toEqual({
      title: 'Gates open',
      link: 'https://meeting.example.com/s/news?news_id=n1',
      imageUrl: 'https://meeting.example.com/api/share/news/card.png?id=n1&size=thumb',
    });
    expect(card && shareMessageOf(card)).toEqual({
      title: 'Gates open',
      path: '/pages/fu-h5/index?link=https%3A%2F%2Fmeeting.example.com%2Fs%2Fnews%3Fnews_id%3Dn1',
      imageUrl: 'https://meeting.example.com/api/share/news/card.png?id=n1&size=thumb',
    });
  });

  it('ignores malformed messages and images off the allowed hosts', () => {
    expect(shareOfMessages('nope', allowed)).toBeUndefined();
    expect(shareOfMessages([null, 3, { type: 'share' }], allowed)).toBeUndefined();
    expect(
      shareOfMessages(
        [
          {
            type: 'share',
            title: 7,
            link: 'https://meeting.example.com/',
            imgUrl: 'http://x.example.org/a.png',
          },
        ],
        allowed,
      ),
    ).toEqual({ title: '', link: 'https://meeting.example.com/', imageUrl: '' });
  });
});
