import type { Order } from '@app/contracts';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Orders and payment end to end (§2 /my/order, /my/order/{checkoutId}; §4 Order, Group payment;
 * §8 'Payment failed'; §9 money and countdown):
 * - the screens: the order list and an order in each state (pending with its countdown and pay
 *   channels, paid with its ticket, refunded, expired, a group where each member pays) drawn from
 *   fixed answers, in zh, en and ar at 390×844 and 1280×800, screenshot for review;
 * - the journey with the sandbox provider: a visitor picks the workshop's paid ticket, applies a
 *   coupon (an unknown code is refused under the field), checks out, sees the countdown, fails once
 *   on the sandbox page ('Payment failed'), pays on the retry and comes back to a completed order
 *   whose ticket is in /my/tickets — in Chinese and in English.
 */

const meetingId = '64656d6f0000000000002019';
const [phoneSize, desktopSize] = viewports;
const languages = ['zh', 'en', 'ar'] as const;

let server: TestServer;
let browser: Browser;

/** The demo workshop (§3 Activity): a free Student type and a paid Professional type (¥99). */
const workshop = { id: '64656d6f00000000000a0002', professional: '64656d6f00000000000c0202' };
/** The demo hackathon (group registration v2) and its two types, made paid by the test (¥30, ¥50). */
const hackathon = {
  id: '64656d6f00000000000a0003',
  developer: '64656d6f00000000000c0301',
  designer: '64656d6f00000000000c0302',
};
/** The demo village tour (group registration v1), one type made paid by the test (¥20). */
const tour = { id: '64656d6f00000000000a0004', walker: '64656d6f00000000000c0401' };
/** A private coupon the test writes into the database: 20 % off (§9 discount type 1), any type. */
const couponCode = 'E2E20';

