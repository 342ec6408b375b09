import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alipayNotification,
  type FakeAlipay,
  isAlipayRequestSigned,
  startFakeAlipay,
} from '../../../test/fake-alipay.ts';
import { centsToYuan, createAlipayPaymentProvider, yuanToCents } from './alipay-payment.ts';
import { PaymentSignatureError } from './payment.ts';
import { PaymentProviderError } from './payment-provider-error.ts';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const app = rsa();
const alipay = rsa();
const stranger = rsa();
/** Alipay's console hands keys out as bare base64 (PKCS#1 private key here, SPKI public key). */
const bare = (key: KeyObject, type: 'pkcs1' | 'spki') =>
  (type === 'pkcs1' ? key.export({ type, format: 'der' }) : key.export({ type, format: 'der' })).toString(
    'base64',
  );

const appId = '2021004100000001';
const credentials = {
  app_id: appId,
  private_key: bare(app.privateKey, 'pkcs1'),
  alipay_public_key: String(alipay.publicKey.export({ type: 'spki', format: 'pem' })),
};
const base = {
  orderNumber: '2026112612345678',
  amount: 12_345,
  currency: 'CNY',
  description: 'Expo 2026 — VIP 票 100% & more',
  notifyUrl: 'https://meet.example.org/api/payments/notify/alipay/m1',
  returnUrl: 'https://meet.example.org/#/my/order/o1',
  expiresAt: new Date('2026-11-26T10:15:00Z'),
};

describe('yuan ↔ cents, exactly', () => {
  it('writes and reads Alipay amounts without float error', () => {
    expect(centsToYuan(12_345)).toBe('123.45');
    expect(centsToYuan(5)).toBe('0.05');
    expect(centsToYuan(0)).toBe('0.00');
    expect(centsToYuan(1_000_000_000_01)).toBe('1000000000.01');
    expect(yuanToCents('0.1')).toBe(10);
    expect(yuanToCents('0.29')).toBe(29); // 0.29 * 100 = 28.999999999999996 in floats
    expect(yuanToCents('88')).toBe(8_800);
    expect(yuanToCents('1.10')).toBe(110);
    for (const bad of ['', '-1.00', '1.234', '1e3', '.5', '1,00', ' ', 'NaN', '99999999999999.99']) {
      expect(() => yuanToCents(bad)).toThrow(RangeError);
    }
    expect(() => centsToYuan(1.5)).toThrow(RangeError);
    expect(() => centsToYuan(-1)).toThrow(RangeError);
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(yuanToCents(centsToYuan(cents))).toBe(cents);
      }),
    );
  });
});

