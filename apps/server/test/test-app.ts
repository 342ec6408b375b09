import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signApikey } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import qs from 'qs';
import { buildApp } from '../src/app.ts';
import type { App } from '../src/app-types.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import type { JobQueueOptions } from '../src/modules/jobs/jobs.service.ts';
import { createResponseCache } from '../src/plugins/response-cache.ts';
import { openTestDatabase } from './test-database.ts';

export const testSalt = 'test-salt-0123456789';
export const testDeviceId = 'device-test-0001';
/** An AUTH_SECRET for test apps run with NODE_ENV=production (which refuses the development one). */
export const productionSecret = 'production-test-secret-0123456789';

export type TestApp = {
  app: App;
  database: DatabaseHandle;
  /** A signed request (Apikey, device-id, client-id, version); `form` sends a qs-encoded body. */
  call: (
    method: InjectOptions['method'],
    url: string,
    options?: {
      json?: unknown;
      form?: Record<string, unknown>;
      headers?: Record<string, string>;
      unsigned?: boolean;
      /** Client IP as the server sees it (request.ip); default 127.0.0.1. */
      remoteAddress?: string;
    },
  ) => Promise<LightMyRequestResponse>;
  /**
   * Waits until the job queue has nothing waiting, retrying or running (every queued message handled);
   * throws after `timeoutMs` (default 10 s).
   */
  drainJobs: (timeoutMs?: number) => Promise<void>;
  /**
   * Like drainJobs, for the jobs that are due only: jobs scheduled for later (a reminder of a live
   * starting tomorrow) stay queued and are not waited for. Throws after `timeoutMs` (default 10 s).
   */
  drainDueJobs: (timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

/** Jobs of the queue not finished yet (created, retry or active); with `dueOnly`, those due by now. */
async function pendingJobs(database: DatabaseHandle, dueOnly = false): Promise<number> {
  const result = (await database.db.execute(
    dueOnly
      ? sql`SELECT count(*)::int AS n FROM pgboss.job WHERE state < 'completed' AND start_after <= now()`
      : sql`SELECT count(*)::int AS n FROM pgboss.job WHERE state < 'completed'`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Polls `check` every 25 ms until it holds (work that jobs do in the background); throws after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not true after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The app on a fresh test database with Apikey verification on and the response cache off (or on for
 * `cacheTtlSeconds` seconds).
 */
export async function createTestApp(
  options: { cacheTtlSeconds?: number; env?: Record<string, string>; jobs?: JobQueueOptions } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  // Uploads and other files of this test app live in a scratch folder removed on close.
  const dataDir = mkdtempSync(join(tmpdir(), 'meeting-test-'));
  const ttl = options.cacheTtlSeconds ?? 0;
  const config = loadConfig({
    NODE_ENV: 'test',
    APIKEY_SALT: testSalt,
    CACHE_TTL_SECONDS: String(ttl),
    // Tests change activities between calls: every registration reads them afresh unless a test
    // turns the context cache on.
    REGISTRATION_CONTEXT_TTL_MS: '0',
    DATA_DIR: dataDir,
    // REDIS_URL in the environment runs the rate limits through Redis (CI's Redis pass); each test
    // app then counts apart under its own prefix (pass one prefix to share them).
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    ...options.env,
  });
  const app = await buildApp({
    db: database.db,
    dbKind: database.kind,
    config,
    cache: createResponseCache(ttl),
    // Workers poll often and retry at once, so tests wait for jobs in milliseconds, not back-offs.
    jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0, ...options.jobs },
  });
  await app.ready();
  return {
    app,
    database,
    call: async (method, url, options = {}) => {
      let body: string | undefined;
      const headers: Record<string, string> = {
        'device-id': testDeviceId,
        'client-id': testDeviceId,
        version: '2.23.1',
        ...options.headers,
      };
      if (options.json !== undefined) {
        body = JSON.stringify(options.json);
        headers['content-type'] = 'application/json';
      } else if (options.form !== undefined) {
        body = qs.stringify(options.form);
        headers['content-type'] = 'application/x-www-form-urlencoded';
      }
      if (!options.unsigned && headers.apikey === undefined) {
        headers.apikey = signApikey({
          salt: testSalt,
          method: String(method),
          pathWithQuery: url,
          timestamp: Math.floor(Date.now() / 1000),
          deviceId: headers['device-id'] ?? '',
          body,
        });
      }
      return app.inject({
        method,
        url,
        headers,
        ...(body !== undefined ? { payload: body } : {}),
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      });
    },
    drainJobs: (timeoutMs = 10_000) => waitUntil(async () => (await pendingJobs(database)) === 0, timeoutMs),
    drainDueJobs: (timeoutMs = 10_000) =>
      waitUntil(async () => (await pendingJobs(database, true)) === 0, timeoutMs),
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `/api/path?query=…` with each value JSON-encoded when it is an object (the §7 query format). */
export function apiUrl(path: string, params: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    search.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return `/api${path}${text ? `?${text}` : ''}`;
}
