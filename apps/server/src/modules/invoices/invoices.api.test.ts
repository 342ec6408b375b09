import { randomBytes } from 'node:crypto';
import type { ConsoleInvoice, Invoice, InvoiceEligibility, LoginResult, Receipt } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, wireIdText } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { demoActivityIds } from '../../seeds/demo-activities.ts';
import { activityPrices } from '../activities/activities.tables.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { minimalPdf } from '../media/media.fixtures.ts';
import { outboxMessages } from '../messages/messages.tables.ts';
import { commerceSettings, orderLines, orders } from '../orders/orders.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { allocateReceipt, receiptSnapshotOf } from './receipts.service.ts';

let world: DemoWorld;
let meetingId: string;
let buyer: LoginResult;
let buyerId: string;
let priceId: string;
const consoleBase = () => `/api/console/meetings/${meetingId}/invoices`;

/** A valid regular invoice request (§3 Invoice) for the order `checkoutId`. */
const request = (checkoutId: string, patch: Record<string, unknown> = {}) => ({
  checkout_id: checkoutId,
  type: 'regular',
  title: '深圳市腾讯计算机系统有限公司',
  taxpayer_number: '9144030071526726XG',
  mobile: '13800138000',
  delivery: 'electronic',
  ...patch,
});

let addresses = 0;
async function call(method: 'GET' | 'POST' | 'PUT', url: string, as: LoginResult | null, json?: unknown) {
  addresses += 1;
  return world.t.call(method, url, {
    ...(json !== undefined ? { json } : {}),
    headers: as ? bearer(as) : {},
    remoteAddress: `10.77.${addresses >> 8}.${addresses & 255}`,
  });
}

async function insertTicket(status: number): Promise<string> {
  const id = newId();
  await world.t.database.db.insert(tickets).values({
    id,
    meetingId,
    activityId: demoActivityIds.forum,
    priceId,
    status,
    name: 'Member',
    code: randomBytes(13).toString('hex').toUpperCase(),
  });
  return id;
}