describe('Alipay adapter against a fake gateway that checks our RSA2 signatures and signs its answers', () => {
  let fake: FakeAlipay;
  beforeAll(async () => {
    fake = await startFakeAlipay({ appId, appPublicKey: app.publicKey, alipayPrivateKey: alipay.privateKey });
  });
  afterAll(async () => {
    await fake.close();
  });
  const provider = (overrides: Partial<typeof credentials> = {}) =>
    createAlipayPaymentProvider({ credentials: { ...credentials, ...overrides }, gateway: fake.gateway });

  it('offers the WAP cashier on mobile, the page cashier on desktop, nothing inside WeChat (§1)', () => {
    expect(provider().channels('mobile')).toEqual(['alipay_wap']);
    expect(provider().channels('browser')).toEqual(['alipay_page']);
    expect(provider().channels('wechat')).toEqual([]);
  });

  it.each([
    ['alipay_wap', 'alipay.trade.wap.pay', 'QUICK_WAP_WAY'],
    ['alipay_page', 'alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY'],
  ] as const)(
    '%s: a signed GET URL to the gateway with yuan, China-time expiry, return and notify URLs',
    async (channel, method, productCode) => {
      const start = await provider().createPayment({ ...base, paymentId: `p-${channel}`, channel });
      if (start.kind !== 'redirect') throw new Error('expected redirect');
      const url = new URL(start.url);
      expect(`${url.origin}${url.pathname}`).toBe(fake.gateway);
      const params = new Map(url.searchParams.entries());
      expect(isAlipayRequestSigned(params, app.publicKey)).toBe(true);
      expect(
        isAlipayRequestSigned(new Map([...params, ['return_url', 'https://evil.example']]), app.publicKey),
      ).toBe(false);
      expect(params.get('method')).toBe(method);
      expect(params.get('app_id')).toBe(appId);
      expect(params.get('sign_type')).toBe('RSA2');
      expect(params.get('return_url')).toBe(base.returnUrl);
      expect(params.get('notify_url')).toBe(base.notifyUrl);
      expect(params.get('timestamp')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(JSON.parse(params.get('biz_content') ?? '')).toEqual({
        out_trade_no: `p-${channel}`,
        total_amount: '123.45',
        subject: base.description,
        product_code: productCode,
        time_expire: '2026-11-26 18:15:00',
        ...(channel === 'alipay_wap' ? { quit_url: base.returnUrl } : {}),
      });
    },
  );

  it('refuses other currencies and channels', async () => {
    await expect(
      provider().createPayment({ ...base, currency: 'USD', paymentId: 'p-usd', channel: 'alipay_page' }),
    ).rejects.toMatchObject({ code: 'currency_unsupported' });
    await expect(
      provider().createPayment({ ...base, paymentId: 'p-x', channel: 'wechat_native' }),
    ).rejects.toMatchObject({ code: 'channel_unsupported' });
  });

  it('queries a trade: not yet opened → pending, waiting → pending, paid → paid with trade_no and time', async () => {
    expect(await provider().queryPayment({ paymentId: 'p-query' })).toEqual({
      status: 'pending',
      amount: 0,
      currency: 'CNY',
    });
    const trade = fake.open('p-query', '123.45');
    expect(await provider().queryPayment({ paymentId: 'p-query' })).toMatchObject({
      status: 'pending',
      amount: 12_345,
    });
    trade.trade_status = 'TRADE_SUCCESS';
    trade.send_pay_date = '2026-11-26 18:01:02';
    expect(
      await provider().queryPayment({ paymentId: 'p-query', providerTransactionId: trade.trade_no }),
    ).toEqual({
      status: 'paid',
      amount: 12_345,
      currency: 'CNY',
      providerTransactionId: trade.trade_no,
      paidAt: new Date('2026-11-26T10:01:02Z'),
    });
    expect(fake.received.at(-1)).toEqual({
      method: 'alipay.trade.query',
      bizContent: { trade_no: trade.trade_no },
    });
  });

  it('a request signed with another key is refused by the gateway (isv.invalid-signature)', async () => {
    fake.open('p-bad-key', '1.00');
    const error = await provider({ private_key: bare(stranger.privateKey, 'pkcs1') })
      .queryPayment({ paymentId: 'p-bad-key' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ code: 'isv.invalid-signature' });
  });

  it('refuses an answer whose signature does not match', async () => {
    fake.open('p-spoil', '1.00');
    fake.spoilNextAnswer();
    await expect(provider().queryPayment({ paymentId: 'p-spoil' })).rejects.toMatchObject({
      code: 'response_signature_invalid',
    });
  });

  it('refunds with out_request_no = our refund id; a repeat moves no money and reads as done', async () => {
    const trade = fake.open('p-refund', '123.45', true);
    const input = {
      paymentId: 'p-refund',
      providerTransactionId: trade.trade_no,
      refundId: 'r-1',
      amount: 2_005,
      total: 12_345,
      currency: 'CNY',
      reason: 'Organiser refund',
    };
    expect(await provider().refund(input)).toEqual({
      status: 'succeeded',
      providerRefundId: `${trade.trade_no}:r-1`,
    });
    expect(fake.received.at(-1)).toEqual({
      method: 'alipay.trade.refund',
      bizContent: {
        trade_no: trade.trade_no,
        refund_amount: '20.05',
        out_request_no: 'r-1',
        refund_reason: 'Organiser refund',
      },
    });
    // The refund job runs again: Alipay moves no money (fund_change N); the refund query says it is done.
    expect(await provider().refund(input)).toEqual({
      status: 'succeeded',
      providerRefundId: `${trade.trade_no}:r-1`,
    });
    expect(fake.received.at(-1)).toEqual({
      method: 'alipay.trade.fastpay.refund.query',
      bizContent: { trade_no: trade.trade_no, out_request_no: 'r-1' },
    });
    await expect(provider().refund({ ...input, refundId: 'r-2', amount: 20_000 })).rejects.toMatchObject({
      code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
    });
  });

  it('closes a waiting trade; a trade Alipay never saw counts as closed', async () => {
    fake.open('p-close', '1.00');
    await provider().closePayment('p-close');
    expect(fake.trades.get('p-close')?.trade_status).toBe('TRADE_CLOSED');
    await expect(provider().closePayment('p-never')).resolves.toBeUndefined();
  });

  it('fails with network_error when the gateway cannot be reached', async () => {
    const unreachable = createAlipayPaymentProvider({
      credentials,
      gateway: 'http://127.0.0.1:1/gateway.do',
    });
    await expect(unreachable.queryPayment({ paymentId: 'x' })).rejects.toMatchObject({
      code: 'network_error',
    });
  });
});

describe('Alipay notifications', () => {
  const provider = createAlipayPaymentProvider({ credentials });
  const paid = {
    gmt_create: '2026-11-26 18:00:40',
    charset: 'utf-8',
    gmt_payment: '2026-11-26 18:01:02',
    notify_time: '2026-11-26 18:01:03',
    subject: 'Expo 2026 — VIP 票 100% & more+',
    buyer_id: '2088102122524333',
    invoice_amount: '123.45',
    version: '1.0',
    notify_id: '2026112600222180103054381234567890',
    fund_bill_list: '[{"amount":"123.45","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    out_trade_no: 'p-notify',
    total_amount: '123.45',
    trade_status: 'TRADE_SUCCESS',
    trade_no: '2026112622001433001234567890',
    auth_app_id: appId,
    receipt_amount: '123.45',
    point_amount: '0.00',
    app_id: appId,
    buyer_pay_amount: '123.45',
    seller_id: '2088102119685838',
  };
  const notify = (fields: Record<string, string> = paid, key: KeyObject = alipay.privateKey) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    rawBody: alipayNotification(fields, key),
  });

  it('verifies the RSA2 signature (values with %, + and CJK intact) → a paid event in cents', async () => {
    expect(await provider.parseNotification(notify())).toEqual({
      eventId: paid.notify_id,
      type: 'paid',
      paymentId: 'p-notify',
      providerTransactionId: paid.trade_no,
      amount: 12_345,
      currency: 'CNY',
      paidAt: new Date('2026-11-26T10:01:02Z'),
    });
  });

  it('refuses a changed amount, a changed or missing sign, another key, another app id', async () => {
    const good = notify().rawBody;
    const withField = (name: string, value: string) => {
      const params = new URLSearchParams(good);
      params.set(name, value);
      return params.toString();
    };
    const cases = [
      withField('total_amount', '0.01'),
      withField('sign', notify({ ...paid, total_amount: '0.01' }).rawBody.split('sign=')[1] ?? ''),
      withField('sign', ''),
      notify(paid, stranger.privateKey).rawBody,
      notify({ ...paid, app_id: '2021009999999999' }).rawBody,
      'not a form at all',
    ];
    for (const rawBody of cases) {
      await expect(provider.parseNotification({ headers: {}, rawBody })).rejects.toBeInstanceOf(
        PaymentSignatureError,
      );
    }
  });

  it('reads refunds (cumulative refund_fee with out_biz_no), closed and waiting trades', async () => {
    const refund = await provider.parseNotification(
      notify({
        ...paid,
        notify_id: 'n-refund',
        refund_fee: '20.05',
        out_biz_no: 'r-1',
        gmt_refund: '2026-11-27 09:00:00.123',
      }),
    );
    expect(refund).toMatchObject({
      eventId: 'n-refund',
      type: 'refunded',
      amount: 2_005,
      paymentId: 'p-notify',
    });
    const closed = await provider.parseNotification(
      notify({ ...paid, notify_id: 'n-closed', trade_status: 'TRADE_CLOSED' }),
    );
    expect(closed.type).toBe('failed');
    const waiting = await provider.parseNotification(
      notify({ ...paid, notify_id: 'n-wait', trade_status: 'WAIT_BUYER_PAY' }),
    );
    expect(waiting.type).toBe('ignored');
  });

  it("acknowledges with the exact 'success', else 'failure' (Alipay resends)", () => {
    expect(provider.acknowledge(true)).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
    expect(provider.acknowledge(false).body).toBe('failure');
  });
});
