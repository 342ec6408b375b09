/**
 * `npm run bench`: measures the figures the design rests on (DESIGN §5 stack and PGlite throughput,
 * §9 jobs, §10 delivery budget), on this machine, in one run.
 *
 * 1. Requests/s and latency (p50/p99) of GET /api/meeting/agendas (50 items of the Camp 2019 demo)
 *    next to a hello-world route in the same process — on PGlite and on PostgreSQL (when reachable at
 *    BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a scratch database is created
 *    and dropped). Agendas are measured with the response cache on (the default 5 s TTL) and off.
 *    BENCH_CONNECTIONS in flight (default 50) for BENCH_SECONDS (default 10) each, in BENCH_ROUNDS
 *    (default 3) that alternate the route and hello-world in the same server; `ratioToHello` is the
 *    median of the rounds' ratios of requests/s (the machine's other load falls on both alike).
 * 2. Initial JS of /meeting/home as transferred (brotli, as the server sends it): every script the page
 *    loads in headless Chromium until idle. `npm run size -w @app/web` gives the gzip -9 figure.
 * 3. Lighthouse mobile performance score and metrics of the home page and the pavilion (Lighthouse from
 *    npm, Debian Chromium), with the element that made the largest contentful paint.
 * 4. Exhibitors at scale, on PostgreSQL only: 10,000 generated exhibitors and 100,000
 *    products (`seedExhibitors`, timed) in a scratch database; p50/p95/p99 of the pavilion list,
 *    filter and search calls with the response cache off (every call queries PostgreSQL) and on (5 s,
 *    the default), as served to anonymous visitors and to a logged-in one (the guests' cached answer
 *    with their own likes laid on; latency-probe.ts,
 *    BENCH_PROBE_REQUESTS at each of BENCH_PROBE_CONNECTIONS in flight, default 300 at 1 and at 10),
 *    then requests/s of the cached pavilion list next to hello-world in one server. BENCH_SKIP_EXHIBITORS=1 leaves it out;
 *    BENCH_EXHIBITORS sets N. BENCH_SKIP_FRONTEND=1 leaves out parts 2 and 3.
 * 5. Registrations, on PostgreSQL only (registrations.ts): POST /api/tickets by distinct
 *    logged-in users, 200 in flight, on one ticket type — registrations/s, p50/p99 — then the same
 *    users for 2,000 places with zero oversell checked in SQL. BENCH_SKIP_REGISTRATIONS=1 leaves it
 *    out; BENCH_REGISTRATION_USERS / _CONNECTIONS / _PLACES tune it.
 * 6. Jobs (DESIGN §9), on PostgreSQL only (jobs.ts): jobs/s enqueued one transaction each, drained
 *    from a backlog, and through the queue while working. BENCH_SKIP_JOBS=1 leaves it out.
 *
 * BENCH_CPU_PROFILE=1 records the server's CPU profile during every requests/s row (cpu-profile.ts:
 * bench-results/profiles/<row>.cpuprofile, and the ten heaviest functions printed).
 *
 * Results print as a table and are written to bench-results/latest.json. Not a test: nothing fails.
 */

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { signApikey } from '@app/contracts';
import type autocannon from 'autocannon';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Browser, chromium } from 'playwright-core';
import { loadConfig } from '../src/config.ts';
import { categories } from '../src/modules/categories/categories.tables.ts';
import { setReaction } from '../src/modules/enterprises/enterprises.repository.ts';
import { newLogin } from '../src/modules/exhibitors/exhibitors.fixtures.ts';
import { exhibitors as exhibitorTable } from '../src/modules/exhibitors/exhibitors.tables.ts';
import { serverRoot } from '../src/paths.ts';
import { createStorage } from '../src/providers/storage/create-storage.ts';
import { demoMeetingId } from '../src/seeds/demo-meeting.data.ts';
import { seedExhibitors } from '../src/seeds/seed-exhibitors.ts';
import { type RunningServer, startServer } from '../src/start-server.ts';
import { withCpuProfile } from './cpu-profile.ts';
import { benchJobs } from './jobs.ts';
import { benchRegistrations, type RegistrationRun } from './registrations.ts';
import { scratchPostgres } from './scratch-postgres.ts';