/** A paid order of the buyer with one line per ticket (null: not allocated yet). Cents. */
async function insertOrder(
  options: {
    status?: 'pending' | 'done' | 'expired' | 'cancelled';
    paid?: number;
    refund?: number;
    refundFlag?: 0 | 1;
    ticketIds?: (string | null)[];
    userId?: string;
  } = {},
): Promise<string> {
  const id = newId();
  const ticketIds = options.ticketIds ?? [await insertTicket(1)];
  const total = 10000 * ticketIds.length;
  const paid = options.paid ?? total;
  await world.t.database.db.insert(orders).values({
    id,
    meetingId,
    userId: options.userId ?? buyerId,
    number: `20261126${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    status: options.status ?? 'done',
    subtotal: total,
    total,
    paidAmount: paid,
    refundAmount: options.refund ?? 0,
    refundFlag: options.refundFlag ?? 0,
    payTokenHash: 'test',
  });
  await world.t.database.db.insert(orderLines).values(
    ticketIds.map((ticketId, position) => ({
      id: newId(),
      orderId: id,
      activityId: demoActivityIds.forum,
      priceId,
      ticketId,
      registrant: {
        name: `Buyer ${position + 1}`,
        phone: null,
        area_code: null,
        email: null,
        id_number: null,
        job: '',
        company: '',
      },
      unitAmount: 10000,
      amount: 10000,
      position,
    })),
  );
  return id;
}

async function setInvoicing(enabled: 0 | 1) {
  await world.t.database.db
    .insert(commerceSettings)
    .values({
      meetingId,
      enableInvoice: enabled,
      seller: { name: '上海会展有限公司', taxpayer_number: '91350100M000100Y43', address: '上海市浦东新区' },
    })
    .onConflictDoUpdate({ target: commerceSettings.meetingId, set: { enableInvoice: enabled } });
}

/** GET /invoices and GET /invoices/eligibility of an order, as one object. */
async function listOf(orderId: string, as = buyer): Promise<InvoiceEligibility & { results: Invoice[] }> {
  const res = await call('GET', apiUrl('/invoices', { checkout: orderId }), as);
  expect(res.statusCode, res.body).toBe(200);
  const eligibility = await call('GET', apiUrl('/invoices/eligibility', { checkout: orderId }), as);
  expect(eligibility.statusCode, eligibility.body).toBe(200);
  return { ...eligibility.json(), results: res.json().results };
}

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  buyer = world.logins.user;
  buyerId = wireIdText(buyer.user_id);
  const [price] = await world.t.database.db
    .select({ id: activityPrices.id })
    .from(activityPrices)
    .where(eq(activityPrices.activityId, demoActivityIds.forum))
    .limit(1);
  if (!price) throw new Error('no demo ticket type');
  priceId = price.id;
  await setInvoicing(1);
});
afterAll(() => world.t.close());

describe('invoice eligibility (§4 Invoice: requestable only after approval and once all tickets are allocated)', () => {
  it.each([
    ['disabled', async () => insertOrder(), 0],
    ['not_paid', async () => insertOrder({ status: 'pending', paid: 0 }), 1],
    ['refunded', async () => insertOrder({ refund: 10000, refundFlag: 1 }), 1],
    ['not_allocated', async () => insertOrder({ ticketIds: [await insertTicket(1), null] }), 1],
    [
      'not_approved',
      async () => insertOrder({ ticketIds: [await insertTicket(1), await insertTicket(0)] }),
      1,
    ],
    ['not_approved', async () => insertOrder({ ticketIds: [await insertTicket(2)] }), 1],
  ] as const)('refuses with reason %s and leaves no row', async (reason, makeOrder, enabled) => {
    await setInvoicing(enabled);
    try {
      const orderId = await makeOrder();
      const list = await listOf(orderId);
      expect(list).toMatchObject({ can_request: false, refusal: reason, results: [] });
      const res = await call('POST', '/api/invoices', buyer, request(orderId));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'invoice.not_allowed', data: { reason } });
      expect((await listOf(orderId)).results).toEqual([]);
    } finally {
      await setInvoicing(1);
    }
  });

  it("answers 404 order.not_found for someone else's order", async () => {
    const orderId = await insertOrder();
    for (const as of [world.logins.participant, world.logins.organiser]) {
      for (const path of ['/invoices', '/invoices/eligibility']) {
        const res = await call('GET', apiUrl(path, { checkout: orderId }), as);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('order.not_found');
      }
      const post = await call('POST', '/api/invoices', as, request(orderId));
      expect(post.statusCode).toBe(404);
    }
    expect((await call('GET', apiUrl('/invoices', { checkout: orderId }), null)).statusCode).toBe(401);
  });
});

describe('invoice validation (§5)', () => {
  it('names every bad field in one 400 and stores nothing', async () => {
    const orderId = await insertOrder();
    const res = await call(
      'POST',
      '/api/invoices',
      buyer,
      request(orderId, {
        type: 'special',
        title: '',
        taxpayer_number: '9144030071526726XA',
        mobile: '+1 202 555 0142',
        email: 'nope',
        delivery: 'express',
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.details.map((detail: { path: string }) => detail.path)).toEqual([
      'title',
      'taxpayer_number',
      'registered_address',
      'phone',
      'bank',
      'bank_account',
      'mobile',
      'email',
      'mailing_address',
    ]);
    expect((await listOf(orderId)).results).toEqual([]);
  });
});

describe('invoice states (§4 Invoice: processing → rejected → reapply → completed)', () => {
  it('walks a request through the queue', async () => {
    const orderId = await insertOrder({
      ticketIds: [await insertTicket(1), await insertTicket(3)],
      refund: 2500,
    });
    expect(await listOf(orderId)).toMatchObject({ can_request: true, refusal: null, amount: 17500 });

    const created = await call(
      'POST',
      '/api/invoices',
      buyer,
      request(orderId, { email: 'Fin@Example.com' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const invoice: Invoice = created.json();
    expect(invoice).toMatchObject({
      state: 'processing',
      amount: 17500,
      currency: 'CNY',
      email: 'fin@example.com',
    });
    const again = await call('POST', '/api/invoices', buyer, request(orderId));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invoice.exists');
    expect((await listOf(orderId)).can_request).toBe(false);

    const early = await call('PUT', `/api/invoices/${invoice._id.$id}`, buyer, {
      ...request(orderId),
      checkout_id: undefined,
      version: invoice.version,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('invoice.wrong_state');

    // The queue: finance.read lists, invoice.process acts; others get 403.
    const queue = await call(
      'GET',
      apiUrl(`/console/meetings/${meetingId}/invoices`, { state: 'processing' }),
      world.logins.organiser,
    );
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().counts.processing).toBeGreaterThanOrEqual(1);
    const row = (queue.json().items as ConsoleInvoice[]).find((item) => item._id.$id === invoice._id.$id);
    expect(row).toMatchObject({ buyer_name: 'Buyer 1', order_paid_amount: 20000, order_refund_amount: 2500 });
    for (const as of [world.logins.participant, world.logins.checkin, world.logins.otherOrganiser]) {
      expect((await call('GET', consoleBase(), as)).statusCode).toBe(403);
      const reject = await call('POST', `${consoleBase()}/${invoice._id.$id}/reject`, as, {
        version: invoice.version,
        reason: 'x',
      });
      expect(reject.statusCode).toBe(403);
    }

    const rejected = await call(
      'POST',
      `${consoleBase()}/${invoice._id.$id}/reject`,
      world.logins.organiser,
      {
        version: invoice.version,
        reason: 'Taxpayer number does not match the title',
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      state: 'rejected',
      reject_reason: 'Taxpayer number does not match the title',
    });
    const twice = await call('POST', `${consoleBase()}/${invoice._id.$id}/reject`, world.logins.organiser, {
      version: rejected.json().version,
      reason: 'again',
    });
    expect(twice.json().code).toBe('invoice.wrong_state');
    expect(await listOf(orderId)).toMatchObject({ can_request: true, results: [{ state: 'rejected' }] });
    // The buyer is told, by SMS to the request's mobile and by e-mail to its address, with the reason.
    const notices = await world.t.database.db
      .select({
        channel: outboxMessages.channel,
        recipient: outboxMessages.recipient,
        body: outboxMessages.body,
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'fin@example.com'));
    expect(notices).toEqual([
      expect.objectContaining({
        channel: 'mail',
        body: expect.stringContaining('Taxpayer number does not match the title'),
      }),
    ]);
    const sms = await world.t.database.db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, '+8613800138000'));
    expect(sms.map((row) => row.body).join('\n')).toContain(`checkout=${orderId}`);

    const stale = await call('PUT', `/api/invoices/${invoice._id.$id}`, buyer, {
      ...request(orderId),
      checkout_id: undefined,
      version: invoice.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict.stale');
    const badReapply = await call('PUT', `/api/invoices/${invoice._id.$id}`, buyer, {
      ...request(orderId, { mobile: '123' }),
      checkout_id: undefined,
      version: rejected.json().version,
    });
    expect(badReapply.statusCode).toBe(400);
    expect(badReapply.json().details).toEqual([expect.objectContaining({ path: 'mobile' })]);
    const stranger = await call('PUT', `/api/invoices/${invoice._id.$id}`, world.logins.participant, {
      ...request(orderId),
      checkout_id: undefined,
      version: rejected.json().version,
    });
    expect(stranger.statusCode).toBe(404);

    const reapplied = await call('PUT', `/api/invoices/${invoice._id.$id}`, buyer, {
      ...request(orderId, { title: '深圳市腾讯计算机系统有限公司（更正）' }),
      checkout_id: undefined,
      version: rejected.json().version,
    });
    expect(reapplied.statusCode, reapplied.body).toBe(200);
    expect(reapplied.json()).toMatchObject({ state: 'processing', reject_reason: '', amount: 17500 });

    const empty = await call('POST', `${consoleBase()}/${invoice._id.$id}/complete`, world.logins.organiser, {
      version: reapplied.json().version,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('invoice.completion_invalid');
    const completed = await call(
      'POST',
      `${consoleBase()}/${invoice._id.$id}/complete`,
      world.logins.organiser,
      {
        version: reapplied.json().version,
        issued_number: '04400123456789',
      },
    );
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({
      state: 'completed',
      issued_number: '04400123456789',
      pdf_url: null,
    });
    expect((await listOf(orderId)).results[0]).toMatchObject({ state: 'completed' });

    const audits = await world.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, invoice._id.$id));
    expect(audits.map((audit) => audit.action)).toEqual(['invoice.process', 'invoice.process']);
  });

  it('completes with an uploaded PDF that only the buyer and finance can open', async () => {
    const orderId = await insertOrder();
    const invoice: Invoice = (await call('POST', '/api/invoices', buyer, request(orderId))).json();
    const key = await uploadPdf(world.logins.organiser);
    const foreignKey = await uploadPdf(buyer);
    const foreign = await call(
      'POST',
      `${consoleBase()}/${invoice._id.$id}/complete`,
      world.logins.organiser,
      {
        version: invoice.version,
        file_key: foreignKey,
      },
    );
    expect(foreign.statusCode).toBe(400);
    const done = await call('POST', `${consoleBase()}/${invoice._id.$id}/complete`, world.logins.organiser, {
      version: invoice.version,
      file_key: key,
    });
    expect(done.statusCode, done.body).toBe(200);
    const pdfUrl: string = done.json().pdf_url;
    expect(pdfUrl).toBe(`/api/invoices/${invoice._id.$id}/pdf`);
    for (const as of [buyer, world.logins.organiser]) {
      const res = await call('GET', pdfUrl, as);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    }
    for (const as of [world.logins.participant, world.logins.otherOrganiser]) {
      expect((await call('GET', pdfUrl, as)).statusCode).toBe(404);
    }
  });
});

async function uploadPdf(as: LoginResult): Promise<string> {
  const data = minimalPdf();
  const token = await call('POST', '/api/tokens/qiniu', as, {
    bucket: 'attachment',
    key: 'invoice.pdf',
    type: 'application/pdf',
    size: data.length,
  });
  expect(token.statusCode, token.body).toBe(200);
  const boundary = `----invoice-${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token.json().uptoken}\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="invoice.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await world.t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().key;
}

describe('receipts (§3 Order)', () => {
  it("lists an order's receipts to its buyer and renders the PDF for the buyer and finance", async () => {
    const orderId = await insertOrder();
    const row = await inTransaction(world.t.database.db, async (tx) =>
      allocateReceipt(tx, {
        meetingId,
        orderId,
        kind: 'receipt',
        amount: 10000,
        currency: 'CNY',
        snapshot: await receiptSnapshotOf(tx, orderId),
      }),
    );
    expect(row.snapshot).toMatchObject({
      seller: { name: '上海会展有限公司' },
      buyer: { name: 'Buyer 1' },
      lines: [{ name: 'Buyer 1', amount: 10000 }],
    });
    const list = await call('GET', `/api/orders/${orderId}/receipts`, buyer);
    expect(list.statusCode, list.body).toBe(200);
    const receipts: Receipt[] = list.json().results;
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0] as Receipt;
    expect(receipt.number_text).toMatch(/^R-\d{6}$/);
    expect((await call('GET', `/api/orders/${orderId}/receipts`, world.logins.participant)).statusCode).toBe(
      404,
    );

    for (const as of [buyer, world.logins.organiser]) {
      const pdf = await call('GET', receipt.pdf_url, as);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
      expect(pdf.rawPayload.includes(receipt.number_text)).toBe(true);
    }
    for (const as of [world.logins.participant, world.logins.otherOrganiser]) {
      expect((await call('GET', receipt.pdf_url, as)).statusCode).toBe(404);
    }
  });
});
