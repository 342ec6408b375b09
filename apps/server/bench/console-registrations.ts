/**
 * `npm run bench:console`: the console's registrations table and export at event size (DESIGN §7),
 * on PGlite in this process (or, with BENCH_CONSOLE_DATABASE=postgres, a scratch database on
 * BENCH_DATABASE_URL's PostgreSQL server), over real HTTP (signed Apikey, Bearer token of an organiser).
 *
 * 1. Seeds BENCH_CONSOLE_ROWS registrations (default 10,000) of one meeting over two activities with
 *    a four-question form, three ticket types and two channels; statuses, check-ins, names, phones,
 *    e-mails and companies vary.
 * 2. Table: BENCH_CONSOLE_ROUNDS (default 200) requests each of the first page (50 rows), a page deep
 *    in the list (skip 5,000), a status filter, and searches by name, phone and company — p50, p95 and
 *    max in ms, after a warm-up. Target: p95 ≤ 50 ms per page and search.
 * 3. Export: the whole meeting as XLSX (and CSV), read as a stream by the client: time, bytes, and
 *    this process's peak RSS sampled every 10 ms (the server and PGlite both live here), with the RSS
 *    before the export. Target: peak ≤ 200 MB more than the idle server, streamed.
 * Not a test: nothing fails. Run it on a quiet machine.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { type LoginResult, signApikey } from '@app/contracts';
import { loadConfig } from '../src/config.ts';
import { newId } from '../src/db/ids.ts';
import { insertActivity, insertStaff } from '../src/modules/activities/activities.fixtures.ts';
import { tickets } from '../src/modules/tickets/tickets.tables.ts';
import { insertUserIfFree } from '../src/modules/users/users.repository.ts';
import { signIn } from '../src/modules/users/users.service.ts';
import { startServer } from '../src/start-server.ts';
import { seedFixture } from '../test/fixture.ts';
import { scratchPostgres } from './scratch-postgres.ts';

const rowsWanted = Number(process.env.BENCH_CONSOLE_ROWS ?? 10_000);
const rounds = Number(process.env.BENCH_CONSOLE_ROUNDS ?? 200);
const meetingId = 'aaaaaaaaaaaaaaaaaaaa0001';
const dataDir = `/tmp/bench-console-${randomBytes(4).toString('hex')}`;
const salt = 'bench-console-salt-0123456789';

// BENCH_CONSOLE_DATABASE=postgres: a scratch database on BENCH_DATABASE_URL's server instead of PGlite,
// so the RSS is the API server's alone (PGlite's memory lives in this process too).
const scratch = process.env.BENCH_CONSOLE_DATABASE === 'postgres' ? await scratchPostgres() : undefined;
if (process.env.BENCH_CONSOLE_DATABASE === 'postgres' && !scratch) {
  throw new Error('PostgreSQL not reachable (set BENCH_DATABASE_URL)');
}

const config = loadConfig({
  ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  NODE_ENV: 'production',
  AUTH_SECRET: randomBytes(24).toString('hex'),
  APIKEY_SALT: salt,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  CACHE_TTL_SECONDS: '0',
});

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

const server = await startServer(config);
const rssAtStart = process.memoryUsage().rss;
const db = server.database.db;
try {
  await seedFixture(db);
  const surnames = ['Zhang', 'Wang', 'Li', 'Zhao', 'Chen', 'Müller', 'Smith', 'García', 'Nguyen', 'Kim'];
  const companies = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Tyrell'];
  const made = [];
  for (let a = 0; a < 2; a += 1) {
    made.push(
      await insertActivity(db, {
        meetingId,
        title: `Bench activity ${a}`,
        isReview: 1,
        prices: [{ title: 'Standard' }, { title: 'VIP' }, { title: 'Student' }],
        sources: [{ title: 'Website' }, { title: 'Partner' }],
        questions: [
          { type: 'text', field: 'name', isRequired: 1, title: 'Name' },
          { type: 'phone', field: 'phone', title: 'Phone' },
          { type: 'text', field: 'company', title: 'Company' },
          {
            type: 'radio',
            title: 'Meal',
            options: [
              { id: 'veg', title: 'Vegetarian' },
              { id: 'meat', title: 'Meat' },
            ],
          },
        ],
      }),
    );
  }
  const seedStart = performance.now();
  const start = Date.now() - rowsWanted * 60_000;
  for (let offset = 0; offset < rowsWanted; offset += 1000) {
    const batch = [];
    for (let i = offset; i < Math.min(rowsWanted, offset + 1000); i += 1) {
      const activity = made[i % 2] as (typeof made)[number];
      const [nameQ, phoneQ, companyQ, mealQ] = activity.questionIds as [string, string, string, string];
      const status = [0, 1, 1, 3, 2][i % 5] as number;
      const name = `${surnames[i % surnames.length]} ${i}`;
      const national = `139${String(i).padStart(8, '0')}`;
      const company = `${companies[i % companies.length]} ${i % 97}`;
      batch.push({
        id: newId(),
        meetingId,
        activityId: activity.activityId,
        priceId: activity.priceIds[i % 3] as string,
        sourceId: activity.sourceIds[i % 2] ?? null,
        status,
        name,
        phone: `+86${national}`,
        areaCode: '86',
        email: `person${i}@example.test`,
        company,
        answers: {
          [nameQ]: name,
          [phoneQ]: { area_code: '86', number: national },
          [companyQ]: company,
          [mealQ]: i % 3 === 0 ? 'meat' : 'veg',
        },
        code: randomBytes(16).toString('hex'),
        checkedInAt: status === 3 ? new Date(start + i * 60_000) : null,
        createdAt: new Date(start + i * 60_000),
      });
    }
    await db.insert(tickets).values(batch);
  }
  const seedMs = performance.now() - seedStart;
  const phone = '+8613900139555';
  const user = await insertUserIfFree(db, {
    id: newId(),
    username: 'bench-organiser',
    phone,
    areaCode: '86',
  });
  if (!user) throw new Error('organiser exists');
  await insertStaff(db, { meetingId, phone, role: 'organiser' });
  const organiser: LoginResult = await signIn({ db, config }, { user, meetingId, method: 'phone' });

  const headersFor = (path: string) => ({
    apikey: signApikey({
      salt,
      method: 'GET',
      pathWithQuery: path,
      timestamp: Math.floor(Date.now() / 1000),
      deviceId: 'bench',
    }),
    'device-id': 'bench',
    'client-id': 'bench',
    version: '2.23.1',
    authorization: `Bearer ${organiser.token}`,
  });
  const base = `/api/console/meetings/${meetingId}`;
  const timeGet = async (path: string) => {
    const t0 = performance.now();
    const response = await fetch(`${server.url}${path}`, { headers: headersFor(path) });
    const body = await response.text();
    const ms = performance.now() - t0;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
    return { ms, total: (JSON.parse(body) as { total: number }).total };
  };
  const cases: [string, string][] = [
    ['first page (50)', `${base}/registrations?limit=50`],
    ['page at skip 5000', `${base}/registrations?limit=50&skip=5000`],
    ['status filter (under review)', `${base}/registrations?status=0&limit=50`],
    [
      'filter type + checked in',
      `${base}/registrations?price_id=${made[0]?.priceIds[1]}&checked_in=1&limit=50`,
    ],
    ['search name', `${base}/registrations?q=${encodeURIComponent('müller 12')}&limit=50`],
    ['search phone', `${base}/registrations?q=1390000123&limit=50`],
    ['search company', `${base}/registrations?q=globex%2042&limit=50`],
    ['check-in list', `${base}/checkins?limit=50`],
  ];
  const table: Record<string, unknown>[] = [];
  for (const [label, path] of cases) {
    for (let i = 0; i < 20; i += 1) await timeGet(path);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < rounds; i += 1) {
      const { ms, total: t } = await timeGet(path);
      times.push(ms);
      total = t;
    }
    table.push({
      case: label,
      matched: total,
      p50Ms: round1(percentile(times, 50)),
      p95Ms: round1(percentile(times, 95)),
      maxMs: round1(Math.max(...times)),
    });
  }

  const exportRun = async (format: 'xlsx' | 'csv') => {
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const path = `${base}/registrations/export?format=${format}`;
    const t0 = performance.now();
    const response = await fetch(`${server.url}${path}`, {
      headers: { ...headersFor(path), 'accept-encoding': 'identity' },
    });
    if (!response.ok || !response.body) throw new Error(`export ${format}: ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
    const ms = performance.now() - t0;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      format,
      rows: rowsWanted,
      seconds: Math.round(ms / 10) / 100,
      megabytes: mb(bytes),
      rssAtStartMb: mb(rssAtStart),
      rssBeforeMb: mb(before),
      peakRssMb: mb(peak),
      peakOverIdleMb: mb(peak - before),
    };
  };
  const exports = [await exportRun('xlsx'), await exportRun('csv')];

  console.info(
    `\nConsole registrations bench (${scratch ? 'PostgreSQL' : 'PGlite'}): ${rowsWanted} registrations (seeded in ${round1(seedMs / 1000)} s), ${rounds} requests per case; load ${loadavg()[0]?.toFixed(2)} on ${cpus().length} CPUs\n`,
  );
  console.table(table);
  console.table(exports);
  const worst = Math.max(...table.map((r) => Number(r.p95Ms)));
  console.info(
    `table p95 worst ${worst} ms (target ≤ 50 ms); XLSX ${exports[0]?.seconds} s, peak RSS ${exports[0]?.peakRssMb} MB (+${exports[0]?.peakOverIdleMb} MB over idle; target ≤ 200 MB)`,
  );
} finally {
  await server.close();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