beforeAll(async () => {
  server = await startTestServer();
  // The coupon goes straight into the stopped server's data folder (PGlite allows one process).
  await server.restart(async (dataDir) => {
    const client = await PGlite.create({ dataDir, extensions: { btree_gist, pg_trgm } });
    try {
      // The hackathon's types cost something here (v2 group registration with paid types).
      await client.query(
        `update activity_prices set amount = case id when $1 then 3000 else 5000 end where id in ($1, $2)`,
        [hackathon.developer, hackathon.designer],
      );
      await client.query(`update activity_prices set amount = 2000 where id = $1`, [tour.walker]);
      await client.query(
        `insert into coupons (id, meeting_id, code, title, type, discount_rate, is_public)
         values ('c0c0c0c0c0c0c0c0c0c0e2e0', $1, $2, '{"en":"Early bird","zh":"早鸟"}', 1, 20, 0)`,
        [meetingId, couponCode],
      );
    } finally {
      await client.close();
    }
  });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Logs in on the login page by SMS code (read from the developer outbox) and lands on `redirect`. */
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
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error(`no token after logging in ${phone}`);
  return token;
}

async function pageWithSession(
  viewport: Viewport,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
    deviceScaleFactor: 1,
    ...(viewport.userAgent ? { userAgent: viewport.userAgent } : {}),
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    storageState,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

/** A valid mainland ID number (GB 11643 check character) that differs by `n`, so each registrant is unique. */
function idNumber(n: number): string {
  const body = `11010519900101${String(n % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return `${body}${'10X98765432'[sum % 11]}`;
}

describe('buying a paid ticket with the sandbox provider', () => {
  it.each([
    ['zh', '13900007702', '硬件黑客工作坊'],
    ['en', '13900007703', 'Hardware hacking workshop'],
  ] as const)(
    'in %s: coupon, checkout, countdown, sandbox payment, completed order and ticket',
    async (language, phone, activityTitle) => {
      const { page, errors } = await openPage(browser, phoneSize);
      await login(page, phone, `/my/index?meeting_id=${meetingId}`);
      const shot = (name: string) => screenshot(page, `orders-journey-${name}-${language}-phone`);

      // The form: the paid type, the registrant's answers, a coupon; the quote shows the discount.
      await page.goto(
        `${server.url}/#/activity/form?activity_id=${workshop.id}&meeting_id=${meetingId}&lang=${language}`,
      );
      const professional = page.locator('[data-testid="ticket-option"]').filter({ hasText: '¥99' });
      await professional.click();
      await page
        .locator('[data-question-type="text"] input')
        .first()
        .fill(language === 'zh' ? '李雷' : 'Li Lei');
      await page.locator('[data-question-type="phone"] input[type="tel"]').fill(phone);
      await page.locator('[data-question-type="id_number"] input').fill(idNumber(Number(phone.slice(-3))));
      await page.locator('[data-testid="checkout-total"]').waitFor();
      expect(await page.locator('[data-testid="checkout-total"]').textContent()).toBe('¥99');
      await page.locator('[data-testid="coupon-input"]').fill('NOPE1');
      await page.locator('[data-testid="coupon-problem"]').waitFor();
      await page.locator('[data-testid="coupon-input"]').fill(couponCode.toLowerCase());
      await expect.poll(() => page.locator('[data-testid="checkout-total"]').textContent()).toBe('¥79.20');
      expect(await page.locator('[data-testid="coupon-problem"]').count()).toBe(0);
      await settle(page);
      await shot('form');

      // Checkout: a pending order with its countdown (§9 tick 1000 ms) and the sandbox channel.
      await page.locator('[data-testid="form-submit"]').click();
      await page.waitForURL((url) => url.hash.startsWith('#/my/order/'));
      const orderPath = hashPath(page);
      const countdown = page.locator('[data-testid="order-countdown"] [role="timer"]');
      await countdown.waitFor();
      const first = await countdown.textContent();
      await expect.poll(() => countdown.textContent(), { timeout: 3000 }).not.toBe(first);
      expect(await page.locator('[data-testid="order-detail-total"]').textContent()).toBe('¥79.20');
      await page.locator('[data-testid="pay-channel"]').first().waitFor();
      await settle(page);
      await shot('pending');

      // The sandbox page (server-rendered): a failed payment comes back as 'Payment failed' (§8) …
      await page.locator('[data-testid="pay-button"]').click();
      await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/'));
      await page.locator('button[value="failed"]').click();
      await page.waitForURL((url) => url.hash.startsWith(`#${orderPath}`));
      await page.locator('[data-testid="pay-failed"]').waitFor();
      await settle(page);
      await shot('failed');
      // … and the retry pays, back to the order.
      await page.locator('[data-testid="pay-button"]').click();
      await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/'));
      await page.locator('button[value="paid"]').first().click();
      await page.waitForURL((url) => url.hash.startsWith(`#${orderPath}`));
      const status = page.locator('[data-testid="order-status"]');
      await expect.poll(() => status.getAttribute('data-tone'), { timeout: 15_000 }).toBe('green');
      await page.locator('[data-testid="line-ticket"]').waitFor();
      await settle(page);
      await shot('done');
      // The payment's receipt downloads as a PDF (signed call); the invoice request is offered.
      const receipt = page.locator('[data-testid="order-receipt"]').first();
      await receipt.waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
      expect(download.suggestedFilename()).toMatch(/^R-\d+\.pdf$/);
      expect(await page.locator('[data-testid="order-documents"] a[href*="/invoice/form?"]').count()).toBe(1);

      // The ticket exists now that it is paid (§4), in /my/tickets.
      await page.goto(`${server.url}/#/my/tickets?meeting_id=${meetingId}&lang=${language}`);
      await page.locator('[data-testid="ticket-card"]').filter({ hasText: activityTitle }).waitFor();
      // …and the order is listed as completed.
      await page.goto(`${server.url}/#/my/order?meeting_id=${meetingId}&lang=${language}`);
      await page.locator('[data-testid="order-card"] [data-tone="green"]').waitFor();
      expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
      await page.context().close();
    },
    180_000,
  );
});

