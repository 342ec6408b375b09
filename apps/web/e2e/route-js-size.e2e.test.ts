import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { formatRouteJs, homeTargetKiB, measureRouteJs, type RouteJsSize } from './route-js-size.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The front-end delivery budget (DESIGN §10) on the built app: every public route of the demo
 * meeting, opened cold on a phone, fetches at most 150 KiB of JavaScript (gzip) before it is idle, and
 * shows no error; the home page, the first screen most visitors meet, at most 140 KiB (its target,
 * route-js-size.ts).
 * `npm run size -w @app/web` prints the same table with each route's scripts.
 */

const meetingId = '64656d6f0000000000002019';
let server: TestServer;
let browser: Browser;
let rows: RouteJsSize[] = [];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  rows = await measureRouteJs(browser, server.url, meetingId);
  console.log(formatRouteJs(rows));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('JavaScript each public route loads', () => {
  it('measures every public route the app has', () => {
    expect(rows.map((row) => row.route)).toEqual([
      '/meeting/home',
      '/meeting/agenda/schedule',
      '/meeting/agenda/details',
      '/meeting/speaker/list',
      '/meeting/speaker',
      '/meeting/speaker/invite',
      '/exhibit',
      '/meeting/enterprise',
      '/meeting/product',
      '/meeting/enterprise/question/list',
      '/exhibit/exhibitor/search',
      '/meeting/activity/list',
      '/meeting/activity/detail',
      '/meeting/news',
      '/meeting/news/detail',
      '/meeting/live',
      '/meeting/live/detail',
      '/meeting/copilot',
      '/sichuan-culture/:slug',
      '/meeting/thread/list',
      '/demand',
      '/login',
      '/agree',
      '/oauth/authorize',
      '/oauth2/authorize',
      '/oauth/chinaief',
      '/my/order',
      '/my/order/:checkoutId',
      '/meeting/connection',
      '/invoice/form',
      '/invoice/detail',
      '/my/notifications',
      '/meeting/reception/staff',
      '/meeting/reception/guest',
    ]);
    for (const row of rows) expect(row.scripts, row.route).toBeGreaterThan(0);
  });

  it('keeps each route within its budget', () => {
    const over = rows
      .filter((row) => row.gzipKiB > row.budgetKiB)
      .map(
        (row) =>
          `${row.route}: ${row.gzipKiB} KiB > ${row.budgetKiB} KiB (${row.files.map((file) => file.file).join(', ')})`,
      );
    expect(over).toEqual([]);
  });

  it('keeps the home page within its 140 KiB target', () => {
    const home = rows.find((row) => row.route === '/meeting/home');
    expect(home?.gzipKiB).toBeLessThanOrEqual(homeTargetKiB);
  });

  it('shows no errors on the way', () => {
    expect(
      rows.filter((row) => row.errors.length > 0).map((row) => `${row.route}: ${row.errors.join('; ')}`),
    ).toEqual([]);
  });
});
