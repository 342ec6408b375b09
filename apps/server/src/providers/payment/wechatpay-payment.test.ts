import { createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWechatpay, startFakeWechatpay, wechatNotification } from '../../../test/fake-wechatpay.ts';
import {
  testPlatformCertificate,
  testPlatformCertificateKey,
} from '../../../test/wechatpay-test-certificate.ts';
import { PaymentSignatureError } from './payment.ts';
import { PaymentProviderError } from './payment-provider-error.ts';
import { createWechatpayPaymentProvider } from './wechatpay-payment.ts';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const stranger = rsa();
const pem = (
  key: { export: (o: { type: 'pkcs8' | 'spki'; format: 'pem' }) => string | Buffer },
  type: 'pkcs8' | 'spki',
) => String(key.export({ type, format: 'pem' }));

const platformKeyId = 'PUB_KEY_ID_0114232134912410000000000001';
const credentials = {
  mchid: '1900000109',
  appid: 'wx8888888888888888',
  serial_no: '3775B6A45ACD588826D15E583A95F5DD4A5C7E23',
  private_key: pem(merchant.privateKey, 'pkcs8'),
  apiv3_key: 'Q4E6W2R8T1Y5U3I9O7P0A2S4D6F8G1H3',
  platform_public_key: pem(platform.publicKey, 'spki'),
  platform_public_key_id: platformKeyId,
};
const expiresAt = new Date('2026-11-26T10:15:00Z');
const base = {
  orderNumber: '2026112612345678',
  amount: 12_345,
  currency: 'CNY',
  description: 'Expo 2026 — VIP ticket',
  notifyUrl: 'https://meet.example.org/api/payments/notify/wechatpay/m1',
  returnUrl: 'https://meet.example.org/#/my/order/o1',
  expiresAt,
};