describe('a group where each member pays (§4 Group payment)', () => {
  it('the leader checks out with pay mode "each", a member pays from the pay link on their own phone', async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    await login(page, '13900007704', `/my/index?meeting_id=${meetingId}`);
    await page.goto(
      `${server.url}/#/meeting/${meetingId}/activity/${hackathon.id}/agent/v2?meeting_id=${meetingId}&lang=en`,
    );
    await page.locator('input[name="group-name"]').fill('Paid Pandas');
    await page.locator('input[name="group-liaison"]').fill('Han Meimei');
    await page.locator('input[name="group-phone"]').fill('13900007704');
    await page.locator('[data-testid="group-details-save"]').click();
    await page.locator('[data-testid="group-summary"]').waitFor();
    for (const type of ['Developer', 'Designer']) {
      await page
        .locator('[data-testid="plan-row"]', { hasText: type })
        .locator('[data-testid="plan-increase"]')
        .click();
    }
    await page.locator('[data-testid="fill-members"]').click();
    for (const [name, phone] of [
      ['Zhang Wei', '13900007741'],
      ['Wang Fang', '13900007742'],
    ] as const) {
      const form = page.locator('[data-testid="member-form"]');
      await form.locator('[data-question-type="text"] input').first().fill(name);
      await form.locator('[data-question-type="phone"] input[type="tel"]').fill(phone);
      // Each paid member's form takes their own coupon code (§3 Registrant): Zhang Wei has one.
      if (name === 'Zhang Wei') await form.locator('[data-testid="coupon-input"]').fill(couponCode);
      await page.locator('[data-testid="member-next"]').click();
    }
    // The review: who pays, and the quote of both members (¥30 − 20 % + ¥50).
    await page.locator('[data-testid="pay-mode"]').waitFor();
    await expect.poll(() => page.locator('[data-testid="checkout-total"]').textContent()).toBe('¥74');
    expect(await page.locator('[data-testid="checkout-discount"]').textContent()).toBe('−¥6');
    await page.locator('[data-testid="pay-mode"] input[value="each"]').check();
    await settle(page);
    await screenshot(page, 'orders-group-review-en-phone');
    await page.locator('[data-testid="submit-group"]').click();

    // One order per member; the leader sees the group: 2 unpaid, a QR each.
    await page.waitForURL((url) => url.hash.startsWith('#/my/order/'));
    await expect.poll(() => page.locator('[data-testid="group-unpaid"]').textContent()).toMatch(/\b2\b/);
    expect(await page.locator('[data-testid="group-panel"] [data-testid="group-member"]').count()).toBe(2);
    const zhang = page.locator('[data-testid="group-panel"] [data-testid="group-member"]', {
      hasText: 'Zhang Wei',
    });
    await zhang.locator('[data-testid="group-member-qr-toggle"]').click();
    expect(await zhang.locator('svg[role="img"]').getAttribute('aria-label')).toContain('Zhang Wei');
    await settle(page);
    await screenshot(page, 'orders-group-leader-en-phone');

    // The member's phone opens Zhang Wei's pay link (what the QR carries): Confirm and pay.
    const link = (await zhang.getAttribute('data-pay-link')) ?? '';
    expect(link).toMatch(/#\/my\/order\/[0-9a-f]{24}\?meeting_id=.*&pay_token=/);
    const member = await openPage(browser, phoneSize);
    await login(member.page, '13900007741', `/my/index?meeting_id=${meetingId}`);
    await member.page.goto(link);
    await member.page.locator('[data-testid="shared-confirm"]').click();
    await member.page.locator('[data-testid="pay-button"]').click();
    await member.page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/'));
    await member.page.locator('button[value="paid"]').first().click();
    await member.page.waitForURL((url) => url.hash.startsWith('#/my/order/'));
    await expect
      .poll(() => member.page.locator('[data-testid="order-status"]').getAttribute('data-tone'), {
        timeout: 15_000,
      })
      .toBe('green');
    await settle(member.page);
    await screenshot(member.page, 'orders-group-member-paid-en-phone');

    // Back on the leader's page (re-read every 5 s): 1 unpaid.
    await expect
      .poll(() => page.locator('[data-testid="group-unpaid"]').textContent(), { timeout: 15_000 })
      .toMatch(/\b1\b/);

    // Wang Fang opens her link on her phone and cancels (§4 'confirm or cancel after scanning').
    const wang = page.locator('[data-testid="group-panel"] [data-testid="group-member"]', {
      hasText: 'Wang Fang',
    });
    const wangLink = (await wang.getAttribute('data-pay-link')) ?? '';
    const other = await openPage(browser, phoneSize);
    await login(other.page, '13900007742', `/my/index?meeting_id=${meetingId}`);
    await other.page.goto(wangLink);
    await other.page.locator('[data-testid="shared-cancel"]').click();
    await other.page.locator('dialog[open]').getByRole('button', { name: 'Cancel order' }).click();
    await expect
      .poll(() => other.page.locator('[data-testid="order-status"]').textContent(), { timeout: 10_000 })
      .toBe('Cancelled');
    // The leader's group: nobody left to pay, and not 'everyone paid' either.
    await expect
      .poll(() => wang.locator('[data-testid="order-status"]').textContent(), { timeout: 15_000 })
      .toBe('Cancelled');
    expect(await page.locator('[data-testid="group-unpaid"]').count()).toBe(0);
    // Zhang Wei's own order (this page) is now paid too: no pay panel, no QR left.
    await expect
      .poll(() => page.locator('[data-testid="order-status"]').first().getAttribute('data-tone'), {
        timeout: 15_000,
      })
      .toBe('green');
    expect(await page.locator('[data-testid="pay-panel"]').count()).toBe(0);
    expect(await page.locator('[data-testid="group-panel"] svg[role="img"]').count()).toBe(0);
    await settle(page);
    await screenshot(page, 'orders-group-leader-after-en-phone');
    await other.page.context().close();
    expect([...errors, ...member.errors].filter((error) => !/Failed to load resource/.test(error))).toEqual(
      [],
    );
    await member.page.context().close();
    await page.context().close();
  }, 180_000);
});

