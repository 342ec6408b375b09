/**
 * Latency percentiles of one GET, measured from a separate process (autocannon reports p90 and
 * p97.5 but no p95). Usage:
 *   node --import tsx latency-probe.ts <url> <requests> <concurrency> [header=value …]
 * Sends `requests` requests (after 20 unrecorded warm-up ones) with `concurrency` in flight and
 * prints one JSON line: `{ requests, errors, p50Ms, p95Ms, p99Ms, maxMs }` (milliseconds, 0.1 ms).
 */

const [url, requestsText = '300', concurrencyText = '4', ...headerArgs] = process.argv.slice(2);
if (!url) throw new Error('usage: latency-probe.ts <url> <requests> <concurrency> [header=value …]');
const headers = Object.fromEntries(
  headerArgs.map((arg) => [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]),
);
const requests = Number(requestsText);
const concurrency = Number(concurrencyText);

async function once(): Promise<{ ms: number; isOk: boolean }> {
  const started = performance.now();
  const response = await fetch(url as string, { headers });
  await response.arrayBuffer();
  return { ms: performance.now() - started, isOk: response.ok };
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

export {};
