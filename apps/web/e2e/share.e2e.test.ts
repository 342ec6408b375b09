import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/lib/api/client.ts';
import { launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Sharing and the site pages end to end (§2 share links, /webview, /clear): the share sheet of an
 * activity (card image, QR, copy link) and the share page a chat app reads behind its link; the web
 * view embedding an allowed link and offering to copy one outside the list; /clear forgetting the
 * device's stored values. Screenshots of the sheet and the web view in Chinese, English and Arabic
 * at both sizes.
 */

const meetingId = '64656d6f0000000000002019';
const forumId = '64656d6f00000000000a0001';
const [phoneSize, desktopSize] = viewports;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const sheet = (page: Page) => page.locator('[data-testid="share-sheet"]');

async function openShareSheet(page: Page, lang: string): Promise<void> {
  await page.goto(
    `${server.url}/#/meeting/activity/detail?activity_id=${forumId}&meeting_id=${meetingId}&lang=${lang}`,
  );
  await page.locator('[data-testid="activity-title"]').waitFor();
  await settle(page);
  await page.locator('[data-testid="share-button"]').first().click();
  await sheet(page).waitFor();
  // The card is rendered by the server on first request: wait until it has arrived.
  await expect
    .poll(
      () => page.locator('[data-testid="share-card"]').evaluate((img: HTMLImageElement) => img.naturalWidth),
      {
        timeout: 20_000,
      },
    )
    .toBe(1200);
}

describe('share', () => {
  it('opens the share sheet of an activity: card, QR, copy link, and a share page with its card', async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    await openShareSheet(page, 'en');
    const url = await page.locator('[data-testid="share-url"]').textContent();
    expect(url).toBe(`${server.url}/s/activity?activity_id=${forumId}&meeting_id=${meetingId}&lang=en`);
    await page.locator('[data-testid="share-copy"]').click();
    await page.getByText('Link copied').waitFor();
    await screenshot(page, 'share-sheet-phone-en');

    // What a chat app reads behind the link: the tags, then people go on to the hash route.
    const html = await (await fetch(url as string)).text();
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    expect(html).toContain(
      `<meta property="og:image" content="${server.url}/api/share/activity/card.png?id=${forumId}`,
    );
    await page.goto(url as string);
    await page.waitForURL(/#\/meeting\/activity\/detail\?activity_id=/);
    await page.locator('[data-testid="activity-title"]').waitFor();
    expect(errors).toEqual([]);
  });

  for (const lang of ['zh', 'en', 'ar'] as const) {
    for (const size of [phoneSize, desktopSize]) {
      it(`looks right in ${lang} on ${size.name}`, async () => {
        const { page } = await openPage(browser, size);
        await openShareSheet(page, lang);
        expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await screenshot(page, `share-sheet-${size.name}-${lang}`);
        await page.keyboard.press('Escape');
        await page.goto(
          `${server.url}/#/webview?link=${encodeURIComponent('https://evil.example.com/page')}&meeting_id=${meetingId}&lang=${lang}`,
        );
        await page.locator('[data-testid="webview-offer"]').waitFor();
        await settle(page);
        await screenshot(page, `webview-offer-${size.name}-${lang}`);
      });
    }
  }
});

describe('webview (§2)', () => {
  it('embeds a link of an allowed domain, the current protocol added to a link without one', async () => {
    const { page } = await openPage(browser, desktopSize);
    const host = new URL(server.url).host;
    const link = `${host}/#/agree?meeting_id=${meetingId}`;
    await page.goto(
      `${server.url}/#/webview?link=${encodeURIComponent(link)}&meeting_id=${meetingId}&lang=en`,
    );
    const frame = page.locator('[data-testid="webview-frame"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`http://${link}`);
    expect(await frame.getAttribute('sandbox')).toContain('allow-scripts');
    await screenshot(page, 'webview-embed-desktop-en');
  });

  it('offers to copy or open in a new tab a link outside the list, and refuses scripts', async () => {
    const { page } = await openPage(browser, phoneSize);
    await page.goto(
      `${server.url}/#/webview?link=${encodeURIComponent('https://evil.example.com/x')}&meeting_id=${meetingId}&lang=en`,
    );
    await page.locator('[data-testid="webview-offer"]').waitFor();
    expect(await page.locator('[data-testid="webview-frame"]').count()).toBe(0);
    expect(await page.locator('[data-testid="webview-link"]').textContent()).toBe(
      'https://evil.example.com/x',
    );
    expect(await page.locator('[data-testid="webview-open"]').getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    await page.locator('[data-testid="webview-copy"]').click();
    await page.getByText('Link copied').waitFor();

    await page.goto(
      `${server.url}/#/webview?link=${encodeURIComponent('javascript:alert(1)')}&meeting_id=${meetingId}&lang=en`,
    );
    await page.getByText("This link can't be opened").waitFor();
    expect(await page.locator('[data-testid="webview-frame"], [data-testid="webview-open"]').count()).toBe(0);
  });
});

describe('/clear (§2)', () => {
  it('forgets the session and stored values, then opens home', async () => {
    const { page } = await openPage(browser, phoneSize);
    await page.goto(`${server.url}/#/meeting/home?meeting_id=${meetingId}&lang=en`);
    await settle(page);
    const before = await page.evaluate(() => {
      localStorage.setItem('token', 'stale-token');
      localStorage.setItem('user_id', 'someone');
      sessionStorage.setItem('scratch', '1');
      return localStorage.getItem('device_id');
    });
    expect(before).toBeTruthy();
    await page.goto(`${server.url}/#/clear`);
    await page.waitForURL(/#\/meeting\/home/, { timeout: 15_000 });
    await settle(page);
    const after = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      userId: localStorage.getItem('user_id'),
      scratch: sessionStorage.getItem('scratch'),
      deviceId: localStorage.getItem('device_id'),
    }));
    expect(after.token).toBeNull();
    expect(after.userId).toBeNull();
    expect(after.scratch).toBeNull();
    expect(after.deviceId).not.toBe(before);
  });
});

/** The app's signed API client, as a device of its own with an optional session. */
function apiAs(token: string, deviceId: string) {
  return createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (url, init) => fetch(`${server.url}${url}`, init),
    now: () => Date.now(),
    deviceId: () => deviceId,
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
}

/** Logs in by SMS code in a page of its own and returns the session. */
async function logIn(phone: string): Promise<{ token: string; userId: string }> {
  const { page } = await openPage(browser, phoneSize);
  await page.goto(`${server.url}/#/login?meeting_id=${meetingId}&lang=en&redirect=%2Fmy%2Findex`);
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${phone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.hash.startsWith('#/my/index'));
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('token') ?? '',
    userId: localStorage.getItem('user_id') ?? '',
  }));
  await page.context().close();
  return session;
}