describe('a v1 group the leader pays for', () => {
  it('takes a coupon code per paid member, quotes the batch and checks out one order', async () => {
    const { page, errors } = await openPage(browser, desktopSize);
    await login(page, '13900007705', `/my/index?meeting_id=${meetingId}`);
    await page.goto(
      `${server.url}/#/meeting/${meetingId}/activity/${tour.id}/agent?meeting_id=${meetingId}&lang=en`,
    );
    await page.locator('input[name="group-name"]').fill('付费步行团');
    await page.locator('input[name="group-liaison"]').fill('韩梅梅');
    await page.locator('input[name="group-phone"]').fill('13900007705');
    await page.locator('[data-testid="group-details-save"]').click();
    const blocks = page.locator('[data-testid="member-block"]');
    await blocks.first().waitFor();
    await page.locator('[data-testid="add-member"]').click();
    await expect.poll(() => blocks.count()).toBe(2);
    for (const [index, [name, phone]] of [
      ['孙丽', '13900007751'],
      ['周琦', '13900007752'],
    ].entries()) {
      await blocks
        .nth(index)
        .locator('[data-question-type="text"] input')
        .fill(name ?? '');
      await blocks
        .nth(index)
        .locator('[data-question-type="phone"] input[type="tel"]')
        .fill(phone ?? '');
    }
    // Two walkers at ¥20, the first with the coupon (20 % off her ticket): ¥36.
    await expect.poll(() => page.locator('[data-testid="checkout-total"]').textContent()).toBe('¥40');
    await blocks.nth(0).locator('[data-testid="coupon-input"]').fill(couponCode);
    await expect.poll(() => page.locator('[data-testid="checkout-total"]').textContent()).toBe('¥36');
    await settle(page);
    await screenshot(page, 'orders-group-v1-en-desktop');
    await page.locator('[data-testid="submit-members"]').click();

    // The leader pays for everyone: one order with both members, the coupon on the first line.
    await page.waitForURL((url) => url.hash.startsWith('#/my/order/'));
    await page.locator('[data-testid="order-lines"]').waitFor();
    expect(await page.locator('[data-testid="order-line"]').count()).toBe(2);
    expect(await page.locator('[data-testid="order-detail-total"]').textContent()).toBe('¥36');
    expect(await page.locator('[data-testid="group-panel"]').count()).toBe(0);
    expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    await page.context().close();
  }, 180_000);
});

// ————— Fixed answers for the screens —————

const id = (n: number) => ({ $id: `0f0f0f0f0f0f0f0f0f0f${String(n).padStart(4, '0')}` });
const now = () => Math.floor(Date.now() / 1000);
const title = (en: string, zh: string, ar: string) => ({ en, zh, ar });
const workshopTitle = title('Hardware hacking workshop', '硬件黑客工作坊', 'ورشة اختراق العتاد');
const forum = title('Opening forum', '开幕论坛', 'المنتدى الافتتاحي');
const professional = title('Professional', '专业票', 'مهني');

function line(
  n: number,
  name: string,
  amount: number,
  discount: number,
  ticket: boolean,
  activity = workshopTitle,
) {
  return {
    _id: id(100 + n),
    activity_id: id(900),
    activity_title: activity,
    price_id: id(901),
    price_title: professional,
    name,
    unit_amount: amount,
    discount,
    amount: amount - discount,
    coupon_code: discount > 0 ? 'EARLY20' : '',
    ticket_id: ticket ? id(500 + n) : null,
    refunded_amount: 0,
    cancelled: 0 as const,
  };
}

