/**
 * `npm run bench:views`: view counters under load (§7 `…/views`). Over real HTTP, autocannon in its
 * own process (registration-load.ts) sends BENCH_VIEWS (default 20,000) signed POST
 * /api/meetings/{id}/views with BENCH_VIEWS_IN_FLIGHT (default 200) in flight, each from its own
 * device; then the views job folds the rows (every 3 s, as in production) and the meeting's
 * views_total in SQL is compared with the posts sent: lost increments = sent − counted (must be 0;
 * every answered 200 is among the counted). Reports posts/s, p50/p99 and the time until everything was folded. Runs on PGlite in
 * this process, and on a scratch PostgreSQL database (BENCH_DATABASE_URL) when reachable
 * (BENCH_SKIP_POSTGRES=1 skips it). Not a test: nothing fails; the lost count is printed.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { signApikey } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { countPendingRows } from '../src/modules/views/views.repository.ts';
import { type RunningServer, startServer } from '../src/start-server.ts';
import { ids, seedFixture } from '../test/fixture.ts';
import { scratchPostgres } from './scratch-postgres.ts';

const posts = Number(process.env.BENCH_VIEWS ?? 20_000);
const inFlight = Number(process.env.BENCH_VIEWS_IN_FLIGHT ?? 200);
const salt = 'bench-views-salt-0123456789';
const execFileAsync = promisify(execFile);
const loadScript = join(import.meta.dirname, 'registration-load.ts');

async function viewsTotal(server: RunningServer): Promise<number> {
  const result = (await server.database.db.execute(
    sql`select views_total as n from meetings where id = ${ids.meeting}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

async function run(label: string, databaseUrl?: string) {
  const dataDir = join(tmpdir(), `bench-views-${randomBytes(4).toString('hex')}`);
  const config = loadConfig({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    NODE_ENV: 'production',
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
    await seedFixture(server.database.db);
    const path = `/api/meetings/${ids.meeting}/views`;
    const body = '{}';
    const timestamp = Math.floor(Date.now() / 1000);
    const prepared = Array.from({ length: posts }, (_, index) => {
      const deviceId = `bench-view-${index}`;
      return {
        method: 'POST',
        path,
        body,
        headers: {
          'content-type': 'application/json',
          'device-id': deviceId,
          'client-id': deviceId,
          version: 'bench',
          apikey: signApikey({ salt, method: 'POST', pathWithQuery: path, timestamp, deviceId, body }),
        },
      };
    });
    const file = join(tmpdir(), `bench-views-${randomBytes(4).toString('hex')}.json`);
    writeFileSync(file, JSON.stringify(prepared));
    const before = await viewsTotal(server);
    const { stdout } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', loadScript, server.url, file, String(inFlight)],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    rmSync(file, { force: true });
    const load = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
      requests: number;
      requestsPerSecond: number;
      p50Ms: number;
      p99Ms: number;
      statusCodes: Record<string, number>;
      errors: number;
      built: number;
    };
    const foldStarted = performance.now();
    while ((await countPendingRows(server.database.db)) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const foldSeconds = (performance.now() - foldStarted) / 1000;
    const counted = (await viewsTotal(server)) - before;
    const answered = load.statusCodes['200'] ?? 0;
    // Every request autocannon sent (`built`) must be counted once: an error on the client's side
    // (a reset socket at the end) may still have been counted by the server, never twice.
    console.log(
      JSON.stringify({
        database: label,
        posts: load.requests,
        inFlight,
        postsPerSecond: load.requestsPerSecond,
        p50Ms: load.p50Ms,
        p99Ms: load.p99Ms,
        statusCodes: load.statusCodes,
        errors: load.errors,
        sent: load.built,
        answered,
        counted,
        lostIncrements: load.built - counted,
        foldedWithinSeconds: Math.round(foldSeconds * 10) / 10,
      }),
    );
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(JSON.stringify({ loadAverage: loadavg()[0], cpus: cpus().length }));
await run('pglite');
if (process.env.BENCH_SKIP_POSTGRES !== '1') {
  const scratch = await scratchPostgres();
  if (scratch) {
    try {
      await run('postgres', scratch.url);
    } finally {
      await scratch.drop();
    }
  } else console.log(JSON.stringify({ database: 'postgres', skipped: 'not reachable' }));
}
