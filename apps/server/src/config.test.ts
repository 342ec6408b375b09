import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig (DESIGN §6)', () => {
  it('runs with no variables at all on local defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      APIKEY_REQUIRED: '1',
      CACHE_TTL_SECONDS: 5,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: '99999', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: DATABASE_URL must be a postgres:\/\/ URL[\s\S]*LOG_LEVEL/,
    );
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).DATABASE_URL).toBe(
      'postgres://u@127.0.0.1:5432/db',
    );
  });

  it('refuses the development AUTH_SECRET in production and checks TRUST_PROXY', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'a-real-secret-of-32-characters!!' }).NODE_ENV,
    ).toBe('production');
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe('1');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    // §5 moderation: a real provider needs its keys; an unknown one is refused.
    expect(loadConfig({}).MODERATION_PROVIDER).toBe('local');
    expect(() => loadConfig({ MODERATION_PROVIDER: 'tencent' })).toThrow(/TENCENT_TMS_SECRET_ID/);
    expect(() => loadConfig({ MODERATION_PROVIDER: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(() => loadConfig({ MODERATION_PROVIDER: 'aliyun' })).toThrow(/MODERATION_PROVIDER/);
    expect(loadConfig({ MODERATION_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test' }).MODERATION_PROVIDER).toBe(
      'openai',
    );
  });
});
