import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeModerationServer,
  startFakeOpenAiModeration,
  startFakeTencentTms,
} from '../../../test/fake-moderation-providers.ts';
import { loadConfig } from '../../config.ts';
import { createModerationProvider } from './create-moderation-provider.ts';
import { ModerationProviderError } from './moderation.ts';
import { createOpenAiModerationProvider } from './openai-moderation.ts';
import { createTencentModerationProvider } from './tencent-moderation.ts';

describe('Tencent Cloud TMS adapter against a fake TMS that checks the TC3 signature', () => {
  const keys = { secretId: 'AKID-test', secretKey: 'tms-secret-0123456789' };
  let fake: FakeModerationServer;
  beforeAll(async () => {
    fake = await startFakeTencentTms(keys);
  });
  afterAll(() => fake.close());
  const provider = (secretKey = keys.secretKey) =>
    createTencentModerationProvider({
      endpoint: fake.url,
      secretId: keys.secretId,
      secretKey,
      region: 'ap-guangzhou',
      timeoutMs: 2000,
    });

  it('maps Pass, Review and Block with TMS labels onto the §5 categories', async () => {
    await expect(provider().checkText('你好，展位在哪里？')).resolves.toMatchObject({ verdict: 'allow' });
    expect(fake.texts).toContain('你好，展位在哪里？');
    await expect(provider().checkText('x block:Ad')).resolves.toMatchObject({
      verdict: 'reject',
      category: 'ad',
    });
    await expect(provider().checkText('x block:Polity')).resolves.toMatchObject({
      verdict: 'reject',
      category: 'politics',
    });
    await expect(provider().checkText('x block:Illegal')).resolves.toMatchObject({
      verdict: 'reject',
      category: 'contraband',
    });
    await expect(provider().checkText('x block:Terror')).resolves.toMatchObject({
      verdict: 'reject',
      category: 'terrorism',
    });
    await expect(provider().checkText('x block:Porn')).resolves.toMatchObject({
      verdict: 'reject',
      category: 'porn',
    });
    await expect(provider().checkText('x block:Unknown')).resolves.toMatchObject({
      verdict: 'reject',
      category: 'harmful',
    });
    await expect(provider().checkText('x review:Abuse')).resolves.toMatchObject({
      verdict: 'review',
      category: 'abuse',
    });
  });

  it('throws ModerationProviderError on a wrong key, an HTTP error or an unreachable endpoint', async () => {
    await expect(provider('wrong-secret').checkText('hello')).rejects.toBeInstanceOf(ModerationProviderError);
    await expect(provider().checkText('http500')).rejects.toBeInstanceOf(ModerationProviderError);
    const unreachable = createTencentModerationProvider({
      endpoint: 'http://127.0.0.1:1',
      ...keys,
      region: 'ap-guangzhou',
      timeoutMs: 500,
    });
    await expect(unreachable.checkText('hello')).rejects.toBeInstanceOf(ModerationProviderError);
  });
});

describe('OpenAI moderation adapter against a fake /v1/moderations', () => {
  let fake: FakeModerationServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiModeration({ apiKey: 'sk-test' });
  });
  afterAll(() => fake.close());
  const provider = (apiKey = 'sk-test', timeoutMs = 1000) =>
    createOpenAiModerationProvider({
      baseUrl: `${fake.url}/v1`,
      apiKey,
      model: 'omni-moderation-latest',
      timeoutMs,
    });

  it('flagged → reject with the mapped category; a middling score → review; else allow', async () => {
    await expect(provider().checkText('Nice booth!')).resolves.toEqual({ verdict: 'allow' });
    await expect(provider().checkText('flag:illicit/violent')).resolves.toMatchObject({
      verdict: 'reject',
      category: 'contraband',
    });
    await expect(provider().checkText('flag:sexual')).resolves.toMatchObject({
      verdict: 'reject',
      category: 'porn',
    });
    await expect(provider().checkText('flag:harassment')).resolves.toMatchObject({
      verdict: 'reject',
      category: 'abuse',
    });
    await expect(provider().checkText('flag:self-harm')).resolves.toMatchObject({
      verdict: 'reject',
      category: 'harmful',
    });
    await expect(provider().checkText('unsure:hate')).resolves.toMatchObject({
      verdict: 'review',
      category: 'abuse',
    });
  });

  it('a wrong key, a timeout or no server → ModerationProviderError', async () => {
    await expect(provider('sk-wrong').checkText('hello')).rejects.toBeInstanceOf(ModerationProviderError);
    await expect(provider('sk-test', 300).checkText('slow')).rejects.toBeInstanceOf(ModerationProviderError);
    const gone = createOpenAiModerationProvider({
      baseUrl: 'http://127.0.0.1:1/v1',
      apiKey: 'k',
      model: 'm',
      timeoutMs: 300,
    });
    await expect(gone.checkText('hello')).rejects.toBeInstanceOf(ModerationProviderError);
  });

  it('MODERATION_PROVIDER selects the adapter', () => {
    expect(createModerationProvider(loadConfig({})).name).toBe('local');
    expect(
      createModerationProvider(loadConfig({ MODERATION_PROVIDER: 'openai', OPENAI_API_KEY: 'k' })).name,
    ).toBe('openai');
    const tencent = loadConfig({
      MODERATION_PROVIDER: 'tencent',
      TENCENT_TMS_SECRET_ID: 'a',
      TENCENT_TMS_SECRET_KEY: 'b',
    });
    expect(createModerationProvider(tencent).name).toBe('tencent');
  });
});
