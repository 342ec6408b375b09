/**
 * Load generator of the registration benchmark, run in its own process so it does not share the
 * server's event loop. Usage:
 *   node --import tsx registration-load.ts <origin> <requests.json> <connections>
 * `requests.json` is an array of `{ headers, body }` (already signed, one per user): autocannon sends
 * each exactly once, `connections` in flight, POST /api/tickets. Prints one JSON line:
 * `{ requests, seconds, requestsPerSecond, p50Ms, p99Ms, maxMs, statusCodes, errors, timeouts }`.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** One request; POST /api/tickets unless `method` / `path` say otherwise (the baseline read). */
type Prepared = { headers: Record<string, string>; body?: string; method?: 'GET' | 'POST'; path?: string };

const [origin, file, connectionsText = '200'] = process.argv.slice(2);
if (!origin || !file) throw new Error('usage: registration-load.ts <origin> <requests.json> <connections>');
const prepared = JSON.parse(readFileSync(file, 'utf8')) as Prepared[];
const connections = Math.min(Number(connectionsText), prepared.length);
let next = 0;

const started = performance.now();
const result = await autocannon({
  url: origin,
  connections,
  amount: prepared.length,
  timeout: 60,
  requests: [
    {
      method: 'POST',
      path: '/api/tickets',
      // Called once per request sent: each request is the next user's.
      setupRequest: (request) => {
        const item = prepared[next % prepared.length] as Prepared;
        next++;
        return {
          ...request,
          method: item.method ?? 'POST',
          path: item.path ?? '/api/tickets',
          headers: item.headers,
          ...(item.body === undefined ? {} : { body: item.body }),
        };
      },
    },
  ],
});
const seconds = (performance.now() - started) / 1000;
const statusCodes = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [
    code,
    (stat as { count: number }).count,
  ]),
);
console.log(
  JSON.stringify({
    requests: result.requests.total,
    seconds: Math.round(seconds * 100) / 100,
    requestsPerSecond: Math.round(result.requests.total / seconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    built: next,
  }),
);
