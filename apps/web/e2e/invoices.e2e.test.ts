import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, settle, type Viewport, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Invoices end to end (§2 /invoice/form, /invoice/detail; §4 Invoice: fill in, organiser processing,
 * completed, rejected with reapply; §5 invoice phone a mainland China mobile, optional e-mail):
 * - a buyer of a paid order fills in the form: empty and wrong fields are named at each field
 *   (the special VAT invoice's company fields, an invalid unified social credit code, a foreign
 *   mobile), then a valid request lands on the detail page as 'organiser processing';
 * - a rejected request shows the organiser's reason and is corrected and reapplied;
 * - a completed one shows its invoice number; an order with a ticket under review says why no
 *   invoice can be requested yet;
 * - the console's queue: the organiser sees the request among those processing and rejects it.
 * Screenshots at 390×844 and 1280×800 in en, zh and ar.
 */

const meetingId = '64656d6f0000000000002019';
const buyerPhone = '13900007811';
const adminPhone = '13900139811';
const [phoneSize, desktopSize] = viewports;
/** The demo workshop and its paid Professional type. */
const workshop = { id: '64656d6f00000000000a0002', professional: '64656d6f00000000000c0202' };
const orders = {
  fresh: 'a0a0a0a0a0a0a0a0a0a0e201',
  rejected: 'a0a0a0a0a0a0a0a0a0a0e202',
  completed: 'a0a0a0a0a0a0a0a0a0a0e203',
  underReview: 'a0a0a0a0a0a0a0a0a0a0e204',
};

let server: TestServer;
let browser: Browser;
let buyerSession: Awaited<ReturnType<BrowserContext['storageState']>>;
let adminSession: Awaited<ReturnType<BrowserContext['storageState']>>;

/** Logs in on the login page by SMS code and answers the browser's session and the user id. */
async function login(page: Page, phone: string, redirect: string): Promise<string> {
  await page.goto(
    `${server.url}/#/login?meeting_id=${meetingId}&lang=en&redirect=${encodeURIComponent(redirect)}`,
  );
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${phone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.hash.startsWith(`#${redirect.split('?')[0]}`));
  const userId = await page.evaluate(() => localStorage.getItem('user_id'));
  if (!userId) throw new Error(`no user after logging in ${phone}`);
  return userId;
}

/** Paid orders of the buyer (one ¥99 line each), and invoice rows in each state, written into the stopped server's data. */
async function seedOrders(dataDir: string, buyerId: string): Promise<void> {
  const client = await PGlite.create({ dataDir, extensions: { btree_gist, pg_trgm } });
  try {
    await client.query(
      `insert into commerce_settings (meeting_id, enable_invoice, seller)
       values ($1, 1, '{"name":"上海会展有限公司","taxpayer_number":"91350100M000100Y43","address":"上海市浦东新区"}')
       on conflict (meeting_id) do update set enable_invoice = 1`,
      [meetingId],
    );
    for (const [index, orderId] of Object.values(orders).entries()) {
      const ticketId = `${orderId.slice(0, 20)}7${String(index).padStart(3, '0')}`;
      const status = orderId === orders.underReview ? 0 : 1;
      await client.query(
        `insert into tickets (id, meeting_id, activity_id, price_id, status, name, code, amount)
         values ($1, $2, $3, $4, $5, 'Li Lei', $6, 9900)`,
        [
          ticketId,
          meetingId,
          workshop.id,
          workshop.professional,
          status,
          `E2EINVOICE${index}`.padEnd(26, '0'),
        ],
      );
      await client.query(
        `insert into orders (id, meeting_id, user_id, number, status, subtotal, total, paid_amount, paid_at, pay_token_hash)
         values ($1, $2, $3, $4, 'done', 9900, 9900, 9900, now(), 'e2e')`,
        [orderId, meetingId, buyerId, `2026112688880${index}00`],
      );
      await client.query(
        `insert into order_lines (id, order_id, activity_id, price_id, ticket_id, registrant, unit_amount, amount)
         values ($1, $2, $3, $4, $5, '{"name":"Li Lei","phone":null,"area_code":null,"email":null,"id_number":null,"job":"","company":""}', 9900, 9900)`,
        [
          `${orderId.slice(0, 20)}1${String(index).padStart(3, '0')}`,
          orderId,
          workshop.id,
          workshop.professional,
          ticketId,
        ],
      );
    }
    const invoice = (id: string, orderId: string, state: string, extra: string) =>
      client.query(
        `insert into invoices (id, meeting_id, order_id, user_id, state, type, title, taxpayer_number, mobile, delivery, amount, currency${extra ? `, ${extra.split('=')[0]}` : ''})
         values ($1, $2, $3, $4, $5, 'regular', '深圳市腾讯计算机系统有限公司', '9144030071526726XG', '13800138000', 'electronic', 9900, 'CNY'${extra ? `, '${extra.split('=')[1]}'` : ''})`,
        [id, meetingId, orderId, buyerId, state],
      );
    await invoice(
      'b0b0b0b0b0b0b0b0b0b0e202',
      orders.rejected,
      'rejected',
      'reject_reason=The title does not match the taxpayer number',
    );
    await invoice('b0b0b0b0b0b0b0b0b0b0e203', orders.completed, 'completed', 'issued_number=04400123456789');
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PHONES: adminPhone } });
  browser = await launchBrowser();
  const { page } = await openPage(browser, phoneSize);
  const buyerId = await login(page, buyerPhone, `/my/index?meeting_id=${meetingId}`);
  buyerSession = await page.context().storageState();
  await page.context().close();
  const admin = await openPage(browser, desktopSize);
  await login(admin.page, adminPhone, `/my/index?meeting_id=${meetingId}`);
  adminSession = await admin.page.context().storageState();
  await admin.page.context().close();
  // The orders go straight into the stopped server's data folder (PGlite allows one process).
  await server.restart((dataDir) => seedOrders(dataDir, buyerId));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const formUrl = (orderId: string, lang: string) =>
  `${server.url}/#/invoice/form?checkout=${orderId}&meeting_id=${meetingId}&lang=${lang}`;
