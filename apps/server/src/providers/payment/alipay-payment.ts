import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import {
  type ClientEnvironment,
  type PaymentChannel,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentQuery,
  PaymentSignatureError,
} from './payment.ts';
import type { AlipayCredentials } from './payment-credentials.ts';
import { PaymentProviderError } from './payment-provider-error.ts';

/** Alipay's production gateway (OpenAPI 2.0, RSA2). */
export const alipayDefaultGateway = 'https://openapi.alipay.com/gateway.do';
const defaultTimeoutMs = 10_000;

/**
 * Channels per client environment (§1): mobile browsers get the WAP cashier, desktops the page
 * cashier; none inside WeChat, which does not open Alipay pages.
 */
const channelsByEnv: Record<ClientEnvironment, PaymentChannel[]> = {
  wechat: [],
  mobile: ['alipay_wap'],
  browser: ['alipay_page'],
};

/** Alipay trade_status → our payment status. */
const tradeStates: Record<string, PaymentQuery['status']> = {
  WAIT_BUYER_PAY: 'pending',
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

/**
 * Cents → Alipay's yuan string with two decimals, by integer arithmetic: 12345 → '123.45', 5 → '0.05'.
 * @throws RangeError for a negative or non-integer amount
 */
export function centsToYuan(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount of cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Alipay's yuan string → cents, exactly (no float math): '123.45' → 12345, '0.5' → 50, '88' → 8800.
 * @throws RangeError for anything else (signs, more than two decimals, exponents, empty)
 */
export function yuanToCents(yuan: string): number {
  const match = /^(\d{1,14})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a yuan amount: '${yuan}'`);
  return cents;
}

/** `2026-11-26 18:15:00` in China time: Alipay's time_expire and request timestamp. */
function chinaDateTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Alipay's `yyyy-MM-dd HH:mm:ss` (China time) → an instant; undefined when absent or malformed. */
function fromChinaDateTime(text: string | undefined): Date | undefined {
  if (!text || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text)) return undefined;
  return new Date(`${text.replace(' ', 'T')}+08:00`);
}

/** A key as Alipay's console hands it out (PEM, or the bare base64 of PKCS#8/PKCS#1/SPKI DER) as a KeyObject. */
function keyOf(text: string, kind: 'private' | 'public'): KeyObject {
  if (text.includes('-----BEGIN')) return kind === 'private' ? createPrivateKey(text) : createPublicKey(text);
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  const attempts =
    kind === 'private'
      ? [
          () => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
          () => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }),
        ]
      : [
          () => createPublicKey({ key: der, format: 'der', type: 'spki' }),
          () => createPublicKey({ key: der, format: 'der', type: 'pkcs1' }),
        ];
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch {
      // try the next encoding
    }
  }
  throw new Error(`the Alipay ${kind} key does not parse`);
}

type TradeAnswer = {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  trade_no?: string;
  out_trade_no?: string;
  trade_status?: string;
  total_amount?: string;
  send_pay_date?: string;
  fund_change?: string;
  refund_fee?: string;
  refund_status?: string;
};

/** The Alipay provider plus closing an unpaid trade (used when an order expires or is cancelled). */
export type AlipayPaymentProvider = PaymentProvider & {
  /** Closes an unpaid trade (alipay.trade.close); a trade Alipay never saw is already closed. */
  closePayment(paymentId: string): Promise<void>;
};

/**
 * Alipay (DESIGN §8) through alipay-sdk v4, RSA2: the WAP cashier on mobile browsers
 * (alipay.trade.wap.pay) and the page cashier on desktops (alipay.trade.page.pay), both as a signed
 * GET URL the payer is redirected to (§1 environments); asynchronous notifications verified with
 * Alipay's public key (checkNotifySignV2 on the form fields) and our app id; alipay.trade.query
 * and alipay.trade.refund (out_request_no = our refund id, so a retried refund is not paid twice;
 * a repeat is settled by alipay.trade.fastpay.refund.query)
 * with answers' signatures verified. Amounts: our cents ↔ Alipay's yuan strings, exactly; only CNY.
 * Request timestamps are written in China time whatever the server's time zone.
 * @param options.gateway overrides the credentials' gateway (tests point it at a local fake)
 * @throws Error at construction when a key does not parse
 */
export function createAlipayPaymentProvider(options: {
  credentials: AlipayCredentials;
  gateway?: string;
  timeoutMs?: number;
  /** Clock in ms (tests). */
  now?: () => number;
}): AlipayPaymentProvider {
  const { credentials } = options;
  const now = options.now ?? Date.now;
  const sdk = new AlipaySdk({
    appId: credentials.app_id,
    privateKey: String(
      keyOf(credentials.private_key, 'private').export({ type: 'pkcs8', format: 'pem' }),
    ).trim(),
    keyType: 'PKCS8',
    alipayPublicKey: String(
      keyOf(credentials.alipay_public_key, 'public').export({ type: 'spki', format: 'pem' }),
    ).trim(),
    gateway: options.gateway ?? credentials.gateway ?? alipayDefaultGateway,
    signType: 'RSA2',
    timeout: options.timeoutMs ?? defaultTimeoutMs,
    camelcase: false,
  });

  /** One signed gateway call; the answer's signature is checked; code other than 10000 throws. */
  const exec = async (method: string, bizContent: Record<string, unknown>): Promise<TradeAnswer> => {
    let answer: TradeAnswer;
    try {
      answer = (await sdk.exec(
        method,
        { bizContent, timestamp: chinaDateTime(new Date(now())) },
        { validateSign: true },
      )) as TradeAnswer;
    } catch (error) {
      const isSignature = /验签/.test((error as Error).message);
      throw new PaymentProviderError(
        `Alipay ${method} failed`,
        isSignature ? 'response_signature_invalid' : 'network_error',
        { message: isSignature ? 'answer signature invalid' : (error as Error).message.slice(0, 200) },
      );
    }
    if (answer.code !== '10000') {
      const code = answer.sub_code ?? answer.code ?? 'unknown';
      throw new PaymentProviderError(`Alipay ${method} failed: ${code}`, code, {
        code: answer.code ?? '',
        message: answer.sub_msg ?? answer.msg ?? '',
      });
    }
    return answer;
  };

  return {
    name: 'alipay',

    channels: (env) => channelsByEnv[env] ?? [],

    createPayment: async (input) => {
      if (input.currency !== 'CNY') {
        throw new PaymentProviderError('Alipay takes CNY only', 'currency_unsupported', {
          currency: input.currency,
        });
      }
      if (!Number.isSafeInteger(input.amount) || input.amount < 1) {
        throw new PaymentProviderError('Alipay needs at least 0.01 yuan', 'amount_not_representable', {
          amount: input.amount,
        });
      }
      const isWap = input.channel === 'alipay_wap';
      if (!isWap && input.channel !== 'alipay_page') {
        throw new PaymentProviderError(`Alipay has no channel ${input.channel}`, 'channel_unsupported', {
          channel: input.channel,
        });
      }
      const url = sdk.pageExecute(isWap ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: input.paymentId,
          total_amount: centsToYuan(input.amount),
          subject: [...(input.description || input.orderNumber)].slice(0, 256).join(''),
          product_code: isWap ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
          time_expire: chinaDateTime(input.expiresAt),
          ...(isWap ? { quit_url: input.returnUrl } : {}),
        },
        returnUrl: input.returnUrl,
        notifyUrl: input.notifyUrl,
        timestamp: chinaDateTime(new Date(now())),
      });
      return { kind: 'redirect', url };
    },

    parseNotification: async ({ rawBody }) => {
      const fields = Object.fromEntries(new URLSearchParams(rawBody).entries());
      let isValid = false;
      try {
        // The fields are already form-decoded, so the SDK must not decode them again (V2 = raw).
        isValid = sdk.checkNotifySignV2(fields);
      } catch {
        isValid = false;
      }
      if (!isValid) throw new PaymentSignatureError('Alipay notification signature invalid');
      if (fields.app_id !== credentials.app_id)
        throw new PaymentSignatureError('Alipay notification for another app');
      let amount: number;
      let refunded: number | undefined;
      try {
        amount = yuanToCents(fields.total_amount ?? '');
        refunded = fields.refund_fee ? yuanToCents(fields.refund_fee) : undefined;
      } catch (error) {
        throw new PaymentSignatureError(`Alipay notification amount unreadable: ${(error as Error).message}`);
      }
      const status = fields.trade_status ?? '';
      // A refund is notified on the trade (TRADE_SUCCESS, or TRADE_CLOSED once fully refunded) with
      // the cumulative refund_fee and the refund's out_biz_no.
      const isRefund = refunded !== undefined && refunded > 0 && fields.out_biz_no !== undefined;
      const type: PaymentEvent['type'] = isRefund
        ? 'refunded'
        : status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED'
          ? 'paid'
          : status === 'TRADE_CLOSED'
            ? 'failed'
            : 'ignored';
      const event: PaymentEvent = {
        eventId: fields.notify_id ?? '',
        type,
        paymentId: fields.out_trade_no ?? '',
        amount: isRefund ? (refunded ?? 0) : amount,
        currency: 'CNY',
      };
      if (fields.trade_no) event.providerTransactionId = fields.trade_no;
      const paidAt = fromChinaDateTime(fields.gmt_payment);
      if (paidAt) event.paidAt = paidAt;
      return event;
    },

    // Alipay stops resending only on the exact body 'success'.
    acknowledge: (ok) =>
      ok
        ? { status: 200, contentType: 'text/plain', body: 'success' }
        : { status: 400, contentType: 'text/plain', body: 'failure' },

    queryPayment: async ({ paymentId, providerTransactionId }) => {
      try {
        const answer = await exec(
          'alipay.trade.query',
          providerTransactionId ? { trade_no: providerTransactionId } : { out_trade_no: paymentId },
        );
        const query: PaymentQuery = {
          status: tradeStates[answer.trade_status ?? ''] ?? 'pending',
          amount: answer.total_amount ? yuanToCents(answer.total_amount) : 0,
          currency: 'CNY',
        };
        if (answer.trade_no) query.providerTransactionId = answer.trade_no;
        const paidAt = fromChinaDateTime(answer.send_pay_date);
        if (paidAt && query.status === 'paid') query.paidAt = paidAt;
        return query;
      } catch (error) {
        // Alipay creates the trade only once the payer opens the cashier and logs in.
        if (error instanceof PaymentProviderError && error.code === 'ACQ.TRADE_NOT_EXIST') {
          return { status: 'pending', amount: 0, currency: 'CNY' };
        }
        throw error;
      }
    },

    refund: async (input) => {
      if (input.currency !== 'CNY') {
        throw new PaymentProviderError('Alipay takes CNY only', 'currency_unsupported', {
          currency: input.currency,
        });
      }
      const answer = await exec('alipay.trade.refund', {
        ...(input.providerTransactionId
          ? { trade_no: input.providerTransactionId }
          : { out_trade_no: input.paymentId }),
        refund_amount: centsToYuan(input.amount),
        out_request_no: input.refundId,
        ...(input.reason ? { refund_reason: [...input.reason].slice(0, 256).join('') } : {}),
      });
      const providerRefundId = `${answer.trade_no ?? ''}:${input.refundId}`;
      if (answer.fund_change === 'Y') return { status: 'succeeded', providerRefundId };
      // fund_change N: no money moved by this call — a repeat of a refund already made under this
      // out_request_no (the refund job ran again), or one still under way: the refund query says which.
      const refund = await exec('alipay.trade.fastpay.refund.query', {
        ...(input.providerTransactionId
          ? { trade_no: input.providerTransactionId }
          : { out_trade_no: input.paymentId }),
        out_request_no: input.refundId,
      });
      return {
        status: refund.refund_status === 'REFUND_SUCCESS' ? 'succeeded' : 'pending',
        providerRefundId,
      };
    },

    closePayment: async (paymentId) => {
      try {
        await exec('alipay.trade.close', { out_trade_no: paymentId });
      } catch (error) {
        if (error instanceof PaymentProviderError && error.code === 'ACQ.TRADE_NOT_EXIST') return;
        throw error;
      }
    },
  };
}
