import { join } from 'node:path';
import type { ConsoleLive } from '@app/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/lib/api/client.ts';
import { launchBrowser, openPage, screenshot, screenshotDir, settle, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The console's lives area end to end (DESIGN §7; §3 Live, §4 Live states, §6, §7 Lives): an
 * organiser creates a live for a session of the demo programme with access 'registered' (an activity
 * picked), edits its title, meets a stale save (someone saved meanwhile) and loads their version, sells it with a ticket type of the activity, pauses it after confirming and reveals the OBS server and stream key of
 * the built-in ingest; makes it private and lets a user in by phone; pins and then deletes a chat
 * message; sees no viewers yet; what the server stored is read back. Screenshots of the list, the
 * live's overview, settings, chat and users at 390×844 and 1280×800 in zh, en and ar.
 */

const meetingId = '64656d6f0000000000002019';
const adminPhone = '13900139093';
const [phoneSize, desktopSize] = viewports;

let server: TestServer;
let browser: Browser;
let session: Awaited<ReturnType<BrowserContext['storageState']>>;
let liveId = '';

beforeAll(async () => {
  server = await startTestServer({
    env: {
      ADMIN_PHONES: adminPhone,
      LIVE_INGEST_RTMP_URL: 'rtmp://ingest.example.com:1935',
      LIVE_INGEST_HLS_URL: 'https://ingest.example.com:8888',
      LIVE_INGEST_AUTH_SECRET: 'e2e-ingest-secret-0123456789',
    },
  });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const base = `/console/meetings/${meetingId}/lives`;
const go = (page: Page, path: string, language: string) =>
  page.goto(
    `${server.url}/#${base}${path}${path.includes('?') ? '&' : '?'}meeting_id=${meetingId}&lang=${language}`,
  );

/** The console API as the logged-in organiser (to read back what the screens stored). */
async function consoleApi(page: Page) {
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  return createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (address, init) => fetch(`${server.url}${address}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-console-lives',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
}

describe('console lives', () => {
  it('creates a registered live for a session, edits, pauses, reveals the key, grants and moderates', async () => {
    const { page, errors } = await openPage(browser, desktopSize);
    await go(page, '', 'en');
    await page.locator('input[name="phone"]').waitFor();
    await page.locator('input[name="phone"]').fill(adminPhone);
    await page.getByRole('button', { name: /get code/i }).click();
    await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${adminPhone}`));
    await page.locator('#agree').check();
    await page.locator('form button[type="submit"]').click();

    // The list (the demo live is there), then a new live.
    await page.locator('[data-testid="console-lives-table"]').waitFor();
    await page.getByRole('link', { name: 'New live' }).first().click();
    const form = page.locator('[data-testid="console-live-form"]');
    await form.waitFor();
    await form.locator('input[name="title"]').fill('Opening keynote live');
    await form.locator('textarea[name="description"]').fill('The opening keynote, streamed from hall 1.');
    await form.getByText('Built-in ingest (OBS)', { exact: true }).click();
    await form.getByText('Registered', { exact: true }).click();
    const activity = form.locator('select[name="activity_id"]');
    const firstActivity = await activity.locator('option').nth(1).getAttribute('value');
    expect(firstActivity).toBeTruthy();
    await activity.selectOption(firstActivity ?? '');
    const sessionBox = page.locator('[data-testid="console-live-sessions"] input[type="checkbox"]').first();
    await sessionBox.check();
    await page.locator('[data-testid="console-live-save"]').click();

    // The live's own screen opens on its overview.
    await page.waitForURL((url) => /\/lives\/[0-9a-f]{24}/.test(url.hash));
    liveId = /\/lives\/([0-9a-f]{24})/.exec(new URL(page.url()).hash)?.[1] ?? '';
    await page.locator('[data-testid="console-live-figures"]').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Opening keynote live');

    // Edit: a new title, saved over the version read.
    await page.locator('[data-testid="console-live-tab-settings"]').click();
    await form.locator('input[name="title"]').fill('Opening keynote (live)');
    await page.locator('[data-testid="console-live-save"]').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Opening keynote (live)');

    // Pause after confirming.
    await page.locator('[data-testid="console-live-tab-overview"]').click();
    await page.locator('[data-testid="console-live-pause"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pause' }).click();
    await expect
      .poll(() => page.locator('[data-testid="console-live-pause"]').textContent())
      .toContain('Resume');

    // The stream key, revealed on request.
    await page.locator('[data-testid="console-live-reveal"]').click();
    await expect
      .poll(() => page.locator('[data-testid="console-live-ingest-server"]').textContent())
      .toContain('rtmp://ingest.example.com');
    expect(await page.locator('[data-testid="console-live-stream-key"]').textContent()).toContain(liveId);

    // Someone else saves meanwhile: the save is refused and their version can be loaded.
    const api = await consoleApi(page);
    await page.locator('[data-testid="console-live-tab-settings"]').click();
    await form.locator('input[name="title"]').fill('My title');
    const current = await api.get<ConsoleLive>(`/console/meetings/${meetingId}/lives/${liveId}`);
    await new Promise((done) => setTimeout(done, 1100));
    await api.put(`/console/meetings/${meetingId}/lives/${liveId}`, {
      'title[en]': 'Their title',
      start: current.start,
      end: current.end,
      source_kind: current.source_kind,
      access: current.access,
      activity_id: current.activity_id?.$id ?? '',
      'agenda_ids[0]': current.agenda_ids[0]?.$id ?? '',
      updated: current.updated,
    });
    await page.locator('[data-testid="console-live-save"]').click();
    await page.locator('[data-testid="console-live-conflict"]').waitFor();
    await page.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => form.locator('input[name="title"]').inputValue()).toBe('Their title');
    await form.locator('input[name="title"]').fill('Opening keynote (live)');

    // Paid: a ticket type of the linked activity is the pass.
    await form.getByText('Paid', { exact: true }).click();
    const price = form.locator('select[name="price_id"]');
    await expect.poll(() => price.locator('option').count()).toBeGreaterThan(1);
    const firstPrice = (await price.locator('option').nth(1).getAttribute('value')) ?? '';
    await price.selectOption(firstPrice);
    await page.locator('[data-testid="console-live-save"]').click();
    await expect
      .poll(
        async () =>
          (await api.get<ConsoleLive>(`/console/meetings/${meetingId}/lives/${liveId}`)).price_id?.$id,
      )
      .toBe(firstPrice);

    // Private: the users tab lets a user in by phone; the chat tab pins and deletes a message.
    await form.getByText('Private', { exact: true }).click();
    await page.locator('[data-testid="console-live-save"]').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Opening keynote (live)');
    await page.locator('[data-testid="console-live-tab-users"]').click();
    await page.locator('input[name="account"]').fill(adminPhone);
    await page.locator('[data-testid="console-live-grant"]').click();
    await page.locator('[data-testid="console-live-user"]', { hasText: 'Allowed' }).waitFor();

    await api.post(`/lives/${liveId}/chats`, { text: 'Welcome to the keynote!' });
    await page.locator('[data-testid="console-live-tab-chat"]').click();
    const message = page.locator('[data-testid="console-live-message"]', {
      hasText: 'Welcome to the keynote!',
    });
    await message.getByRole('button', { name: 'Pin', exact: true }).click();
    await message.getByText('Pinned', { exact: true }).waitFor();
    await message.locator('[data-testid="console-live-message-delete"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await message.getByText('Deleted', { exact: true }).waitFor();
    await page.locator('[data-testid="console-live-tab-viewers"]').click();
    await page.getByText('No viewers yet').waitFor();

    // What the server stored.
    const stored = await api.get<ConsoleLive>(`/console/meetings/${meetingId}/lives/${liveId}`);
    expect(stored.access).toBe('private');
    expect(stored.agenda_ids).toHaveLength(1);
    expect(stored.source_kind).toBe('ingest');
    expect(stored.paused).toBe(1);
    expect(stored.title).toMatchObject({ en: 'Opening keynote (live)' });
    expect(stored.chat_total).toBe(1);

    session = await page.context().storageState();
    // 401/403 from the login, the 409 of the stale save above.
    expect(errors.filter((error) => !/status of 40[139]/.test(error))).toEqual([]);
    await page.context().close();
  });

  it('keeps screenshots of the list and a live’s tabs in zh, en and ar', async () => {
    for (const language of ['zh', 'en', 'ar']) {
      for (const size of [phoneSize, desktopSize]) {
        const { page } = await openPage(browser, size, { storageState: session });
        for (const [screen, path, testId] of [
          ['list', '', 'console-lives'],
          ['overview', `/${liveId}`, 'console-live-figures'],
          ['settings', `/${liveId}?tab=settings`, 'console-live-form'],
          ['chat', `/${liveId}?tab=chat`, 'console-live-message'],
          ['users', `/${liveId}?tab=users`, 'console-live-user'],
        ] as const) {
          await go(page, path, language);
          await page.locator(`[data-testid="${testId}"]`).waitFor();
          await settle(page);
          // The settings form is long: all of it.
          if (screen === 'settings')
            await page.screenshot({
              path: join(screenshotDir, `console-lives-${screen}-${size.name}-${language}.png`),
              fullPage: true,
            });
          else await screenshot(page, `console-lives-${screen}-${size.name}-${language}`);
        }
        await page.context().close();
      }
    }
  });
});
