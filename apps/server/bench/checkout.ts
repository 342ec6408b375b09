/**
 * `npm run bench:checkout`: paid checkout under load (§4 Order, §7 POST /checkout/activities). Over
 * real HTTP with BENCH_CHECKOUT_IN_FLIGHT (default 200) buyers in flight, BENCH_CHECKOUT_BUYERS
 * (default 1,000) buyers each check out one paid ticket of an activity with half as many places,
 * start a sandbox payment and deliver its signed notification (every tenth twice, to exercise the
 * inbox). Reports checkouts/s and confirmations/s over the run, p50/p99 of checkout and of the
 * notification's handling, and the oversell check read back in SQL: sold = places = paid orders =
 * tickets, every other buyer refused. Runs on PGlite in this process by default, or on a scratch
 * database of the PostgreSQL server at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
 * with BENCH_CHECKOUT_DATABASE=postgres. Not a test: nothing fails; the check is printed.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LoginResult, signApikey } from '@app/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { newId } from '../src/db/ids.ts';
import { insertActivity } from '../src/modules/activities/activities.fixtures.ts';
import { newLogin } from '../src/modules/exhibitors/exhibitors.fixtures.ts';
import { signSandboxNotification } from '../src/providers/payment/sandbox-payment.ts';
import { startServer } from '../src/start-server.ts';
import { ids, seedFixture } from '../test/fixture.ts';

const buyers = Number(process.env.BENCH_CHECKOUT_BUYERS ?? 1000);
const inFlight = Number(process.env.BENCH_CHECKOUT_IN_FLIGHT ?? 200);
const places = Math.floor(buyers / 2);
const salt = 'bench-checkout-salt-0123456789';
const amount = 8800;

/** p-th percentile (0..100) of durations in ms. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] as number) * 10) / 10;
}

/**
 * One HTTP request over a keep-alive agent with a socket per buyer in flight (global fetch queued
 * some requests client-side for seconds before sending them, which measured the client, not the server).
 */
function send(
  agent: Agent,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | undefined },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method, headers: init.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/** A scratch database on the PostgreSQL server, dropped after the run. */
