import type { AppointmentAuthentication } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/lib/api/client.ts';
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
 * Questions and price inquiries in the browser (§2 /meeting/enterprise/question…, exhibitor area
 * ask/list and ask; §4 Q&A; §5; §8): a visitor asks the demo exhibitor a public question from the
 * enterprise page, the exhibitor answers it from its inbox, the visitor sees the answer; the visitor
 * asks for a price ('abc' is refused with the §5 message, an advertisement with its category), the
 * exhibitor replies in the thread, the visitor sees the reply. Screenshots of every page in zh, en
 * and ar at both sizes.
 */

const meetingId = '64656d6f0000000000002019';
const visitorPhone = '13800008851';
const exhibitorPhone = '13900008852';
/** A platform administrator (ADMIN_PHONES) to look at the console's screen. */
const adminPhone = '13900008853';

let server: TestServer;
let browser: Browser;
let enterpriseId = '';

type Account = { token: string; userId: string };
const accounts: Record<'visitor' | 'exhibitor' | 'admin', Account> = {
  visitor: { token: '', userId: '' },
  exhibitor: { token: '', userId: '' },
  admin: { token: '', userId: '' },
};

function apiAs(token: string) {
  return createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (url, init) => fetch(`${server.url}${url}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-questions',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
}

/** Logs in by SMS code and returns the session. */
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

/** A new context of that size, signed in by the §2 query session, on `path` (+ `query`). */
async function openAs(
  viewport: Viewport,
  who: 'visitor' | 'exhibitor' | 'admin',
  path: string,
  query: Record<string, string> = {},
  lang = 'en',
): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(browser, viewport);
  const { token, userId } = accounts[who];
  const search = new URLSearchParams({ ...query, meeting_id: meetingId, lang, token, user_id: userId });
  await opened.page.goto(`${server.url}/#${path}?${search.toString()}`);
  return opened;
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PHONES: `+86${adminPhone}` } });
  browser = await launchBrowser();
  accounts.exhibitor = await logIn(exhibitorPhone);
  await apiAs(accounts.exhibitor.token).post('/exhibitor/bindings', {
    meeting_id: meetingId,
    account: 'demo-exhibitor',
    password: 'Exhibitor2019!',
  });
  const auth = await apiAs(accounts.exhibitor.token).get<AppointmentAuthentication>(
    '/appointments/user/is_authentication',
    { meeting_id: meetingId },
  );
  enterpriseId = auth.enterprise_id?.$id ?? '';
  accounts.visitor = await logIn(visitorPhone);
  accounts.admin = await logIn(adminPhone);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const question = 'Do your robot arms ship to Europe?';
const answer = 'Yes, within four weeks, duties paid.';
const inquiry = 'Twenty arms for our new line, please quote.';
const reply = 'For twenty arms: 1,150 each, delivery in May.';
let askId = '';

