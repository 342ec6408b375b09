import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signApikey } from '@app/contracts';
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { testDeviceId, testSalt } from '../test/test-app.ts';
import { createReopenableTestDatabase } from '../test/test-database.ts';
import { runSeedCli } from './cli/seed.ts';
import { loadConfig } from './config.ts';
import { schedules } from './modules/appointments/appointments.tables.ts';
import { exhibitorAccounts } from './modules/auth/auth.tables.ts';
import { exhibitors } from './modules/exhibitors/exhibitors.tables.ts';
import { meetings } from './modules/meetings/meetings.tables.ts';
import { demoMeetingId } from './seeds/demo-meeting.data.ts';
import { type RunningServer, startServer } from './start-server.ts';

/**
 * The server always starts (DESIGN §1): after the documented `seed exhibitors N --replace`, and after
 * a demo seed that fails half way. Each case runs the real start-up (migrations, demo seed, listen) on
 * one database twice, on PGlite (a data folder) or on the DATABASE_URL server.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function scratchDatabase() {
  const database = await createReopenableTestDatabase();
  const uploads = mkdtempSync(join(tmpdir(), 'meeting-start-'));
  cleanups.push(async () => {
    await database.drop();
    rmSync(uploads, { recursive: true, force: true });
  });
  // PGlite keeps its files and the uploads in DATA_DIR, as `npm start` does; PostgreSQL only the uploads.
  const env: Record<string, string> =
    'DATA_DIR' in database.env ? { ...database.env } : { ...database.env, DATA_DIR: uploads };
  return env;
}

async function start(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      APIKEY_SALT: testSalt,
      SEED_DEMO: '1',
      ...env,
    }),
  );
  cleanups.push(() => server.close());
  return server;
}

async function stop(server: RunningServer): Promise<void> {
  cleanups.splice(cleanups.indexOf(server.close), 1);
  await server.close();
}

/** A signed GET against the listening server. */
async function get(server: RunningServer, pathWithQuery: string): Promise<Response> {
  return fetch(`${server.url.replace('localhost', '127.0.0.1')}${pathWithQuery}`, {
    headers: {
      'device-id': testDeviceId,
      apikey: signApikey({
        salt: testSalt,
        method: 'GET',
        pathWithQuery,
        timestamp: Math.floor(Date.now() / 1000),
        deviceId: testDeviceId,
      }),
    },
  });
}

/** The demo exhibitor account's enterprise, and whether it exhibits at the demo meeting. */
async function demoExhibitor(server: RunningServer) {
  const db = server.database.db;
  const [account] = await db
    .select({ enterpriseId: exhibitorAccounts.enterpriseId })
    .from(exhibitorAccounts)
    .where(
      and(eq(exhibitorAccounts.meetingId, demoMeetingId), eq(exhibitorAccounts.account, 'demo-exhibitor')),
    );
  const enterpriseId = account?.enterpriseId ?? null;
  const exhibiting = enterpriseId
    ? await db
        .select({ id: exhibitors.id })
        .from(exhibitors)
        .where(and(eq(exhibitors.meetingId, demoMeetingId), eq(exhibitors.enterpriseId, enterpriseId)))
    : [];
  const [slots] = enterpriseId
    ? await db
        .select({ total: count() })
        .from(schedules)
        .where(
          and(
            eq(schedules.enterpriseId, enterpriseId),
            eq(schedules.kind, 'slot'),
            gt(schedules.start, new Date()),
          ),
        )
    : [{ total: 0 }];
  return { enterpriseId, isExhibiting: exhibiting.length === 1, futureSlots: slots?.total ?? 0 };
}

describe('the server starts whatever the seeds left', () => {
  it('restarts after `seed exhibitors N --replace`, the demo exhibitor still managing an exhibiting enterprise', async () => {
    const env = await scratchDatabase();
    const first = await start(env);
    const before = await demoExhibitor(first);
    expect(before.isExhibiting).toBe(true);
    expect(before.futureSlots).toBeGreaterThan(0);
    await stop(first);

    const output: string[] = [];
    const sink = { write: (text: string) => output.push(text) };
    const code = await runSeedCli(['exhibitors', '5', '--replace'], {
      stdout: sink,
      stderr: sink,
      env: { ...env, LOG_LEVEL: 'silent' },
    });
    expect(code, output.join('')).toBe(0);
    expect(output.join('')).toMatch(/replaced\s+300 earlier generated exhibitors/);
    expect(output.join('')).toMatch(/rebound\s+1 exhibitor account/);

    const second = await start(env);
    expect((await get(second, '/api/health')).status).toBe(200);
    const after = await demoExhibitor(second);
    expect(after.enterpriseId).not.toBe(before.enterpriseId);
    expect(after.isExhibiting).toBe(true);
    // The slots of the removed enterprise went with it; the start-up published fresh ones.
    expect(after.futureSlots).toBeGreaterThan(0);
    const list = await get(
      second,
      `/api/exhibitors?${new URLSearchParams({ meeting_id: demoMeetingId, limit: '50' })}`,
    );
    expect(list.status).toBe(200);
    expect(((await list.json()) as { results: unknown[] }).results).toHaveLength(5);
  });

  it('serves a database whose demo seed failed half way, and seeds it whole on the next start', async () => {
    const env = await scratchDatabase();
    // Storage that refuses every write: the demo seed fails at the exhibitor logos, after the
    // meeting and its programme were written.
    const broken = await start({
      ...env,
      S3_BUCKET: 'unreachable',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'x',
      S3_SECRET_ACCESS_KEY: 'x',
    });
    expect((await get(broken, '/api/health')).status).toBe(200);
    const [none] = await broken.database.db.select({ total: count() }).from(meetings);
    expect(none?.total).toBe(0);
    await stop(broken);

    const healed = await start(env);
    expect((await get(healed, '/api/health')).status).toBe(200);
    const [seeded] = await healed.database.db
      .select({ total: count() })
      .from(meetings)
      .where(inArray(meetings.id, [demoMeetingId]));
    expect(seeded?.total).toBe(1);
    const demo = await demoExhibitor(healed);
    expect(demo.isExhibiting).toBe(true);
    expect(demo.futureSlots).toBeGreaterThan(0);
  });
});
