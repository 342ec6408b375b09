import { connect } from 'node:net';
import { signApikey } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, testSalt } from '../../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { setMessageFlag } from './copilot.console.repository.ts';
import { prepareQuestion, streamAnswer } from './copilot.service.ts';
import { type CopilotWorld, createCopilotWorld, eventOf, sseEvents } from './copilot.test-kit.ts';

/**
 * The copilot's guards (§1 copilot, §8, §9): model tokens counted round by round (also for answers cut
 * short), tool calls capped per round and per answer, the client told to drop a cut model text, a
 * cleared conversation not continued, the asker leaving before the answer starts, the flag only on
 * answers, and the per-address question limit (last: it spends this file's allowance).
 */

let w: CopilotWorld;
beforeAll(async () => {
  w = await createCopilotWorld({ env: { AI_TIMEOUT_MS: '1500' } });
});
afterAll(() => w.close());
beforeEach(async () => {
  w.fake.onChat(undefined);
  w.fake.fail('none');
  w.fake.reset();
  await w.allowNext();
});

const db = () => w.t.database.db;
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const usageToday = async () => {
  const [row] = await rowsOf<{ prompt: number; completion: number; requests: number }>(
    sql`SELECT prompt_tokens::int AS prompt, completion_tokens::int AS completion, requests
      FROM copilot_usage_daily WHERE meeting_id = ${w.meetingId}`,
  );
  return row ?? { prompt: 0, completion: 0, requests: 0 };
};
const askerTokens = async (device: string) => {
  const [row] = await rowsOf<{ tokens: number; busy: unknown }>(
    sql`SELECT tokens::int AS tokens, busy_until AS busy FROM copilot_asker_daily WHERE asker_key = ${`d:${device}`}`,
  );
  return row;
};
/** The app on a real port, and a question's body with the Apikey signed for `device`. */
const realQuestion = async (device: string) => {
  if (!w.t.app.server.listening) await w.t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = w.t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = apiUrl('/copilot/messages');
  const body = JSON.stringify({ meeting_id: w.meetingId, content: 'Acme Robotics', language: 'en' });
  const apikey = signApikey({
    salt: testSalt,
    method: 'POST',
    pathWithQuery: url,
    timestamp: Math.floor(Date.now() / 1000),
    deviceId: device,
    body,
  });
  return { port, url, body, apikey };
};
/** Round 1 calls search_meeting with the given usage; round 2 never finishes (past AI_TIMEOUT_MS). */
const toolThenHang = (usage = { prompt_tokens: 100, completion_tokens: 10 }) =>
  w.fake.onChat((body) =>
    body.messages.some((m) => m.role === 'tool')
      ? { content: Array.from({ length: 20 }, (_, i) => `partial${i} `), delayMs: 150 }
      : { toolCalls: [{ name: 'search_meeting', arguments: '{"query":"Acme"}' }], usage },
  );

describe('model tokens (meeting_daily_tokens)', () => {
  beforeEach(async () => {
    await db().execute(sql`DELETE FROM copilot_usage_daily`);
  });

  it('counts the rounds of an answer that timed out, tells the client to reset, and stores the built-in answer', async () => {
    toolThenHang();
    const res = await w.ask('Acme Robotics', { device: 'device-timeout' });
    const events = sseEvents(res.body);
    const noticeAt = events.findIndex((e) => e.event === 'notice');
    expect(events[noticeAt]?.data).toMatchObject({ code: 'copilot.provider_unavailable', reset: true });
    // Model text came before the notice; after it, the deltas are exactly the stored answer.
    expect(events.slice(0, noticeAt).some((e) => e.event === 'delta')).toBe(true);
    const after = events
      .slice(noticeAt)
      .filter((e) => e.event === 'delta')
      .map((e) => (e.data as { text: string }).text)
      .join('');
    const done = eventOf(events, 'done') as {
      engine: string;
      content: string;
      answer_id: string;
      usage: { prompt_tokens: number; completion_tokens: number };
    };
    expect(done.engine).toBe('builtin');
    expect(after).toBe(done.content);
    // Round 1 as reported (100 + 10) plus the estimate of the cut round 2.
    expect(done.usage.prompt_tokens).toBeGreaterThan(100);
    expect(done.usage.completion_tokens).toBeGreaterThanOrEqual(10);
    const total = done.usage.prompt_tokens + done.usage.completion_tokens;
    expect(await usageToday()).toMatchObject({
      prompt: done.usage.prompt_tokens,
      completion: done.usage.completion_tokens,
      requests: 1,
    });
    expect(await askerTokens('device-timeout')).toMatchObject({ tokens: total, busy: null });
    const [answer] = await rowsOf<{ prompt: number; content: string }>(
      sql`SELECT prompt_tokens AS prompt, content FROM copilot_messages WHERE id = ${done.answer_id}`,
    );
    expect(answer).toMatchObject({ prompt: done.usage.prompt_tokens, content: done.content });
  });

  it("counts an aborted answer's rounds on the meeting's and the asker's day", async () => {
    toolThenHang({ prompt_tokens: 50, completion_tokens: 5 });
    const deps = { db: db(), config: w.t.app.deps.config };
    const prepared = await prepareQuestion(deps, {
      meetingId: w.meetingId,
      content: 'Acme Robotics',
      language: 'en',
      actor: { userId: null, deviceId: 'device-abort' },
    });
    const asker = new AbortController();
    setTimeout(() => asker.abort(), 400);
    const answer = await streamAnswer(deps, prepared, () => {}, asker.signal);
    expect(answer.state).toBe('failed');
    expect(answer.promptTokens).toBeGreaterThan(50);
    const usage = await usageToday();
    expect(usage).toMatchObject({ prompt: answer.promptTokens, completion: answer.completionTokens });
    expect((await askerTokens('device-abort'))?.tokens).toBe(answer.promptTokens + answer.completionTokens);
  });
});

