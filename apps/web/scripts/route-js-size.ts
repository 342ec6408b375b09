// `npm run size -w @app/web` (after a web build): the JavaScript each public route really loads,
// measured in headless Chromium against the real server (e2e/route-js-size.ts says how). Prints a
// table with the largest scripts of each route; exits 1 when a route is over its budget (DESIGN §10).
import { launchBrowser } from '../e2e/browser.ts';
import { formatRouteJs, measureRouteJs } from '../e2e/route-js-size.ts';
import { startTestServer } from '../e2e/server.ts';

const demoMeetingId = '64656d6f0000000000002019';
const verbose = process.argv.includes('--files');

const server = await startTestServer();
const browser = await launchBrowser().catch(async (error: unknown) => {
  await server.stop();
  throw error;
});
try {
  const rows = await measureRouteJs(browser, server.url, demoMeetingId);
  if (verbose) {
    for (const row of rows) {
      console.log(`\n${row.location}`);
      for (const { file, gzip } of row.files) console.log(`${(gzip / 1024).toFixed(2).padStart(9)}  ${file}`);
    }
    console.log('');
  }
  console.log(formatRouteJs(rows));
  if (rows.some((row) => row.gzipKiB > row.budgetKiB)) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
