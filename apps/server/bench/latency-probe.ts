/**
 * Latency percentiles of one GET, measured from a separate process (autocannon reports p90 and
 * p97.5 but no p95). Usage:
 *   node --import tsx latency-probe.ts <url> <requests> <concurrency> [header=value …]
 * Sends `requests` requests (after 20 unrecorded warm-up ones) with `concurrency` in flight over
 * kept-alive connections and prints one JSON line: `{ requests, errors, p50Ms, p95Ms, p99Ms, maxMs }`
 * (milliseconds, 0.1 ms). A request's time runs from sending it to the last byte of the answer.
 *
 * node:http, not `fetch`: the probe shares the machine's cores with the server, and fetch's own work
 * per request (its streams, and inflating the gzip body a browser inflates natively) cost more than
 * a cached answer does — measured at 10 in flight on the same server and request, fetch's p50 was
 * 13–15 ms against 3.6–4 ms here. The body is read as sent, not inflated: that is the client's time.
 */
import { Agent, request } from 'node:http';

const [url, requestsText = '300', concurrencyText = '4', ...headerArgs] = process.argv.slice(2);
if (!url) throw new Error('usage: latency-probe.ts <url> <requests> <concurrency> [header=value …]');
const headers = Object.fromEntries(
  headerArgs.map((arg) => [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]),
);
const requests = Number(requestsText);
const concurrency = Number(concurrencyText);
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

function once(): Promise<{ ms: number; isOk: boolean }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const outgoing = request(url as string, { agent, headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        resolve({ ms: performance.now() - started, isOk: status >= 200 && status < 300 });
      });
      response.on('error', () => resolve({ ms: performance.now() - started, isOk: false }));
    });
    outgoing.on('error', () => resolve({ ms: performance.now() - started, isOk: false }));
    outgoing.end();
  });
}

for (let i = 0; i < 20; i++) await once();
const latencies: number[] = [];
let errors = 0;
let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < requests) {
      next++;
      const { ms, isOk } = await once();
      latencies.push(ms);
      if (!isOk) errors++;
    }
  }),
);
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (fraction: number) =>
  Math.round(
    (latencies[Math.min(latencies.length - 1, Math.ceil(fraction * latencies.length) - 1)] ?? 0) * 10,
  ) / 10;
console.log(
  JSON.stringify({
    requests: latencies.length,
    errors,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    maxMs: at(1),
  }),
);
