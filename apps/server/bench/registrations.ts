/**
 * Registration benchmark ("no oversell", §4), on PostgreSQL: POST /api/tickets against
 * a real server process on a scratch database, every request a different logged-in user (signed
 * Apikey, Bearer token), registering for ONE ticket type of one activity.
 *
 * 1. Throughput: BENCH_REGISTRATION_USERS users (default 5,000) register once each on an unlimited
 *    ticket type, BENCH_REGISTRATION_CONNECTIONS (default 200) requests in flight (after a warm-up
 *    on another activity): registrations/s, p50, p99.
 * 0. Baseline: the same users read GET /api/users/me (an authenticated call without a write).
 * 2. Capacity: the same users on an activity and ticket type limited to BENCH_REGISTRATION_PLACES
 *    (default 2,000) places: afterwards, in SQL, the live tickets must equal sold_total and
 *    ticket_total and never exceed the places (oversold = tickets − places when positive).
 *
 * The registration form asks a name and a phone (both required, distinct phones), as a real one does.
 * The load generator (registration-load.ts, autocannon) runs in its own process with every request
 * signed beforehand, so it costs the server's CPU nothing.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type LoginResult, signApikey } from '@app/contracts';
import { and, count, eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { insertActivity } from '../src/modules/activities/activities.fixtures.ts';
import { activities, activityPrices } from '../src/modules/activities/activities.tables.ts';
import { newLogin } from '../src/modules/exhibitors/exhibitors.fixtures.ts';
import { meetings } from '../src/modules/meetings/meetings.tables.ts';
import { tickets } from '../src/modules/tickets/tickets.tables.ts';
import { type RunningServer, startServer } from '../src/start-server.ts';

const execFileAsync = promisify(execFile);
const loadScript = join(import.meta.dirname, 'registration-load.ts');
const benchMeetingId = '62656e636800000000000001';

export type RegistrationRun = {
  run: string;
  connections: number;
  requests: number;
  /** 2xx answers (tickets created). */
  registered: number;
  /** Answers by status code, e.g. { 200: 2000, 409: 3000 }. */
  statusCodes: Record<string, number>;
  registrationsPerSecond: number;
  /** All requests (refusals included) per second. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Places of the ticket type (null = no limit). */
  places: number | null;
  /** SQL afterwards: live tickets of the activity, the type's sold_total, the activity's ticket_total. */
  tickets: number;
  soldTotal: number;
  ticketTotal: number;
  oversold: number;
  /** true when tickets == sold_total == ticket_total == 2xx answers and ≤ places. */
  isConsistent: boolean;
  /** 1-minute load average when the run started, and CPUs: the machine may be shared. */
  loadAverage: number;
  cpus: number;
};

type LoadResult = {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
};

/** Runs `work` over `items` with at most `limit` in flight. */
async function pooled<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

type BenchActivity = { activityId: string; priceId: string; nameId: string; phoneId: string };

async function benchActivity(server: RunningServer, title: string, places: number | null) {
  const inserted = await insertActivity(server.database.db, {
    meetingId: benchMeetingId,
    title,
    max: places ?? 0,
    registrationStart: new Date(Date.now() - 3600_000),
    prices: [{ title: 'Standard', total: places }],
    questions: [
      { type: 'text', field: 'name', isRequired: 1, title: 'Name' },
      { type: 'phone', field: 'phone', isRequired: 1, title: 'Phone' },
    ],
  });
  return {
    activityId: inserted.activityId,
    priceId: inserted.priceIds[0] as string,
    nameId: inserted.questionIds[0] as string,
    phoneId: inserted.questionIds[1] as string,
  };
}