const detailUrl = (orderId: string, lang: string) =>
  `${server.url}/#/invoice/detail?checkout=${orderId}&meeting_id=${meetingId}&lang=${lang}`;

async function buyerPage(viewport: Viewport) {
  return openPage(browser, viewport, { storageState: buyerSession });
}

/** The error shown under a field of the form ('' when none). */
const fieldError = (page: Page, name: string) =>
  page
    .locator(`[data-testid="invoice-field-${name}"]`)
    .evaluate(
      (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    )
    .catch(() => '');

describe('invoices', () => {
  it('names each bad field at the field, then files a request that waits for the organiser', async () => {
    const { page, errors } = await buyerPage(phoneSize);
    await page.goto(formUrl(orders.fresh, 'en'));
    await page.locator('[data-testid="invoice-form"]').waitFor();
    expect(await page.locator('[data-testid="invoice-amount"]').textContent()).toBe('¥99');
    await expect
      .poll(() => page.locator('[data-testid="invoice-state"]').getAttribute('data-state'))
      .toBe('fillIn');

    // Nothing typed, special VAT invoice, express: every required field says so at the field.
    await page.locator('[data-testid="invoice-type-special"]').check({ force: true });
    await page.locator('[data-testid="invoice-delivery-express"]').check({ force: true });
    await page.locator('[data-testid="invoice-submit"]').click();
    for (const name of [
      'title',
      'taxpayer_number',
      'registered_address',
      'phone',
      'bank',
      'bank_account',
      'mobile',
      'mailing_address',
    ]) {
      expect(
        await page.locator(`[data-testid="invoice-field-${name}"]`).getAttribute('aria-invalid'),
        name,
      ).toBe('true');
      expect(await fieldError(page, name), name).toBe('This is a required field');
    }
    await settle(page);
    await screenshot(page, 'invoices-form-required-en-phone');

    // Wrong values: a corrupted credit code, a US mobile, a bad e-mail.
    await page.locator('[data-testid="invoice-type-regular"]').check({ force: true });
    await page.locator('[data-testid="invoice-delivery-electronic"]').check({ force: true });
    await page.locator('[data-testid="invoice-field-title"]').fill('深圳市腾讯计算机系统有限公司');
    await page.locator('[data-testid="invoice-field-taxpayer_number"]').fill('9144030071526726XA');
    await page.locator('[data-testid="invoice-field-mobile"]').fill('+1 202 555 0142');
    await page.locator('[data-testid="invoice-field-email"]').fill('not-an-email');
    await page.locator('[data-testid="invoice-submit"]').click();
    expect(await fieldError(page, 'taxpayer_number')).toBe('Not a valid unified social credit code');
    expect(await fieldError(page, 'mobile')).toBe('Enter a mainland China mobile number');
    expect(await fieldError(page, 'email')).toBe('Enter a valid e-mail address');
    expect(await page.locator('[data-testid="invoice-field-title"]').getAttribute('aria-invalid')).toBeNull();
    await screenshot(page, 'invoices-form-invalid-en-phone');

    // Corrected: the request is filed and the detail page shows it waiting for the organiser.
    await page.locator('[data-testid="invoice-field-taxpayer_number"]').fill('9144 0300 7152 6726xg');
    await page.locator('[data-testid="invoice-field-mobile"]').fill('138 0013 8000');
    await page.locator('[data-testid="invoice-field-email"]').fill('');
    await page.locator('[data-testid="invoice-submit"]').click();
    await page.waitForURL((url) => url.hash.startsWith('#/invoice/detail'));
    await expect
      .poll(() => page.locator('[data-testid="invoice-state"]').getAttribute('data-state'))
      .toBe('processing');
    expect(await page.locator('[data-testid="invoice-card"]').textContent()).toContain('9144030071526726XG');
    await settle(page);
    await screenshot(page, 'invoices-detail-processing-en-phone');

    // The form of an order with a live request goes to its detail page.
    await page.goto(formUrl(orders.fresh, 'en'));
    await page.waitForURL((url) => url.hash.startsWith('#/invoice/detail'));
    expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    await page.context().close();
  });

  it('shows a rejection with its reason and reapplies with corrected details', async () => {
    const { page } = await buyerPage(phoneSize);
    await page.goto(detailUrl(orders.rejected, 'en'));
    await expect
      .poll(() => page.locator('[data-testid="invoice-state"]').getAttribute('data-state'))
      .toBe('rejected');
    expect(await page.locator('[data-testid="invoice-reject-reason"]').textContent()).toContain(
      'The title does not match the taxpayer number',
    );
    await settle(page);
    await screenshot(page, 'invoices-detail-rejected-en-phone');
    await page.getByRole('link', { name: 'Correct and apply again' }).click();
    await page.locator('[data-testid="invoice-form"]').waitFor();
    expect(await page.locator('[data-testid="invoice-field-title"]').inputValue()).toBe(
      '深圳市腾讯计算机系统有限公司',
    );
    await page.locator('[data-testid="invoice-field-title"]').fill('腾讯科技（深圳）有限公司');
    await page.locator('[data-testid="invoice-submit"]').click();
    await page.waitForURL((url) => url.hash.startsWith('#/invoice/detail'));
    await expect
      .poll(() => page.locator('[data-testid="invoice-state"]').getAttribute('data-state'))
      .toBe('processing');
    expect(await page.locator('[data-testid="invoice-card"]').textContent()).toContain(
      '腾讯科技（深圳）有限公司',
    );
    await page.context().close();
  });

  it('shows a completed invoice and why an order under review cannot have one, in zh, en and ar', async () => {
    for (const lang of ['zh', 'en', 'ar'] as const) {
      for (const viewport of [phoneSize, desktopSize]) {
        const { page } = await buyerPage(viewport);
        await page.goto(detailUrl(orders.completed, lang));
        await expect
          .poll(() => page.locator('[data-testid="invoice-state"]').getAttribute('data-state'))
          .toBe('completed');
        expect(await page.locator('[data-testid="invoice-card"]').textContent()).toContain('04400123456789');
        await settle(page);
        await screenshot(page, `invoices-detail-completed-${lang}-${viewport.name}`);
        await page.goto(formUrl(orders.underReview, lang));
        await expect
          .poll(() => page.locator('[data-testid="invoice-refusal"]').getAttribute('data-reason'))
          .toBe('not_approved');
        expect(await page.locator('[data-testid="invoice-form"]').count()).toBe(0);
        if (lang === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await settle(page);
        await screenshot(page, `invoices-form-refused-${lang}-${viewport.name}`);
        await page.context().close();
      }
    }
  });

  it('lists the request in the console queue, where the organiser rejects it with a reason', async () => {
    const { page, errors } = await openPage(browser, desktopSize, { storageState: adminSession });
    await page.goto(`${server.url}/#/console/meetings/${meetingId}/invoices?lang=en`);
    await page.locator('[data-testid="console-invoice-table"]').waitFor();
    const rows = page.locator(
      '[data-testid="console-invoice-table"] table [data-testid="console-invoice-row"]',
    );
    await expect.poll(() => rows.count()).toBe(2);
    await settle(page);
    await screenshot(page, 'invoices-console-queue-en-desktop');
    await rows.filter({ hasText: '腾讯科技（深圳）有限公司' }).click();
    await page.locator('[data-testid="console-invoice-fields"]').waitFor();
    await settle(page);
    await screenshot(page, 'invoices-console-review-en-desktop');
    await page.locator('[data-testid="console-invoice-reject"]').click();
    await page
      .locator('[data-testid="console-invoice-reason"]')
      .fill('Please use the registered company name');
    await page.locator('[data-testid="console-invoice-reject-dialog"] button[type="submit"]').click();
    await expect
      .poll(() => page.locator('[data-testid="console-invoice-state"]').first().getAttribute('data-state'))
      .toBe('rejected');
    expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    await page.context().close();

    // Each language on a page of its own (the query's lang is read when the app starts).
    for (const [lang, state] of [
      ['zh', 'rejected'],
      ['ar', 'completed'],
    ] as const) {
      const phone = await openPage(browser, phoneSize, { storageState: adminSession });
      await phone.page.goto(
        `${server.url}/#/console/meetings/${meetingId}/invoices?state=${state}&meeting_id=${meetingId}&lang=${lang}`,
      );
      await phone.page.locator(`[role="tab"][data-value="${state}"][aria-selected="true"]`).waitFor();
      await phone.page.locator('[data-testid="console-invoice-row"]:visible').first().waitFor();
      if (lang === 'ar') expect(await phone.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await settle(phone.page);
      await screenshot(phone.page, `invoices-console-queue-${lang}-phone`);
      await phone.page.context().close();
    }

    // The buyer sees the organiser's reason.
    const buyer = await buyerPage(phoneSize);
    await buyer.page.goto(detailUrl(orders.rejected, 'zh'));
    await expect
      .poll(() => buyer.page.locator('[data-testid="invoice-reject-reason"]').textContent())
      .toContain('Please use the registered company name');
    await settle(buyer.page);
    await screenshot(buyer.page, 'invoices-detail-rejected-zh-phone');
    await buyer.page.context().close();
  });
});
