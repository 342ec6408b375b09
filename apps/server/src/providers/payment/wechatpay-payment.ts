import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import {
  type ClientEnvironment,
  type PaymentChannel,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentQuery,
  PaymentSignatureError,
  type RefundResult,
} from './payment.ts';
import type { WechatpayCredentials } from './payment-credentials.ts';
import { headerOf, PaymentProviderError } from './payment-provider-error.ts';

/** WeChat Pay API v3 production host. */
export const wechatpayDefaultBaseUrl = 'https://api.mch.weixin.qq.com';
/** Seconds a signed answer or notification may be away from our clock (WeChat Pay recommends 5 min). */
const maxSkewSeconds = 300;
const defaultTimeoutMs = 10_000;

/** Channels per client environment (§1): inside WeChat JSAPI, a mobile browser H5, a desktop a Native QR. */
const channelsByEnv: Record<ClientEnvironment, PaymentChannel[]> = {
  wechat: ['wechat_jsapi'],
  mobile: ['wechat_h5'],
  browser: ['wechat_native'],
};

/** WeChat Pay's trade_state → our payment status. */
const tradeStates: Record<string, PaymentQuery['status']> = {
  SUCCESS: 'paid',
  REFUND: 'paid', // paid, then (partly) refunded: the payment itself happened
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  ACCEPT: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'failed',
};

/** WeChat Pay's refund status → ours. */
const refundStates: Record<string, RefundResult['status']> = {
  SUCCESS: 'succeeded',
  PROCESSING: 'pending',
  CLOSED: 'failed',
  ABNORMAL: 'failed',
};

type Transaction = {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
};
type RefundResource = {
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  out_refund_no?: string;
  refund_id?: string;
  refund_status?: string;
  success_time?: string;
  amount?: { total?: number; refund?: number; payer_refund?: number };
};
type Notification = {
  id?: string;
  event_type?: string;
  resource_type?: string;
  resource?: { algorithm?: string; ciphertext?: string; associated_data?: string; nonce?: string };
};

/** The WeChat Pay provider plus closing an unpaid transaction (used when an order expires or is cancelled). */
export type WechatpayPaymentProvider = PaymentProvider & {
  /** Closes an unpaid transaction (POST …/out-trade-no/{id}/close); paid ones cannot be closed. */
  closePayment(paymentId: string): Promise<void>;
};

/** `2026-11-26T18:00:00+08:00`: WeChat Pay's time_expire, in China time. */
function chinaTime(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** The platform's verification keys by serial: the WeChat Pay public key's id and/or the certificate's serial. */
function platformKeysOf(credentials: WechatpayCredentials): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  if (credentials.platform_public_key && credentials.platform_public_key_id) {
    keys.set(
      credentials.platform_public_key_id.toUpperCase(),
      createPublicKey(credentials.platform_public_key),
    );
  }
  if (credentials.platform_certificate) {
    const certificate = new X509Certificate(credentials.platform_certificate);
    keys.set(certificate.serialNumber.toUpperCase(), certificate.publicKey);
  }
  return keys;
}

/**
 * WeChat Pay API v3 (DESIGN §8) for one merchant: JSAPI inside WeChat (prepay_id → the params
 * WeixinJSBridge `getBrandWCPayRequest` takes, signed RSA), H5 in a mobile browser (h5_url, with the
 * payer's IP), Native on a desktop (code_url shown as a QR) — §1 environments. Every request is
 * signed (`Authorization: WECHATPAY2-SHA256-RSA2048 …` over `METHOD\nURI\ntimestamp\nnonce\nbody\n`
 * with the merchant key); every 2xx answer and every notification must carry a valid
 * Wechatpay-Signature by the platform key named in Wechatpay-Serial (public key id or certificate
 * serial) within 5 minutes of our clock. Notification resources are decrypted with AES-256-GCM and
 * the APIv3 key. Amounts are fen (cents) both sides; only CNY.
 * Primitives (RSA-SHA256 sign/verify, AES-GCM, message formats) come from wechatpay-axios-plugin;
 * HTTP goes through fetch so answers are verified on the exact bytes received.
 * @param options.baseUrl API host (tests point it at a local fake); default api.mch.weixin.qq.com
 * @throws Error at construction when a key or certificate does not parse
 */
