import { allLanguages, isLanguage } from '@app/domain';
import { startupNamespaces } from '@app/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestedLanguage } from '../lib/i18n.ts';
import { type FirstPageTable, preloadFirstPage } from './first-page-preload.ts';

const table: FirstPageTable = {
  catalogues: 'assets/locales/v1',
  languages: [...allLanguages],
  startup: [...startupNamespaces],
  files: ['exhibit-routes-a', 'pavilion-route-b', 'shared-c', 'order-route-d', 'agent-e', 'ticket-f', 'my-g'],
  namespaces: ['exhibitors', 'orders', 'activities'],
  routes: {
    '/exhibit': [[0, 1, 2], [0]],
    '/my/order/:checkoutid': [[3], [1]],
    '/meeting/:meetingid/activity/:activityid/agent/v2/:mode?': [[4], [2]],
    '/meeting/:meetingid/activity/:activityid/agent/v2/ticket': [[5], [2]],
    '/my/index': [[6], [], 1],
  },
};

type Visit = { hash: string; search?: string; stored?: Record<string, string>; browser?: string };
type Link = { rel: string; as?: string; href: string };

/** A document fragment that keeps what is appended to it. */
const fragment = () => {
  const children: Link[] = [];
  return { children, appendChild: (link: Link) => children.push(link) };
};

/**
 * Stands in for the page the inline script runs in (its address, storage, browser language and
 * document); returns the list the links it adds to the head go to, in order.
 */
function stubPage(
  { hash, search = '', stored = {}, browser }: Visit,
  {
    baseURI = 'https://fair.example/app/',
    visibilityState = 'hidden',
    getItem = (key: string) => stored[key] ?? null,
  } = {},
): Link[] {
  const links: Link[] = [];
  vi.stubGlobal('location', { hash, search });
  vi.stubGlobal('localStorage', { getItem });
  vi.stubGlobal('navigator', { language: browser });
  vi.stubGlobal('document', {
    visibilityState,
    baseURI,
    createElement: () => ({}),
    createDocumentFragment: fragment,
    head: { appendChild: (added: { children: Link[] }) => links.push(...added.children) },
  });
  return links;
}

/** Runs the script in a hidden tab (no frame to wait for); returns the links it added, in order. */
function visit(page: Visit): Link[] {
  const links = stubPage(page);
  vi.useFakeTimers();
  preloadFirstPage(table);
  vi.runAllTimers();
  vi.useRealTimers();
  return links;
}

const catalogue = (language: string, namespace: string) =>
  `https://fair.example/app/assets/locales/v1/${language}/${namespace}.json`;
const chunk = (file: string) => `https://fair.example/app/assets/${file}.js`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('preloadFirstPage', () => {
  it("asks for the route's chunks and its catalogues with the startup ones, as the app will fetch them", () => {
    const links = visit({ hash: '#/exhibit?meeting_id=m1', browser: 'en-GB' });
    expect(links.filter((link) => link.rel === 'preload').map((link) => [link.as, link.href])).toEqual(
      [...startupNamespaces, 'exhibitors'].map((namespace) => ['fetch', catalogue('en', namespace)]),
    );
    expect(links.filter((link) => link.rel === 'modulepreload').map((link) => link.href)).toEqual(
      ['exhibit-routes-a', 'pavilion-route-b', 'shared-c'].map(chunk),
    );
  });

  it('matches the path as the router does: case, trailing slash, parameters, the static path first', () => {
    const chunks = (hash: string) =>
      visit({ hash, browser: 'en' })
        .filter((link) => link.rel === 'modulepreload')
        .map((link) => link.href);
    expect(chunks('#/Exhibit/?x=1')).toEqual(['exhibit-routes-a', 'pavilion-route-b', 'shared-c'].map(chunk));
    expect(chunks('#/my/order/abc123')).toEqual([chunk('order-route-d')]);
    expect(chunks('#/my/order')).toEqual([]);
    expect(chunks('#/meeting/m1/activity/a1/agent/v2/ticket')).toEqual([chunk('ticket-f')]);
    expect(chunks('#/meeting/m1/activity/a1/agent/v2/list')).toEqual([chunk('agent-e')]);
    expect(chunks('#/meeting/m1/activity/a1/agent/v2')).toEqual([chunk('agent-e')]);
    // An address no table has, and the bare page: only the startup catalogues.
    expect(visit({ hash: '#/nowhere', browser: 'en' }).map((link) => link.href)).toEqual(
      startupNamespaces.map((namespace) => catalogue('en', namespace)),
    );
    expect(visit({ hash: '', browser: 'en' })).toHaveLength(startupNamespaces.length);
  });

  it('asks for nothing of a personal page without a stored session: the login page shows instead', () => {
    expect(visit({ hash: '#/my/index', browser: 'en' })).toHaveLength(startupNamespaces.length);
    expect(visit({ hash: '#/my/index', browser: 'en', stored: { token: 't' } }).at(-1)?.href).toBe(
      chunk('my-g'),
    );
  });

  it('picks the language main.tsx will start with, for every mix of query, stored choice and browser', () => {
    const queries = [
      { search: '', hash: '#/exhibit' },
      { search: '', hash: '#/exhibit?lang=ar' },
      { search: '?lang=ja', hash: '#/exhibit' },
      { search: '?lang=ja', hash: '#/exhibit?lang=ko' },
      { search: '', hash: '#/exhibit?lang=xx' },
      { search: '', hash: '#/exhibit?lang=' },
    ];
    const storedChoices: Record<string, string>[] = [{}, { language: 'de' }, { language: 'bogus' }];
    const browsers = ['zh-CN', 'tl-PH', 'in-ID', 'pt_BR', 'fil', 'sv-SE', undefined];
    for (const { search, hash } of queries) {
      for (const stored of storedChoices) {
        for (const browser of browsers) {
          const links = visit({ hash, search, stored, browser });
          // main.tsx: the page's query joins the hash's (the hash's values win), then the rule.
          const merged = new URLSearchParams(search);
          const hashQuery = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
          for (const [key, value] of new URLSearchParams(hashQuery)) merged.set(key, value);
          const requested = requestedLanguage(merged);
          const expected = isLanguage(requested) ? requested : 'en';
          expect(links[0]?.href, `${search}${hash} ${JSON.stringify(stored)} ${browser}`).toBe(
            catalogue(expected, 'common'),
          );
        }
      }
    }
  });

  it('waits for the first paint, and swallows what a hostile page state throws', () => {
    const frames: (() => void)[] = [];
    const links = stubPage(
      { hash: '#/exhibit', browser: 'fr' },
      {
        baseURI: 'https://fair.example/',
        visibilityState: 'visible',
        getItem: () => {
          throw new Error('denied');
        },
      },
    );
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.useFakeTimers();
    preloadFirstPage(table);
    vi.runAllTimers();
    expect(links).toHaveLength(0);
    frames.shift()?.();
    vi.runAllTimers();
    expect(links).toHaveLength(startupNamespaces.length + 1 + 3);
    expect(links[0]?.href).toBe('https://fair.example/assets/locales/v1/fr/common.json');

    vi.stubGlobal('location', undefined);
    expect(() => {
      preloadFirstPage(table);
      frames.shift()?.();
      vi.runAllTimers();
    }).not.toThrow();
  });
});