const execFileAsync = promisify(execFile);
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
// Production refuses the development secret; a throw-away one per run.
const benchAuthSecret = randomBytes(24).toString('hex');
const latencyProbe = join(import.meta.dirname, 'latency-probe.ts');
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Row = {
  database: string;
  route: string;
  cache: string;
  requestsPerSecond: number;
  /** requests/s over the hello-world route's in the same section (1 for hello itself). */
  ratioToHello?: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
};

/**
 * Loads one path with autocannon in a separate process (so the load generator does not share the
 * server's event loop), the request signed like a real client's, with gzip accepted.
 */
/** The headers of a signed client GET of `path`, as `name=value`. */
function signedHeaders(server: RunningServer, path: string): string[] {
  const salt = server.app.deps.config.APIKEY_SALT;
  const timestamp = Math.floor(Date.now() / 1000);
  const apikey = signApikey({ salt, method: 'GET', pathWithQuery: path, timestamp, deviceId: 'bench' });
  return ['device-id=bench', `apikey=${apikey}`, 'accept-encoding=gzip'];
}

type Measured = Omit<Row, 'database' | 'route' | 'cache'>;

async function measure(server: RunningServer, path: string, seconds: number): Promise<Measured> {
  const args = ['--json', '-c', String(connections), '-d', String(seconds)];
  for (const header of signedHeaders(server, path)) args.push('-H', header);
  const { stdout } = await execFileAsync(process.execPath, [autocannonCli, ...args, `${server.url}${path}`], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const result = JSON.parse(stdout) as autocannon.Result;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Rounds in which hello-world and the measured route alternate (BENCH_ROUNDS, default 3). */
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The rounds of one path as one row: mean requests/s, median p50, worst p99, all errors. */
function combined(runs: Measured[]): Measured {
  return {
    requestsPerSecond: Math.round(runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / runs.length),
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p99Ms: Math.max(...runs.map((run) => run.p99Ms)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

/**
 * `path` next to hello-world in the same server: BENCH_SECONDS each, split into `rounds` that
 * alternate the two, so the machine's other load falls on both alike; `ratioToHello` is the median
 * of the rounds' ratios. The server's CPU profile covers the path's rounds (BENCH_CPU_PROFILE=1).
 */
async function measureAgainstHello(
  server: RunningServer,
  path: string,
  profileName: string,
): Promise<{ hello: Measured; route: Measured }> {
  const seconds = Math.max(1, Math.round(durationSeconds / rounds));
  const hello: Measured[] = [];
  const route: Measured[] = [];
  await withCpuProfile(profileName, async () => {
    for (let round = 0; round < rounds; round++) {
      hello.push(await measure(server, '/api/bench/hello', seconds));
      route.push(await measure(server, path, seconds));
    }
  });
  const ratios = route.map((run, i) => run.requestsPerSecond / Math.max(1, hello[i]?.requestsPerSecond ?? 0));
  return {
    hello: { ...combined(hello), ratioToHello: 1 },
    route: { ...combined(route), ratioToHello: Math.round(median(ratios) * 1000) / 1000 },
  };
}

async function benchDatabase(label: string, databaseUrl: string | undefined): Promise<Row[]> {
  const rows: Row[] = [];
  for (const cacheTtl of ['5', '0']) {
    const dataDir = join('/tmp', `bench-${randomBytes(4).toString('hex')}`);
    const server = await startServer(
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: benchAuthSecret,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        CACHE_TTL_SECONDS: cacheTtl,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      }),
      { beforeListen: (app) => app.get('/api/bench/hello', async () => ({ hello: 'world' })) },
    );
    try {
      const agendas = `/api/meeting/agendas?meeting_id=${demoMeetingId}&limit=50`;
      const cache = cacheTtl === '0' ? 'off' : `${cacheTtl}s`;
      const pair = await measureAgainstHello(server, agendas, `${label} agendas cache ${cache}`);
      rows.push({ database: label, route: 'GET /api/bench/hello', cache: '-', ...pair.hello });
      rows.push({ database: label, route: 'GET /api/meeting/agendas (50)', cache, ...pair.route });
    } finally {
      await server.close();
    }
  }
  return rows;
}

type LatencyRow = {
  call: string;
  path: string;
  /** The response cache: 'off', or its TTL as the server runs by default ('5s'). */
  cache: string;
  /** Who asks: an anonymous visitor, or a logged-in one (whose answer carries their own likes). */
  viewer: 'guest' | 'logged in';
  /** Requests kept in flight. */
  inFlight: number;
  requests: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
};

export type ExhibitorsBench = {
  exhibitors: number;
  products: number;
  /** Time of seedExhibitors (generation, inserts, analyse), milliseconds. */
  seedMs: number;
  /**
   * BENCH_PROBE_REQUESTS requests at each of BENCH_PROBE_CONNECTIONS in flight, with the cache off
   * (every call queries PostgreSQL), then as served with the cache 5 s (the default) to anonymous
   * visitors and to a logged-in one.
   */
  latency: LatencyRow[];
  /** Cache 5 s, autocannon like the rows above, in one server. */
  throughput: Row[];
};

const probeRequests = Number(process.env.BENCH_PROBE_REQUESTS ?? 300);
/** Each call is probed at each of these numbers of requests in flight (comma-separated). */
const probeConnections = (process.env.BENCH_PROBE_CONNECTIONS ?? '1,10').split(',').map(Number);

/** p50/p95/p99 of one signed GET with `inFlight` requests in flight, measured by latency-probe.ts in its own process. */
async function probe(
  server: RunningServer,
  call: string,
  path: string,
  inFlight: number,
  cache: string,
  token?: string,
): Promise<LatencyRow> {
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      '--import',
      'tsx',
      latencyProbe,
      `${server.url}${path}`,
      String(probeRequests),
      String(inFlight),
      ...signedHeaders(server, path),
      ...(token ? [`authorization=Bearer ${token}`] : []),
    ],
    { maxBuffer: 1024 * 1024 },
  );
  return { call, path, cache, viewer: token ? 'logged in' : 'guest', inFlight, ...JSON.parse(stdout) };
}

/**
 * Exhibitors at scale (part 4 above): a scratch PostgreSQL database with the demo meeting, its generated
 * exhibitors replaced by `count` (10,000 → 100,000 products); latency of the pavilion calls with
 * the cache off, then the cached pavilion list's requests/s next to hello-world.
 */
async function benchExhibitors(count: number): Promise<ExhibitorsBench | undefined> {
  const scratch = await scratchPostgres();
  if (!scratch) {
    console.warn('PostgreSQL not reachable: exhibitors skipped (set BENCH_DATABASE_URL)');
    return undefined;
  }
  const dataDir = join('/tmp', `bench-exhibitors-${randomBytes(4).toString('hex')}`);
  const configOf = (cacheTtl: string) =>
    loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: benchAuthSecret,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      CACHE_TTL_SECONDS: cacheTtl,
      DATABASE_URL: scratch.url,
      // The first (uncached) server seeds the demo meeting; the second finds it there. Seeding again
      // after the replacement fails: the demo exhibitor's slots name an enterprise it removed.
      SEED_DEMO: cacheTtl === '0' ? '1' : '0',
    });
  try {
    const uncached = await startServer(configOf('0'));
    let seedMs: number;
    let result: Awaited<ReturnType<typeof seedExhibitors>>;
    const latency: LatencyRow[] = [];
    let calls: [string, string][] = [];
    try {
      const db = uncached.database.db;
      const started = performance.now();
      result = await seedExhibitors(
        { db, storage: createStorage(uncached.app.deps.config) },
        {
          meetingId: demoMeetingId,
          count,
          onExisting: 'replace',
          onProgress: (done, total) => {
            if (done % 2000 === 0 || done === total) console.log(`seeded ${done}/${total} exhibitors`);
          },
        },
      );
      seedMs = Math.round(performance.now() - started);
      const categoryId = async (type: string) => {
        const [row] = await db
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.meetingId, demoMeetingId), eq(categories.type, type)))
          .orderBy(sql`${categories.weight} desc`)
          .limit(1);
        return row?.id ?? '';
      };
      const industry = await categoryId('industry');
      const group = await categoryId('exhibitor_group');
      const m = `meeting_id=${demoMeetingId}`;
      const keyword = (text: string) => encodeURIComponent(text);
      calls = [
        ['pavilion list (20)', `/api/exhibitors?${m}&limit=20`],
        ['pavilion list, page 50', `/api/exhibitors?${m}&limit=20&skip=1000`],
        ['filter by industry', `/api/exhibitors?${m}&industry_category_id=${industry}&limit=20`],
        ['filter by exhibitor group', `/api/exhibitors?${m}&exhibitor_group_category_id=${group}&limit=20`],
        ['search exhibitors 机器人', `/api/exhibitors/search?${m}&keyword=${keyword('机器人')}&limit=20`],
        ['search exhibitors robotics', `/api/exhibitors/search?${m}&keyword=robotics&limit=20`],
        ['search exhibitors ロボ', `/api/exhibitors/search?${m}&keyword=${keyword('ロボ')}&limit=20`],
        ['search exhibitors 로보틱스', `/api/exhibitors/search?${m}&keyword=${keyword('로보틱스')}&limit=20`],
        ['products of the meeting', `/api/exhibitors/products?${m}&limit=20`],
        [
          'search products 机械臂',
          `/api/enterprise/products/search?${m}&keyword=${keyword('机械臂')}&limit=20`,
        ],
        ['search products servo', `/api/enterprise/products/search?${m}&keyword=servo&limit=20`],
      ];
      for (const inFlight of probeConnections) {
        for (const [call, path] of calls) latency.push(await probe(uncached, call, path, inFlight, 'off'));
      }
    } finally {
      await uncached.close();
    }
    const throughput: Row[] = [];
    const cached = await startServer(configOf('5'), {
      beforeListen: (app) => app.get('/api/bench/hello', async () => ({ hello: 'world' })),
    });
    try {
      for (const inFlight of probeConnections) {
        for (const [call, path] of calls) latency.push(await probe(cached, call, path, inFlight, '5s'));
      }
      // A logged-in visitor with likes on the first page: the guests' cached answer with their own
      // reactions laid on (plugins/response-cache.ts viewerOverlay).
      const visitor = await newLogin(
        { db: cached.database.db, config: cached.app.deps.config },
        demoMeetingId,
      );
      const firstPage = await cached.database.db
        .select({ enterpriseId: exhibitorTable.enterpriseId })
        .from(exhibitorTable)
        .where(and(eq(exhibitorTable.meetingId, demoMeetingId), eq(exhibitorTable.isShown, 1)))
        .orderBy(desc(exhibitorTable.weight))
        .limit(5);
      for (const { enterpriseId } of firstPage) {
        await setReaction(cached.database.db, {
          userId: visitor.user_id.$id,
          kind: 'like',
          target: 'enterprise',
          targetId: enterpriseId,
          isOn: true,
        });
      }
      for (const inFlight of probeConnections) {
        for (const [call, path] of calls) {
          latency.push(await probe(cached, call, path, inFlight, '5s', visitor.token));
        }
      }
      const pair = await measureAgainstHello(
        cached,
        `/api/exhibitors?meeting_id=${demoMeetingId}&limit=20`,
        'exhibitors pavilion cache 5s',
      );
      throughput.push({ database: 'postgres', route: 'GET /api/bench/hello', cache: '-', ...pair.hello });
      throughput.push({
        database: 'postgres',
        route: `GET /api/exhibitors (20 of ${count})`,
        cache: '5s',
        ...pair.route,
      });
    } finally {
      await cached.close();
    }
    return {
      exhibitors: result.exhibitors,
      products: result.products,
      seedMs,
      latency,
      throughput,
    };
  } finally {
    await scratch.drop();
  }
}

