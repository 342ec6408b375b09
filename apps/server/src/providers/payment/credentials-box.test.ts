import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  CredentialsBoxError,
  credentialsKeyOf,
  openCredentials,
  sealCredentials,
} from './credentials-box.ts';
import { credentialsSetOf, mergePaymentCredentials, parsePaymentCredentials } from './payment-credentials.ts';

const key = randomBytes(32);
const stripe = { secret_key: 'sk_test_0123456789abcdef', webhook_secret: 'whsec_0123456789abcdef' };

describe('credentials box (AES-256-GCM, v1:)', () => {
  it('seals and opens a JSON value; two seals of one value differ (random IV); no clear text', () => {
    const first = sealCredentials(stripe, key);
    const second = sealCredentials(stripe, key);
    expect(first.startsWith('v1:')).toBe(true);
    expect(first).not.toBe(second);
    expect(first).not.toContain('sk_test');
    expect(Buffer.from(first.slice(3), 'base64').toString('latin1')).not.toContain('sk_test');
    expect(openCredentials(first, key)).toEqual(stripe);
    expect(openCredentials(second, key)).toEqual(stripe);
  });

  it('refuses a changed byte, another key, a truncated value and an unknown prefix', () => {
    const sealed = sealCredentials(stripe, key);
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    for (const index of [0, 12, 20, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[index] = (altered[index] ?? 0) ^ 1;
      expect(() => openCredentials(`v1:${altered.toString('base64')}`, key)).toThrow(CredentialsBoxError);
    }
    expect(() => openCredentials(sealed, randomBytes(32))).toThrow(CredentialsBoxError);
    expect(() => openCredentials(`v1:${bytes.subarray(0, 20).toString('base64')}`, key)).toThrow(
      CredentialsBoxError,
    );
    expect(() => openCredentials(`v2:${sealed.slice(3)}`, key)).toThrow(CredentialsBoxError);
    expect(() => sealCredentials(stripe, randomBytes(16))).toThrow(CredentialsBoxError);
  });

  it('takes SECRETS_KEY (base64, 32 bytes) or derives a stable key from AUTH_SECRET', () => {
    const secretsKey = randomBytes(32);
    expect(
      credentialsKeyOf({ SECRETS_KEY: secretsKey.toString('base64'), AUTH_SECRET: 'x'.repeat(16) }).equals(
        secretsKey,
      ),
    ).toBe(true);
    const derived = credentialsKeyOf({ AUTH_SECRET: 'one-secret-of-16-chars' });
    expect(derived.length).toBe(32);
    expect(derived.equals(credentialsKeyOf({ AUTH_SECRET: 'one-secret-of-16-chars' }))).toBe(true);
    expect(derived.equals(credentialsKeyOf({ AUTH_SECRET: 'another-secret-16-chars' }))).toBe(false);
    expect(() =>
      credentialsKeyOf({ SECRETS_KEY: randomBytes(16).toString('base64'), AUTH_SECRET: 'x'.repeat(16) }),
    ).toThrow(CredentialsBoxError);
  });

  it('start-up refuses a SECRETS_KEY that is not base64 of 32 bytes; empty counts as unset', () => {
    const good = randomBytes(32).toString('base64');
    expect(loadConfig({ SECRETS_KEY: good }).SECRETS_KEY).toBe(good);
    expect(() => loadConfig({ SECRETS_KEY: randomBytes(31).toString('base64') })).toThrow(/SECRETS_KEY/);
    expect(() => loadConfig({ SECRETS_KEY: 'not base64 at all!' })).toThrow(/SECRETS_KEY/);
    const empty = loadConfig({ SECRETS_KEY: '' });
    expect(credentialsKeyOf(empty).equals(credentialsKeyOf({ AUTH_SECRET: empty.AUTH_SECRET }))).toBe(true);
  });
});

describe('payment credential shapes', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const wechat = {
    mchid: '1900000109',
    appid: 'wx8888888888888888',
    serial_no: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    private_key: privateKey,
    apiv3_key: 'a'.repeat(32),
    platform_public_key: publicKey,
    platform_public_key_id: 'PUB_KEY_ID_0114232134912410000000000000',
  };

  it('accepts WeChat Pay with the public key and its id, or with the platform certificate only', () => {
    expect(parsePaymentCredentials('wechatpay', wechat).mchid).toBe('1900000109');
    const { platform_public_key: _k, platform_public_key_id: _i, ...withoutKey } = wechat;
    expect(() => parsePaymentCredentials('wechatpay', withoutKey)).toThrow();
    expect(() =>
      parsePaymentCredentials('wechatpay', { ...wechat, platform_public_key_id: undefined }),
    ).toThrow();
    expect(() => parsePaymentCredentials('wechatpay', { ...wechat, apiv3_key: 'short' })).toThrow();
  });

  it('lists which fields are set, never the values', () => {
    expect(credentialsSetOf('stripe', stripe)).toEqual({ secret_key: true, webhook_secret: true });
    expect(credentialsSetOf('stripe', null)).toEqual({ secret_key: false, webhook_secret: false });
    expect(credentialsSetOf('alipay', { app_id: '2021000000000000', private_key: '' })).toEqual({
      app_id: true,
      private_key: false,
      alipay_public_key: false,
      gateway: false,
    });
    expect(credentialsSetOf('sandbox', {})).toEqual({});
  });

  it('merges a console write: given fields replace, omitted keep, empty removes; the result is validated', () => {
    const kept = mergePaymentCredentials('stripe', stripe, { secret_key: 'sk_live_abcdefghijkl' });
    expect(kept).toEqual({ success: true, data: { ...stripe, secret_key: 'sk_live_abcdefghijkl' } });
    const removed = mergePaymentCredentials('stripe', stripe, { webhook_secret: '' });
    expect(removed.success).toBe(false);
    if (!removed.success) expect(removed.issues.map((issue) => issue.field)).toEqual(['webhook_secret']);
    const bad = mergePaymentCredentials('alipay', null, {
      app_id: 'abc',
      private_key: 'x',
      alipay_public_key: 'y',
    });
    expect(bad.success).toBe(false);
  });
});
