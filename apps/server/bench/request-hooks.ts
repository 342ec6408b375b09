/**
 * `npm run bench:hooks`: what the request hardening costs (path normalisation, §2 path rules, and
 * the security headers) as a share of the request rates of hello-world and of the cached agenda list.
 *
 * 1. Two bare Fastify servers in this process, one with only a hello route, one with the same route
 *    behind registerPathNormalisation and registerSecurityHeaders; autocannon (a child process,
 *    BENCH_CONNECTIONS in flight, default 50) loads them in BENCH_ROUNDS alternating rounds (default
 *    5) of BENCH_SECONDS each (default 4). The hooks' cost per request is the difference of the two
 *    servers' CPU time per request served (this process's user + system time; the load generator
 *    is another process), the median over rounds.
 * 2. The real app (PGlite, response cache on) in the same process: hello-world and the cached agenda
 *    list (50 sessions of the demo meeting), alternating likewise; the hooks' cost is then shown as a
 *    share of each one's CPU time per request, i.e. of its request rate on a saturated core.
 * Not a test: nothing fails. Run it on a quiet machine; the load generator takes one of the cores.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { signApikey } from '@app/contracts';
import Fastify from 'fastify';
import type { App } from '../src/app-types.ts';
import { loadConfig } from '../src/config.ts';
import { registerPathNormalisation } from '../src/plugins/path-normalisation.ts';
import { registerSecurityHeaders } from '../src/plugins/security-headers.ts';
import { demoMeetingId } from '../src/seeds/demo-meeting.data.ts';
import { startServer } from '../src/start-server.ts';

const execFileAsync = promisify(execFile);
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Loads `url` with autocannon (child process) sending `headers` (`name=value`) and answers this
 * process's CPU time (user + system) per request served, in microseconds: the server's own work, not
 * bounded by how fast the load generator can ask on a shared 2-core machine.
 */
async function cpuMicrosPerRequest(url: string, headers: string[] = []): Promise<number> {
  const args = ['--json', '-c', String(connections), '-d', String(seconds)];
  for (const header of headers) args.push('-H', header);
  const before = process.cpuUsage();
  const { stdout } = await execFileAsync(process.execPath, [autocannonCli, ...args, url], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const used = process.cpuUsage(before);
  const result = JSON.parse(stdout) as { requests: { total: number }; non2xx: number; errors: number };
  if (result.non2xx + result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return (used.user + used.system) / Math.max(1, result.requests.total);
}

const config = loadConfig({
  NODE_ENV: 'production',
  AUTH_SECRET: randomBytes(24).toString('hex'),
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  DATA_DIR: `/tmp/bench-hooks-${randomBytes(4).toString('hex')}`,
  CACHE_TTL_SECONDS: '5',
});

/** A bare Fastify server answering GET /api/bench/hello, with or without the hardening hooks. */
async function bareServer(withHooks: boolean): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify();
  // The hooks read only the configuration.
  app.decorate('deps', { config } as unknown as App['deps']);
  if (withHooks) {
    registerSecurityHeaders(app as unknown as App);
    registerPathNormalisation(app as unknown as App);
  }
  app.get('/api/bench/hello', async () => ({ hello: 'world' }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${address}/api/bench/hello`, close: () => app.close() };
}

const bare = await bareServer(false);
const hooked = await bareServer(true);
const costs: number[] = [];
const bareCpu: number[] = [];
const hookedCpu: number[] = [];
for (let round = 0; round < rounds; round++) {
  const a = await cpuMicrosPerRequest(bare.url);
  const b = await cpuMicrosPerRequest(hooked.url);
  bareCpu.push(a);
  hookedCpu.push(b);
  costs.push(b - a);
}
await bare.close();
await hooked.close();
const hookMicros = median(costs);

const server = await startServer(config, {
  beforeListen: (app) => app.get('/api/bench/hello', async () => ({ hello: 'world' })),
});
const agendas = `/api/meeting/agendas?meeting_id=${demoMeetingId}&limit=50`;
/** The headers of a signed client GET of `path` (Apikey, device id), gzip accepted, as `name=value`. */
const signed = (path: string) => [
  'device-id=bench',
  `apikey=${signApikey({ salt: config.APIKEY_SALT, method: 'GET', pathWithQuery: path, timestamp: Math.floor(Date.now() / 1000), deviceId: 'bench' })}`,
  'accept-encoding=gzip',
];
const helloCpu: number[] = [];
const listCpu: number[] = [];
for (let round = 0; round < rounds; round++) {
  helloCpu.push(await cpuMicrosPerRequest(`${server.url}/api/bench/hello`, signed('/api/bench/hello')));
  listCpu.push(await cpuMicrosPerRequest(`${server.url}${agendas}`, signed(agendas)));
}
await server.close();

const helloMicros = median(helloCpu);
const listMicros = median(listCpu);
const round1 = (value: number) => Math.round(value * 10) / 10;
console.table([
  {
    measurement: 'bare hello, without / with the hooks (CPU µs per request, median)',
    value: `${round1(median(bareCpu))} / ${round1(median(hookedCpu))}`,
  },
  { measurement: 'hooks: cost per request (µs, median of rounds)', value: round1(hookMicros) },
  { measurement: 'app hello-world: CPU per request (µs)', value: round1(helloMicros) },
  { measurement: 'app cached agenda list: CPU per request (µs)', value: round1(listMicros) },
  { measurement: 'hooks as a share of hello-world', value: `${round1((100 * hookMicros) / helloMicros)} %` },
  {
    measurement: 'hooks as a share of the cached list',
    value: `${round1((100 * hookMicros) / listMicros)} %`,
  },
  {
    measurement: 'round-to-round spread of the cost (µs)',
    value: `${round1(Math.min(...costs))} … ${round1(Math.max(...costs))}`,
  },
]);
process.exit(0);