/**
 * The largest contentful paint as Chromium itself reports it (PerformanceObserver), in milliseconds,
 * for cold loads of `url` under DevTools throttling: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s
 * up, CPU 4× slower, the figures Lighthouse's mobile preset simulates. Unlike Lighthouse's simulated
 * LCP, the page really loads under these limits (requests per round trip included): the median of
 * `runs` loads, each in a fresh context.
 */
async function throttledLcpMs(browser: Browser, url: string, runs = 3): Promise<number> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // Page code as text: the server's TypeScript has no DOM types.
      await page.addInitScript({
        content: `window.benchLcp = 0; new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.benchLcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });`,
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      samples.push(Number(await page.evaluate('window.benchLcp')));
    } finally {
      await context.close();
    }
  }
  samples.sort((a, b) => a - b);
  return Math.round(samples[Math.floor(samples.length / 2)] ?? 0);
}

async function measureFrontend(): Promise<{
  initialJsTransferKiB: number;
  /** Median LCP of cold loads under DevTools throttling, ms, per page (throttledLcpMs). */
  throttledLcpMs: Record<string, number>;
  scripts: number;
  lighthouseMobile: Record<string, number | null>;
  lighthouseMetrics: Record<string, Record<string, string>>;
}> {
  const server = await startServer(
    loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: benchAuthSecret,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: join('/tmp', `bench-web-${randomBytes(4).toString('hex')}`),
    }),
  );
  try {
    const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const sizes = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const sizesOf = await response.request().sizes();
      sizes.set(response.url(), sizesOf.responseBodySize);
    });
    await page.goto(`${server.url}/#/meeting/home?meeting_id=${demoMeetingId}`, { waitUntil: 'networkidle' });
    const initialJsTransferKiB =
      Math.round(([...sizes.values()].reduce((a, b) => a + b, 0) / 1024) * 10) / 10;
    const lighthousePages = {
      home: `/#/meeting/home?meeting_id=${demoMeetingId}`,
      pavilion: `/#/exhibit?meeting_id=${demoMeetingId}`,
    };
    const throttledLcp: Record<string, number> = {};
    for (const [name, path] of Object.entries(lighthousePages)) {
      throttledLcp[name] = await throttledLcpMs(browser, `${server.url}${path}`);
    }
    await browser.close();

    const lighthouseMobile: Record<string, number | null> = {};
    const lighthouseMetrics: Record<string, Record<string, string>> = {};
    for (const [name, path] of Object.entries(lighthousePages)) {
      lighthouseMobile[name] = null;
      try {
        const { default: lighthouse } = await import('lighthouse');
        const chromeLauncher = await import('chrome-launcher');
        const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
        try {
          const result = await lighthouse(`${server.url}${path}`, {
            port: chrome.port,
            onlyCategories: ['performance'],
            formFactor: 'mobile',
            logLevel: 'error',
          });
          lighthouseMobile[name] = Math.round((result?.lhr.categories.performance?.score ?? 0) * 100);
          const audits = result?.lhr.audits ?? {};
          const metrics: Record<string, string> = { page: name };
          for (const id of [
            'first-contentful-paint',
            'largest-contentful-paint',
            'total-blocking-time',
            'speed-index',
            'cumulative-layout-shift',
          ]) {
            metrics[id] = audits[id]?.displayValue ?? '';
          }
          // The element that made the largest contentful paint (the cover, a heading …).
          const lcpItems = (audits['largest-contentful-paint-element']?.details as { items?: unknown[] })
            ?.items;
          const lcpNode = (lcpItems?.[0] as { items?: { node?: { snippet?: string } }[] })?.items?.[0]?.node;
          metrics['lcp-element'] = lcpNode?.snippet?.slice(0, 80) ?? '';
          lighthouseMetrics[name] = metrics;
        } finally {
          chrome.kill();
        }
      } catch (error) {
        console.error(`lighthouse (${name}) failed:`, error);
      }
    }
    return {
      initialJsTransferKiB,
      throttledLcpMs: throttledLcp,
      scripts: sizes.size,
      lighthouseMobile,
      lighthouseMetrics,
    };
  } finally {
    await server.close();
  }
}