describe('WeChat Pay v3 adapter against a fake API that checks our signatures and signs its answers', () => {
  let fake: FakeWechatpay;
  beforeAll(async () => {
    fake = await startFakeWechatpay({
      mchid: credentials.mchid,
      appid: credentials.appid,
      merchantSerial: credentials.serial_no,
      merchantPublicKey: merchant.publicKey,
      platformPrivateKey: platform.privateKey,
      platformSerial: platformKeyId,
    });
  });
  afterAll(async () => {
    await fake.close();
  });
  const provider = (overrides: Partial<typeof credentials> = {}) =>
    createWechatpayPaymentProvider({ credentials: { ...credentials, ...overrides }, baseUrl: fake.baseUrl });

  it('offers JSAPI inside WeChat, H5 on mobile browsers, a Native QR on desktops (§1)', () => {
    expect(provider().channels('wechat')).toEqual(['wechat_jsapi']);
    expect(provider().channels('mobile')).toEqual(['wechat_h5']);
    expect(provider().channels('browser')).toEqual(['wechat_native']);
  });

  it('Native: signed create with fen, China-time expiry and notify URL → the code_url for a QR', async () => {
    const start = await provider().createPayment({
      ...base,
      paymentId: 'p-native-1',
      channel: 'wechat_native',
    });
    expect(start).toMatchObject({ kind: 'qr' });
    if (start.kind === 'qr') expect(start.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.received.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v3/pay/transactions/native',
      body: {
        appid: credentials.appid,
        mchid: credentials.mchid,
        out_trade_no: 'p-native-1',
        time_expire: '2026-11-26T18:15:00+08:00',
        notify_url: base.notifyUrl,
        amount: { total: 12_345, currency: 'CNY' },
        description: base.description,
      },
    });
  });

  it('JSAPI: prepay_id → appId, timeStamp, nonceStr, package, signType RSA, paySign by the merchant key', async () => {
    const start = await provider().createPayment({
      ...base,
      paymentId: 'p-jsapi-1',
      channel: 'wechat_jsapi',
      openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    });
    if (start.kind !== 'jsapi') throw new Error('expected jsapi');
    const { appId, timeStamp, nonceStr, package: pkg, signType, paySign } = start.params;
    expect({ appId, signType }).toEqual({ appId: credentials.appid, signType: 'RSA' });
    expect(pkg).toMatch(/^prepay_id=wx/);
    expect(timeStamp).toMatch(/^\d{10}$/);
    const isValid = createVerify('RSA-SHA256')
      .update(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
      .verify(merchant.publicKey, paySign ?? '', 'base64');
    expect(isValid).toBe(true);
    expect(fake.received.at(-1)?.body).toMatchObject({ payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } });
    await expect(
      provider().createPayment({ ...base, paymentId: 'p-jsapi-2', channel: 'wechat_jsapi' }),
    ).rejects.toMatchObject({ code: 'openid_required' });
  });

  it('H5: the payer IP goes in scene_info; the h5_url comes back with our return address', async () => {
    const start = await provider().createPayment({
      ...base,
      paymentId: 'p-h5-1',
      channel: 'wechat_h5',
      clientIp: '203.0.113.7',
    });
    if (start.kind !== 'redirect') throw new Error('expected redirect');
    const url = new URL(start.url);
    expect(url.origin).toBe('https://wx.tenpay.com');
    expect(url.searchParams.get('redirect_url')).toBe(base.returnUrl);
    expect(fake.received.at(-1)?.body).toMatchObject({
      scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } },
    });
    await expect(
      provider().createPayment({ ...base, paymentId: 'p-h5-2', channel: 'wechat_h5' }),
    ).rejects.toMatchObject({ code: 'client_ip_required' });
  });

  it('refuses other currencies and other providers’ channels before calling WeChat Pay', async () => {
    const calls = fake.received.length;
    await expect(
      provider().createPayment({ ...base, currency: 'USD', paymentId: 'p-usd', channel: 'wechat_native' }),
    ).rejects.toMatchObject({ code: 'currency_unsupported' });
    await expect(
      provider().createPayment({ ...base, paymentId: 'p-ali', channel: 'alipay_page' }),
    ).rejects.toMatchObject({ code: 'channel_unsupported' });
    expect(fake.received.length).toBe(calls);
  });

  it('a request signed with another key is refused by WeChat Pay (SIGN_ERROR)', async () => {
    const error = await provider({ private_key: pem(stranger.privateKey, 'pkcs8') })
      .createPayment({ ...base, paymentId: 'p-bad-key', channel: 'wechat_native' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ code: 'SIGN_ERROR', response: { status: 401 } });
    expect(fake.answers.at(-1)).toBe('401 SIGN_ERROR');
  });

  it.each(['signature', 'serial', 'timestamp'] as const)('refuses an answer with a bad %s', async (how) => {
    fake.spoilNextAnswer(how);
    await expect(
      provider().createPayment({ ...base, paymentId: `p-spoil-${how}`, channel: 'wechat_native' }),
    ).rejects.toMatchObject({ code: 'response_signature_invalid' });
  });

  it('queries by out_trade_no and by transaction id: pending, then paid with the transaction and time', async () => {
    await provider().createPayment({ ...base, paymentId: 'p-query-1', channel: 'wechat_native' });
    expect(await provider().queryPayment({ paymentId: 'p-query-1' })).toEqual({
      status: 'pending',
      amount: 12_345,
      currency: 'CNY',
    });
    const paid = fake.pay('p-query-1');
    const query = await provider().queryPayment({ paymentId: 'p-query-1' });
    expect(query).toEqual({
      status: 'paid',
      amount: 12_345,
      currency: 'CNY',
      providerTransactionId: paid.transaction_id,
      paidAt: new Date('2026-11-26T10:01:02Z'),
    });
    expect(fake.received.at(-1)?.path).toBe(
      `/v3/pay/transactions/out-trade-no/p-query-1?mchid=${credentials.mchid}`,
    );
    const byId = await provider().queryPayment({
      paymentId: 'p-query-1',
      providerTransactionId: paid.transaction_id,
    });
    expect(byId.status).toBe('paid');
    expect(fake.received.at(-1)?.path).toMatch(/^\/v3\/pay\/transactions\/id\/4200000/);
    expect(await provider().queryPayment({ paymentId: 'never-created' })).toEqual({
      status: 'pending',
      amount: 0,
      currency: 'CNY',
    });
  });

  it('closes an unpaid transaction; the query then says closed', async () => {
    await provider().createPayment({ ...base, paymentId: 'p-close-1', channel: 'wechat_native' });
    await provider().closePayment('p-close-1');
    expect((await provider().queryPayment({ paymentId: 'p-close-1' })).status).toBe('closed');
  });

  it('refunds by transaction id with out_refund_no = our refund id; more than paid is refused', async () => {
    await provider().createPayment({ ...base, paymentId: 'p-refund-1', channel: 'wechat_native' });
    const paid = fake.pay('p-refund-1');
    const refundInput = {
      paymentId: 'p-refund-1',
      providerTransactionId: paid.transaction_id,
      refundId: 'r-1',
      amount: 5_000,
      total: 12_345,
      currency: 'CNY',
      reason: 'Organiser refund',
    };
    const refund = await provider().refund(refundInput);
    expect(refund.status).toBe('pending');
    expect(refund.providerRefundId).toMatch(/^50000/);
    expect(fake.received.at(-2)?.path).toBe('/v3/refund/domestic/refunds/r-1');
    expect(fake.received.at(-1)?.body).toEqual({
      transaction_id: paid.transaction_id,
      out_refund_no: 'r-1',
      reason: 'Organiser refund',
      amount: { refund: 5_000, total: 12_345, currency: 'CNY' },
    });
    // The refund job runs again: the same refund is read, not asked twice; then it succeeds.
    const calls = fake.received.length;
    expect(await provider().refund({ ...refundInput })).toEqual(refund);
    expect(fake.received.slice(calls).map((r) => r.method)).toEqual(['GET']);
    const stored = fake.refunds.get('r-1');
    if (stored) stored.status = 'SUCCESS';
    expect((await provider().refund({ ...refundInput })).status).toBe('succeeded');
    await expect(
      provider().refund({
        paymentId: 'p-refund-1',
        refundId: 'r-2',
        amount: 20_000,
        total: 12_345,
        currency: 'CNY',
        reason: '',
      }),
    ).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('fails with network_error when WeChat Pay cannot be reached', async () => {
    const unreachable = createWechatpayPaymentProvider({ credentials, baseUrl: 'http://127.0.0.1:1' });
    await expect(unreachable.queryPayment({ paymentId: 'x' })).rejects.toMatchObject({
      code: 'network_error',
    });
  });
});