describe('the journey (phone size)', () => {
  const viewport = viewports[0];

  it('a visitor asks a public question from the enterprise page', async () => {
    const { page, errors } = await openAs(viewport, 'visitor', '/meeting/enterprise', {
      enterprise_id: enterpriseId,
    });
    await page.locator('[data-testid="enterprise-ask"]').click();
    await expect.poll(() => hashPath(page)).toBe('/meeting/enterprise/question');
    // An empty question is refused with the §5 message, nothing sent.
    await page.locator('[data-testid="question-submit"]').click();
    await page.getByText('This is a required field').waitFor();
    // An advertisement is refused with its category (§5, §8).
    await page.locator('[data-testid="question-content-input"]').fill('Buy now! Limited time offer on arms');
    await page.locator('[data-testid="question-submit"]').click();
    await page.getByText('Refused: this looks like an advertisement').waitFor();
    await page.locator('[data-testid="question-content-input"]').fill(question);
    await page.locator('[data-testid="question-submit"]').click();
    await expect.poll(() => hashPath(page)).toBe('/meeting/enterprise/question/list');
    const card = page.locator('[data-testid="question-card"]', { hasText: question });
    await card.waitFor();
    await card.getByText('Not answered yet').waitFor();
    // The refused advertisement's 400 is the only failed request.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await page.context().close();
  });

  it('the exhibitor answers it from its inbox', async () => {
    const { page, errors } = await openAs(viewport, 'exhibitor', '/meeting/exhibitor/ask/list');
    const card = page.locator('[data-testid="question-card"]', { hasText: question });
    await card.locator('[data-testid="question-answer-link"]').click();
    await expect
      .poll(() => hashPath(page))
      .toMatch(/^\/meeting\/enterprise\/question\/[0-9a-f]{24}\/answer$/);
    await page.locator('[data-testid="answer-input"]').fill(answer);
    await page.locator('[data-testid="answer-submit"]').click();
    await expect.poll(() => hashPath(page)).toBe('/meeting/exhibitor/ask/list');
    await page.locator('[data-testid="question-card"]', { hasText: answer }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the visitor sees the answer', async () => {
    const { page, errors } = await openAs(viewport, 'visitor', '/meeting/enterprise/question/list', {
      enterprise_id: enterpriseId,
    });
    const card = page.locator('[data-testid="question-card"]', { hasText: question });
    await card.getByText(answer).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the visitor asks for a price: 'abc' is refused, a number is sent", async () => {
    const { page, errors } = await openAs(viewport, 'visitor', '/meeting/enterprise', {
      enterprise_id: enterpriseId,
    });
    await page.locator('[data-testid="enterprise-ask-price"]').click();
    await page.locator('[data-testid="price-form"]').waitFor();
    await page.locator('[data-testid="price-content-input"]').fill(inquiry);
    await page.locator('[data-testid="price-amount-input"]').fill('abc');
    await page.locator('[data-testid="price-submit"]').click();
    await page.getByText('Inquiry amount must be a valid number').waitFor();
    await page.locator('[data-testid="price-amount-input"]').fill('1200');
    await page.locator('[data-testid="price-submit"]').click();
    await expect.poll(() => hashPath(page)).toBe('/meeting/exhibitor/ask');
    askId = new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('ask_id') ?? '';
    expect(askId).toMatch(/^[0-9a-f]{24}$/);
    await page.locator('[data-testid="thread-amount"]', { hasText: '1,200' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the exhibitor replies in the thread from its inbox', async () => {
    const { page, errors } = await openAs(viewport, 'exhibitor', '/meeting/exhibitor/ask/list', {
      tab: 'inquiries',
    });
    await page.locator('[data-testid="inquiry-row"]', { hasText: inquiry }).click();
    await expect.poll(() => hashPath(page)).toBe('/meeting/exhibitor/ask');
    await page.locator('[data-testid="thread-reply-input"]').fill(reply);
    await page.locator('[data-testid="thread-send"]').click();
    await page.locator('[data-testid="thread-message"]', { hasText: reply }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the visitor sees the reply, and finds the inquiry under Sent by me', async () => {
    const { page, errors } = await openAs(viewport, 'visitor', '/meeting/exhibitor/ask/list');
    await page.locator('[data-testid="inquiry-row"]', { hasText: inquiry }).click();
    const message = page.locator('[data-testid="thread-message"]', { hasText: reply });
    await message.waitFor();
    expect(await message.getAttribute('data-side')).toBe('exhibitor');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe.each(viewports)('screens at $name size', (viewport) => {
  it.each(['zh', 'en', 'ar'])('draws the question pages in %s', async (lang) => {
    const shots: [who: 'visitor' | 'exhibitor', path: string, query: Record<string, string>, name: string][] =
      [
        ['visitor', '/meeting/enterprise/question/list', { enterprise_id: enterpriseId }, 'list'],
        ['visitor', '/meeting/enterprise/question', { enterprise_id: enterpriseId }, 'ask'],
        [
          'visitor',
          '/meeting/enterprise/question',
          { enterprise_id: enterpriseId, type: 'price' },
          'ask-price',
        ],
        ['exhibitor', '/meeting/exhibitor/ask/list', {}, 'inbox'],
        ['visitor', '/meeting/exhibitor/ask', { ask_id: askId }, 'thread'],
      ];
    for (const [who, path, query, name] of shots) {
      const { page, errors } = await openAs(viewport, who, path, query, lang);
      await page.locator('main h1').first().waitFor();
      await settle(page);
      await screenshot(page, `questions-${name}-${viewport.name}-${lang}`);
      if (lang === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(errors).toEqual([]);
      await page.context().close();
    }
    const { page, errors } = await openAs(viewport, 'exhibitor', '/meeting/exhibitor/ask/list', {}, lang);
    await page.locator('[data-testid="question-answer-link"]').first().click();
    await page.locator('[data-testid="answer-form"]').waitFor();
    await settle(page);
    await screenshot(page, `questions-answer-${viewport.name}-${lang}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('around the pages', () => {
  it.each(['zh', 'en', 'ar'])(
    "shows the enterprise page's Questions section and the product page's Ask for a price in %s",
    async (lang) => {
      const { page, errors } = await openAs(
        viewports[0],
        'visitor',
        '/meeting/enterprise',
        { enterprise_id: enterpriseId },
        lang,
      );
      const section = page.locator('[data-testid="enterprise-questions"]');
      await section.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, `questions-enterprise-section-phone-${lang}`);
      await page.locator('a[href*="/meeting/product?"]').first().click();
      await page.locator('[data-testid="product-ask-price"]').click();
      await page.locator('[data-testid="price-product"]').waitFor();
      expect(new URL(page.url()).hash).toContain('product_id=');
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );

  it.each(['zh', 'en', 'ar'])('shows the organiser both console tables in %s', async (lang) => {
    // The console takes the session the app stored (a meeting page consumes the query session first).
    const { page, errors } = await openAs(viewports[1], 'admin', '/my/index', {}, lang);
    await page.locator('main h1, main h2').first().waitFor();
    await page.goto(`${server.url}/#/console/meetings/${meetingId}/questions?lang=${lang}`);
    // The empty table until the journey above has run: check the screen itself first.
    await page.locator('[data-testid="console-questions"]').waitFor();
    await page.locator('[data-testid="console-questions-table"]').waitFor();
    await page.locator('[data-testid="console-question-row"]', { hasText: question }).first().waitFor();
    await settle(page);
    await screenshot(page, `questions-console-desktop-${lang}`);
    await page.getByRole('tab').nth(1).click();
    await page.locator('[data-testid="console-inquiry-row"]', { hasText: inquiry }).first().waitFor();
    await settle(page);
    await screenshot(page, `questions-console-inquiries-desktop-${lang}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
