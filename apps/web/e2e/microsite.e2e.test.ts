import { micrositeSlugs } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The culture microsite end to end (§2 /sichuan-culture/{slug}): each of the demo meeting's twelve
 * microsite pages renders from its blocks inside the microsite's frame; the venue map's point opens
 * its sheet (keyboard too); the playbill shows the days with a "next" marker; an unknown slug opens
 * /404. Screenshots in zh, en and ar on a phone and a desktop, and of the console's venue-map editor.
 */

const demoMeetingId = '64656d6f0000000000002019';
const [phoneSize, desktopSize] = viewports;
const adminPhone = '13900139096';

let server: TestServer;
let browser: Browser;
let visitor: Page;
let visitorErrors: string[];

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PHONES: adminPhone } });
  browser = await launchBrowser();
  ({ page: visitor, errors: visitorErrors } = await openPage(browser, phoneSize));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const micrositeUrl = (slug: string, lang: string) =>
  `${server.url}/#/sichuan-culture/${slug}?meeting_id=${demoMeetingId}&lang=${lang}`;

/** Opens a microsite page and waits for its blocks. */
async function openMicrosite(page: Page, slug: string, lang: string): Promise<void> {
  await page.goto(micrositeUrl(slug, lang));
  await page.locator(`[data-testid="microsite"][data-slug="${slug}"] [data-block]`).first().waitFor();
  await settle(page);
}

describe('the culture microsite', () => {
  it('renders each of the twelve pages from its blocks, in the microsite frame', async () => {
    for (const slug of micrositeSlugs) {
      await openMicrosite(visitor, slug, 'en');
      const frame = visitor.locator(`[data-testid="microsite"][data-slug="${slug}"]`);
      expect(await frame.locator('[data-block]').count(), slug).toBeGreaterThan(0);
      expect((await visitor.locator('[data-testid="microsite-title"]').innerText()).trim(), slug).not.toBe(
        '',
      );
      // The five tabs, the current one marked.
      const tabs = visitor.locator('nav[aria-label="Culture pages"] a');
      expect(await tabs.count()).toBe(5);
    }
    await openMicrosite(visitor, 'home', 'en');
    expect(
      await visitor.locator('nav[aria-label="Culture pages"] a[aria-current="page"]').innerText(),
    ).toContain('Home');
    // The bare address opens the home; an unknown slug opens /404.
    await visitor.goto(`${server.url}/#/sichuan-culture?meeting_id=${demoMeetingId}&lang=en`);
    await expect.poll(() => hashPath(visitor)).toBe('/sichuan-culture/home');
    await visitor.goto(micrositeUrl('admin', 'en'));
    await expect.poll(() => hashPath(visitor)).toBe('/404');
  });

  it('opens a venue-map point in its sheet, by tap and by keyboard', async () => {
    await openMicrosite(visitor, 'map', 'en');
    await visitor.locator('[data-block="venue_map"] img').first().waitFor();
    const points = visitor.locator('[data-testid="venue-point"]');
    expect(await points.count()).toBe(5);
    await points.first().click();
    const sheet = visitor.locator('[data-testid="venue-point-sheet"]');
    await sheet.waitFor();
    expect(await sheet.innerText()).toContain('Brickworks Stage');
    await visitor.waitForTimeout(300);
    await screenshot(visitor, 'microsite-map-sheet-phone-en');
    await sheet.getByRole('link', { name: 'Open' }).click();
    await expect.poll(() => hashPath(visitor)).toBe('/sichuan-culture/playbill');
    await sheet.waitFor({ state: 'detached' });

    await openMicrosite(visitor, 'map', 'en');
    const listed = visitor.getByRole('button', { name: 'Kiln Hall', exact: true });
    await listed.focus();
    await visitor.keyboard.press('Enter');
    await sheet.waitFor();
    expect(await sheet.innerText()).toContain('Seated, 300 places');
    await visitor.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  });

  it('shows the playbill by day with the next performance marked', async () => {
    await openMicrosite(visitor, 'playbill', 'en');
    const playbill = visitor.locator('[data-testid="playbill"]');
    // Five days of the seeded playbill, eight performances; the demo meeting is still to come.
    expect(await playbill.locator('section').count()).toBe(5);
    expect(await playbill.locator('li').count()).toBe(8);
    expect(await visitor.locator('[data-testid="playbill-next"]').count()).toBe(1);
    expect(await playbill.locator('li').first().innerText()).toContain('Opening: voices of the valley');
    expect(visitorErrors.filter((error) => !/status of 40[134]/.test(error))).toEqual([]);
  });

  it('looks right in zh, en and ar on a phone and a desktop', async () => {
    const shots: [string, string][] = [
      ['home', 'zh'],
      ['playbill', 'en'],
      ['map', 'ar'],
    ];
    for (const size of [phoneSize, desktopSize]) {
      const { page } = await openPage(browser, size);
      for (const [slug, lang] of shots) {
        await openMicrosite(page, slug, lang);
        if (lang === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
        await page.waitForTimeout(300);
        await screenshot(page, `microsite-${slug}-${size.name}-${lang}`);
      }
      await page.context().close();
    }
  });

  it('lets the organiser place venue-map points in the console', async () => {
    const { page: admin } = await openPage(browser, desktopSize);
    await admin.goto(`${server.url}/#/console/meetings/${demoMeetingId}/pages?lang=en`);
    await admin.locator('input[name="phone"]').waitFor();
    await admin.locator('input[name="phone"]').fill(adminPhone);
    await admin.getByRole('button', { name: /get code/i }).click();
    await admin.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${adminPhone}`));
    await admin.locator('#agree').check();
    await admin.locator('form button[type="submit"]').click();
    // The microsite's pages are listed with their addresses; the map page's blocks open from its row.
    const row = admin.locator('[data-testid="console-page-row"]').filter({ hasText: '/sichuan-culture/map' });
    await row.waitFor({ timeout: 20_000 });
    await row.locator('[data-testid="console-page-edit"]').click();
    await admin.locator('[data-testid="console-block"]').first().waitFor({ timeout: 20_000 });
    await admin
      .locator('[data-testid="console-block"]')
      .first()
      .locator('[data-testid="console-block-edit"]')
      .click();
    const plan = admin.locator('[data-testid="venue-plan-editor"]');
    await plan.waitFor();
    await admin
      .locator('[data-testid="venue-plan-editor"] img')
      .evaluate((img: HTMLImageElement) => img.decode());
    // Nothing chosen: a click on the plan adds a sixth point there.
    const box = await plan.boundingBox();
    if (!box) throw new Error('no plan');
    await admin.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.25);
    const fieldsets = admin.locator('[data-testid="venue-map-settings"] fieldset');
    expect(await fieldsets.count()).toBe(6);
    const x = Number(await fieldsets.nth(5).getByLabel('Across (%)').inputValue());
    const y = Number(await fieldsets.nth(5).getByLabel('Down (%)').inputValue());
    expect(Math.abs(x - 50)).toBeLessThan(1);
    expect(Math.abs(y - 25)).toBeLessThan(1);
    await fieldsets.nth(5).locator('input[data-language="en"]').first().fill('Tea stall');
    await settle(admin);
    await plan.scrollIntoViewIfNeeded();
    await screenshot(admin, 'console-microsite-venue-map-desktop-en');
    await admin.locator('[data-testid="console-draft-save"]').click();
    await expect.poll(() => admin.locator('[data-testid="console-draft-save"]').isDisabled()).toBe(true);
    await admin.context().close();
  });
});