async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `bench_checkout_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function run(label: string, databaseUrl?: string) {
  const dataDir = join(tmpdir(), `bench-checkout-${randomBytes(4).toString('hex')}`);
  const config = loadConfig({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    NODE_ENV: 'production',
    // The sandbox pays here: production refuses it unless asked for.
    PAYMENT_SANDBOX: '1',
    AUTH_SECRET: randomBytes(24).toString('hex'),
    APIKEY_SALT: salt,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    CACHE_TTL_SECONDS: '0',
    SEED_DEMO: '0',
  });
  const server = await startServer(config);
  try {
    const db = server.database.db;
    await seedFixture(db);
    const activity = await insertActivity(db, {
      meetingId: ids.meeting,
      prices: [{ amount, total: places }],
    });
    const priceId = activity.priceIds[0] as string;
    const sessions: LoginResult[] = [];
    for (let at = 0; at < buyers; at += 50) {
      sessions.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, buyers - at) }, (_, i) =>
            newLogin({ db, config }, ids.meeting, `bench-buyer-${at + i}-${newId().slice(-6)}`),
          ),
        )),
      );
    }

    const agent = new Agent({ keepAlive: true, maxSockets: inFlight + 8 });
    const call = async (who: LoginResult, method: 'POST' | 'GET', path: string, json?: unknown) => {
      const body = json === undefined ? undefined : JSON.stringify(json);
      const deviceId = `bench-${who.user_id.$id}`;
      const headers: Record<string, string> = {
        'device-id': deviceId,
        'client-id': deviceId,
        version: 'bench',
        authorization: `Bearer ${who.token}`,
        apikey: signApikey({
          salt,
          method,
          pathWithQuery: path,
          timestamp: Math.floor(Date.now() / 1000),
          deviceId,
          body,
        }),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      };
      const response = await send(agent, `${server.url}${path}`, { method, headers, body });
      return { status: response.status, body: JSON.parse(response.text) as Record<string, unknown> };
    };

    const checkoutMs: number[] = [];
    const acceptedMs: number[] = [];
    const notifyMs: number[] = [];
    const statuses: Record<string, number> = {};
    let confirmed = 0;
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < sessions.length) {
        const who = sessions[next] as LoginResult;
        next += 1;
        const t0 = performance.now();
        const answer = await call(who, 'POST', '/api/checkout/activities', {
          activity_id: activity.activityId,
          lines: [{ price_id: priceId }],
          expected_total: amount,
        });
        checkoutMs.push(performance.now() - t0);
        const key = answer.status === 200 ? '200' : `${answer.status} ${String(answer.body.code)}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
        if (answer.status !== 200) continue;
        acceptedMs.push(performance.now() - t0);
        const order = (answer.body.results as { _id: { $id: string } }[])[0] as { _id: { $id: string } };
        const payment = await call(who, 'POST', `/api/orders/${order._id.$id}/payments`, {
          channel: 'sandbox',
        });
        const paymentId = String(payment.body.payment_id);
        const signed = signSandboxNotification(config.AUTH_SECRET, ids.meeting, {
          event_id: newId(),
          payment_id: paymentId,
          status: 'paid',
          amount,
          currency: 'CNY',
          paid_at: Math.floor(Date.now() / 1000),
        });
        const times = next % 10 === 0 ? 2 : 1;
        for (let i = 0; i < times; i += 1) {
          const t1 = performance.now();
          const ack = await send(agent, `${server.url}/api/payments/notify/sandbox/${ids.meeting}`, {
            method: 'POST',
            headers: signed.headers,
            body: signed.rawBody,
          });
          notifyMs.push(performance.now() - t1);
          if (ack.status === 200 && i === 0) confirmed += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();

    const one = async (query: ReturnType<typeof sql>) =>
      Number(((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    const sold = await one(sql`select sold_total as n from activity_prices where id = ${priceId}`);
    const paidOrders = await one(sql`select count(*)::int as n from orders where status = 'done'`);
    const ticketCount = await one(
      sql`select count(*)::int as n from tickets where activity_id = ${activity.activityId} and deleted = 0`,
    );
    const unpaidTickets = await one(sql`select count(*)::int as n from tickets t
      where t.activity_id = ${activity.activityId} and not exists (
        select 1 from order_lines l join orders o on o.id = l.order_id join payments p on p.order_id = o.id
        where l.ticket_id = t.id and o.status = 'done' and p.status = 'paid')`);
    const receipts = await one(sql`select count(*)::int as n from receipts where kind = 'receipt'`);
    console.log(
      JSON.stringify({
        database: label,
        buyers,
        places,
        inFlight,
        seconds: Math.round(seconds * 10) / 10,
        checkoutsPerSecond: Math.round((buyers / seconds) * 10) / 10,
        confirmationsPerSecond: Math.round((confirmed / seconds) * 10) / 10,
        checkoutP50Ms: percentile(checkoutMs, 50),
        checkoutP99Ms: percentile(checkoutMs, 99),
        acceptedCheckoutP99Ms: percentile(acceptedMs, 99),
        checkoutMaxMs: percentile(checkoutMs, 100),
        notifyP50Ms: percentile(notifyMs, 50),
        notifyP99Ms: percentile(notifyMs, 99),
        statusCodes: statuses,
        oversell: {
          sold,
          paidOrders,
          tickets: ticketCount,
          ticketsWithoutPayment: unpaidTickets,
          receipts,
          ok: sold === places && paidOrders === places && ticketCount === places && unpaidTickets === 0,
        },
      }),
    );
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(JSON.stringify({ loadAverage: loadavg()[0], cpus: cpus().length }));
if (process.env.BENCH_CHECKOUT_DATABASE === 'postgres') {
  const scratch = await scratchDatabase(
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  );
  try {
    await run('postgres', scratch.url);
  } finally {
    await scratch.drop();
  }
} else {
  await run('pglite');
}
