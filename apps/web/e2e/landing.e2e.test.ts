import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The landing pages never end on /404 (§2 "When no meeting is given, it is found from …"): a fresh
 * install opened at 127.0.0.1 (the demo meeting is bound to `localhost`) opens the only public
 * meeting from `/`, `/#/home` and `/#/meeting/home`, `?lang=` included, also before the hash. With
 * several meetings and no domain default the visitor chooses one (screenshots in zh, en and ar at
 * phone and desktop sizes); the choice is remembered; other pages without a meeting stay /404.
 */

const demoId = '64656d6f0000000000002019';
const demoTitle = 'Chaos Communication Camp 2019';
let demo: TestServer;
let several: TestServer;
let browser: Browser;

/** The same server under its IP address: no meeting has that domain. */
const atIp = (server: TestServer) => server.url.replace('localhost', '127.0.0.1');

beforeAll(async () => {
  [demo, several] = await Promise.all([
    startTestServer(),
    // Two imported meetings, neither with a domain (the demo meeting is not seeded then).
    startTestServer({
      importSchedules: [
        'apps/server/fixtures/democon.schedule.json',
        'apps/server/fixtures/camp2019.schedule.json',
      ],
    }),
  ]);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await demo?.stop();
  await several?.stop();
});

const phone = viewports[0];

async function meetingHome(page: Page): Promise<string | null> {
  await page.locator('#meeting-title').waitFor();
  expect(hashPath(page)).toBe('/meeting/home');
  return page.locator('#meeting-title').textContent();
}