describe('WeChat Pay notifications', () => {
  const provider = createWechatpayPaymentProvider({ credentials });
  const transaction = {
    mchid: credentials.mchid,
    appid: credentials.appid,
    out_trade_no: 'p-notify-1',
    transaction_id: '4200001234202611260000000001',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    success_time: '2026-11-26T18:01:02+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: 12_345, payer_total: 12_345, currency: 'CNY', payer_currency: 'CNY' },
  };
  const notify = (overrides: Partial<Parameters<typeof wechatNotification>[0]> = {}) =>
    wechatNotification({
      platformPrivateKey: platform.privateKey,
      platformSerial: platformKeyId,
      apiv3Key: credentials.apiv3_key,
      id: 'EV-2018022511223320873',
      eventType: 'TRANSACTION.SUCCESS',
      resource: transaction,
      ...overrides,
    });

  it('verifies, decrypts the resource with the APIv3 key and answers a paid event', async () => {
    expect(await provider.parseNotification(notify())).toEqual({
      eventId: 'EV-2018022511223320873',
      type: 'paid',
      paymentId: 'p-notify-1',
      providerTransactionId: '4200001234202611260000000001',
      amount: 12_345,
      currency: 'CNY',
      paidAt: new Date('2026-11-26T10:01:02Z'),
    });
  });

  it('reads header names whatever their case', async () => {
    const { headers, rawBody } = notify();
    const shouting = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect((await provider.parseNotification({ headers: shouting, rawBody })).type).toBe('paid');
  });

  it('refuses a changed body, signature, old timestamp, unknown serial, other APIv3 key, other merchant', async () => {
    const good = notify();
    const cases: { headers: Record<string, string | undefined>; rawBody: string }[] = [
      { headers: good.headers, rawBody: good.rawBody.replace('EV-2018', 'EV-2019') },
      {
        headers: { ...good.headers, 'wechatpay-signature': notify().headers['wechatpay-signature'] },
        rawBody: good.rawBody,
      },
      notify({ timestamp: Math.floor(Date.now() / 1000) - 600 }),
      notify({ platformSerial: 'PUB_KEY_ID_OTHER' }),
      notify({ platformPrivateKey: stranger.privateKey }),
      notify({ apiv3Key: 'Z'.repeat(32) }),
      notify({ resource: { ...transaction, mchid: '1900000999' } }),
      { headers: { ...good.headers, 'wechatpay-signature': undefined }, rawBody: good.rawBody },
    ];
    for (const input of cases) {
      await expect(provider.parseNotification(input)).rejects.toBeInstanceOf(PaymentSignatureError);
    }
  });

  it('a refund notification is a refunded event of the refunded amount', async () => {
    const event = await provider.parseNotification(
      notify({
        id: 'EV-refund-1',
        eventType: 'REFUND.SUCCESS',
        originalType: 'refund',
        resource: {
          mchid: credentials.mchid,
          out_trade_no: 'p-notify-1',
          transaction_id: '4200001234202611260000000001',
          out_refund_no: 'r-1',
          refund_id: '50000000382019052709732678859',
          refund_status: 'SUCCESS',
          success_time: '2026-11-27T09:00:00+08:00',
          amount: { total: 12_345, refund: 5_000, payer_total: 12_345, payer_refund: 5_000 },
        },
      }),
    );
    expect(event).toMatchObject({
      eventId: 'EV-refund-1',
      type: 'refunded',
      paymentId: 'p-notify-1',
      amount: 5_000,
    });
  });

  it('verifies by the platform certificate (serial from the certificate) when no public key is set', async () => {
    const { platform_public_key: _key, platform_public_key_id: _id, ...rest } = credentials;
    const byCertificate = createWechatpayPaymentProvider({
      credentials: { ...rest, platform_certificate: testPlatformCertificate },
    });
    const signed = notify({
      platformPrivateKey: (await import('node:crypto')).createPrivateKey(testPlatformCertificateKey),
      platformSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    });
    expect((await byCertificate.parseNotification(signed)).type).toBe('paid');
    await expect(byCertificate.parseNotification(notify())).rejects.toBeInstanceOf(PaymentSignatureError);
  });

  it('acknowledges with 204 (no body) or a FAIL JSON that makes WeChat Pay retry', () => {
    expect(provider.acknowledge(true)).toEqual({ status: 204, contentType: 'application/json', body: '' });
    expect(provider.acknowledge(false).status).toBe(500);
    expect(JSON.parse(provider.acknowledge(false).body)).toMatchObject({ code: 'FAIL' });
  });
});