describe('invitation attribution (§7 POST /enterprises/{id}/invites)', () => {
  it("counts a visitor from the poster's link on the exhibitor's manage page", async () => {
    const exhibitor = await logIn('13900008811');
    const api = apiAs(exhibitor.token, 'e2e-share-exhibitor');
    await api.post('/exhibitor/bindings', {
      meeting_id: meetingId,
      account: 'demo-exhibitor',
      password: 'Exhibitor2019!',
    });
    const binding = await api.get<{ binding: { enterprise: { _id: { $id: string } } } }>(
      '/exhibitor/bindings',
      {
        meeting_id: meetingId,
      },
    );
    const enterpriseId = binding.binding.enterprise._id.$id;
    const openManage = async (size: (typeof viewports)[number], lang: string) => {
      const opened = await openPage(browser, size);
      const query = new URLSearchParams({
        meeting_id: meetingId,
        lang,
        token: exhibitor.token,
        user_id: exhibitor.userId,
      });
      await opened.page.goto(`${server.url}/#/meeting/exhibitor/manage?${query.toString()}`);
      await opened.page
        .locator('[data-testid="invite-panel"]')
        .waitFor()
        .catch(async (error: unknown) => {
          await screenshot(opened.page, 'invite-panel-failure');
          throw new Error(`${String(error)}\n${opened.errors.join('\n')}`);
        });
      return opened.page;
    };
    const before = Number(
      await (await openManage(phoneSize, 'en')).locator('[data-testid="invite-visitors"]').textContent(),
    );

    // A visitor scans the poster: the enterprise page opens with invited_by and records the visit.
    const { page: visitor } = await openPage(browser, phoneSize);
    await visitor.goto(
      `${server.url}/#/meeting/enterprise?enterprise_id=${enterpriseId}&meeting_id=${meetingId}&invited_by=${enterpriseId}&lang=en`,
    );
    await visitor.locator('[data-testid="enterprise-title"]').waitFor();
    await settle(visitor);
    expect(await visitor.evaluate(() => localStorage.getItem('invited_by'))).toContain(enterpriseId);

    const after = await openManage(phoneSize, 'en');
    await expect
      .poll(async () => Number(await after.locator('[data-testid="invite-visitors"]').textContent()))
      .toBe(before + 1);
    for (const lang of ['zh', 'en', 'ar']) {
      for (const size of [phoneSize, desktopSize]) {
        const page = await openManage(size, lang);
        await settle(page);
        await page.locator('[data-testid="invite-panel"]').scrollIntoViewIfNeeded();
        await screenshot(page, `invite-panel-${size.name}-${lang}`);
        await page.context().close();
      }
    }
  });
});

describe('console: invitation results per exhibitor', () => {
  it('shows visitors / registrations in the exhibitors table', async () => {
    const organiser = await logIn('13900139000');
    for (const lang of ['zh', 'en', 'ar']) {
      const { page } = await openPage(browser, desktopSize);
      const query = new URLSearchParams({
        meeting_id: meetingId,
        lang,
        token: organiser.token,
        user_id: organiser.userId,
      });
      // The query session is stored by the public app; the console then reads it.
      await page.goto(`${server.url}/#/meeting/home?${query.toString()}`);
      await settle(page);
      await page.goto(`${server.url}/#/console/meetings/${meetingId}/exhibitors?lang=${lang}`);
      const cells = page.locator('[data-testid="exhibitor-invites"]');
      await cells.first().waitFor();
      const answer = page.waitForResponse((response) => response.url().includes('/invites'), {
        timeout: 15_000,
      });
      await page.reload();
      const status = (await answer).status();
      expect(status).toBe(200);
      await cells.first().waitFor();
      await expect
        .poll(async () => (await cells.allTextContents()).some((text) => !/^0\s*\/\s*0$/.test(text.trim())))
        .toBe(true);
      await settle(page);
      await screenshot(page, `console-invites-desktop-${lang}`);
      await page.context().close();
    }
  });
});
