import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, viewports } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * A meeting that enables no languages (DemoCon, imported from its schedule JSON with the import command,
 * no demo meeting, no domain) offers the four defaults zh en ja ko (§5), falls back to English for a
 * language it does not offer; a visit without a meeting id opens it, the only public meeting (§2: no
 * domain default), and an unknown meeting id ends on /404.
 */

let server: TestServer;
let browser: Browser;
let meetingId: string;

beforeAll(async () => {
  server = await startTestServer({
    importSchedules: ['apps/server/fixtures/democon.schedule.json'],
    seedDemo: false,
  });
  meetingId = server.importedMeetingIds[0] ?? '';
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('languages a meeting offers', () => {
  const phone = viewports[0]!;

  it('offers only the default languages when the meeting enables none', async () => {
    const { page, errors } = await openPage(browser, phone);
    await page.goto(`${server.url}/#/meeting/home?meeting_id=${meetingId}&lang=ja`);
    await page.locator('#meeting-title').waitFor();
    expect(await page.locator('#meeting-title').textContent()).toBe('DemoCon');
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    await page.locator('[data-testid="language-switcher"]:visible').click();
    const offered = await page
      .locator('[role="listbox"] [data-language]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-language')));
    expect(offered).toEqual(['zh', 'en', 'ja', 'ko']);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('falls back to English for a language the meeting does not offer (§5)', async () => {
    const { page } = await openPage(browser, phone);
    await page.goto(`${server.url}/#/meeting/home?meeting_id=${meetingId}&lang=ar`);
    await page.locator('#meeting-title').waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    await page.context().close();
  });

  it('opens the only public meeting when none is given and the domain has no default (§2)', async () => {
    const { page } = await openPage(browser, phone);
    await page.goto(`${server.url}/#/meeting/home`);
    await page.locator('#meeting-title').waitFor();
    expect(await page.locator('#meeting-title').textContent()).toBe('DemoCon');
    await page.context().close();
  });

  it('opens /404 for a meeting id that does not exist', async () => {
    const { page } = await openPage(browser, phone);
    await page.goto(`${server.url}/#/meeting/home?meeting_id=${'e'.repeat(24)}`);
    await expect.poll(() => new URL(page.url()).hash.split('?')[0]).toBe('#/404');
    await page.context().close();
  });
});