export function createWechatpayPaymentProvider(options: {
  credentials: WechatpayCredentials;
  baseUrl?: string;
  timeoutMs?: number;
  /** Clock in ms (tests). */
  now?: () => number;
}): WechatpayPaymentProvider {
  const { credentials } = options;
  const baseUrl = options.baseUrl ?? wechatpayDefaultBaseUrl;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const now = options.now ?? Date.now;
  const privateKey = createPrivateKey(credentials.private_key);
  const platformKeys = platformKeysOf(credentials);
  // The serial we name in Wechatpay-Serial: the public key id when configured, else the certificate.
  const platformSerial = [...platformKeys.keys()][0] ?? '';

  /** Checks Wechatpay-Signature over `timestamp\nnonce\nbody\n` and the timestamp window. */
  const isSigned = (headers: Record<string, string | undefined>, body: string): boolean => {
    const serial = headerOf(headers, 'wechatpay-serial');
    const signature = headerOf(headers, 'wechatpay-signature');
    const timestamp = headerOf(headers, 'wechatpay-timestamp');
    const nonce = headerOf(headers, 'wechatpay-nonce');
    if (!serial || !signature || !timestamp || !nonce || !/^\d{1,12}$/.test(timestamp)) return false;
    if (Math.abs(now() / 1000 - Number(timestamp)) > maxSkewSeconds) return false;
    const key = platformKeys.get(serial.toUpperCase());
    if (!key) return false;
    try {
      return Rsa.verify(Formatter.response(timestamp, nonce, body), signature, key);
    } catch {
      return false;
    }
  };

  /** One signed API call; answers the parsed JSON of a verified 2xx, throws PaymentProviderError otherwise. */
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const url = new URL(path, baseUrl);
    const timestamp = String(Math.floor(now() / 1000));
    const nonce = Formatter.nonce(32);
    const payload = body === undefined ? '' : JSON.stringify(body);
    const signature = Rsa.sign(
      Formatter.request(method, url.pathname + url.search, timestamp, nonce, payload),
      privateKey,
    );
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers: {
          Authorization: Formatter.authorization(
            credentials.mchid,
            nonce,
            signature,
            timestamp,
            credentials.serial_no,
          ),
          Accept: 'application/json',
          'User-Agent': 'meeting-platform wechatpay-v3',
          'Wechatpay-Serial': platformSerial,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: payload }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new PaymentProviderError(`WeChat Pay ${path} unreachable`, 'network_error', {
        message: (error as Error).message,
      });
    }
    if (!response.ok) {
      let answer: { code?: string; message?: string } = {};
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        // not JSON: keep the status only
      }
      const code = answer.code ?? `http_${response.status}`;
      throw new PaymentProviderError(`WeChat Pay ${path} failed: ${code}`, code, {
        status: response.status,
        message: answer.message ?? '',
        requestId: response.headers.get('request-id') ?? '',
      });
    }
    const headers = Object.fromEntries(response.headers.entries());
    if (!isSigned(headers, text)) {
      throw new PaymentProviderError(
        `WeChat Pay ${path}: answer not signed by the platform`,
        'response_signature_invalid',
        {
          requestId: response.headers.get('request-id') ?? '',
        },
      );
    }
    return (text === '' ? {} : JSON.parse(text)) as T;
  };

  const toQuery = (transaction: Transaction): PaymentQuery => ({
    status: tradeStates[transaction.trade_state ?? ''] ?? 'pending',
    amount: transaction.amount?.total ?? 0,
    currency: transaction.amount?.currency ?? 'CNY',
    ...(transaction.transaction_id ? { providerTransactionId: transaction.transaction_id } : {}),
    ...(transaction.success_time ? { paidAt: new Date(transaction.success_time) } : {}),
  });

  return {
    name: 'wechatpay',

    channels: (env) => channelsByEnv[env] ?? [],

    createPayment: async (input) => {
      if (input.currency !== 'CNY') {
        throw new PaymentProviderError('WeChat Pay takes CNY only', 'currency_unsupported', {
          currency: input.currency,
        });
      }
      if (!Number.isInteger(input.amount) || input.amount < 1) {
        throw new PaymentProviderError('WeChat Pay needs at least 1 fen', 'amount_not_representable', {
          amount: input.amount,
        });
      }
      const common = {
        appid: credentials.appid,
        mchid: credentials.mchid,
        description: [...(input.description || input.orderNumber)].slice(0, 127).join(''),
        out_trade_no: input.paymentId,
        time_expire: chinaTime(input.expiresAt),
        attach: input.orderNumber.slice(0, 128),
        notify_url: input.notifyUrl,
        amount: { total: input.amount, currency: 'CNY' },
      };
      switch (input.channel) {
        case 'wechat_jsapi': {
          if (!input.openid)
            throw new PaymentProviderError('JSAPI needs the payer openid', 'openid_required');
          const answer = await call<{ prepay_id?: string }>('POST', '/v3/pay/transactions/jsapi', {
            ...common,
            payer: { openid: input.openid },
          });
          const timeStamp = String(Math.floor(now() / 1000));
          const nonceStr = Formatter.nonce(32);
          const pkg = `prepay_id=${answer.prepay_id ?? ''}`;
          return {
            kind: 'jsapi',
            params: {
              appId: credentials.appid,
              timeStamp,
              nonceStr,
              package: pkg,
              signType: 'RSA',
              paySign: Rsa.sign(
                Formatter.joinedByLineFeed(credentials.appid, timeStamp, nonceStr, pkg),
                privateKey,
              ),
            },
          };
        }
        case 'wechat_h5': {
          if (!input.clientIp) throw new PaymentProviderError('H5 needs the payer IP', 'client_ip_required');
          const answer = await call<{ h5_url?: string }>('POST', '/v3/pay/transactions/h5', {
            ...common,
            scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } },
          });
          // WeChat sends the payer back to redirect_url after the cashier (its domain must be registered).
          const url = new URL(answer.h5_url ?? '');
          url.searchParams.set('redirect_url', input.returnUrl);
          return { kind: 'redirect', url: url.toString() };
        }
        case 'wechat_native': {
          const answer = await call<{ code_url?: string }>('POST', '/v3/pay/transactions/native', {
            ...common,
            ...(input.clientIp ? { scene_info: { payer_client_ip: input.clientIp } } : {}),
          });
          return { kind: 'qr', code_url: answer.code_url ?? '' };
        }
        default:
          throw new PaymentProviderError(
            `WeChat Pay has no channel ${input.channel}`,
            'channel_unsupported',
            {
              channel: input.channel,
            },
          );
      }
    },

    parseNotification: async ({ headers, rawBody }) => {
      if (!isSigned(headers, rawBody))
        throw new PaymentSignatureError('WeChat Pay notification signature invalid');
      let notification: Notification;
      let data: Transaction & RefundResource;
      try {
        notification = JSON.parse(rawBody) as Notification;
        const resource = notification.resource;
        if (resource?.algorithm !== 'AEAD_AES_256_GCM' || !resource.ciphertext || !resource.nonce) {
          throw new Error('no AEAD_AES_256_GCM resource');
        }
        const plain = Aes.AesGcm.decrypt(
          resource.ciphertext,
          Buffer.from(credentials.apiv3_key, 'utf8'),
          resource.nonce,
          resource.associated_data ?? '',
        );
        data = JSON.parse(plain) as Transaction & RefundResource;
      } catch (error) {
        throw new PaymentSignatureError(`WeChat Pay notification unreadable: ${(error as Error).message}`);
      }
      const eventId = notification.id ?? '';
      const eventType = notification.event_type ?? '';
      if (data.mchid !== undefined && data.mchid !== credentials.mchid) {
        throw new PaymentSignatureError('WeChat Pay notification for another merchant');
      }
      if (eventType.startsWith('REFUND.')) {
        return {
          eventId,
          type: data.refund_status === 'SUCCESS' ? 'refunded' : 'ignored',
          paymentId: data.out_trade_no ?? '',
          ...(data.transaction_id ? { providerTransactionId: data.transaction_id } : {}),
          amount: data.amount?.refund ?? 0,
          currency: 'CNY',
          ...(data.success_time ? { paidAt: new Date(data.success_time) } : {}),
        };
      }
      const isPaid = eventType === 'TRANSACTION.SUCCESS' && data.trade_state === 'SUCCESS';
      const event: PaymentEvent = {
        eventId,
        type: isPaid ? 'paid' : data.trade_state === 'PAYERROR' ? 'failed' : 'ignored',
        paymentId: data.out_trade_no ?? '',
        amount: data.amount?.total ?? 0,
        currency: data.amount?.currency ?? 'CNY',
      };
      if (data.transaction_id) event.providerTransactionId = data.transaction_id;
      if (data.success_time) event.paidAt = new Date(data.success_time);
      return event;
    },

    // WeChat Pay v3: a 2xx without body is success; anything else makes it retry (with a FAIL JSON).
    acknowledge: (ok) =>
      ok
        ? { status: 204, contentType: 'application/json', body: '' }
        : {
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'FAIL', message: '失败' }),
          },

    queryPayment: async ({ paymentId, providerTransactionId }) => {
      const path = providerTransactionId
        ? `/v3/pay/transactions/id/${encodeURIComponent(providerTransactionId)}`
        : `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentId)}`;
      try {
        return toQuery(
          await call<Transaction>('GET', `${path}?mchid=${encodeURIComponent(credentials.mchid)}`),
        );
      } catch (error) {
        // Never created at WeChat Pay (the create call failed): nobody can pay it; still pending here
        // so the order's own expiry decides.
        if (error instanceof PaymentProviderError && error.code === 'ORDER_NOT_EXIST') {
          return { status: 'pending', amount: 0, currency: 'CNY' };
        }
        throw error;
      }
    },

    refund: async (input) => {
      if (input.currency !== 'CNY') {
        throw new PaymentProviderError('WeChat Pay takes CNY only', 'currency_unsupported', {
          currency: input.currency,
        });
      }
      // A retried refund (the refund job runs again while WeChat Pay is PROCESSING) reads the
      // refund it already asked for instead of asking again.
      let answer: { refund_id?: string; status?: string } | null = null;
      try {
        answer = await call<{ refund_id?: string; status?: string }>(
          'GET',
          `/v3/refund/domestic/refunds/${encodeURIComponent(input.refundId)}`,
        );
      } catch (error) {
        if (!(error instanceof PaymentProviderError && error.code === 'RESOURCE_NOT_EXISTS')) throw error;
      }
      answer ??= await call<{ refund_id?: string; status?: string }>('POST', '/v3/refund/domestic/refunds', {
        ...(input.providerTransactionId
          ? { transaction_id: input.providerTransactionId }
          : { out_trade_no: input.paymentId }),
        out_refund_no: input.refundId,
        ...(input.reason ? { reason: [...input.reason].slice(0, 80).join('') } : {}),
        amount: { refund: input.amount, total: input.total, currency: 'CNY' },
      });
      return {
        status: refundStates[answer.status ?? ''] ?? 'pending',
        providerRefundId: answer.refund_id ?? '',
      };
    },

    closePayment: async (paymentId) => {
      await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentId)}/close`, {
        mchid: credentials.mchid,
      });
    },
  };
}