describe('the asker leaving, and storing failures', () => {
  it('never calls the provider when the asker left before the answer started', async () => {
    const deps = { db: db(), config: w.t.app.deps.config };
    const prepared = await prepareQuestion(deps, {
      meetingId: w.meetingId,
      content: 'Acme Robotics',
      language: 'en',
      actor: { userId: null, deviceId: 'device-left' },
    });
    const asker = new AbortController();
    asker.abort();
    const events: string[] = [];
    const answer = await streamAnswer(deps, prepared, (event) => events.push(event), asker.signal);
    expect(answer.state).toBe('failed');
    expect(w.fake.count('/v1/chat/completions')).toBe(0);
    expect(events.at(-1)).toBe('done');
    expect((await askerTokens('device-left'))?.busy).toBeNull();
  });

  it('stores a failed answer and stops the provider call when the connection drops before the stream', async () => {
    const device = 'device-socket';
    const { port, url, body, apikey } = await realQuestion(device);
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.end(
      [
        `POST ${url} HTTP/1.1`,
        'host: 127.0.0.1',
        'content-type: application/json',
        `content-length: ${Buffer.byteLength(body)}`,
        `device-id: ${device}`,
        `client-id: ${device}`,
        'version: 2.23.1',
        `apikey: ${apikey}`,
        '',
        body,
      ].join('\r\n'),
    );
    socket.destroy();
    let answer: { state: string; content: string } | undefined;
    for (let i = 0; i < 100 && !answer; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [busy] = await rowsOf<{ busy: unknown }>(
        sql`SELECT busy_until AS busy FROM copilot_asker_daily WHERE asker_key = ${`d:${device}`}`,
      );
      if (busy && busy.busy === null) {
        [answer] = await rowsOf<{ state: string; content: string }>(
          sql`SELECT m.state, m.content FROM copilot_messages m JOIN copilot_conversations c ON c.id = m.conversation_id
            WHERE c.asker_key = ${`d:${device}`} AND m.role = 'assistant'`,
        );
      }
    }
    expect(answer).toEqual({ state: 'failed', content: '' });
    // The drop is seen when the server's socket closes: at most the first call started, and it was
    // aborted (no answer text stored).
    expect(w.fake.count('/v1/chat/completions')).toBeLessThanOrEqual(1);
  });

  it('answers a question over a real HTTP connection to the end (a read request body is no departure)', async () => {
    const device = 'device-http';
    const { port, url, body, apikey } = await realQuestion(device);
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'device-id': device,
        'client-id': device,
        version: '2.23.1',
        apikey,
      },
      body,
    });
    expect(res.status).toBe(200);
    const events = sseEvents(await res.text());
    expect(eventOf(events, 'done')).toMatchObject({ state: 'done' });
    expect(w.fake.count('/v1/chat/completions')).toBeGreaterThan(0);
  });

  it('still sends done and frees the asker when storing the answer fails', async () => {
    const real = db();
    const failing = new Proxy(real, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return (query: { queryChunks?: { value?: string[] }[] }) => {
          const text = (query.queryChunks ?? []).map((chunk) => chunk.value?.join('') ?? '').join('');
          if (text.includes('UPDATE copilot_messages SET content')) {
            return Promise.reject(new Error('write failed'));
          }
          return target.execute(query as Parameters<Database['execute']>[0]);
        };
      },
    }) as Database;
    const prepared = await prepareQuestion(
      { db: real, config: w.t.app.deps.config },
      {
        meetingId: w.meetingId,
        content: 'Acme Robotics',
        language: 'en',
        actor: { userId: null, deviceId: 'device-store' },
      },
    );
    const events: string[] = [];
    await expect(
      streamAnswer({ db: failing, config: w.t.app.deps.config }, prepared, (event) => events.push(event)),
    ).rejects.toThrow('write failed');
    expect(events.slice(-2)).toEqual(['cards', 'done']);
    expect((await askerTokens('device-store'))?.busy).toBeNull();
  });
});

