import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/lib/api/client.ts';
import { hashPath, launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Friends in the browser (§1 card exchange, §4 Connection application, §6 contacts for connected
 * friends only): Alice shows her personal QR on /my/contact, Bob opens its link in his own browser and
 * both are connected, each seeing the other's phone; then Alice turns card exchange off, Carol's scan
 * is refused and she sends a request instead, Alice sees the badge on /my/index, accepts, and Carol
 * sees Alice's contact. One zh and one ar screenshot.
 */

const meetingId = '64656d6f0000000000002019';
const phones = { alice: '13800007101', bob: '13800007102', carol: '13800007103' } as const;
type Who = keyof typeof phones;
const names: Record<Who, string> = { alice: 'Alice Chen', bob: 'Bob Li', carol: 'Carol Haddad' };

let server: TestServer;
let browser: Browser;
const accounts = {} as Record<Who, { token: string; userId: string }>;

function apiAs(token: string) {
  return createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (url, init) => fetch(`${server.url}${url}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-friends',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
}

/** Logs in by SMS code (the real form) and returns the session. */
async function logIn(phone: string) {
  const { page } = await openPage(browser, viewports[0]);
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

/** A phone-size browser of its own for `who`, signed in by the §2 query session, on `path`. */
async function openAs(who: Who, path: string, query: Record<string, string> = {}, lang = 'en') {
  const opened = await openPage(browser, viewports[0]);
  const { token, userId } = accounts[who];
  const search = new URLSearchParams({ meeting_id: meetingId, ...query, lang, token, user_id: userId });
  await opened.page.goto(`${server.url}/#${path}?${search.toString()}`);
  return opened;
}

/** Alice's personal QR link as /my/contact shows it. */
async function cardLink(): Promise<string> {
  const { page } = await openAs('alice', '/my/contact');
  const link = await page.locator('[data-testid="card-link"]').inputValue();
  await page.context().close();
  return link;
}

/** Opens a personal QR link (what a phone camera does after the scan) as `who`. */
async function openCard(who: Who, link: string, lang = 'en'): Promise<{ page: Page; errors: string[] }> {
  const query = Object.fromEntries(new URLSearchParams(link.split('?')[1] ?? ''));
  return openAs(who, '/meeting/connection/card', query, lang);
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  for (const who of Object.keys(phones) as Who[]) {
    accounts[who] = await logIn(phones[who]);
    await apiAs(accounts[who].token).put(`/users/${accounts[who].userId}`, { username: names[who] });
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('friends journeys (phone size)', () => {
  it('card exchange: Bob opens Alice’s QR link and both are connected with contacts', async () => {
    const link = await cardLink();
    expect(link).toMatch(/^\/#\/meeting\/connection\/card\?meeting_id=.+&card=/);
    const bob = await openCard('bob', link, 'zh');
    const result = bob.page.locator('[data-testid="exchange-result"]');
    await result.waitFor();
    await result.getByText(names.alice).first().waitFor();
    await result.locator('[data-testid="contact-phone"]', { hasText: phones.alice }).waitFor();
    await settle(bob.page);
    await screenshot(bob.page, 'friends-card-exchanged-phone-zh');
    expect(bob.errors).toEqual([]);
    await bob.page.context().close();

    const alice = await openAs('alice', '/my/connections');
    const list = alice.page.locator('[data-testid="connections-list"]');
    await list.locator('[data-testid="contact-phone"]', { hasText: phones.bob }).waitFor();
    expect(alice.errors).toEqual([]);
    await alice.page.context().close();
  });

  it('application: Carol is refused a card exchange, applies instead, Alice accepts from the badge', async () => {
    await apiAs(accounts.alice.token).put('/meeting/users/exposure', { card_exchange: 0 });
    const link = await cardLink();
    const carol = await openCard('carol', link);
    await carol.page.locator('[data-testid="exchange-error"]').waitFor();
    await carol.page.locator('[data-testid="exchange-apply"]').click();
    await expect.poll(() => carol.page.locator('[data-testid="exchange-apply"]').isDisabled()).toBe(true);
    await carol.page.context().close();

    const alice = await openAs('alice', '/my/index', {}, 'ar');
    await alice.page.locator('[data-testid="friends-badge"]', { hasText: '1' }).waitFor();
    await alice.page.locator('[data-testid="friends-entry"]').click();
    await expect.poll(() => hashPath(alice.page)).toBe('/my/connections/application');
    const row = alice.page.locator('[data-testid="application-row"]').first();
    await row.waitFor();
    await settle(alice.page);
    await screenshot(alice.page, 'friends-applications-phone-ar');
    await row.locator('[data-testid="application-accept"]').click();
    await row.locator('[data-testid="application-accept"]').waitFor({ state: 'detached' });
    expect(alice.errors).toEqual([]);
    await alice.page.context().close();

    const back = await openAs('carol', '/my/connections');
    await back.page
      .locator('[data-testid="connections-list"] [data-testid="contact-phone"]', { hasText: phones.alice })
      .waitFor();
    await back.page.context().close();
  });

  it('renewing the QR on /my/contact (§8): after the confirmation, the old link is an invalid card', async () => {
    const old = await cardLink();
    const alice = await openAs('alice', '/my/contact');
    const linkField = alice.page.locator('[data-testid="card-link"]');
    await expect.poll(() => linkField.inputValue()).toBe(old);
    await alice.page.locator('[data-testid="card-renew"]').click();
    const dialog = alice.page.getByRole('dialog');
    await dialog.getByText(/stop working/).waitFor();
    await dialog.getByRole('button', { name: 'Renew', exact: true }).click();
    await expect.poll(() => linkField.inputValue()).not.toBe(old);
    expect(alice.errors).toEqual([]);
    await alice.page.context().close();

    const bob = await openCard('bob', old);
    await bob.page
      .locator('[data-testid="exchange-error"]', { hasText: 'Invalid QR code information' })
      .waitFor();
    await bob.page.context().close();
  });
});
