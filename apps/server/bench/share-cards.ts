/**
 * `npm run bench:share`: how long a share card (§2 share links, §9 share image size) takes to serve,
 * cold (rendered with sharp, stored) and cached (read from storage by its content hash), and how long
 * the share page with its Open Graph tags takes. The real app on PGlite with the demo meeting, in
 * this process, through `app.inject` (no network): BENCH_SHARE_ITEMS enterprises (default 30) × the
 * 1200×630 card and the 120×120 thumbnail, in Chinese, English and Arabic, each asked twice.
 * Prints median and p95 in milliseconds. Not a test: nothing fails.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { shareCardPath, sharePagePath } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { exhibitors } from '../src/modules/exhibitors/exhibitors.tables.ts';
import { demoMeetingId } from '../src/seeds/demo-meeting.data.ts';
import { startServer } from '../src/start-server.ts';

const items = Number(process.env.BENCH_SHARE_ITEMS ?? 30);
const dataDir = `/tmp/bench-share-${randomBytes(4).toString('hex')}`;
const config = loadConfig({
  NODE_ENV: 'production',
  AUTH_SECRET: randomBytes(24).toString('hex'),
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SEED_DEMO: '1',
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const summary = (values: number[]) =>
  `median ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms (n=${values.length})`;

const server = await startServer(config);
try {
  const rows = await server.database.db
    .select({ enterpriseId: exhibitors.enterpriseId })
    .from(exhibitors)
    .where(and(eq(exhibitors.meetingId, demoMeetingId), eq(exhibitors.deleted, 0)))
    .limit(items);
  const timings = {
    cold: [] as number[],
    cached: [] as number[],
    coldThumb: [] as number[],
    cachedThumb: [] as number[],
    page: [] as number[],
  };
  const fetchCard = async (url: string, expected: 'miss' | 'hit') => {
    const started = performance.now();
    const res = await server.app.inject({ method: 'GET', url });
    const ms = performance.now() - started;
    if (res.statusCode !== 200 || res.headers['x-share-card-cache'] !== expected) {
      throw new Error(`${url}: ${res.statusCode} ${String(res.headers['x-share-card-cache'])}`);
    }
    return ms;
  };
  for (const { enterpriseId } of rows) {
    for (const lang of ['zh', 'en', 'ar']) {
      const link = { type: 'enterprise' as const, meetingId: demoMeetingId, id: enterpriseId, lang };
      timings.cold.push(await fetchCard(shareCardPath(link), 'miss'));
      timings.cached.push(await fetchCard(shareCardPath(link), 'hit'));
      timings.coldThumb.push(await fetchCard(shareCardPath({ ...link, size: 'thumb' }), 'miss'));
      timings.cachedThumb.push(await fetchCard(shareCardPath({ ...link, size: 'thumb' }), 'hit'));
      const started = performance.now();
      const page = await server.app.inject({ method: 'GET', url: sharePagePath(link) });
      timings.page.push(performance.now() - started);
      if (page.statusCode !== 200) throw new Error(`share page answered ${page.statusCode}`);
    }
  }
  console.log(`share card 1200×630, cold (render + store): ${summary(timings.cold)}`);
  console.log(`share card 1200×630, cached (storage):      ${summary(timings.cached)}`);
  console.log(`share thumbnail 120×120, cold:              ${summary(timings.coldThumb)}`);
  console.log(`share thumbnail 120×120, cached:            ${summary(timings.cachedThumb)}`);
  console.log(`share page (Open Graph HTML):               ${summary(timings.page)}`);
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