function order(n: number, patch: Partial<Order>): Order {
  const lines = patch.lines ?? [line(n, 'Lin Visitor', 9900, 1980, false)];
  const subtotal = lines.reduce((sum, item) => sum + item.unit_amount, 0);
  const discount = lines.reduce((sum, item) => sum + item.discount, 0);
  return {
    _id: id(n),
    number: `20261126${String(10_000_000 + n * 7919).slice(-8)}`,
    meeting_id: { $id: meetingId },
    user_id: id(800),
    agent_id: null,
    group_checkout_id: null,
    status: 'pending',
    refund_flag: 0,
    refund_amount: 0,
    paid_amount: 0,
    currency: 'CNY',
    subtotal,
    discount,
    total: subtotal - discount,
    pay_channel: null,
    pay_time: null,
    create_time: now() - 120 * n,
    expires_at: null,
    provider: 'sandbox',
    lines,
    payments: [],
    refunds: [],
    ...patch,
  };
}

function fixtures(): Order[] {
  const paidAt = now() - 3600;
  return [
    order(1, { status: 'pending', expires_at: now() + 14 * 60 + 32, pay_token: 'tok-pending-0001' }),
    order(2, {
      status: 'done',
      lines: [line(2, 'Lin Visitor', 9900, 0, true), line(3, 'Wang Fang', 9900, 0, true, forum)],
      paid_amount: 19800,
      pay_channel: 'sandbox',
      pay_time: paidAt,
      payments: [
        {
          _id: 'pay0002',
          provider: 'sandbox',
          channel: 'sandbox',
          amount: 19800,
          status: 'paid',
          pay_time: paidAt,
        },
      ],
    }),
    order(4, {
      status: 'done',
      refund_flag: 1,
      lines: [line(4, 'Lin Visitor', 9900, 0, true)],
      paid_amount: 9900,
      refund_amount: 9900,
      pay_channel: 'wechat_native',
      pay_time: paidAt - 86_400,
      payments: [
        {
          _id: 'pay0004',
          provider: 'wechatpay',
          channel: 'wechat_native',
          amount: 9900,
          status: 'paid',
          pay_time: paidAt - 86_400,
        },
      ],
      refunds: [
        {
          _id: id(704),
          amount: 9900,
          status: 'succeeded',
          reason: 'Cannot attend',
          create_time: paidAt - 3600,
        },
      ],
    }),
    order(5, { status: 'expired', expires_at: now() - 86_400 }),
    order(6, {
      status: 'pending',
      expires_at: now() + 9 * 60 + 5,
      group_checkout_id: id(600),
      agent_id: id(601),
      lines: [line(6, 'Zhang Wei', 9900, 0, false)],
      pay_token: 'tok-group-0006',
    }),
    order(7, {
      status: 'done',
      group_checkout_id: id(600),
      agent_id: id(601),
      lines: [line(7, 'Li Na', 9900, 0, true)],
      paid_amount: 9900,
      pay_channel: 'sandbox',
      pay_time: paidAt,
    }),
    order(8, {
      status: 'pending',
      expires_at: now() + 9 * 60 + 5,
      group_checkout_id: id(600),
      agent_id: id(601),
      lines: [line(8, 'Chen Jie', 9900, 0, false)],
      pay_token: 'tok-group-0008',
    }),
  ];
}

/**
 * Answers the order calls of `page` from `orders` (list, one order, its channels and receipts);
 * `startPayment` answers POST …/payments (default: a WeChat Native QR).
 */
async function serveOrders(
  page: Page,
  orders: Order[],
  startPayment: () => { status: number; body: unknown } = () => ({
    status: 200,
    body: { payment_id: 'pay-e2e', start: { kind: 'qr', code_url: 'weixin://wxpay/bizpayurl?pr=e2e' } },
  }),
): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/api/orders'),
    async (route) => {
      const url = new URL(route.request().url());
      const json = (body: unknown, status = 200) =>
        route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
      const [, , , orderId, sub] = url.pathname.split('/');
      if (!orderId) return json({ results: orders });
      const found = orders.find((item) => item._id.$id === orderId);
      if (!found) return json({ code: 'order.not_found', message: 'Order not found' }, 404);
      if (sub === 'payments' && route.request().method() === 'POST') {
        const answer = startPayment();
        return json(answer.body, answer.status);
      }
      if (sub === 'channels')
        return json({
          results: [
            { channel: 'sandbox', provider: 'sandbox' },
            { channel: 'wechat_native', provider: 'wechatpay' },
          ],
        });
      if (sub === 'receipts') {
        return json({
          results:
            found.status === 'done'
              ? [
                  {
                    _id: id(300),
                    order_id: found._id,
                    kind: 'receipt',
                    number: 12,
                    number_text: 'R-000012',
                    amount: found.paid_amount,
                    currency: 'CNY',
                    create_time: found.pay_time ?? now(),
                    pdf_url: '/api/receipts/x',
                  },
                ]
              : [],
        });
      }
      return json(found);
    },
  );
}

