/**
 * `npm run bench:copilot`: the copilot's own overhead before the first streamed token (§1 copilot,
 * DESIGN §8 ai), over real HTTP against the fake OpenAI-compatible server (its default grounded
 * model: a search_meeting tool call, then "According to the meeting's data: [r1] …").
 *
 * 1. The demo meeting (SEED_DEMO) with the copilot on, on PGlite in this process.
 * 2. Baseline: the model's own two round trips (tool call, then the streamed answer up to its first
 *    delta) called straight through the provider adapter — what any copilot would wait for.
 * 3. BENCH_COPILOT_ROUNDS (default 200) questions, BENCH_COPILOT_CONCURRENCY (default 4) in flight,
 *    each from another device (the per-asker limits are not what is measured), after a warm-up: time
 *    from sending POST /api/copilot/messages to the first `delta` event; p50, p95, max, and the
 *    overhead (time to first token minus the baseline's p50): the question's checks and limits, the
 *    stored rows, the tool run, the prompt. Target: overhead p95 ≤ 50 ms.
 * Not a test: nothing fails. Run it on a quiet machine.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { signApikey } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { aiProviderOf } from '../src/providers/ai/ai-provider-of.ts';
import { startFakeOpenAi } from '../src/providers/ai/fake-openai-server.ts';
import { demoMeetingId } from '../src/seeds/demo-meeting.data.ts';
import { startServer } from '../src/start-server.ts';

const rounds = Number(process.env.BENCH_COPILOT_ROUNDS ?? 200);
const concurrency = Number(process.env.BENCH_COPILOT_CONCURRENCY ?? 4);
const dataDir = `/tmp/bench-copilot-${randomBytes(4).toString('hex')}`;
const salt = 'bench-copilot-salt-0123456789';

const fake = await startFakeOpenAi();
const config = loadConfig({
  NODE_ENV: 'production',
  AUTH_SECRET: randomBytes(24).toString('hex'),
  APIKEY_SALT: salt,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  CACHE_TTL_SECONDS: '0',
  SEED_DEMO: '1',
  AI_BASE_URL: fake.url,
  AI_MODEL: 'fake-gpt',
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

const questions = [
  'robot',
  '机器人',
  'Which exhibitors make sensors?',
  'keynote',
  '开幕式在哪里',
  'servo motor',
  'When does the meeting start?',
  '人工智能',
];

const server = await startServer(config);
const db = server.database.db;
await db.execute(
  sql`UPDATE meetings SET exhibition = exhibition || '{"enable_copilot":1}'::jsonb WHERE id = ${demoMeetingId}`,
);
await db.execute(sql`INSERT INTO copilot_settings (meeting_id, user_daily_requests, meeting_daily_tokens)
  VALUES (${demoMeetingId}, 10000, 1000000000) ON CONFLICT (meeting_id) DO NOTHING`);

/** The model's own time: the tool-call round trip, then the answer's up to its first delta. */
async function baselineOnce(question: string): Promise<number> {
  const provider = aiProviderOf(config);
  if (!provider) throw new Error('no provider');
  const tools = [
    { name: 'search_meeting', description: 'search', parameters: { type: 'object', properties: {} } },
  ];
  const started = performance.now();
  const first = await provider.chat({ messages: [{ role: 'user', content: question }], tools });
  const call = first.toolCalls[0];
  if (!call) throw new Error('the fake answered no tool call');
  for await (const chunk of provider.chatStream({
    messages: [
      { role: 'user', content: question },
      { role: 'assistant', content: '', toolCalls: [call] },
      { role: 'tool', toolCallId: call.id, content: JSON.stringify({ items: [{ ref: 'r1', title: 'x' }] }) },
    ],
    tools,
  })) {
    if (chunk.type === 'delta') break;
  }
  return performance.now() - started;
}

let device = 0;
/** Time to the first `delta` event of one question, from a new device. */
async function askOnce(question: string): Promise<number> {
  device += 1;
  const deviceId = `bench-${device}-${randomBytes(3).toString('hex')}`;
  const body = JSON.stringify({ meeting_id: demoMeetingId, content: question, language: 'en' });
  const path = '/api/copilot/messages';
  const headers = {
    'content-type': 'application/json',
    'device-id': deviceId,
    apikey: signApikey({
      salt,
      method: 'POST',
      pathWithQuery: path,
      timestamp: Math.floor(Date.now() / 1000),
      deviceId,
      body,
    }),
  };
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers, body });
  if (response.status !== 200 || !response.body)
    throw new Error(`answered ${response.status}: ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let firstToken: number | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (firstToken === undefined && text.includes('event: delta')) firstToken = performance.now() - started;
  }
  if (firstToken === undefined) throw new Error(`no delta: ${text.slice(0, 300)}`);
  if (!text.includes('"engine":"model"')) throw new Error(`not answered by the model: ${text.slice(0, 300)}`);
  return firstToken;
}

async function runAll<T>(count: number, parallel: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next++;
        results.push(await work(index));
      }
    }),
  );
  return results;
}

try {
  // Warm-up: connections, prepared plans, the search index's catch-up, jieba's dictionary.
  await runAll(20, 2, (i) => askOnce(questions[i % questions.length] as string));
  const baseline = await runAll(50, 1, (i) => baselineOnce(questions[i % questions.length] as string));
  const base50 = percentile(baseline, 50);
  const ttft = await runAll(rounds, concurrency, (i) => askOnce(questions[i % questions.length] as string));
  const serial = await runAll(Math.min(50, rounds), 1, (i) =>
    askOnce(questions[i % questions.length] as string),
  );
  const line = (label: string, values: number[]) =>
    console.info(
      `${label.padEnd(34)} p50 ${round1(percentile(values, 50))} ms  p95 ${round1(percentile(values, 95))} ms  max ${round1(Math.max(...values))} ms`,
    );
  console.info(
    `copilot bench: ${rounds} questions, ${concurrency} in flight; ${cpus().length} CPUs, load ${loadavg().map(round1).join(' ')}`,
  );
  line('model alone (2 round trips)', baseline);
  line(`time to first token (${concurrency} in flight)`, ttft);
  line(
    `overhead (${concurrency} in flight)`,
    ttft.map((v) => v - base50),
  );
  line('time to first token (1 in flight)', serial);
  line(
    'overhead (1 in flight)',
    serial.map((v) => v - base50),
  );
  console.info('target: overhead p95 ≤ 50 ms (1 in flight)');
} finally {
  await server.close();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}
