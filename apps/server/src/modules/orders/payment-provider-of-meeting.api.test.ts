import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import { credentialsKeyOf, sealCredentials } from '../../providers/payment/credentials-box.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { commerceSettings } from './orders.tables.ts';
import { getMeetingPaymentProvider } from './payment-provider-of-meeting.ts';

let handle: DatabaseHandle;
const config = loadConfig({
  SECRETS_KEY: randomBytes(32).toString('base64'),
  PUBLIC_URL: 'https://meet.example.org',
});
const key = credentialsKeyOf(config);
const stripe = { secret_key: 'sk_test_0123456789abcdef', webhook_secret: 'whsec_0123456789abcdef' };
const rsa = () => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: String(pair.privateKey.export({ type: 'pkcs8', format: 'pem' })),
    publicPem: String(pair.publicKey.export({ type: 'spki', format: 'pem' })),
  };
};
const merchant = rsa();
const platform = rsa();
const meetingIds = Array.from({ length: 9 }, () => newId());

beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.insert(meetings).values(
    meetingIds.map((id, index) => ({
      id,
      title: { en: `M${index}` },
      start: new Date(0),
      end: new Date(0),
    })),
  );
});
afterAll(() => handle.close());

const settle = (meetingId: string, provider: string, credentials: unknown, version = 1) =>
  handle.db
    .insert(commerceSettings)
    .values({
      meetingId,
      paymentProvider: provider,
      credentialsCiphertext: credentials === null ? null : sealCredentials(credentials, key),
      version,
    })
    .onConflictDoUpdate({
      target: commerceSettings.meetingId,
      set: {
        paymentProvider: provider,
        credentialsCiphertext: credentials === null ? null : sealCredentials(credentials, key),
        version,
      },
    });

const refusal = (meetingId: string, useConfig = config) =>
  getMeetingPaymentProvider(handle.db, useConfig, meetingId).then(
    () => null,
    (error: unknown) => error,
  );

describe('getMeetingPaymentProvider', () => {
  it('a meeting without settings pays in the sandbox; the provider is built once', async () => {
    const [meetingId = ''] = meetingIds;
    const first = await getMeetingPaymentProvider(handle.db, config, meetingId);
    expect(first.name).toBe('sandbox');
    expect(await getMeetingPaymentProvider(handle.db, config, meetingId)).toBe(first);
  });

  it('opens the sealed credentials and builds Stripe, WeChat Pay and Alipay', async () => {
    const [, a = '', b = '', c = ''] = meetingIds;
    await settle(a, 'stripe', stripe);
    await settle(b, 'wechatpay', {
      mchid: '1900000109',
      appid: 'wx8888888888888888',
      serial_no: '3775B6A45ACD588826D15E583A95F5DD4A5C7E23',
      private_key: merchant.privatePem,
      apiv3_key: 'a'.repeat(32),
      platform_public_key: platform.publicPem,
      platform_public_key_id: 'PUB_KEY_ID_0114232134912410000000000001',
    });
    await settle(c, 'alipay', {
      app_id: '2021004100000001',
      private_key: merchant.privatePem,
      alipay_public_key: platform.publicPem,
    });
    expect((await getMeetingPaymentProvider(handle.db, config, a)).name).toBe('stripe');
    expect((await getMeetingPaymentProvider(handle.db, config, b)).name).toBe('wechatpay');
    expect((await getMeetingPaymentProvider(handle.db, config, c)).name).toBe('alipay');
  });

  it('rebuilds after the settings change (new version), not before', async () => {
    const meetingId = meetingIds[4] ?? '';
    await settle(meetingId, 'stripe', stripe, 1);
    const first = await getMeetingPaymentProvider(handle.db, config, meetingId);
    expect(await getMeetingPaymentProvider(handle.db, config, meetingId)).toBe(first);
    await settle(meetingId, 'sandbox', null, 2);
    const second = await getMeetingPaymentProvider(handle.db, config, meetingId);
    expect(second.name).toBe('sandbox');
    await settle(meetingId, 'stripe', { ...stripe, secret_key: 'sk_live_0123456789abcdef' }, 3);
    const third = await getMeetingPaymentProvider(handle.db, config, meetingId);
    expect(third.name).toBe('stripe');
    expect(third).not.toBe(first);
  });

  it('409 payment.not_configured: no credentials, incomplete ones, ones sealed under another key', async () => {
    const [, , , , , none = '', partial = '', otherKey = ''] = meetingIds;
    await settle(none, 'stripe', null);
    await settle(partial, 'stripe', { secret_key: stripe.secret_key });
    await settle(otherKey, 'stripe', stripe);
    for (const [meetingId, useConfig, why] of [
      [none, config, /no credentials/],
      [partial, config, /webhook_secret/],
      [otherKey, loadConfig({ SECRETS_KEY: randomBytes(32).toString('base64') }), /do not open/],
    ] as const) {
      const error = await refusal(meetingId, useConfig);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 409, code: 'payment.not_configured' });
      expect((error as Error).message).toMatch(why);
    }
    // No settings row: the deployment's PAYMENT_PROVIDER, which has no credentials yet.
    const stripeDefault = await refusal(meetingIds[8] ?? '', { ...config, PAYMENT_PROVIDER: 'stripe' });
    expect(stripeDefault).toMatchObject({ status: 409, code: 'payment.not_configured' });
    const [row] = await handle.db.select().from(commerceSettings).where(eq(commerceSettings.meetingId, none));
    expect(row?.paymentProvider).toBe('stripe');
  });

  it('production refuses the sandbox (it confirms without money) unless PAYMENT_SANDBOX=1', async () => {
    const meetingId = newId();
    const production = { ...config, NODE_ENV: 'production' as const };
    const error = await refusal(meetingId, production);
    expect(error).toMatchObject({ status: 409, code: 'payment.not_configured' });
    expect((error as Error).message).toMatch(/sandbox takes no money/);
    const staging = await getMeetingPaymentProvider(
      handle.db,
      { ...production, PAYMENT_SANDBOX: '1' },
      meetingId,
    );
    expect(staging.name).toBe('sandbox');
  });
});