describe('order screens (fixed answers)', () => {
  let state: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    const { page } = await openPage(browser, phoneSize);
    await login(page, '13900007701', `/my/index?meeting_id=${meetingId}`);
    state = await page.context().storageState();
    await page.context().close();
  }, 120_000);

  it.each(languages)(
    'draws the list and each kind of order in %s at both sizes',
    async (language) => {
      for (const viewport of [phoneSize, desktopSize]) {
        const { page, errors } = await pageWithSession(viewport, state);
        const orders = fixtures();
        await serveOrders(page, orders);
        const shot = (name: string) => screenshot(page, `orders-${name}-${language}-${viewport.name}`);

        await page.goto(`${server.url}/#/my/order?meeting_id=${meetingId}&lang=${language}`);
        await page.locator('[data-testid="order-card"]').first().waitFor();
        await settle(page);
        expect(await page.locator('[data-testid="order-card"]').count()).toBe(orders.length);
        const tones = await page
          .locator('[data-testid="order-status"]')
          .evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-tone')));
        // §4: pending orange, done green, refunded grey, expired grey.
        expect(tones.slice(0, 4)).toEqual(['orange', 'green', 'grey', 'grey']);
        expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
        await shot('list');

        // Pending: the countdown ticks each second, the channels are offered, pay on another device.
        await page.goto(
          `${server.url}/#/my/order/${orders[0]?._id.$id}?meeting_id=${meetingId}&lang=${language}`,
        );
        const countdown = page.locator('[data-testid="order-countdown"] [role="timer"]');
        await countdown.waitFor();
        const first = await countdown.textContent();
        await expect.poll(() => countdown.textContent(), { timeout: 3000 }).not.toBe(first);
        expect(await page.locator('[data-testid="pay-channel"]').count()).toBe(2);
        await page.locator('[data-testid="other-device"]').click();
        await page.locator('[data-testid="other-device-qr"] svg[role="img"]').waitFor();
        await settle(page);
        await shot('pending');

        await page.goto(
          `${server.url}/#/my/order/${orders[1]?._id.$id}?meeting_id=${meetingId}&lang=${language}`,
        );
        await page.locator('[data-testid="order-receipt"]').waitFor();
        expect(await page.locator('[data-testid="line-ticket"]').count()).toBe(2);
        await settle(page);
        await shot('done');

        await page.goto(
          `${server.url}/#/my/order/${orders[2]?._id.$id}?meeting_id=${meetingId}&lang=${language}`,
        );
        await page.locator('[data-testid="order-refunds"]').waitFor();
        await settle(page);
        await shot('refunded');

        // A group where each member pays (§4): the unpaid count and a QR per unpaid member.
        await page.goto(
          `${server.url}/#/my/order/${orders[4]?._id.$id}?meeting_id=${meetingId}&lang=${language}`,
        );
        await page.locator('[data-testid="group-unpaid"]').waitFor();
        expect(await page.locator('[data-testid="group-member"]').count()).toBe(3);
        expect(await page.locator('[data-testid="group-unpaid"]').textContent()).toMatch(/2/);
        await page.locator('[data-testid="group-member-qr-toggle"]').first().click();
        await settle(page);
        await shot('group');

        // Another device opening the pay link: Confirm and pay, or Cancel.
        await page.goto(
          `${server.url}/#/my/order/${orders[0]?._id.$id}?meeting_id=${meetingId}&pay_token=tok-pending-0001&lang=${language}`,
        );
        await page
          .locator('[data-testid="shared-confirm"]')
          .waitFor({ timeout: 8000 })
          .catch(async (error) => {
            await shot('shared-failed');
            console.log(page.url(), errors);
            throw error;
          });
        await settle(page);
        await shot('shared');

        expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
        await page.context().close();
      }
    },
    180_000,
  );
});

