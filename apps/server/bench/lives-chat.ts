/**
 * `npm run bench:lives`: one live room on one server process (§7 Lives chat, DESIGN §9 real time).
 * BENCH_LIVE_VIEWERS (default 2,000) WebSocket viewers connect to one live from a second process
 * (so their memory and CPU are not counted as the server's); then BENCH_LIVE_MESSAGES (default 100)
 * chat messages are posted through the whole HTTP path (Apikey, session, permission, rate limit,
 * moderation, insert + chat_total, publish) at BENCH_LIVE_RATE per second (default 10) by 50 users.
 * Each message carries the moment it was posted; every viewer notes when it arrived.
 * Prints delivery latency (post start → arrival at each viewer: p50, p90, p99, max; target p99 ≤ 200 ms),
 * deliveries missed, the post's own HTTP time, the fan-out alone (as many events published straight
 * to the hub at the same rate), and the server's memory per connection (RSS and heap deltas ÷
 * viewers, after a forced GC). With REDIS_URL set, the hub fans out through Redis.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const viewers = Number(process.env.BENCH_LIVE_VIEWERS ?? 2_000);
const messages = Number(process.env.BENCH_LIVE_MESSAGES ?? 100);
const rate = Number(process.env.BENCH_LIVE_RATE ?? 10);
const posters = 50;

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
const nowMs = () => performance.timeOrigin + performance.now();

type Percentiles = { p50: number; p90: number; p99: number; max: number };
type ClientReport = {
  connected: number;
  deliveries: number;
  latencies: Percentiles;
  /** Events published straight to the hub (no HTTP post): the fan-out alone. */
  direct: { deliveries: number; latencies: Percentiles };
};

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN };
}

/** The viewers' process: opens the sockets, records each message's arrival, reports percentiles. */
async function runClients(): Promise<void> {
  const url = process.env.BENCH_URL as string;
  // The tickets come over IPC (2,000 of them do not fit in one environment variable).
  const tickets = await new Promise<string[]>((resolve) => {
    const listener = (message: { type: string; tickets?: string[] }) => {
      if (message.type !== 'tickets') return;
      process.off('message', listener);
      resolve(message.tickets ?? []);
    };
    process.on('message', listener);
  });
  const latencies: number[] = [];
  const direct: number[] = [];
  const sockets: WebSocket[] = [];
  for (let i = 0; i < tickets.length; i += 100) {
    await Promise.all(
      tickets.slice(i, i + 100).map(
        (ticket) =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(`${url}?ticket=${encodeURIComponent(ticket)}`);
            socket.on('message', (data) => {
              const event = JSON.parse(String(data)) as { type: string; message?: { text: string } };
              const stamp = Number(/sent at (\d+(?:\.\d+)?)/.exec(event.message?.text ?? '')?.[1]);
              if (event.type !== 'message' || !(stamp > 0)) return;
              (event.message?.text.startsWith('Direct') ? direct : latencies).push(nowMs() - stamp);
            });
            socket.once('open', () => resolve());
            socket.once('error', reject);
            sockets.push(socket);
          }),
      ),
    );
  }
  process.send?.({ type: 'connected', count: sockets.length });
  process.on('message', (command: { type: string }) => {
    if (command.type !== 'report') return;
    const report: ClientReport = {
      connected: sockets.length,
      deliveries: latencies.length,
      latencies: percentiles(latencies),
      direct: { deliveries: direct.length, latencies: percentiles(direct) },
    };
    process.send?.({ type: 'report', report }, () => {
      for (const socket of sockets) socket.terminate();
      process.exit(0);
    });
  });
}