describe('tool calls and conversations', () => {
  it('runs at most 4 tool calls a round; the others read no items', async () => {
    w.fake.onChat((body) =>
      body.messages.some((m) => m.role === 'tool')
        ? { content: 'Done.' }
        : {
            toolCalls: Array.from({ length: 10 }, (_, i) => ({
              id: `call_${i}`,
              name: 'search_meeting',
              arguments: '{"query":"Acme"}',
            })),
          },
    );
    const res = await w.ask('Acme Robotics', { device: 'device-tools' });
    expect(eventOf(sseEvents(res.body), 'done')).toMatchObject({ engine: 'model', state: 'done' });
    const chats = w.fake.requests.filter((r) => r.path.endsWith('/chat/completions'));
    const second = chats[1]?.body as { messages: { role: string; content: string }[] };
    const results = second.messages
      .filter((m) => m.role === 'tool')
      .map((m) => (JSON.parse(m.content) as { items: unknown[] }).items.length);
    expect(results).toHaveLength(10);
    expect(results.slice(0, 4).every((n) => n > 0)).toBe(true);
    expect(results.slice(4)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("answers a question sent to a cleared conversation in the asker's current one", async () => {
    const device = 'device-closed';
    const first = eventOf(sseEvents((await w.ask('Acme Robotics', { device })).body), 'meta') as {
      conversation_id: string;
    };
    await w.t.call('DELETE', apiUrl('/copilot/conversation', { meeting_id: w.meetingId }), {
      headers: { 'device-id': device },
    });
    await w.allowNext();
    const res = await w.ask('Acme again', { device, body: { conversation_id: first.conversation_id } });
    expect(res.statusCode).toBe(200);
    const meta = eventOf(sseEvents(res.body), 'meta') as { conversation_id: string };
    expect(meta.conversation_id).not.toBe(first.conversation_id);
    const current = await w.t.call('GET', apiUrl('/copilot/conversation', { meeting_id: w.meetingId }), {
      headers: { 'device-id': device },
    });
    expect(current.json()).toMatchObject({
      conversation_id: { $id: meta.conversation_id },
      messages: [{ role: 'user', content: 'Acme again' }, { role: 'assistant' }],
    });
  });

  it('flags only answers, also when called without the service', async () => {
    const meta = eventOf(
      sseEvents((await w.ask('Acme Robotics', { device: 'device-flag' })).body),
      'meta',
    ) as {
      question_id: string;
      answer_id: string;
    };
    const flag = (messageId: string, note?: string) =>
      setMessageFlag(db(), { meetingId: w.meetingId, messageId, flagged: 1, note, userId: 'u1' });
    expect(await flag(meta.question_id)).toBeUndefined();
    expect(await flag(meta.question_id, 'note')).toBeUndefined();
    const [question] = await rowsOf<{ flagged: number; note: string | null }>(
      sql`SELECT flagged, flag_note AS note FROM copilot_messages WHERE id = ${meta.question_id}`,
    );
    expect(question?.flagged).toBe(0);
    expect(question?.note ?? '').toBe('');
    expect(await flag(meta.answer_id)).toMatchObject({ flagged: 1 });
  });
});

describe('questions per client address', () => {
  it('refuses with 429 too_frequent once an address spent its minute, whatever the device id; other addresses go on', async () => {
    const tooLong = 'x'.repeat(1001);
    let refused: Awaited<ReturnType<CopilotWorld['ask']>> | undefined;
    for (let i = 0; i < 25 && !refused; i++) {
      const res = await w.ask(tooLong, { device: `device-rotating-${i}` });
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(400);
    }
    expect(refused?.json()).toMatchObject({ code: 'too_frequent', message: 'Do not operate frequently!' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const other = await w.t.call('POST', apiUrl('/copilot/messages'), {
      json: { meeting_id: w.meetingId, content: tooLong, language: 'en' },
      headers: { 'device-id': 'device-elsewhere' },
      remoteAddress: '203.0.113.7',
    });
    expect(other.statusCode).toBe(400);
  });
});
