import { createHash } from 'node:crypto';
import { formatMoney } from '@app/domain/commerce';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { notFound } from '../../errors.ts';
import {
  recordSandboxOutcome,
  type SandboxNotification,
  signSandboxNotification,
} from '../../providers/payment/sandbox-payment.ts';
import type { JobQueue, JobType } from '../jobs/jobs.service.ts';
import { findOrder, findPayment, type OrderRow, type PaymentRow } from './orders.repository.ts';

/**
 * The sandbox pay page (commerce design; §4 Order, §8 'Payment failed'): server-rendered HTML in
 * Chinese or English (Accept-Language) showing the amount and order number, with Pay and Fail, and a
 * developer panel that delivers the signed notification once, ten times, late (after N seconds, by a
 * durable job) or out of order (failed, then paid). Notifications are POSTed over HTTP to this
 * server's notify route at PUBLIC_URL, as a real provider's would arrive.
 */

/** A late sandbox notification, delivered by the job queue after its delay. */
export const sandboxDeliveryJob: JobType<{ meetingId: string; notification: SandboxNotification }> = {
  name: 'payments-sandbox-deliver',
  retryLimit: 3,
  retryDelaySeconds: 2,
  retryBackoff: true,
  expireInSeconds: 60,
};

/** Delivery modes of the developer panel. */
export type SandboxMode = 'once' | 'duplicates' | 'late' | 'out_of_order';

/** POSTs one signed notification to the notify route (over HTTP at PUBLIC_URL); answers the HTTP status. */
export async function deliverSandboxNotification(
  config: Pick<Config, 'AUTH_SECRET' | 'PUBLIC_URL'>,
  meetingId: string,
  notification: SandboxNotification,
): Promise<number> {
  const { rawBody, headers } = signSandboxNotification(config.AUTH_SECRET, meetingId, notification);
  const url = `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/payments/notify/sandbox/${meetingId}`;
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: rawBody,
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The payment and order a sandbox page shows. @throws 404 not_found (unknown or not a sandbox payment) */
async function sandboxPaymentOf(
  db: Database,
  paymentId: string,
): Promise<{ payment: PaymentRow; order: OrderRow }> {
  const payment = await findPayment(db, paymentId);
  if (payment?.provider !== 'sandbox') throw notFound('payment');
  const order = await findOrder(db, payment.orderId);
  if (!order) throw notFound('payment');
  return { payment, order };
}

const texts = {
  en: {
    title: 'Sandbox payment',
    note: 'Test payment: no money moves.',
    order: 'Order',
    amount: 'Amount',
    status: 'Status',
    pay: 'Pay',
    fail: 'Fail',
    developer: 'Developer panel',
    once: 'Deliver once',
    duplicates: '10 duplicates',
    late: 'Late (seconds)',
    outOfOrder: 'Out of order (failed, then paid)',
  },
  zh: {
    title: '沙箱支付',
    note: '测试支付：不会产生真实扣款。',
    order: '订单',
    amount: '金额',
    status: '状态',
    pay: '支付',
    fail: '失败',
    developer: '开发者面板',
    once: '通知一次',
    duplicates: '重复通知 10 次',
    late: '延迟通知（秒）',
    outOfOrder: '乱序（先失败后成功）',
  },
} as const;

const style = `body{font-family:system-ui,sans-serif;margin:0;padding:24px;background:#f5f5f5;color:#222}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px}
h1{font-size:20px;margin:0 0 8px}p{margin:4px 0}.amount{font-size:32px;font-weight:600;margin:16px 0}
.row{display:flex;gap:12px;margin:16px 0}button{flex:1;padding:12px;border:0;border-radius:8px;font-size:16px;cursor:pointer}
.pay{background:#07c160;color:#fff}.fail{background:#e64340;color:#fff}
details{margin-top:24px;border-top:1px solid #eee;padding-top:12px}fieldset{border:0;padding:0;margin:8px 0}
label{display:block;margin:6px 0}input[type=number]{width:80px}.note{color:#888;font-size:13px}`;

const styleHash = createHash('sha256').update(style).digest('base64');

/** The page's own CSP: its one inline style, forms to this origin only, no scripts. */
export const sandboxPageCsp = `default-src 'none'; style-src 'sha256-${styleHash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * GET /api/payments/sandbox/:payment_id: the page's HTML (zh when Accept-Language prefers Chinese).
 * @throws 404 not_found
 */
export async function renderSandboxPage(
  db: Database,
  input: { paymentId: string; acceptLanguage: string | undefined; returnUrl: string | undefined },
): Promise<string> {
  const { payment, order } = await sandboxPaymentOf(db, input.paymentId);
  const language = /^\s*zh/i.test(input.acceptLanguage ?? '') ? 'zh' : 'en';
  const t = texts[language];
  const action = `/api/payments/sandbox/${encodeURIComponent(payment.id)}`;
  const hidden = input.returnUrl
    ? `<input type="hidden" name="return" value="${escapeHtml(input.returnUrl)}">`
    : '';
  const amount = formatMoney(payment.amount, payment.currency, language, {
    zeroAsFree: false,
    alwaysFraction: true,
  });
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title><style>${style}</style></head>
<body><main><h1>${t.title}</h1><p class="note">${t.note}</p>
<p>${t.order}: ${escapeHtml(order.number)}</p><p>${t.status}: ${escapeHtml(order.status)} / ${escapeHtml(payment.status)}</p>
<p class="amount">${escapeHtml(amount)}</p>
<form method="post" action="${action}">${hidden}<input type="hidden" name="mode" value="once">
<div class="row"><button class="pay" name="action" value="paid">${t.pay}</button><button class="fail" name="action" value="failed">${t.fail}</button></div></form>
<details><summary>${t.developer}</summary>
<form method="post" action="${action}">${hidden}<input type="hidden" name="action" value="paid">
<fieldset><label><input type="radio" name="mode" value="once" checked> ${t.once}</label>
<label><input type="radio" name="mode" value="duplicates"> ${t.duplicates}</label>
<label><input type="radio" name="mode" value="late"> ${t.late} <input type="number" name="delay" min="1" max="3600" value="30"></label>
<label><input type="radio" name="mode" value="out_of_order"> ${t.outOfOrder}</label></fieldset>
<div class="row"><button class="pay">${t.pay}</button></div></form></details></main></body></html>`;
}

