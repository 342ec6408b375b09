import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiUrl } from '../../../test/test-app.ts';
import { answerOnce, prepareQuestion, streamAnswer } from './copilot.service.ts';
import { type CopilotWorld, createCopilotWorld, eventOf, sseEvents } from './copilot.test-kit.ts';

/** The copilot's public API (§1 AI copilot) against the fake OpenAI-compatible server. */

let w: CopilotWorld;
beforeAll(async () => {
  w = await createCopilotWorld();
});
afterAll(() => w.close());
beforeEach(async () => {
  w.fake.onChat(undefined);
  w.fake.fail('none');
  w.fake.reset();
  await w.allowNext();
});

const conversationOf = async (device?: string) => {
  const res = await w.t.call('GET', apiUrl('/copilot/conversation', { meeting_id: w.meetingId }), {
    ...(device ? { headers: { 'device-id': device } } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('POST /copilot/messages', () => {
  it('streams an answer grounded in the tools, with cards of the cited items, and keeps the conversation', async () => {
    const before = await conversationOf();
    expect(before).toMatchObject({
      conversation_id: null,
      messages: [],
      assistant: { enabled: 1, name: 'Robo', engine: 'model' },
    });

    const res = await w.ask('Acme Robotics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = sseEvents(res.body);
    expect(events[0]?.event).toBe('meta');
    expect(events.at(-1)?.event).toBe('done');
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    const meta = eventOf(events, 'meta') as { conversation_id: string; answer_id: string; engine: string };
    expect(meta.engine).toBe('model');
    const cards = (eventOf(events, 'cards') as { cards: { type: string; id: string }[] }).cards;
    expect(cards).toEqual([
      expect.objectContaining({ type: 'exhibitor', id: w.exhibitor.acme, title: 'Acme Robotics' }),
    ]);
    const done = eventOf(events, 'done') as {
      state: string;
      engine: string;
      content: string;
      usage: { prompt_tokens: number };
    };
    expect(done).toMatchObject({
      state: 'done',
      engine: 'model',
      content: "According to the meeting's data: [1]",
    });
    expect(done.usage.prompt_tokens).toBeGreaterThan(0);
    const streamed = events
      .filter((e) => e.event === 'delta')
      .map((e) => (e.data as { text: string }).text)
      .join('');
    expect(streamed.trim()).toBe(done.content);

    // The model was offered the tools, called search_meeting, and read its result as a tool message.
    const chats = w.fake.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(chats).toHaveLength(2);
    const second = chats[1]?.body as { messages: { role: string; content: string }[] };
    const tool = second.messages.find((m) => m.role === 'tool');
    expect(JSON.parse(tool?.content ?? '{}').items[0]).toMatchObject({
      ref: 'r1',
      type: 'exhibitor',
      title: 'Acme Robotics',
    });
    expect(second.messages[0]?.content).toContain('Robo');

    const after = await conversationOf();
    expect(after.conversation_id).toEqual({ $id: meta.conversation_id });
    expect(after.messages).toMatchObject([
      { role: 'user', content: 'Acme Robotics', engine: '' },
      {
        _id: { $id: meta.answer_id },
        role: 'assistant',
        state: 'done',
        engine: 'model',
        content: done.content,
        cards: [{ type: 'exhibitor', id: w.exhibitor.acme }],
      },
    ]);

    // A second question continues the conversation: the model reads the earlier messages.
    await w.allowNext();
    w.fake.reset();
    const again = await w.ask('robot arms');
    expect(again.statusCode).toBe(200);
    const firstChat = w.fake.requests[0]?.body as { messages: { role: string; content: string }[] };
    expect(firstChat.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect((await conversationOf()).messages).toHaveLength(4);
    const usage = (await w.t.database.db.execute(
      sql`SELECT requests, model_requests AS "modelRequests", prompt_tokens AS "promptTokens" FROM copilot_usage_daily WHERE meeting_id = ${w.meetingId}`,
    )) as unknown as { rows: { requests: number; modelRequests: number; promptTokens: number }[] };
    expect(usage.rows[0]).toMatchObject({ requests: 2, modelRequests: 2 });
    expect(Number(usage.rows[0]?.promptTokens)).toBeGreaterThan(0);
  });

  it('turns only refs the tools produced into cards: made-up refs are dropped', async () => {
    w.fake.onChat((body) => {
      if (!body.messages.some((m) => m.role === 'tool')) return undefined;
      return { content: ['Acme [r1] makes arms; see also [r', '7] and [r99] [r1].'] };
    });
    const events = sseEvents((await w.ask('Acme Robotics', { device: 'device-refs' })).body);
    const cards = (eventOf(events, 'cards') as { cards: { id: string }[] }).cards;
    expect(cards.map((card) => card.id)).toEqual([w.exhibitor.acme]);
    const done = eventOf(events, 'done') as { content: string };
    expect(done.content).toBe('Acme [1] makes arms; see also and [1].');
    expect(done.content).not.toMatch(/r99|r7/);
  });

  it('answers with the built-in assistant after a notice when the provider is down', async () => {
    w.fake.fail('http500');
    const res = await w.ask('Acme Robotics', { device: 'device-down' });
    expect(res.statusCode).toBe(200);
    const events = sseEvents(res.body);
    expect(eventOf(events, 'notice')).toMatchObject({ code: 'copilot.provider_unavailable' });
    const done = eventOf(events, 'done') as { engine: string; state: string; content: string };
    expect(done.engine).toBe('builtin');
    expect(done.state).toBe('done');
    expect(done.content.length).toBeGreaterThan(0);
    // The built-in assistant's cards are existing items too.
    const cards = (eventOf(events, 'cards') as { cards: { type: string; id: string }[] }).cards;
    expect(cards.some((card) => card.type === 'exhibitor' && card.id === w.exhibitor.acme)).toBe(true);
    const row = (await w.t.database.db.execute(
      sql`SELECT engine, state FROM copilot_messages WHERE id = ${(eventOf(events, 'meta') as { answer_id: string }).answer_id}`,
    )) as unknown as { rows: { engine: string; state: string }[] };
    expect(row.rows[0]).toEqual({ engine: 'builtin', state: done.state });
  });

  it('refuses before streaming: disabled copilot 403, no asker 400, unknown conversation 404', async () => {
    const db = w.t.database.db;
    await db.execute(
      sql`UPDATE meetings SET exhibition = exhibition || '{"enable_copilot":0}'::jsonb WHERE id = ${w.meetingId}`,
    );
    const disabled = await w.ask('hello', { device: 'device-off' });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.headers['content-type']).toMatch(/^application\/json/);
    expect(disabled.json()).toMatchObject({ code: 'copilot.disabled' });
    await db.execute(
      sql`UPDATE meetings SET exhibition = exhibition || '{"enable_copilot":1}'::jsonb WHERE id = ${w.meetingId}`,
    );

    const anonymous = await w.ask('hello', { headers: { 'device-id': '' } });
    expect(anonymous.statusCode).toBe(400);
    const unknown = await w.ask('hello', {
      device: 'device-x',
      body: { conversation_id: '0123456789abcdef01234567' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PUT /copilot/messages/{id}/rating and DELETE /copilot/conversation', () => {
  it("rates the asker's own answer only, and a cleared conversation starts anew", async () => {
    const device = 'device-rating';
    const events = sseEvents((await w.ask('Acme Robotics', { device })).body);
    const answerId = (eventOf(events, 'meta') as { answer_id: string }).answer_id;
    const rate = (rating: number, asDevice: string) =>
      w.t.call('PUT', apiUrl(`/copilot/messages/${answerId}/rating`), {
        json: { meeting_id: w.meetingId, rating },
        headers: { 'device-id': asDevice },
      });
    expect((await rate(1, 'someone-else')).statusCode).toBe(404);
    const own = await rate(-1, device);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ _id: { $id: answerId }, rating: -1 });
    expect((await conversationOf(device)).messages[1]).toMatchObject({ rating: -1 });
    expect((await rate(2, device)).statusCode).toBe(400);

    const cleared = await w.t.call('DELETE', apiUrl('/copilot/conversation', { meeting_id: w.meetingId }), {
      headers: { 'device-id': device },
    });
    expect(cleared.json()).toEqual({ closed: 1 });
    expect(await conversationOf(device)).toMatchObject({ conversation_id: null, messages: [] });
  });
});

describe('answerOnce and the asker going away', () => {
  it('answers once without streaming or storing (the evaluation script)', async () => {
    const before = await w.count('copilot_messages');
    const deps = { db: w.t.database.db, config: w.t.app.deps.config };
    const answer = await answerOnce(deps, {
      meetingId: w.meetingId,
      question: 'Acme Robotics',
      language: 'en',
      engine: 'model',
    });
    expect(answer.text).toBe("According to the meeting's data: [1]");
    expect(answer.cards).toEqual([expect.objectContaining({ type: 'exhibitor', id: w.exhibitor.acme })]);
    expect(await w.count('copilot_messages')).toBe(before);
  });

  it('stops the provider call when the asker goes away and stores a failed answer', async () => {
    w.fake.fail('slow', { delayMs: 400 });
    const deps = { db: w.t.database.db, config: w.t.app.deps.config };
    const prepared = await prepareQuestion(deps, {
      meetingId: w.meetingId,
      content: 'Acme Robotics',
      language: 'en',
      actor: { userId: null, deviceId: 'device-gone' },
    });
    const asker = new AbortController();
    const events: string[] = [];
    setTimeout(() => asker.abort(), 150);
    const answer = await streamAnswer(deps, prepared, (event) => events.push(event), asker.signal);
    expect(answer.state).toBe('failed');
    expect(events).not.toContain('notice');
    const rows = (await w.t.database.db.execute(
      sql`SELECT state FROM copilot_messages WHERE id = ${prepared.answerId}`,
    )) as unknown as { rows: { state: string }[] };
    expect(rows.rows[0]?.state).toBe('failed');
    // The asker is free again.
    const busy = (await w.t.database.db.execute(
      sql`SELECT busy_until AS "busyUntil" FROM copilot_asker_daily WHERE asker_key = 'd:device-gone'`,
    )) as unknown as { rows: { busyUntil: unknown }[] };
    expect(busy.rows[0]?.busyUntil).toBeNull();
  });
});
