import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hashPath,
  launchBrowser,
  openPage,
  screenshot,
  settle,
  type Viewport,
  viewports,
} from './browser.ts';
import { fetchDemoMeeting } from './demo-meeting.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * What a visitor does: open the site, read the meeting home, browse the agenda by day,
 * open a session and its speaker, switch to Arabic; at phone and desktop sizes. Screenshots of each
 * page in zh, en and ar go to e2e/screenshots/.
 */

const meetingTitle = 'Chaos Communication Camp 2019';
let server: TestServer;
let browser: Browser;
/** The demo programme's second day, 'YYYY-MM-DD' (the seed moves it into the coming weeks). */
let secondDate = '';

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  secondDate = (await fetchDemoMeeting(server.url)).days[1]?.date ?? '';
  expect(secondDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(viewports)('journeys at $name size', (viewport: Viewport) => {
  const found: { details?: string; speaker?: string } = {};

  it('opens / and lands on the meeting home', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto(`${server.url}/`);
    await page.locator('#meeting-title').waitFor();
    expect(hashPath(page)).toBe('/meeting/home');
    // The layout completes the URL in an effect after the first paint (replace, no history entry).
    await expect.poll(() => new URL(page.url()).hash).toContain('meeting_id=64656d6f0000000000002019');
    expect(await page.locator('#meeting-title').textContent()).toBe(meetingTitle);
    await expect.poll(() => page.title()).toContain(meetingTitle);
    expect(await page.locator('html').getAttribute('data-env')).toBe(
      viewport.isMobile ? 'mobile' : 'browser',
    );
    await settle(page);
    expect(await page.locator('[data-block]').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('browses the agenda: picks a day, opens a session, then its speaker', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto(`${server.url}/#/meeting/home`);
    await page.locator('#meeting-title').waitFor();
    await page
      .locator(`${viewport.isMobile ? 'nav.fixed' : 'header'} a[href*="/meeting/agenda/schedule"]`)
      .first()
      .click();
    await page.getByRole('tab').first().waitFor();
    expect(hashPath(page)).toBe('/meeting/agenda/schedule');

    const secondDay = page.getByRole('tab').nth(1);
    await secondDay.click();
    await expect.poll(() => secondDay.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => new URL(page.url()).hash).toContain(`day=${secondDate}`);
    await page.locator('[data-testid="session-card"]').first().waitFor();
    expect(await page.locator('[data-testid="timezone-note"]').count()).toBe(1);

    // A session with a speaker.
    const card = page.locator('[data-testid="session-card"]', { hasText: 'OpenCodes' }).first();
    await card.click();
    await page.locator('[data-testid="session-title"]').waitFor();
    expect(hashPath(page)).toBe('/meeting/agenda/details');
    expect(await page.locator('[data-testid="session-title"]').textContent()).toBe('OpenCodes');
    found.details = new URL(page.url()).hash;

    await page.locator('[data-testid="session-speaker"]:visible').first().click();
    await page.locator('[data-testid="speaker-name"]').waitFor();
    expect(hashPath(page)).toBe('/meeting/speaker');
    expect(await page.locator('[data-testid="speaker-name"]').textContent()).toBe('obelix');
    await page.locator('[data-testid="speaker-session"]').first().waitFor();
    found.speaker = new URL(page.url()).hash;
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('switches the language to Arabic: <html lang="ar" dir="rtl">', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto(`${server.url}/#/meeting/home`);
    await page.locator('#meeting-title').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    await page.locator('[data-testid="language-switcher"]:visible').click();
    await page.locator('[role="listbox"] [data-language="ar"]').click();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    expect(await page.locator('#meeting-title').textContent()).not.toBe(meetingTitle);
    // Remembered on reload.
    await page.reload();
    await page.locator('#meeting-title').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends unknown routes and malformed ids to /404', async () => {
    const { page } = await openPage(browser, viewport);
    await page.goto(`${server.url}/#/no/such/page`);
    await expect.poll(() => hashPath(page)).toBe('/404');
    await page.goto(
      `${server.url}/#/meeting/agenda/details?agenda_id=not-an-id&meeting_id=64656d6f0000000000002019`,
    );
    await expect.poll(() => hashPath(page)).toBe('/404');
    await page.getByRole('link').first().click();
    await page.locator('#meeting-title').waitFor();
    await page.context().close();
  });

  it('saves screenshots of every page in zh, en and ar', async () => {
    expect(found.details && found.speaker).toBeTruthy();
    // Each page with the element that shows it has loaded (`below`: a block below the fold, which
    // renders as it is scrolled to; the page goes back to the top for the screenshot).
    const pages: Record<string, { hash: string; ready: string; below?: string }> = {
      home: {
        hash: '#/meeting/home',
        ready: '[data-block="agenda"] [data-testid="session-card"]',
        below: '[data-block="agenda"]',
      },
      agenda: {
        hash: `#/meeting/agenda/schedule?day=${secondDate}`,
        ready: 'section[aria-live] [data-testid="session-card"]',
      },
      details: { hash: found.details ?? '', ready: '[data-testid="session-title"]' },
      'speaker-list': { hash: '#/meeting/speaker/list', ready: '[data-testid="speaker-card"]' },
      speaker: { hash: found.speaker ?? '', ready: '[data-testid="speaker-session"]' },
    };
    for (const language of ['zh', 'en', 'ar'] as const) {
      const { page, errors } = await openPage(browser, viewport);
      for (const [name, { hash, ready, below }] of Object.entries(pages)) {
        const separator = hash.includes('?') ? '&' : '?';
        await page.goto(`${server.url}/${hash}${separator}lang=${language}`);
        await expect.poll(() => hashPath(page)).toBe(hash.slice(1).split('?')[0]);
        if (below) await page.locator(below).scrollIntoViewIfNeeded();
        await page.locator(ready).first().waitFor();
        if (below) await page.evaluate(() => window.scrollTo(0, 0));
        await settle(page);
        expect(await page.locator('html').getAttribute('lang')).toBe(language);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${name} in ${language} scrolls sideways`).toBeLessThanOrEqual(0);
        await screenshot(page, `${name}-${language}-${viewport.width}`);
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
