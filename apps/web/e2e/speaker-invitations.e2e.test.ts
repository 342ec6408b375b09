import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, settle, type Viewport, viewports } from './browser.ts';
import { outboxCode, outboxMessages } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The speaker invitation journey (§2 /meeting/speaker/invite, §6 "Speaker: invited, accepts via
 * invitation page"): the organiser invites a speaker by phone from the console, the link in the
 * outbox SMS opens the invitation page, the speaker logs in with that phone (only the invited phone
 * or e-mail's account may answer), accepts, writes a bio, and the public speaker page shows it. One
 * zh screenshot (console) and one ar screenshot (profile form).
 */

const meetingId = '64656d6f0000000000002019';
const adminPhone = '13900008871';
const speakerPhone = '13800008872';
const bio = 'Builds calm robots for busy factories.';

let server: TestServer;
let browser: Browser;

/** Logs in by SMS code on the login page, then follows `redirect`; returns the page. */
async function logIn(phone: string, redirect: string, viewport: Viewport = viewports[0]) {
  const opened = await openPage(browser, viewport);
  const { page } = opened;
  const search = new URLSearchParams({ meeting_id: meetingId, lang: 'en', redirect });
  await page.goto(`${server.url}/#/login?${search.toString()}`);
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${phone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  return opened;
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PHONES: `+86${adminPhone}` } });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('speaker invitation journey', () => {
  it('console invites by phone → link → login → accept → bio → the speaker page shows it', async () => {
    // The organiser (a platform administrator) invites the first speaker of the list by phone.
    const admin = await logIn(adminPhone, '/my/index', viewports[1]);
    await admin.page.waitForURL((url) => url.hash.startsWith('#/my/index'));
    await admin.page.goto(`${server.url}/#/console/meetings/${meetingId}/speaker-invitations?lang=zh`);
    await admin.page.locator('[data-testid="console-speakers"]').waitFor();
    const select = admin.page.locator('[data-testid="invite-speaker"]');
    await select.locator('option:nth-child(2)').waitFor({ state: 'attached' });
    const speakerId = await select.locator('option:nth-child(2)').getAttribute('value');
    expect(speakerId).toMatch(/^[0-9a-f]{24}$/);
    await select.selectOption(speakerId ?? '');
    await admin.page.getByRole('tab', { name: '手机' }).click();
    await admin.page.locator('[data-testid="invite-phone"]').fill(speakerPhone);
    await admin.page.locator('[data-testid="invite-submit"]').click();
    await admin.page.locator('[data-testid="speaker-invitations-table"]').waitFor();
    await admin.page.locator('[data-testid="invitation-status"]', { hasText: '待回复' }).first().waitFor();
    await settle(admin.page);
    await screenshot(admin.page, 'speaker-invitations-console-desktop-zh');
    expect(admin.errors).toEqual([]);
    await admin.page.context().close();

    // The SMS in the outbox carries the link.
    const sms = (await outboxMessages(server.url)).find(
      (message) => message.recipient === `+86${speakerPhone}` && message.body.includes('invitation_token='),
    );
    const link = /https?:\/\/\S+invitation_token=[A-Za-z0-9_-]{43}/.exec(sms?.body ?? '')?.[0];
    expect(link).toBeTruthy();
    const route = new URL(link ?? '').hash.slice(1);
    expect(route.startsWith('/meeting/speaker/invite?')).toBe(true);

    // The speaker logs in from the link, accepts, and writes a bio.
    const speaker = await logIn(speakerPhone, route);
    const { page } = speaker;
    await page.locator('[data-testid="speaker-invite"]').waitFor();
    await page.locator('[data-testid="invite-accept"]').click();
    await page.locator('[data-testid="speaker-profile-form"]').waitFor();
    await page.locator('[data-testid="speaker-biography"]').fill(bio);
    await page.locator('[data-testid="speaker-work-title"]').fill('Chief engineer');
    const [saved] = await Promise.all([
      page.waitForResponse((res) => res.url().includes('/profile') && res.request().method() === 'PUT'),
      page.locator('[data-testid="speaker-profile-save"]').click(),
    ]);
    expect(saved.status()).toBe(200);

    // The page again in Arabic (the accepted invitation shows the form to its linked user).
    await page.goto(`${server.url}/#${route}&lang=ar`);
    await page.reload();
    await page.locator('[data-testid="speaker-profile-form"]').waitFor();
    await expect.poll(() => page.locator('[data-testid="speaker-biography"]').inputValue()).toBe(bio);
    await settle(page);
    await screenshot(page, 'speaker-invite-profile-phone-ar');

    // The public speaker page shows the new bio.
    await page.goto(
      `${server.url}/#/meeting/speaker?speaker_id=${speakerId}&meeting_id=${meetingId}&lang=en`,
    );
    await page.getByText(bio).waitFor();
    await page.getByText('Chief engineer').first().waitFor();
    expect(speaker.errors).toEqual([]);
    await page.context().close();
  }, 180_000);
});
