/**
 * `npm run bench:wechat`: how fast the server signs the WeChat JS-SDK (§7 POST /wechat/service/jssdk,
 * jsapi_ticket cached 15 minutes, §9) once the ticket is cached. The real app on PGlite (or
 * PostgreSQL with BENCH_DATABASE_URL) with the test fixture meeting, against the local fake WeChat:
 * - the signing service alone (shared-cache read, open the sealed ticket, SHA-1), sequential;
 * - the whole HTTP call through `app.inject` (Apikey, validation, rate limit, JSON), sequential.
 * Prints calls per second, median and p95, and how often WeChat was asked (1 token + 1 ticket
 * expected). BENCH_WECHAT_CALLS (default 3000). Not a test: nothing fails.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signApikey } from '@app/contracts';
import { loadConfig } from '../src/config.ts';
import { signJssdk } from '../src/modules/wechat/wechat.service.ts';
import { startFakeWechatServer } from '../src/providers/wechat/fake-wechat-server.ts';
import { startServer } from '../src/start-server.ts';
import { ids, seedFixture } from '../test/fixture.ts';

const calls = Number(process.env.BENCH_WECHAT_CALLS ?? 3000);
const salt = 'bench-salt-0123456789';
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const report = (label: string, timings: number[], totalMs: number) =>
  console.log(
    `${label}: ${Math.round((timings.length / totalMs) * 1000)} calls/s, median ${percentile(timings, 50).toFixed(2)} ms, p95 ${percentile(timings, 95).toFixed(2)} ms (n=${timings.length})`,
  );

const fake = await startFakeWechatServer();
const dataDir = join(tmpdir(), `bench-wechat-${randomBytes(4).toString('hex')}`);
const config = loadConfig({
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  ...fake.env,
  NODE_ENV: 'production',
  AUTH_SECRET: randomBytes(24).toString('hex'),
  APIKEY_SALT: salt,
  PUBLIC_URL: 'https://meet.example.org',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
});
const server = await startServer(config);
try {
  await seedFixture(server.database.db);
  const deps = { db: server.database.db, config };
  const url = `https://meet.example.org/?meeting_id=${ids.meeting}#/meeting/home`;
  // Warm: the first call fetches the access token and the ticket.
  await signJssdk(deps, { meetingId: ids.meeting, url });

  const serviceTimings: number[] = [];
  let started = performance.now();
  for (let n = 0; n < calls; n += 1) {
    const at = performance.now();
    await signJssdk(deps, { meetingId: ids.meeting, url });
    serviceTimings.push(performance.now() - at);
  }
  report('service signJssdk', serviceTimings, performance.now() - started);

  const path = '/api/wechat/service/jssdk';
  const body = JSON.stringify({ meeting_id: ids.meeting, url });
  const httpTimings: number[] = [];
  started = performance.now();
  for (let n = 0; n < calls; n += 1) {
    const deviceId = `bench-wechat-${n}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const at = performance.now();
    const response = await server.app.inject({
      method: 'POST',
      url: path,
      payload: body,
      // Spread over addresses: the per-IP limit (600 a minute) is not what is measured.
      remoteAddress: `10.9.${(n >> 8) & 255}.${n & 255}`,
      headers: {
        'content-type': 'application/json',
        'device-id': deviceId,
        'client-id': deviceId,
        version: 'bench',
        apikey: signApikey({ salt, method: 'POST', pathWithQuery: path, timestamp, deviceId, body }),
      },
    });
    httpTimings.push(performance.now() - at);
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  }
  report('POST /api/wechat/service/jssdk', httpTimings, performance.now() - started);
  console.log(
    `WeChat asked: ${fake.calls['/cgi-bin/token'] ?? 0} token, ${fake.calls['/cgi-bin/ticket/getticket'] ?? 0} ticket call(s) for ${calls * 2 + 1} signatures`,
  );
} finally {
  await server.close();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}
