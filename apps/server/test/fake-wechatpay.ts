import {
  createCipheriv,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A transaction the fake holds, as WeChat Pay answers it. */
export type FakeWechatTransaction = {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type: 'JSAPI' | 'MWEB' | 'NATIVE';
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  success_time?: string;
  amount: { total: number; payer_total?: number; currency: string };
};

/** A refund the fake holds (status PROCESSING until a test sets it). */
export type FakeWechatRefund = {
  refund_id: string;
  out_refund_no: string;
  out_trade_no: string;
  transaction_id: string;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  amount: { total: number; refund: number; currency: string };
};

/** A request the fake received (after its signature checked out). */
export type FakeWechatRequest = { method: string; path: string; body: Record<string, unknown> | null };

export type FakeWechatpay = {
  baseUrl: string;
  received: FakeWechatRequest[];
  /** Status answered to each request, oldest first, with the error code when refused. */
  answers: string[];
  transactions: Map<string, FakeWechatTransaction>;
  /** Refunds by out_refund_no. */
  refunds: Map<string, FakeWechatRefund>;
  /** Marks a transaction paid, as if the payer had paid it. */
  pay: (outTradeNo: string) => FakeWechatTransaction;
  /** The next answer is signed wrongly (`signature`), by an unknown serial, or 10 minutes old. */
  spoilNextAnswer: (how: 'signature' | 'serial' | 'timestamp') => void;
  close: () => Promise<void>;
};

/** RSA-SHA256 (base64) as WeChat Pay signs: written independently of the adapter's library. */
function sign(message: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(message).sign(key, 'base64');
}

/** Reads `WECHATPAY2-SHA256-RSA2048 k="v",…` into its fields. */
function parseAuthorization(header: string | undefined): Record<string, string> | null {
  const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header ?? '');
  if (!match?.[1]) return null;
  const fields: Record<string, string> = {};
  for (const part of match[1].matchAll(/(\w+)="([^"]*)"/g)) fields[part[1] ?? ''] = part[2] ?? '';
  return fields;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for api.mch.weixin.qq.com (API v3): checks each request's Authorization
 * (merchant id, certificate serial, RSA-SHA256 over `METHOD\nURI\ntimestamp\nnonce\nbody\n`
 * verified with the merchant public key, timestamp within 5 minutes) and answers like WeChat Pay,
 * signed with the platform key under `platformSerial`: JSAPI/H5/Native create, query by
 * out_trade_no or transaction_id (404 ORDER_NOT_EXIST), close, domestic refunds (create: a repeated
 * out_refund_no is refused; query by out_refund_no).
 */
export async function startFakeWechatpay(options: {
  mchid: string;
  appid: string;
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  platformPrivateKey: KeyObject;
  platformSerial: string;
}): Promise<FakeWechatpay> {
  const received: FakeWechatRequest[] = [];
  const answers: string[] = [];
  const transactions = new Map<string, FakeWechatTransaction>();
  const refunds = new Map<string, FakeWechatRefund>();
  let spoil: 'signature' | 'serial' | 'timestamp' | null = null;

  const server: Server = createServer(async (request, response) => {
    const raw = await bodyOf(request);
    const answer = (status: number, body: Record<string, unknown> | null) => {
      const text = body === null ? '' : JSON.stringify(body);
      let timestamp = String(Math.floor(Date.now() / 1000));
      if (spoil === 'timestamp') timestamp = String(Number(timestamp) - 600);
      const nonce = randomBytes(16).toString('hex');
      let signature = sign(`${timestamp}\n${nonce}\n${text}\n`, options.platformPrivateKey);
      if (spoil === 'signature')
        signature = sign(`${timestamp}\n${nonce}\n${text} \n`, options.platformPrivateKey);
      const serial = spoil === 'serial' ? 'PUB_KEY_ID_UNKNOWN' : options.platformSerial;
      spoil = null;
      answers.push(status < 300 ? String(status) : `${status} ${String(body?.code)}`);
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': randomUUID(),
        'wechatpay-serial': serial,
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-signature': signature,
      });
      response.end(text);
    };
    const auth = parseAuthorization(request.headers.authorization);
    if (!auth || auth.mchid !== options.mchid || auth.serial_no !== options.merchantSerial) {
      return answer(401, { code: 'SIGN_ERROR', message: 'Authorization 头缺失或商户号、证书序列号不符' });
    }
    const signed = `${request.method}\n${request.url}\n${auth.timestamp}\n${auth.nonce_str}\n${raw}\n`;
    const isValid =
      Math.abs(Date.now() / 1000 - Number(auth.timestamp)) <= 300 &&
      createVerify('RSA-SHA256')
        .update(signed)
        .verify(options.merchantPublicKey, auth.signature ?? '', 'base64');
    if (!isValid) return answer(401, { code: 'SIGN_ERROR', message: '签名错误' });
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = raw === '' ? null : (JSON.parse(raw) as Record<string, unknown>);
    received.push({ method: request.method ?? '', path: url.pathname + url.search, body });

    const create = /^\/v3\/pay\/transactions\/(jsapi|h5|native)$/.exec(url.pathname);
    if (request.method === 'POST' && create && body) {
      const kind = create[1] as 'jsapi' | 'h5' | 'native';
      const amount = body.amount as { total?: unknown; currency?: unknown } | undefined;
      if (body.appid !== options.appid || body.mchid !== options.mchid) {
        return answer(400, { code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' });
      }
      if (
        typeof body.out_trade_no !== 'string' ||
        !Number.isInteger(amount?.total) ||
        (amount?.total as number) < 1 ||
        typeof body.notify_url !== 'string' ||
        typeof body.description !== 'string' ||
        !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(String(body.time_expire))
      ) {
        return answer(400, { code: 'PARAM_ERROR', message: '参数错误' });
      }
      if (kind === 'jsapi' && typeof (body.payer as { openid?: unknown } | undefined)?.openid !== 'string') {
        return answer(400, { code: 'PARAM_ERROR', message: '缺少payer.openid' });
      }
      const scene = body.scene_info as
        | { payer_client_ip?: unknown; h5_info?: { type?: unknown } }
        | undefined;
      if (kind === 'h5' && (typeof scene?.payer_client_ip !== 'string' || scene.h5_info?.type !== 'Wap')) {
        return answer(400, { code: 'PARAM_ERROR', message: '缺少scene_info' });
      }
      transactions.set(body.out_trade_no, {
        appid: options.appid,
        mchid: options.mchid,
        out_trade_no: body.out_trade_no,
        trade_type: kind === 'jsapi' ? 'JSAPI' : kind === 'h5' ? 'MWEB' : 'NATIVE',
        trade_state: 'NOTPAY',
        amount: { total: amount?.total as number, currency: String(amount?.currency ?? 'CNY') },
      });
      const prepayId = `wx${Date.now()}${randomBytes(6).toString('hex')}`;
      if (kind === 'jsapi') return answer(200, { prepay_id: prepayId });
      if (kind === 'h5') {
        return answer(200, {
          h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepayId}&package=1249222228`,
        });
      }
      return answer(200, { code_url: `weixin://wxpay/bizpayurl?pr=${prepayId.slice(-7)}` });
    }

    const byTradeNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    const byId = /^\/v3\/pay\/transactions\/id\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && (byTradeNo || byId)) {
      if (url.searchParams.get('mchid') !== options.mchid)
        return answer(400, { code: 'PARAM_ERROR', message: 'mchid' });
      const found = byTradeNo
        ? transactions.get(decodeURIComponent(byTradeNo[1] ?? ''))
        : [...transactions.values()].find((t) => t.transaction_id === decodeURIComponent(byId?.[1] ?? ''));
      if (!found) return answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return answer(200, { ...found });
    }

    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(url.pathname);
    if (request.method === 'POST' && close) {
      const found = transactions.get(decodeURIComponent(close[1] ?? ''));
      if (body?.mchid !== options.mchid) return answer(400, { code: 'PARAM_ERROR', message: 'mchid' });
      if (!found) return answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (found.trade_state === 'SUCCESS') return answer(400, { code: 'ORDERPAID', message: '订单已支付' });
      found.trade_state = 'CLOSED';
      return answer(204, null);
    }

    const refundNo = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && refundNo) {
      const found = refunds.get(decodeURIComponent(refundNo[1] ?? ''));
      if (!found) return answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return answer(200, { ...found });
    }
    if (request.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds' && body) {
      if (typeof body.out_refund_no === 'string' && refunds.has(body.out_refund_no)) {
        return answer(400, { code: 'INVALID_REQUEST', message: '退款单号重复' });
      }
      const found =
        typeof body.out_trade_no === 'string'
          ? transactions.get(body.out_trade_no)
          : [...transactions.values()].find((t) => t.transaction_id === body.transaction_id);
      const amount = body.amount as { refund?: number; total?: number; currency?: string };
      if (!found) return answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
      if (found.trade_state !== 'SUCCESS' && found.trade_state !== 'REFUND') {
        return answer(403, { code: 'NOT_ENOUGH', message: '订单未支付' });
      }
      if (
        typeof body.out_refund_no !== 'string' ||
        amount.total !== found.amount.total ||
        (amount.refund ?? 0) < 1
      ) {
        return answer(400, { code: 'PARAM_ERROR', message: '参数错误' });
      }
      if ((amount.refund ?? 0) > found.amount.total) {
        return answer(400, { code: 'INVALID_REQUEST', message: '退款金额超过订单金额' });
      }
      found.trade_state = 'REFUND';
      const refund: FakeWechatRefund = {
        refund_id: `50000${Date.now()}`,
        out_refund_no: body.out_refund_no,
        out_trade_no: found.out_trade_no,
        transaction_id: found.transaction_id ?? '',
        status: 'PROCESSING',
        amount: { total: found.amount.total, refund: amount.refund ?? 0, currency: 'CNY' },
      };
      refunds.set(body.out_refund_no, refund);
      return answer(200, { ...refund });
    }
    return answer(404, { code: 'NOT_FOUND', message: 'no such API' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    answers,
    transactions,
    refunds,
    pay: (outTradeNo) => {
      const found = transactions.get(outTradeNo);
      if (!found) throw new Error(`no transaction ${outTradeNo}`);
      found.trade_state = 'SUCCESS';
      found.transaction_id = `4200000${Date.now()}`;
      found.success_time = '2026-11-26T18:01:02+08:00';
      found.amount.payer_total = found.amount.total;
      return found;
    },
    spoilNextAnswer: (how) => {
      spoil = how;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A notification as WeChat Pay posts it: the resource encrypted with AES-256-GCM under the APIv3
 * key (12-character nonce, associated_data), the body signed `timestamp\nnonce\nbody\n` with the
 * platform key; answered as the headers and raw body the notify route hands the adapter.
 */
export function wechatNotification(options: {
  platformPrivateKey: KeyObject;
  platformSerial: string;
  apiv3Key: string;
  id: string;
  eventType: string;
  resource: Record<string, unknown>;
  originalType?: string;
  timestamp?: number;
}): { headers: Record<string, string>; rawBody: string } {
  const nonce = randomBytes(6).toString('hex');
  const associatedData = options.originalType ?? 'transaction';
  const cipher = createCipheriv(
    'aes-256-gcm',
    Buffer.from(options.apiv3Key, 'utf8'),
    Buffer.from(nonce, 'utf8'),
  );
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([
    cipher.update(JSON.stringify(options.resource), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]).toString('base64');
  const rawBody = JSON.stringify({
    id: options.id,
    create_time: '2026-11-26T18:01:03+08:00',
    resource_type: 'encrypt-resource',
    event_type: options.eventType,
    summary: '支付成功',
    resource: {
      original_type: associatedData,
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext,
      associated_data: associatedData,
      nonce,
    },
  });
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const headerNonce = randomBytes(16).toString('hex');
  return {
    headers: {
      'wechatpay-serial': options.platformSerial,
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': headerNonce,
      'wechatpay-signature': sign(`${timestamp}\n${headerNonce}\n${rawBody}\n`, options.platformPrivateKey),
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      'content-type': 'application/json',
    },
    rawBody,
  };
}