const skipApi = process.env.BENCH_SKIP_API === '1';
const rows: Row[] = skipApi ? [] : [...(await benchDatabase('pglite', undefined))];
const scratch = skipApi ? undefined : await scratchPostgres();
if (scratch) {
  try {
    rows.push(...(await benchDatabase('postgres', scratch.url)));
  } finally {
    await scratch.drop();
  }
} else if (!skipApi) {
  console.warn('PostgreSQL not reachable: skipped (set BENCH_DATABASE_URL)');
}
if (rows.length > 0) console.table(rows);
const exhibitors =
  process.env.BENCH_SKIP_EXHIBITORS === '1'
    ? undefined
    : await benchExhibitors(Number(process.env.BENCH_EXHIBITORS ?? 10_000));
if (exhibitors) {
  console.log(
    `seeded ${exhibitors.exhibitors} exhibitors, ${exhibitors.products} products in ${exhibitors.seedMs} ms`,
  );
  console.table(exhibitors.latency.map(({ path: _path, ...row }) => row));
  console.table(exhibitors.throughput);
}
/** Part 5 on its own scratch PostgreSQL database (undefined when skipped or unreachable). */
async function registrationsSection(): Promise<RegistrationRun[] | undefined> {
  if (process.env.BENCH_SKIP_REGISTRATIONS === '1') return undefined;
  const scratch = await scratchPostgres();
  if (!scratch) {
    console.warn('PostgreSQL not reachable: registrations skipped (set BENCH_DATABASE_URL)');
    return undefined;
  }
  try {
    return await benchRegistrations(scratch.url, benchAuthSecret);
  } finally {
    await scratch.drop();
  }
}
const registrations = await registrationsSection();
if (registrations) {
  console.table(
    registrations.map(({ statusCodes, ...row }) => ({ ...row, statusCodes: JSON.stringify(statusCodes) })),
  );
}
const jobsScratch = process.env.BENCH_SKIP_JOBS === '1' ? undefined : await scratchPostgres();
const jobs = jobsScratch ? await benchJobs(jobsScratch.url).finally(jobsScratch.drop) : undefined;
if (jobs) console.table(jobs);
const frontend = process.env.BENCH_SKIP_FRONTEND === '1' ? undefined : await measureFrontend();
if (frontend) {
  console.table([
    {
      ...frontend,
      throttledLcpMs: JSON.stringify(frontend.throttledLcpMs),
      lighthouseMobile: JSON.stringify(frontend.lighthouseMobile),
      lighthouseMetrics: undefined,
    },
  ]);
  console.table(Object.values(frontend.lighthouseMetrics));
}
const out = join(serverRoot(), '../../bench-results');
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, 'latest.json'),
  `${JSON.stringify(
    {
      when: new Date().toISOString(),
      durationSeconds,
      connections,
      rows,
      exhibitors,
      registrations,
      jobs,
      frontend,
    },
    null,
    2,
  )}\n`,
);
console.log(`written ${join(out, 'latest.json')}`);
