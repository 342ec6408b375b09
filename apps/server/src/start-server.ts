import { join } from 'node:path';
import { buildApp } from './app.ts';
import type { App } from './app-types.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { resolveUserPath, serverRoot } from './paths.ts';
import { createResponseCache } from './plugins/response-cache.ts';
import { createStorage } from './providers/storage/create-storage.ts';
import { seedDemoActivities } from './seeds/demo-activities.ts';
import { seedDemoMeeting } from './seeds/demo-meeting.ts';
import { seedDemoSchedules } from './seeds/demo-schedules.ts';

export type RunningServer = { app: App; url: string; database: DatabaseHandle; close: () => Promise<void> };

/**
 * Starts everything: opens the database (PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR),
 * applies migrations, seeds the demo meeting on an empty database (SEED_DEMO=1), builds the app and
 * listens on HOST:PORT (PORT 0 picks a free port). `beforeListen` may add routes (the benchmark's
 * hello-world). Used by `npm start`, the browser tests and the benchmark.
 */
export async function startServer(
  config: Config,
  options: { beforeListen?: (app: App) => void } = {},
): Promise<RunningServer> {
  const database = config.DATABASE_URL
    ? await openDatabase({ url: config.DATABASE_URL })
    : await openDatabase({ dataDir: resolveUserPath(config.DATA_DIR) });
  await database.migrate();
  const app = await buildApp({
    db: database.db,
    dbKind: database.kind,
    config: {
      ...config,
      WEB_DIST: config.WEB_DIST ? resolveUserPath(config.WEB_DIST) : join(serverRoot(), '../web/dist'),
    },
    cache: createResponseCache(config.CACHE_TTL_SECONDS),
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
  });
  if (config.SEED_DEMO === '1') {
    const seeded = await seedDemoMeeting({ db: database.db, storage: createStorage(config) });
    if (seeded)
      app.log.info({ meetingId: seeded.meetingId, sessions: seeded.sessions }, 'seeded the demo meeting');
    // A data folder made before activities existed gets the demo activities too (no-op otherwise).
    else if ((await seedDemoActivities(database.db)) > 0) app.log.info('seeded the demo activities');
    // The demo exhibitor's bookable slots: fresh ones whenever none is ahead (older data folders, restarts days later).
    const slots = await seedDemoSchedules(database.db);
    if (slots > 0) app.log.info({ slots }, 'published the demo exhibitor slots');
  }
  options.beforeListen?.(app);
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = app.server.address();
  const url = typeof port === 'object' && port ? `http://localhost:${port.port}` : address;
  return {
    app,
    url,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
