import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type AiChatChunk, type AiProvider, AiProviderError } from './ai.provider.ts';
import { aiProviderOf } from './ai-provider-of.ts';
import { type FakeOpenAi, fakeEmbedding, startFakeOpenAi } from './fake-openai-server.ts';
import { createOpenAiCompatibleProvider } from './openai-compatible.ts';

/** The OpenAI-compatible adapter against the fake server (DESIGN §8 "ai"). */

let fake: FakeOpenAi;
let provider: AiProvider;

const tools = [
  {
    name: 'search_meeting',
    description: 'Search the meeting',
    parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  },
];

async function collect(stream: AsyncIterable<AiChatChunk>): Promise<AiChatChunk[]> {
  const chunks: AiChatChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

async function errorOf(promise: Promise<unknown>): Promise<AiProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AiProviderError);
    return error as AiProviderError;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  provider = createOpenAiCompatibleProvider({
    baseUrl: fake.url,
    model: 'fake-gpt',
    embeddingModel: 'fake-embedding',
    sttModel: 'fake-whisper',
    timeoutMs: 600,
    maxRetries: 1,
  });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.reset();
  fake.fail('none');
  fake.onChat(undefined);
});

describe('openai-compatible provider', () => {
  it('streams a tool call assembled from split deltas, with usage, and sends include_usage', async () => {
    const chunks = await collect(
      provider.chatStream({ messages: [{ role: 'user', content: 'Where is the keynote?' }], tools }),
    );
    const calls = chunks.find((chunk) => chunk.type === 'tool_calls');
    expect(calls).toMatchObject({
      type: 'tool_calls',
      calls: [{ name: 'search_meeting', arguments: JSON.stringify({ query: 'Where is the keynote?' }) }],
    });
    expect(calls?.type === 'tool_calls' && calls.calls[0]?.id).toMatch(/^call_/);
    const done = chunks.at(-1);
    expect(done).toMatchObject({ type: 'done', finishReason: 'tool_calls' });
    expect(done?.type === 'done' && done.usage.promptTokens).toBeGreaterThan(0);
    const body = fake.requests[0]?.body as Record<string, unknown>;
    expect(body.stream).toBe(true);
    expect(body.stream_options).toEqual({ include_usage: true });
    expect(body.model).toBe('fake-gpt');
  });

  it('streams the grounded answer in several deltas after the tool result', async () => {
    const chunks = await collect(
      provider.chatStream({
        tools,
        messages: [
          { role: 'system', content: 'Answer from tools only.' },
          { role: 'user', content: 'keynote?' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [{ id: 'call_1', name: 'search_meeting', arguments: '{}' }],
          },
          {
            role: 'tool',
            toolCallId: 'call_1',
            content: JSON.stringify({
              items: [{ ref: 'r1' }, { ref: 'r2' }, { ref: 'r1' }, { ref: 'r3' }, { ref: 'r4' }],
            }),
          },
        ],
      }),
    );
    const deltas = chunks.filter((chunk) => chunk.type === 'delta');
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.map((chunk) => (chunk.type === 'delta' ? chunk.text : '')).join('')).toBe(
      "According to the meeting's data: [r1] [r2] [r3]",
    );
    expect(chunks.at(-1)).toMatchObject({ type: 'done', finishReason: 'stop' });
    const sent = ((fake.requests[0]?.body ?? {}) as { messages: Array<Record<string, unknown>> }).messages;
    expect(sent[2]).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_1', type: 'function' }] });
    expect(sent[3]).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
  });

  it('answers without streaming; json asks response_format and gets {} by default', async () => {
    const plain = await provider.chat({ messages: [{ role: 'user', content: 'Tell me a joke' }] });
    expect(plain.text).toBe('I can only answer questions about this meeting.');
    expect(plain.toolCalls).toEqual([]);
    expect(plain.usage.completionTokens).toBeGreaterThan(0);
    const json = await provider.chat({ messages: [{ role: 'user', content: 'minutes' }], json: true });
    expect(json.text).toBe('{}');
    expect((fake.requests[1]?.body as Record<string, unknown> | undefined)?.response_format).toEqual({
      type: 'json_object',
    });
  });

  it('uses a handler, and falls back to the default when it answers undefined', async () => {
    fake.onChat((body) =>
      body.messages.some((message) => message.content === 'hello')
        ? { content: ['Hel', 'lo'], usage: { prompt_tokens: 7, completion_tokens: 2 } }
        : undefined,
    );
    const chunks = await collect(provider.chatStream({ messages: [{ role: 'user', content: 'hello' }] }));
    expect(chunks).toEqual([
      { type: 'delta', text: 'Hel' },
      { type: 'delta', text: 'lo' },
      { type: 'done', usage: { promptTokens: 7, completionTokens: 2 }, finishReason: 'stop' },
    ]);
    const other = await provider.chat({ messages: [{ role: 'user', content: 'other' }] });
    expect(other.text).toBe('I can only answer questions about this meeting.');
  });

  it('maps a 500 to unavailable (after one retry) and a 429 to rate_limited', async () => {
    fake.fail('http500');
    const unavailable = await errorOf(
      collect(provider.chatStream({ messages: [{ role: 'user', content: 'x' }] })),
    );
    expect(unavailable.kind).toBe('unavailable');
    expect(unavailable.status).toBe(500);
    expect(fake.count('/chat/completions')).toBe(2);
    fake.fail('http429');
    const limited = await errorOf(provider.chat({ messages: [{ role: 'user', content: 'x' }] }));
    expect(limited.kind).toBe('rate_limited');
    fake.fail('http500', { status: 401 });
    const rejected = await errorOf(provider.embed(['x']));
    expect(rejected.kind).toBe('rejected');
  });

  it('maps a hang to timeout, and a stream that stalls between chunks too', async () => {
    fake.fail('hang');
    const started = Date.now();
    const hung = await errorOf(collect(provider.chatStream({ messages: [{ role: 'user', content: 'x' }] })));
    expect(hung.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    fake.fail('none');
    fake.onChat(() => ({ content: ['a', 'b'], delayMs: 900 }));
    const stalled = await errorOf(
      collect(provider.chatStream({ messages: [{ role: 'user', content: 'x' }] })),
    );
    expect(stalled.kind).toBe('timeout');
  });

  it('stops when the caller aborts', async () => {
    fake.onChat(() => ({ content: ['a', 'b', 'c'], delayMs: 200 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const aborted = await errorOf(
      collect(provider.chatStream({ messages: [{ role: 'user', content: 'x' }], signal: controller.signal })),
    );
    expect(aborted.kind).toBe('timeout');
  });

  it('embeds with the hashed bag of words, in input order', async () => {
    const vectors = await provider.embed(['keynote hall', '主会场']);
    expect(vectors).toHaveLength(2);
    expect(vectors[0]).toHaveLength(64);
    expect(vectors[0]).toEqual(fakeEmbedding('keynote hall'));
    const norm = Math.sqrt((vectors[1] ?? []).reduce((sum, value) => sum + value * value, 0));
    expect(norm).toBeCloseTo(1, 6);
    expect(fake.requests[0]).toMatchObject({ path: '/v1/embeddings', body: { model: 'fake-embedding' } });
  });

  it('transcribes scripted texts, then numbered segments', async () => {
    fake.setTranscripts(['Hello everyone.']);
    const audio = new Uint8Array(64);
    const first = await provider.transcribe(audio, { filename: 'a.wav', language: 'en' });
    expect(first).toEqual({ text: 'Hello everyone.', language: 'en' });
    const second = await provider.transcribe(audio, { filename: 'b.wav' });
    expect(second.text).toBe('segment 2');
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/audio/transcriptions',
      body: { model: 'fake-whisper', language: 'en', response_format: 'json' },
    });
  });

  it('is not configured for embeddings or speech without their models', async () => {
    const bare = createOpenAiCompatibleProvider({ baseUrl: fake.url, model: 'm', timeoutMs: 1000 });
    expect(bare.canTranscribe).toBe(false);
    expect((await errorOf(bare.embed(['x']))).kind).toBe('not_configured');
    expect((await errorOf(bare.transcribe(new Uint8Array(1), { filename: 'a.wav' }))).kind).toBe(
      'not_configured',
    );
  });

  it('aiProviderOf: undefined without AI_BASE_URL, memoised per config', () => {
    expect(aiProviderOf(undefined)).toBeUndefined();
    expect(aiProviderOf(loadConfig({ NODE_ENV: 'test' }))).toBeUndefined();
    const config = loadConfig({ NODE_ENV: 'test', AI_BASE_URL: fake.url, AI_STT_MODEL: 'fake-whisper' });
    const first = aiProviderOf(config);
    expect(first?.model).toBe('gpt-4o-mini');
    expect(first?.canTranscribe).toBe(true);
    expect(aiProviderOf(config)).toBe(first);
  });
});