/** One signed POST /api/tickets per login, as the web client sends it. */
function prepareRequests(server: RunningServer, activity: BenchActivity, logins: LoginResult[]) {
  const salt = server.app.deps.config.APIKEY_SALT;
  const timestamp = Math.floor(Date.now() / 1000);
  return logins.map((login, index) => {
    const body = JSON.stringify({
      activity_id: activity.activityId,
      price_id: activity.priceId,
      data: {
        [activity.nameId]: `Bench user ${index}`,
        [activity.phoneId]: { area_code: '86', number: `139${String(index).padStart(8, '0')}` },
      },
    });
    const deviceId = `bench-${index}`;
    const apikey = signApikey({
      salt,
      method: 'POST',
      pathWithQuery: '/api/tickets',
      timestamp,
      deviceId,
      body,
    });
    return {
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${login.token}`,
        'device-id': deviceId,
        apikey,
      },
      body,
    };
  });
}

/** One signed GET /api/users/me per login: an authenticated read, the baseline of this machine. */
function prepareBaselineRequests(server: RunningServer, logins: LoginResult[]) {
  const salt = server.app.deps.config.APIKEY_SALT;
  const timestamp = Math.floor(Date.now() / 1000);
  const pathWithQuery = `/api/users/me?meeting_id=${benchMeetingId}`;
  return logins.map((login, index) => {
    const deviceId = `bench-${index}`;
    const apikey = signApikey({ salt, method: 'GET', pathWithQuery, timestamp, deviceId });
    return {
      method: 'GET',
      path: pathWithQuery,
      headers: { authorization: `Bearer ${login.token}`, 'device-id': deviceId, apikey },
    };
  });
}

/**
 * The same crowd reading GET /api/users/me (session lookup + one read, no write): what this machine
 * gives any authenticated call, to read the registration figures against.
 */
async function measureBaseline(
  server: RunningServer,
  logins: LoginResult[],
  connections: number,
): Promise<RegistrationRun> {
  const loadAverage = Math.round((loadavg()[0] ?? 0) * 10) / 10;
  const result = await load(server, prepareBaselineRequests(server, logins), connections);
  const ok = Object.entries(result.statusCodes)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    run: `baseline: ${logins.length} × GET /api/users/me`,
    connections,
    requests: result.requests,
    registered: 0,
    statusCodes: result.statusCodes,
    registrationsPerSecond: 0,
    requestsPerSecond: result.requestsPerSecond,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    maxMs: result.maxMs,
    places: null,
    tickets: 0,
    soldTotal: 0,
    ticketTotal: 0,
    oversold: 0,
    isConsistent: ok === result.requests,
    loadAverage,
    cpus: cpus().length,
  };
}

async function load(server: RunningServer, requests: unknown[], connections: number): Promise<LoadResult> {
  const file = join(tmpdir(), `bench-registrations-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify(requests));
  try {
    const { stdout } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', loadScript, server.url, file, String(connections)],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1) as string) as LoadResult;
  } finally {
    rmSync(file, { force: true });
  }
}

/** Live tickets of the activity, its ticket_total and its only type's sold_total, from SQL. */
async function totals(server: RunningServer, activity: BenchActivity) {
  const db = server.database.db;
  const [ticketRow] = await db
    .select({ total: count() })
    .from(tickets)
    .where(and(eq(tickets.activityId, activity.activityId), eq(tickets.deleted, 0)));
  const [priceRow] = await db
    .select({ soldTotal: activityPrices.soldTotal })
    .from(activityPrices)
    .where(eq(activityPrices.id, activity.priceId));
  const [activityRow] = await db
    .select({ ticketTotal: activities.ticketTotal })
    .from(activities)
    .where(eq(activities.id, activity.activityId));
  return {
    tickets: ticketRow?.total ?? 0,
    soldTotal: priceRow?.soldTotal ?? 0,
    ticketTotal: activityRow?.ticketTotal ?? 0,
  };
}

async function measureRun(
  server: RunningServer,
  run: string,
  logins: LoginResult[],
  connections: number,
  places: number | null,
): Promise<RegistrationRun> {
  const activity = await benchActivity(server, run, places);
  const loadAverage = Math.round((loadavg()[0] ?? 0) * 10) / 10;
  const result = await load(server, prepareRequests(server, activity, logins), connections);
  const registered = Object.entries(result.statusCodes)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  const sql = await totals(server, activity);
  const oversold = places === null ? 0 : Math.max(0, sql.tickets - places, sql.soldTotal - places);
  return {
    run,
    connections,
    requests: result.requests,
    registered,
    statusCodes: result.statusCodes,
    registrationsPerSecond: Math.round(registered / result.seconds),
    requestsPerSecond: result.requestsPerSecond,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    maxMs: result.maxMs,
    places,
    ...sql,
    oversold,
    isConsistent:
      sql.tickets === sql.soldTotal &&
      sql.tickets === sql.ticketTotal &&
      sql.tickets === registered &&
      oversold === 0,
    loadAverage,
    cpus: cpus().length,
  };
}

/**
 * Runs the throughput and capacity runs on the scratch PostgreSQL database at `databaseUrl` (a
 * server process of its own, response cache off, no demo seed) and answers one row per run.
 */
export async function benchRegistrations(
  databaseUrl: string,
  authSecret: string,
): Promise<RegistrationRun[]> {
  const users = Number(process.env.BENCH_REGISTRATION_USERS ?? 5000);
  const connections = Number(process.env.BENCH_REGISTRATION_CONNECTIONS ?? 200);
  const places = Number(process.env.BENCH_REGISTRATION_PLACES ?? 2000);
  const dataDir = join('/tmp', `bench-registrations-${randomBytes(4).toString('hex')}`);
  const server = await startServer(
    loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: authSecret,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      CACHE_TTL_SECONDS: '0',
      SEED_DEMO: '0',
      DATABASE_URL: databaseUrl,
    }),
  );
  try {
    const db = server.database.db;
    await db.insert(meetings).values({
      id: benchMeetingId,
      title: 'Registration bench',
      domain: 'bench.localhost',
      start: new Date(),
      end: new Date(Date.now() + 30 * 24 * 3600_000),
    });
    const started = performance.now();
    const deps = { db, config: server.app.deps.config };
    const logins = await pooled(Array.from({ length: users }), 8, () => newLogin(deps, benchMeetingId));
    console.log(`registrations: ${users} users logged in in ${Math.round(performance.now() - started)} ms`);
    // Warm-up (JIT, pools, plans), not reported.
    await measureRun(server, 'warm-up', logins.slice(0, Math.min(1000, users)), connections, null);
    return [
      await measureBaseline(server, logins, connections),
      await measureRun(server, `${users} users, 1 type, no limit`, logins, connections, null),
      await measureRun(server, `${users} users for ${places} places`, logins, connections, places),
    ];
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