async function runServer(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:lives does)');
  // Imported here so the viewers' process stays small.
  const { eq } = await import('drizzle-orm');
  const { newId } = await import('../src/db/ids.ts');
  const { lives } = await import('../src/modules/agendas/agendas.tables.ts');
  const { liveHubInternalOf } = await import('../src/modules/lives/lives.hub.ts');
  const { signChatTicket } = await import('../src/modules/lives/lives.ticket.ts');
  const { signIn } = await import('../src/modules/users/users.service.ts');
  const { users } = await import('../src/modules/users/users.tables.ts');
  const { ids, seedFixture } = await import('../test/fixture.ts');
  const { bearer } = await import('../test/login.ts');
  const { apiUrl, createTestApp } = await import('../test/test-app.ts');

  // The job queue polls at its production pace (tests poll every 0.5 s, which on PGlite's one
  // connection would queue behind the posts).
  const t = await createTestApp({ jobs: { pollingIntervalSeconds: 2 } });
  const db = t.database.db;
  await seedFixture(db);
  const config = t.app.deps.config;
  const liveId = newId();
  await db.insert(lives).values({
    id: liveId,
    meetingId: ids.meeting,
    title: { en: 'Bench live' },
    start: new Date(Date.now() - 3_600_000),
    end: new Date(Date.now() + 3_600_000),
  });
  const rows = Array.from({ length: posters }, (_, i) => ({
    id: newId(),
    username: `Bench poster ${i}`,
    phone: `+86136${String(i).padStart(8, '0')}`,
  }));
  await db.insert(users).values(rows);
  const logins = await Promise.all(
    rows.map(async (row) => {
      const [user] = await db.select().from(users).where(eq(users.id, row.id));
      if (!user) throw new Error('no poster');
      return signIn({ db, config }, { user, meetingId: ids.meeting, method: 'phone' });
    }),
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const hub = liveHubInternalOf(t.app);
  const nowSeconds = Math.floor(Date.now() / 1000);
  // Visitors' tickets, signed as POST /lives/{id}/chat/tickets does (this bench measures the room).
  const tickets = Array.from(
    { length: viewers },
    (_, i) =>
      signChatTicket(config.AUTH_SECRET, {
        liveId,
        userId: null,
        deviceId: `bench-${i}`,
        nowSeconds: nowSeconds + 240,
      }).ticket,
  );

  gc();
  const before = process.memoryUsage();
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['clients'], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_URL: `ws://127.0.0.1:${port}/api/lives/${liveId}/chat/socket`,
    },
  });
  child.send({ type: 'tickets', tickets });
  const fromChild = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const listener = (message: { type: string }) => {
        if (message.type !== type) return;
        child.off('message', listener);
        resolve(message as T);
      };
      child.on('message', listener);
    });
  const connectStarted = performance.now();
  await fromChild<{ count: number }>('connected');
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  while (hub.localCount(liveId) < viewers) await new Promise((resolve) => setTimeout(resolve, 20));
  gc();
  const after = process.memoryUsage();

  const postTimes: number[] = [];
  let refused = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < messages; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const login = logins[i % posters] as { token: string };
    const sent = nowMs();
    inFlight.push(
      t
        .call('POST', apiUrl(`/lives/${liveId}/chats`), {
          headers: bearer(login as never),
          json: { text: `Question number ${i} about the keynote, sent at ${sent.toFixed(3)}` },
        })
        .then((res) => {
          postTimes.push(nowMs() - sent);
          if (res.statusCode !== 200) {
            refused += 1;
            if (refused <= 3) console.error(`post refused: ${res.statusCode} ${res.body}`);
          }
        }),
    );
  }
  await Promise.all(inFlight);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // The fan-out alone: the same number of events published straight to the hub, at the same rate.
  // Locally, publish writes the frame to every socket before it returns: its time is the server's
  // share of the fan-out (with Redis it is the PUBLISH round trip only).
  const publishTimes: number[] = [];
  const directStarted = performance.now();
  for (let i = 0; i < messages; i += 1) {
    const wait = directStarted + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = nowMs();
    const publishStarted = performance.now();
    await hub.publish(liveId, {
      type: 'message',
      message: {
        _id: { $id: newId() },
        live_id: { $id: liveId },
        user: { _id: { $id: rows[0]?.id ?? newId() }, username: 'Bench poster 0', avatar: '' },
        text: `Direct ${i} sent at ${sent.toFixed(3)}`,
        created: Math.floor(sent / 1000),
        pinned: 0,
      },
    });
    publishTimes.push(performance.now() - publishStarted);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const reportPromise = fromChild<{ report: ClientReport }>('report');
  child.send({ type: 'report' });
  const { report } = await reportPromise;

  const sortedPosts = [...postTimes].sort((a, b) => a - b);
  const postP = (q: number) =>
    sortedPosts[Math.min(sortedPosts.length - 1, Math.floor(q * sortedPosts.length))] ?? 0;
  const expected = viewers * (messages - refused);
  const perConn = (key: 'rss' | 'heapUsed' | 'external') =>
    ((after[key] - before[key]) / viewers / 1024).toFixed(1);
  const ms = (value: number) => value.toFixed(1);
  console.log(`lives chat bench: ${viewers} viewers, ${messages} messages at ${rate}/s, hub ${hub.mode}`);
  console.table({
    'viewers connected': { value: report.connected },
    'connect time (s)': { value: connectSeconds.toFixed(1) },
    'messages accepted': { value: messages - refused },
    'deliveries received': { value: report.deliveries },
    'deliveries missed': { value: expected - report.deliveries },
    'delivery p50 (ms)': { value: ms(report.latencies.p50) },
    'delivery p90 (ms)': { value: ms(report.latencies.p90) },
    'delivery p99 (ms)': { value: ms(report.latencies.p99) },
    'delivery max (ms)': { value: ms(report.latencies.max) },
    'fan-out only p50 (ms)': { value: ms(report.direct.latencies.p50) },
    'fan-out only p99 (ms)': { value: ms(report.direct.latencies.p99) },
    'fan-out only missed': { value: viewers * messages - report.direct.deliveries },
    'server publish p50 (ms)': { value: ms(percentiles(publishTimes).p50) },
    'server publish p99 (ms)': { value: ms(percentiles(publishTimes).p99) },
    'post HTTP p50 (ms)': { value: ms(postP(0.5)) },
    'post HTTP p99 (ms)': { value: ms(postP(0.99)) },
    'RSS per connection (KiB)': { value: perConn('rss') },
    'heap per connection (KiB)': { value: perConn('heapUsed') },
    'external per connection (KiB)': { value: perConn('external') },
  });
  const isOk =
    report.latencies.p99 <= 200 &&
    expected === report.deliveries &&
    report.direct.deliveries === viewers * messages;
  console.log(isOk ? 'OK: p99 ≤ 200 ms, nothing missed' : 'OVER TARGET (p99 > 200 ms or deliveries missed)');
  await t.close();
  process.exit(isOk ? 0 : 1);
}

const run = process.argv[2] === 'clients' ? runClients : runServer;
run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