/**
 * POST /api/payments/sandbox/:payment_id: performs the page's choice — records the sandbox outcome
 * (for reconciliation) and delivers the signed notification(s) per `mode`; 'late' enqueues the
 * delivery `delaySeconds` (1..3600) ahead. Answers where to send the payer back: the same-origin
 * `return` address, else `#/my/order/<id>`.
 * @throws 404 not_found
 */
export async function performSandboxPayment(
  deps: { db: Database; config: Config; jobs: JobQueue },
  input: {
    paymentId: string;
    action: 'paid' | 'failed';
    mode: SandboxMode;
    delaySeconds?: number | undefined;
    returnUrl?: string | undefined;
  },
): Promise<string> {
  const { payment, order } = await sandboxPaymentOf(deps.db, input.paymentId);
  const event = (status: 'paid' | 'failed'): SandboxNotification => ({
    event_id: newId(),
    payment_id: payment.id,
    status,
    amount: payment.amount,
    currency: payment.currency,
    paid_at: status === 'paid' ? Math.floor(Date.now() / 1000) : null,
  });
  const deliver = (n: SandboxNotification) => deliverSandboxNotification(deps.config, order.meetingId, n);
  recordSandboxOutcome(payment.id, {
    status: input.action,
    amount: payment.amount,
    currency: payment.currency,
  });
  switch (input.mode) {
    case 'once':
      await deliver(event(input.action));
      break;
    case 'duplicates': {
      const one = event(input.action);
      for (let i = 0; i < 10; i += 1) await deliver(one);
      break;
    }
    case 'late': {
      const delay = Math.min(3600, Math.max(1, Math.floor(input.delaySeconds ?? 30)));
      await deps.jobs.enqueue(
        deps.db,
        sandboxDeliveryJob,
        { meetingId: order.meetingId, notification: event(input.action) },
        { startAfter: new Date(Date.now() + delay * 1000) },
      );
      break;
    }
    case 'out_of_order':
      await deliver(event('failed'));
      await deliver(event('paid'));
      break;
  }
  const base = deps.config.PUBLIC_URL.replace(/\/+$/, '');
  if (input.returnUrl) {
    try {
      const url = new URL(input.returnUrl, `${base}/`);
      if (url.origin === new URL(base).origin) return url.toString();
    } catch {
      // Not a URL: the default below.
    }
  }
  return `${base}/#/my/order/${order.id}`;
}