describe('starting a payment (fixed answers)', () => {
  it('shows a refused start as Payment failed, then a WeChat Native QR and follows the order until paid', async () => {
    const { page } = await openPage(browser, desktopSize);
    await login(page, '13900007706', `/my/index?meeting_id=${meetingId}`);
    const orders = fixtures();
    const pending = orders[0] as Order;
    let refuse = true;
    await serveOrders(page, orders, () =>
      refuse
        ? { status: 409, body: { code: 'payment.failed', message: 'Payment failed' } }
        : {
            status: 200,
            body: {
              payment_id: 'pay-e2e',
              start: { kind: 'qr', code_url: 'weixin://wxpay/bizpayurl?pr=e2e' },
            },
          },
    );
    await page.goto(`${server.url}/#/my/order/${pending._id.$id}?meeting_id=${meetingId}&lang=en`);
    await page.locator('[data-testid="pay-channel"]', { hasText: 'WeChat Pay' }).click();
    await page.locator('[data-testid="pay-button"]').click();
    await page.locator('[data-testid="pay-failed"]').getByText('Payment failed').waitFor();
    expect(await page.locator('[data-testid="pay-button"]').textContent()).toBe('Try again');

    refuse = false;
    await page.locator('[data-testid="pay-button"]').click();
    await page.locator('[data-testid="pay-qr"] svg[role="img"]').waitFor();
    await settle(page);
    await screenshot(page, 'orders-wechat-qr-en-desktop');
    // Paid on the phone: the page reads the order every 2 s and shows it completed.
    Object.assign(pending, {
      status: 'done',
      paid_amount: pending.total,
      pay_time: now(),
      pay_channel: 'wechat_native',
    });
    await expect
      .poll(() => page.locator('[data-testid="order-status"]').getAttribute('data-tone'), { timeout: 6000 })
      .toBe('green');
    expect(await page.locator('[data-testid="pay-qr"]').count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('stops offering payment when the time to pay runs out (§9 countdown)', async () => {
    const { page } = await openPage(browser, phoneSize);
    await login(page, '13900007707', `/my/index?meeting_id=${meetingId}`);
    const orders = fixtures();
    const pending = orders[0] as Order;
    pending.expires_at = now() + 3;
    await serveOrders(page, orders);
    await page.goto(`${server.url}/#/my/order/${pending._id.$id}?meeting_id=${meetingId}&lang=en`);
    await page.locator('[data-testid="pay-panel"]').waitFor();
    await page.locator('[data-testid="order-note"]').waitFor({ timeout: 8000 });
    expect(await page.locator('[data-testid="pay-panel"]').count()).toBe(0);
    expect(await page.locator('[data-testid="order-countdown"]').count()).toBe(0);
    await page.context().close();
  }, 60_000);

  it('answers 4340 at checkout with the ticket-info-changed dialog and reloads the prices (§8)', async () => {
    const { page } = await openPage(browser, phoneSize);
    await login(page, '13900007708', `/my/index?meeting_id=${meetingId}`);
    let activityReads = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/activities') activityReads += 1;
    });
    await page.route(
      (url) => url.pathname === '/api/checkout/activities',
      (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ code: 4340, message: 'Ticket information has been updated' }),
        }),
    );
    await page.goto(
      `${server.url}/#/activity/form?activity_id=${workshop.id}&meeting_id=${meetingId}&lang=en`,
    );
    await page.locator('[data-testid="ticket-option"]').filter({ hasText: '¥99' }).click();
    await page.locator('[data-question-type="text"] input').first().fill('Li Lei');
    await page.locator('[data-question-type="phone"] input[type="tel"]').fill('13900007708');
    await page.locator('[data-question-type="id_number"] input').fill(idNumber(708));
    await page.locator('[data-testid="checkout-total"]').waitFor();
    const before = activityReads;
    await page.locator('[data-testid="form-submit"]').click();
    await page
      .locator('[data-testid="notice-dialog"]')
      .getByText('Ticket information has been updated, please select again')
      .waitFor();
    await expect.poll(() => activityReads).toBeGreaterThan(before);
    expect(hashPath(page)).toBe('/activity/form');
    await page.context().close();
  }, 60_000);
});
