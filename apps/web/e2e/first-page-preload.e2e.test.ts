import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverablePages, meetingPages } from '../src/app/router.tsx';
import type { FirstPageTable } from '../src/boot/first-page-preload.ts';
import { launchBrowser, openPage, settle, viewports } from './browser.ts';
import { demoMeetingId } from './demo-meeting.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The first page's preloads (src/boot/first-page-preload.ts, written into index.html by
 * scripts/first-page-preloads-plugin.ts, DESIGN §10): every page of the route tables has its entry,
 * and a page opened cold asks for its chunks and catalogues from the HTML — each file once, the app's
 * own requests reusing them, none left unused — with the CSP allowing the inline script.
 */

let server: TestServer;
let browser: Browser;
const phone = viewports[0];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The table in the served index.html. */
async function servedTable(): Promise<FirstPageTable> {
  const html = await (await fetch(`${server.url}/`)).text();
  const json = /\}\)\((\{"catalogues":.*?\})\)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('index.html has no first-page table');
  return JSON.parse(json) as FirstPageTable;
}

/** Opens `address` cold, counting the requests per path and keeping the console's warnings. */
async function openCold(address: string) {
  const { page, errors } = await openPage(browser, phone);
  const requests = new Map<string, number>();
  const warnings: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    requests.set(path, (requests.get(path) ?? 0) + 1);
  });
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`${server.url}${address}`);
  return { page, errors, requests, warnings };
}

const preloads = (page: Page) =>
  page.$$eval('link[rel="modulepreload"], link[rel="preload"]', (links) =>
    links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
  );

describe('the first-page table', () => {
  it('has an entry for every page of the route tables, with its own chunk', async () => {
    const table = await servedTable();
    const pages = [
      meetingPages,
      ...(await Promise.all(discoverablePages.map((group) => group.load()))),
    ].flat();
    const paths = pages.filter((page) => page.lazy).map((page) => page.path.toLowerCase());
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.filter((path) => !Object.hasOwn(table.routes, path))).toEqual([]);
    const files = (path: string) => table.routes[path]?.[0].map((index) => table.files[index]) ?? [];
    // The pavilion: its table's chunk (loaded on demand), its page's, and what its prefetch imports.
    expect(files('/exhibit').some((file) => file?.startsWith('exhibit-routes-'))).toBe(true);
    expect(files('/exhibit').some((file) => file?.startsWith('pavilion-route-'))).toBe(true);
    expect(table.routes['/exhibit']?.[1].map((index) => table.namespaces[index])).toContain('exhibitors');
    expect(table.routes['/my/index']?.[2]).toBe(1);
  });
});

describe('a page opened cold', () => {
  it('the pavilion asks for its code and catalogues from the HTML, each once, none left unused', async () => {
    const { page, errors, requests, warnings } = await openCold(`/#/exhibit?meeting_id=${demoMeetingId}`);
    await page.locator('[data-testid="exhibitor-card"]').first().waitFor();
    await settle(page);
    const preloaded = await preloads(page);
    expect(preloaded.some((path) => /\/assets\/pavilion-route-[^/]+\.js$/.test(path))).toBe(true);
    expect(preloaded.some((path) => /\/assets\/exhibit-routes-[^/]+\.js$/.test(path))).toBe(true);
    expect(preloaded.filter((path) => path.endsWith('.json'))).toEqual(
      ['common', 'meetings', 'agendas', 'speakers', 'exhibitors'].map((namespace) =>
        expect.stringMatching(new RegExp(`/assets/locales/[^/]+/en/${namespace}\\.json$`)),
      ),
    );
    for (const path of preloaded) expect(requests.get(path), path).toBe(1);
    // Chromium warns about a preload still unused a few seconds after the load event.
    await page.waitForTimeout(4000);
    expect(warnings.filter((warning) => warning.includes('preload'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the home in Arabic asks for the Arabic catalogues, which the app then uses, and the home's chunks", async () => {
    const { page, errors, requests } = await openCold(`/#/meeting/home?meeting_id=${demoMeetingId}&lang=ar`);
    await page.locator('#meeting-title').waitFor();
    await settle(page);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const preloaded = await preloads(page);
    const catalogues = preloaded.filter((path) => path.endsWith('.json'));
    expect(catalogues.length).toBeGreaterThanOrEqual(4);
    for (const path of catalogues) expect(path).toMatch(/\/ar\/[a-z-]+\.json$/);
    expect(preloaded.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(0);
    for (const path of preloaded) expect(requests.get(path), path).toBe(1);
    expect([...requests.keys()].filter((path) => path.includes('/en/'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
