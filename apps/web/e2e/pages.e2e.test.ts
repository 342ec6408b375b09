import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Pages and blocks end to end (§3 block_release_version / block_draft_version, §2 /preview, §8): an
 * organiser adds a rich-text block to the home's draft in the console and saves it; a colleague opens
 * the preview link and sees it while visitors do not; the organiser publishes and visitors see it; a
 * roll back to the version before takes it away again. A forged preview link shows 'The temporary
 * link has expired' and never the draft.
 */

const demoMeetingId = '64656d6f0000000000002019';
const [phoneSize, desktopSize] = viewports;
const adminPhone = '13900139095';
const marker = `Preview check ${Date.now()}`;

let server: TestServer;
let browser: Browser;
let admin: Page;
let adminErrors: string[];

beforeAll(async () => {
  server = await startTestServer({
    env: {
      ADMIN_PHONES: adminPhone,
    },
  });
  browser = await launchBrowser();
  ({ page: admin, errors: adminErrors } = await openPage(browser, desktopSize));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What a visitor sees on the home page (a fresh browser each time: nothing cached on the device). */
async function visitorHomeText(): Promise<string> {
  const { page } = await openPage(browser, phoneSize);
  try {
    await page.goto(`${server.url}/#/meeting/home?meeting_id=${demoMeetingId}&lang=en`);
    await page.locator('[data-block="navigation"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    return await page.locator('main').innerText();
  } finally {
    await page.context().close();
  }
}

describe('home draft → preview → publish → roll back', () => {
  let previewUrl = '';

  it('saves a new block in the home draft from the console', async () => {
    await admin.goto(`${server.url}/#/console/meetings/${demoMeetingId}/pages/editor?lang=en`);
    await admin.locator('input[name="phone"]').waitFor();
    await admin.locator('input[name="phone"]').fill(adminPhone);
    await admin.getByRole('button', { name: /get code/i }).click();
    await admin.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${adminPhone}`));
    await admin.locator('#agree').check();
    await admin.locator('form button[type="submit"]').click();
    await admin.locator('[data-testid="console-pages-editor"]').waitFor({ timeout: 20_000 });
    await admin.locator('[data-testid="console-block"]').first().waitFor();

    await admin.locator('[data-testid="console-block-type"]').selectOption('rich_text');
    await admin.locator('[data-testid="console-block-add"]').click();
    await admin.locator('[data-testid="block-title"] input[data-language="en"]').fill('Latest');
    // The block's text is a TipTap editor (contenteditable): typed, then bolded from the toolbar.
    const body = admin.locator('[data-testid="block-html"] [data-language="en"] .ProseMirror');
    await body.click();
    await admin.keyboard.type(marker);
    await admin.keyboard.press('ControlOrMeta+A');
    await admin
      .locator('[data-testid="block-html"] [data-language="en"]')
      .getByRole('button', { name: 'Bold' })
      .click();
    await expect.poll(() => body.innerHTML()).toContain(`<strong>${marker}</strong>`);
    await settle(admin);
    await screenshot(admin, 'console-pages-editor-desktop-en');
    await admin.locator('[data-testid="console-draft-save"]').click();
    await expect.poll(() => admin.locator('[data-testid="console-draft-save"]').isDisabled()).toBe(true);

    expect(await visitorHomeText()).not.toContain(marker);

    // The same block on a phone in Arabic: its editor is the Arabic text, written right to left.
    const editorUrl = `${server.url}/#/console/meetings/${demoMeetingId}/pages/editor`;
    await admin.setViewportSize({ width: phoneSize.width, height: phoneSize.height });
    await admin.goto(`${editorUrl}?lang=ar`);
    await admin.reload();
    await admin
      .locator('[data-testid="console-block"]')
      .first()
      .locator('[data-testid="console-block-edit"]')
      .click();
    const arabic = admin.locator('[data-testid="block-html"] [data-language="ar"] .ProseMirror');
    await arabic.waitFor();
    expect(await arabic.getAttribute('dir')).toBe('rtl');
    await settle(admin);
    await screenshot(admin, 'console-pages-editor-phone-ar');
    await admin.setViewportSize({ width: desktopSize.width, height: desktopSize.height });
    await admin.goto(`${editorUrl}?lang=en`);
    await admin.reload();
    await admin.locator('[data-testid="console-pages-editor"]').waitFor({ timeout: 20_000 });
  }, 120_000);

  it('shows the draft through a preview link, and a forged link shows the §8 message', async () => {
    await admin.locator('[data-testid="console-preview-open"]').click();
    await admin.locator('[data-testid="console-preview-create"]').click();
    const url = admin.locator('[data-testid="console-preview-url"]');
    await url.waitFor();
    previewUrl = await url.inputValue();
    expect(previewUrl).toContain('#/preview?');
    await screenshot(admin, 'console-pages-preview-link-desktop-en');
    await admin.keyboard.press('Escape');

    const { page: colleague } = await openPage(browser, phoneSize);
    await colleague.goto(`${previewUrl.replace(/^https?:\/\/[^/]+/, server.url)}&lang=en`);
    await colleague.locator('[data-testid="preview-page"]').waitFor();
    await expect.poll(() => colleague.locator('main').innerText(), { timeout: 10_000 }).toContain(marker);
    await screenshot(colleague, 'preview-home-phone-en');

    await colleague.goto(
      `${server.url}/#/preview?meeting_id=${demoMeetingId}&key=${previewUrl.slice(-30)}&lang=en`,
    );
    await colleague.locator('[data-testid="preview-expired"]').waitFor();
    expect(await colleague.locator('main').innerText()).toContain('The temporary link has expired');
    expect(await colleague.locator('main').innerText()).not.toContain(marker);
    await colleague.context().close();
  }, 60_000);

  it('publishes: visitors see the block', async () => {
    await admin.locator('[data-testid="console-draft-publish"]').click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Publish draft' }).click();
    await expect.poll(() => hashPath(admin)).toContain('/pages/editor');
    await expect.poll(() => visitorHomeText(), { timeout: 20_000 }).toContain(marker);
  }, 60_000);

  it('rolls back to the version before: the block is gone for visitors', async () => {
    await admin.goto(`${server.url}/#/console/meetings/${demoMeetingId}/pages?lang=en`);
    await admin.locator('[data-testid="console-pages"]').waitFor();
    const rollback = admin.locator('[data-testid="console-rollback-1"]:visible').first();
    await rollback.waitFor();
    await settle(admin);
    await screenshot(admin, 'console-pages-versions-desktop-en');
    await rollback.click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
    await admin.getByText('Version 1 is live again').waitFor();
    await expect.poll(() => visitorHomeText(), { timeout: 20_000 }).not.toContain(marker);
    expect(adminErrors.filter((error) => !/status of 40[134]/.test(error))).toEqual([]);
  }, 60_000);
});