describe('a fresh install opened at 127.0.0.1', () => {
  it.each(['/', '/#/', '/#/home', '/#/meeting/home'])('opens the demo meeting from %s', async (address) => {
    const { page, errors } = await openPage(browser, phone);
    await page.goto(`${atIp(demo)}${address}`);
    expect(await meetingHome(page)).toBe(demoTitle);
    await expect.poll(() => new URL(page.url()).hash).toContain(`meeting_id=${demoId}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each(['/?lang=ar', '/#/?lang=ar', '/#/home?lang=ar', '/#/meeting/home?lang=ar'])(
    'shows it in Arabic from %s',
    async (address) => {
      const { page, errors } = await openPage(browser, phone);
      await page.goto(`${atIp(demo)}${address}`);
      // The demo meeting's Arabic title.
      expect(await meetingHome(page)).toBe('مخيم الفوضى للاتصالات 2019');
      await expect.poll(() => new URL(page.url()).hash).toContain(`meeting_id=${demoId}`);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ar');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      // A query before the hash moves into the hash route's query.
      expect(new URL(page.url()).search).toBe('');
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});

describe('the first screen', () => {
  it("draws the home with its content as React's first screen, never a skeleton of its own first", async () => {
    const { page, errors } = await openPage(browser, phone);
    // Every busy placeholder added straight under #root: the HTML's own skeleton is `.boot`; a
    // skeleton React drew there would mean the first render suspended on the meeting or the page's
    // code, and React reveals a suspended boundary's content no sooner than 300 ms after it.
    await page.addInitScript(() => {
      const added: string[] = [];
      (window as unknown as { rootSkeletons: string[] }).rootSkeletons = added;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (
              node instanceof HTMLElement &&
              node.parentElement?.id === 'root' &&
              node.ariaBusy === 'true'
            ) {
              added.push(node.className);
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${demo.url}/#/meeting/home?meeting_id=${demoId}&lang=en`);
    expect(await meetingHome(page)).toBe(demoTitle);
    await page.locator('[data-block="intro"] p').first().waitFor();
    const skeletons = await page.evaluate(
      () => (window as unknown as { rootSkeletons: string[] }).rootSkeletons,
    );
    expect(skeletons.filter((className) => !className.split(' ').includes('boot'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('draws it styled: the stylesheet linked after the boot shell is applied before React first renders, fetched once', async () => {
    const { page, errors } = await openPage(browser, phone);
    // Whether a stylesheet file was applied when React first added its own content under #root.
    await page.addInitScript(() => {
      const state = window as unknown as { styledAtFirstRender?: boolean };
      new MutationObserver((records, observer) => {
        const added = records.flatMap((record) => [...record.addedNodes]);
        if (!added.some((node) => node instanceof HTMLElement && node.parentElement?.id === 'root')) return;
        if (!document.getElementById('root')?.querySelector(':scope > :not(.boot)')) return;
        state.styledAtFirstRender = [...document.styleSheets].some((sheet) => sheet.href?.endsWith('.css'));
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.css')) stylesheets.push(request.url());
    });
    await page.goto(`${demo.url}/#/meeting/home?meeting_id=${demoId}&lang=en`);
    expect(await meetingHome(page)).toBe(demoTitle);
    expect(
      await page.evaluate(() => (window as unknown as { styledAtFirstRender?: boolean }).styledAtFirstRender),
    ).toBe(true);
    // The utility classes apply: the title is not drawn in the browser's default serif at 2em.
    expect(
      await page.locator('#meeting-title').evaluate((title) => getComputedStyle(title).fontFamily),
    ).not.toMatch(/^"?Times/);
    expect(stylesheets).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
  it("draws the entries' labels first and their icons once that screen has painted", async () => {
    const { page, errors } = await openPage(browser, phone);
    // How many entries, and how many of them with an icon, the first screen with entries showed (an
    // external entry's hidden arrow, .sr-only, is not its icon).
    await page.addInitScript(() => {
      const state = window as unknown as { firstEntries?: { entries: number; icons: number } };
      new MutationObserver((_records, observer) => {
        const entries = document.querySelectorAll('[data-block="navigation"] li');
        if (entries.length === 0 || !document.querySelector('[data-block="intro"] p')) return;
        const icons = [...entries].filter((entry) => entry.querySelector('svg:not(.sr-only)')).length;
        state.firstEntries = { entries: entries.length, icons };
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${demo.url}/#/meeting/home?meeting_id=${demoId}&lang=en`);
    expect(await meetingHome(page)).toBe(demoTitle);
    await page.locator('[data-block="intro"] p').first().waitFor();
    const first = await page.evaluate(
      () => (window as unknown as { firstEntries?: { entries: number; icons: number } }).firstEntries,
    );
    expect(first?.entries).toBeGreaterThan(0);
    expect(first?.icons).toBe(0);
    // Then every entry gets its icon.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('[data-block="navigation"] li')].every((entry) =>
            entry.querySelector('svg:not(.sr-only)'),
          ),
        ),
      )
      .toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('several public meetings and no domain default', () => {
  it('lets the visitor choose, then remembers the choice', async () => {
    const { page, errors } = await openPage(browser, phone);
    await page.goto(`${atIp(several)}/`);
    await page.locator('[data-testid="meeting-chooser"]').waitFor();
    expect(hashPath(page)).toBe('/meeting/home');
    const choices = page.locator('[data-testid="meeting-choice"]');
    await expect.poll(() => choices.count()).toBe(2);
    const titles = await choices.allTextContents();
    expect(titles.some((title) => title.includes('DemoCon'))).toBe(true);
    expect(titles.some((title) => title.includes(demoTitle))).toBe(true);
    await page.locator('[data-testid="meeting-choice"]', { hasText: 'DemoCon' }).click();
    expect(await meetingHome(page)).toBe('DemoCon');

    // The remembered meeting opens next time, from the root and from /home.
    for (const address of ['/', '/#/home']) {
      await page.goto('about:blank');
      await page.goto(`${atIp(several)}${address}`);
      expect(await meetingHome(page)).toBe('DemoCon');
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps other pages without a meeting on /404', async () => {
    const { page } = await openPage(browser, phone);
    await page.goto(`${atIp(several)}/#/meeting/speaker/list`);
    await expect.poll(() => hashPath(page)).toBe('/404');
    await page.context().close();
  });

  describe.each(viewports)('at $name size', (viewport) => {
    it.each([
      ['zh', '选择活动', 'ltr'],
      ['en', 'Choose an event', 'ltr'],
      ['ar', 'اختر فعالية', 'rtl'],
    ])('draws the chooser in %s', async (lang, heading, dir) => {
      const { page, errors } = await openPage(browser, viewport);
      await page.goto(`${atIp(several)}/?lang=${lang}`);
      await page.locator('[data-testid="meeting-chooser"] h1').waitFor();
      expect(await page.locator('[data-testid="meeting-chooser"] h1').textContent()).toBe(heading);
      expect(await page.locator('html').getAttribute('dir')).toBe(dir);
      await expect.poll(() => page.title()).toBe(heading);
      await settle(page);
      await screenshot(page, `meeting-chooser-${viewport.name}-${lang}`);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  });
});

describe('a page group whose code fails to arrive', () => {
  it("shows 'Failed to load the page' with a reload that loads it, instead of an empty app", async () => {
    const { page } = await openPage(browser, phone);
    let isOffline = true;
    let refused = 0;
    // The pavilion's route table comes in a chunk of its own: its downloads fail until the network
    // is back (the first page's early start and the render each ask for it).
    await page.route('**/assets/exhibit-routes-*.js', async (route) => {
      if (!isOffline) return route.continue();
      refused++;
      return route.abort('failed');
    });
    await page.goto(`${demo.url}/#/exhibit?meeting_id=${demoId}`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    // Asked by the early start and once by the render, not in a loop.
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(2);
    isOffline = false;
    await alert.getByRole('button').click();
    await page.locator('a[href*="/meeting/enterprise"]').first().waitFor();
    expect(hashPath(page)).toBe('/exhibit');
    await page.context().close();
  });

  it('reloads a page whose own code failed to arrive', async () => {
    const { page } = await openPage(browser, phone);
    let isOffline = true;
    await page.route('**/assets/list-route-*.js', async (route) => {
      if (!isOffline) return route.continue();
      return route.abort('failed');
    });
    await page.goto(`${demo.url}/#/meeting/speaker/list?meeting_id=${demoId}`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    isOffline = false;
    await alert.getByRole('button').click();
    await page.locator('a[href*="/meeting/speaker?"]').first().waitFor();
    expect(hashPath(page)).toBe('/meeting/speaker/list');
    await page.context().close();
  });
});
