/**
 * `npm run bench`: measures what issue 2 asks to report, on this machine, in one run.
 *
 * 1. Requests/s and latency (p50/p99) of GET /api/meeting/agendas (50 items of the Camp 2019 demo)
 *    next to a hello-world route in the same process — on PGlite and on PostgreSQL (when reachable at
 *    BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a scratch database is created
 *    and dropped). Agendas are measured with the response cache on (the default 5 s TTL) and off.
 * 2. Initial JS of /meeting/home as transferred (brotli, as the server sends it): every script the page
 *    loads in headless Chromium until idle. `npm run size -w @app/web` gives the gzip -9 figure.
 * 3. Lighthouse mobile performance score of the home page (Lighthouse from npm, Debian Chromium).
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
import pg from 'pg';
import { chromium } from 'playwright-core';
import { loadConfig } from '../src/config.ts';
import { demoMeetingId } from '../src/db/seed/demo-meeting.data.ts';
import { serverRoot } from '../src/paths.ts';
import { type RunningServer, startServer } from '../src/start-server.ts';

const execFileAsync = promisify(execFile);
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
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
  p50Ms: number;
  p99Ms: number;
  errors: number;
};

/**
 * Loads one path with autocannon in a separate process (so the load generator does not share the
 * server's event loop), the request signed like a real client's, with gzip accepted.
 */
async function measure(
  server: RunningServer,
  path: string,
): Promise<Omit<Row, 'database' | 'route' | 'cache'>> {
  const salt = server.app.deps.config.APIKEY_SALT;
  const timestamp = Math.floor(Date.now() / 1000);
  const apikey = signApikey({ salt, method: 'GET', pathWithQuery: path, timestamp, deviceId: 'bench' });
  const args = ['--json', '-c', String(connections), '-d', String(durationSeconds)];
  for (const header of ['device-id=bench', `apikey=${apikey}`, 'accept-encoding=gzip'])
    args.push('-H', header);
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

async function benchDatabase(label: string, databaseUrl: string | undefined): Promise<Row[]> {
  const rows: Row[] = [];
  for (const cacheTtl of ['5', '0']) {
    const dataDir = join('/tmp', `bench-${randomBytes(4).toString('hex')}`);
    const server = await startServer(
      loadConfig({
        NODE_ENV: 'production',
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
      if (cacheTtl === '5')
        rows.push({
          database: label,
          route: 'GET /api/bench/hello',
          cache: '-',
          ...(await measure(server, '/api/bench/hello')),
        });
      rows.push({
        database: label,
        route: 'GET /api/meeting/agendas (50)',
        cache,
        ...(await measure(server, agendas)),
      });
    } finally {
      await server.close();
    }
  }
  return rows;
}

async function scratchPostgres(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
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

async function measureFrontend(): Promise<{
  initialJsTransferKiB: number;
  scripts: number;
  lighthouseMobile: number | null;
  lighthouseMetrics: Record<string, string>;
}> {
  const server = await startServer(
    loadConfig({
      NODE_ENV: 'production',
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
    await browser.close();
    const initialJsTransferKiB =
      Math.round(([...sizes.values()].reduce((a, b) => a + b, 0) / 1024) * 10) / 10;

    let lighthouseMobile: number | null = null;
    const lighthouseMetrics: Record<string, string> = {};
    try {
      const { default: lighthouse } = await import('lighthouse');
      const chromeLauncher = await import('chrome-launcher');
      const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
      try {
        const result = await lighthouse(`${server.url}/#/meeting/home?meeting_id=${demoMeetingId}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          formFactor: 'mobile',
          logLevel: 'error',
        });
        lighthouseMobile = Math.round((result?.lhr.categories.performance?.score ?? 0) * 100);
        const audits = result?.lhr.audits ?? {};
        for (const id of [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'speed-index',
          'cumulative-layout-shift',
        ]) {
          lighthouseMetrics[id] = audits[id]?.displayValue ?? '';
        }
      } finally {
        chrome.kill();
      }
    } catch (error) {
      console.error('lighthouse failed:', error);
    }
    return { initialJsTransferKiB, scripts: sizes.size, lighthouseMobile, lighthouseMetrics };
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
} else {
  console.warn('PostgreSQL not reachable: skipped (set BENCH_DATABASE_URL)');
}
console.table(rows);
const frontend = await measureFrontend();
console.table([{ ...frontend, lighthouseMetrics: undefined }]);
console.table([frontend.lighthouseMetrics]);
const out = join(serverRoot(), '../../bench-results');
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, 'latest.json'),
  `${JSON.stringify({ when: new Date().toISOString(), durationSeconds, connections, rows, frontend }, null, 2)}\n`,
);
console.log(`written ${join(out, 'latest.json')}`);
