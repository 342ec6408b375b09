import type { Appointment, AppointmentAuthentication } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type RequestBody } from '../src/lib/api/client.ts';
import {
  hashPath,
  launchBrowser,
  openPage,
  screenshot,
  settle,
  type Viewport,
  viewports,
} from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Where people look (§4 pending, §6): a bound exhibitor finds the meeting requests waiting for an
 * answer from Me and from the home, each with the pending count as a badge; My collection is linked
 * from Me; the home shows the agenda once (the demo's `/agenda` and `/meeting/agenda/schedule`
 * entries open the same page). Screenshots of Me and the home in zh, en and ar at both sizes.
 */

const meetingId = '64656d6f0000000000002019';
const forumId = '64656d6f00000000000a0001';
const forumStandard = '64656d6f00000000000c0101';
const nameQuestion = '64656d6f00000000000e0101';
const phoneQuestion = '64656d6f00000000000e0102';
const visitorPhone = '13800008801';
const exhibitorPhone = '13900008802';

let server: TestServer;
let browser: Browser;

function apiAs(token: string) {
  return createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (url, init) => fetch(`${server.url}${url}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-exhibitor-inbox',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
}

type Account = { token: string; userId: string };
const accounts: Record<'visitor' | 'exhibitor', Account> = {
  visitor: { token: '', userId: '' },
  exhibitor: { token: '', userId: '' },
};

/** Logs in by SMS code (once per phone: codes are rate-limited) and returns the session. */
async function logIn(phone: string): Promise<Account> {
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

/** A new context of that size, signed in by the §2 query session (`token`, `user_id`), on `path`. */
async function openAs(
  viewport: Viewport,
  who: 'visitor' | 'exhibitor',
  path: string,
  lang = 'en',
): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(browser, viewport);
  const { token, userId } = accounts[who];
  const query = new URLSearchParams({ meeting_id: meetingId, lang, token, user_id: userId });
  await opened.page.goto(`${server.url}/#${path}?${query.toString()}`);
  return opened;
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  accounts.exhibitor = await logIn(exhibitorPhone);
  await apiAs(accounts.exhibitor.token).post('/exhibitor/bindings', {
    meeting_id: meetingId,
    account: 'demo-exhibitor',
    password: 'Exhibitor2019!',
  });
  const auth = await apiAs(accounts.exhibitor.token).get<AppointmentAuthentication>(
    '/appointments/user/is_authentication',
    {
      meeting_id: meetingId,
    },
  );
  const enterpriseId = auth.enterprise_id?.$id ?? '';

  // A registered visitor asks the exhibitor for two meetings (§6: participants book).
  accounts.visitor = await logIn(visitorPhone);
  const body: RequestBody = {
    activity_id: forumId,
    price_id: forumStandard,
    [`data[${nameQuestion}]`]: 'Inbox Visitor',
    [`data[${phoneQuestion}][area_code]`]: '86',
    [`data[${phoneQuestion}][number]`]: visitorPhone,
  };
  await apiAs(accounts.visitor.token).post('/tickets', body);
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  for (const [start, end] of [
    ['10:00', '10:30'],
    ['11:00', '11:30'],
  ]) {
    await apiAs(accounts.visitor.token).post<Appointment>('/appointments', {
      meeting_id: meetingId,
      enterprise_id: enterpriseId,
      date: day,
      start_time: start,
      end_time: end,
      timezone: 'Asia/Shanghai',
      mode: 'online',
      matter: 'Product demo',
    });
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(viewports)('at $name size', (viewport) => {
  it('shows the bound exhibitor the pending requests on Me, with the count, and links My collection', async () => {
    const { page, errors } = await openAs(viewport, 'exhibitor', '/my/index');
    const row = page.locator('[data-testid="exhibitor-requests"]');
    await row.waitFor();
    expect(
      await page.locator('[data-testid="exhibitor-requests-badge"] [aria-hidden="true"]').textContent(),
    ).toBe('2');
    await settle(page);
    await screenshot(page, `me-exhibitor-${viewport.name}-en`);
    await row.click();
    await expect.poll(() => hashPath(page)).toBe('/enterprise/appointments');
    expect(new URL(page.url()).hash).toContain('status=0');

    await page.goBack();
    await page.locator(`a[href*="/my/collection"]`).click();
    await expect.poll(() => hashPath(page)).toBe('/my/collection');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the same count on the home, and the agenda entry once', async () => {
    const { page, errors } = await openAs(viewport, 'exhibitor', '/meeting/home');
    const card = page.locator('[data-testid="exhibitor-requests"]');
    await card.waitFor();
    expect(
      await card.locator('[data-testid="exhibitor-requests-badge"] [aria-hidden="true"]').textContent(),
    ).toBe('2');
    const entries = page.locator('main nav[aria-label] li a');
    await entries.first().waitFor();
    const targets = await entries.evaluateAll((links) =>
      links.map((link) => link.getAttribute('href') ?? ''),
    );
    expect(targets.filter((href) => /#\/(agenda|meeting\/agenda\/schedule)\?/.test(href))).toHaveLength(1);
    await card.click();
    await expect.poll(() => hashPath(page)).toBe('/enterprise/appointments');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a visitor who is not an exhibitor no requests row, but the collection', async () => {
    const { page } = await openAs(viewport, 'visitor', '/my/index');
    await page.locator(`a[href*="/my/collection"]`).waitFor();
    await settle(page);
    expect(await page.locator('[data-testid="exhibitor-requests"]').count()).toBe(0);
    await page.context().close();
  });

  it.each(['zh', 'en', 'ar'])('draws Me and the home in %s', async (lang) => {
    const { page, errors } = await openAs(viewport, 'exhibitor', '/my/index', lang);
    await page.locator('[data-testid="exhibitor-requests-badge"]').waitFor();
    await settle(page);
    await screenshot(page, `me-requests-${viewport.name}-${lang}`);
    await page.goto(`${server.url}/#/meeting/home?meeting_id=${meetingId}&lang=${lang}`);
    await page.locator('#meeting-title').waitFor();
    await page
      .locator('main [data-testid="exhibitor-requests"] [data-testid="exhibitor-requests-badge"]')
      .waitFor();
    await settle(page);
    await screenshot(page, `home-requests-${viewport.name}-${lang}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
