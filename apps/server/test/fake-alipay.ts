import { createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A trade the fake holds. */
export type FakeAlipayTrade = {
  out_trade_no: string;
  trade_no: string;
  trade_status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  total_amount: string;
  refunded: string[];
  send_pay_date?: string;
};

export type FakeAlipay = {
  gateway: string;
  /** Methods called with their biz_content, oldest first. */
  received: { method: string; bizContent: Record<string, unknown> }[];
  trades: Map<string, FakeAlipayTrade>;
  /** Opens a trade as the cashier would once the payer logs in, optionally paid. */
  open: (outTradeNo: string, totalAmount: string, paid?: boolean) => FakeAlipayTrade;
  /** The next answer's sign is made over other text. */
  spoilNextAnswer: () => void;
  close: () => Promise<void>;
};

/**
 * Alipay's RSA2 request signature, written independently of alipay-sdk: every parameter except
 * `sign` and empty ones, sorted by name, `name=value` (values as received) joined with '&',
 * RSA-SHA256 verified with the app's public key.
 */
export function isAlipayRequestSigned(params: Map<string, string>, appPublicKey: KeyObject): boolean {
  const content = [...params.entries()]
    .filter(([name, value]) => name !== 'sign' && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return createVerify('RSA-SHA256')
    .update(content, 'utf8')
    .verify(appPublicKey, params.get('sign') ?? '', 'base64');
}

/**
 * An asynchronous notification as Alipay posts it: the fields signed (all but sign and
 * sign_type, sorted, `k=v&…`) with Alipay's private key, form-encoded.
 */
export function alipayNotification(fields: Record<string, string>, alipayPrivateKey: KeyObject): string {
  const content = Object.keys(fields)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && fields[name] !== '')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  const sign = createSign('RSA-SHA256').update(content, 'utf8').sign(alipayPrivateKey, 'base64');
  return new URLSearchParams({ ...fields, sign_type: 'RSA2', sign }).toString();
}

/**
 * A local stand-in for openapi.alipay.com/gateway.do: checks app id, RSA2 and each request's
 * signature (query + form body) with the app public key, and answers alipay.trade.query / refund / refund query /
 * close like Alipay, `{"<method>_response":{…},"sign":"…"}` signed with Alipay's private key over
 * the response object's exact text. A bad signature is answered 40002 isv.invalid-signature.
 */
export async function startFakeAlipay(options: {
  appId: string;
  appPublicKey: KeyObject;
  alipayPrivateKey: KeyObject;
}): Promise<FakeAlipay> {
  const received: FakeAlipay['received'] = [];
  const trades = new Map<string, FakeAlipayTrade>();
  let spoil = false;
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const params = new Map([
      ...url.searchParams.entries(),
      ...new URLSearchParams(Buffer.concat(chunks).toString('utf8')).entries(),
    ]);
    const method = params.get('method') ?? '';
    const answer = (body: Record<string, unknown>) => {
      const key = `${method.replaceAll('.', '_')}_response`;
      const inner = JSON.stringify(body);
      const sign = createSign('RSA-SHA256')
        .update(spoil ? `${inner} ` : inner, 'utf8')
        .sign(options.alipayPrivateKey, 'base64');
      spoil = false;
      response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      response.end(`{"${key}":${inner},"sign":"${sign}"}`);
    };
    const failure = (code: string, msg: string, subCode: string, subMsg: string) =>
      answer({ code, msg, sub_code: subCode, sub_msg: subMsg });
    if (params.get('app_id') !== options.appId) {
      return failure('40002', 'Invalid Arguments', 'isv.invalid-app-id', '无效的AppID参数');
    }
    if (params.get('sign_type') !== 'RSA2' || !isAlipayRequestSigned(params, options.appPublicKey)) {
      return failure('40002', 'Invalid Arguments', 'isv.invalid-signature', '验签出错');
    }
    if (!/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(params.get('timestamp') ?? '')) {
      return failure('40002', 'Invalid Arguments', 'isv.invalid-timestamp', '非法的时间戳参数');
    }
    const biz = JSON.parse(params.get('biz_content') ?? '{}') as Record<string, string>;
    received.push({ method, bizContent: biz });
    const trade = biz.trade_no
      ? [...trades.values()].find((t) => t.trade_no === biz.trade_no)
      : trades.get(biz.out_trade_no ?? '');
    if (!trade) return failure('40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
    if (method === 'alipay.trade.query') {
      return answer({
        code: '10000',
        msg: 'Success',
        trade_no: trade.trade_no,
        out_trade_no: trade.out_trade_no,
        trade_status: trade.trade_status,
        total_amount: trade.total_amount,
        ...(trade.send_pay_date ? { send_pay_date: trade.send_pay_date } : {}),
        buyer_logon_id: '159****5620',
      });
    }
    if (method === 'alipay.trade.close') {
      if (trade.trade_status !== 'WAIT_BUYER_PAY') {
        return failure('40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      }
      trade.trade_status = 'TRADE_CLOSED';
      return answer({
        code: '10000',
        msg: 'Success',
        trade_no: trade.trade_no,
        out_trade_no: trade.out_trade_no,
      });
    }
    if (method === 'alipay.trade.fastpay.refund.query') {
      const isDone = trade.refunded.includes(biz.out_request_no ?? '');
      return answer({
        code: '10000',
        msg: 'Success',
        trade_no: trade.trade_no,
        out_trade_no: trade.out_trade_no,
        out_request_no: biz.out_request_no,
        ...(isDone ? { refund_status: 'REFUND_SUCCESS' } : {}),
      });
    }
    if (method === 'alipay.trade.refund') {
      if (trade.trade_status !== 'TRADE_SUCCESS') {
        return failure('40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      }
      const cents = (yuan: string) => Math.round(Number(yuan) * 100);
      const repeated = trade.refunded.includes(biz.out_request_no ?? '');
      const done = trade.refunded.length; // one refund per request number in this fake
      if (!repeated) {
        const total = cents(trade.total_amount);
        if (cents(biz.refund_amount ?? '0') > total) {
          return failure('40004', 'Business Failed', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
        }
        trade.refunded.push(biz.out_request_no ?? '');
      }
      return answer({
        code: '10000',
        msg: 'Success',
        trade_no: trade.trade_no,
        out_trade_no: trade.out_trade_no,
        refund_fee: biz.refund_amount,
        fund_change: repeated ? 'N' : 'Y',
        refunds_before: done,
      });
    }
    return failure('40004', 'Business Failed', 'isv.missing-method', '不支持的接口');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    gateway: `http://127.0.0.1:${port}/gateway.do`,
    received,
    trades,
    open: (outTradeNo, totalAmount, paid = false) => {
      const trade: FakeAlipayTrade = {
        out_trade_no: outTradeNo,
        trade_no: `2026112622001${randomBytes(6).toString('hex')}`,
        trade_status: paid ? 'TRADE_SUCCESS' : 'WAIT_BUYER_PAY',
        total_amount: totalAmount,
        refunded: [],
        ...(paid ? { send_pay_date: '2026-11-26 18:01:02' } : {}),
      };
      trades.set(outTradeNo, trade);
      return trade;
    },
    spoilNextAnswer: () => {
      spoil = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
