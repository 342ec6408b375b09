import { join } from 'node:path';
import { buildApp } from './app.ts';
import type { App } from './app-types.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { resolveUserPath, serverRoot } from './paths.ts';
import { createResponseCache } from './plugins/response-cache.ts';
import { createStorage } from './providers/storage/create-storage.ts';
import { seedDemo } from './seeds/demo.ts';

export type RunningServer = { app: App; url: string; database: DatabaseHandle; close: () => Promise<void> };

/**
 * Starts everything: opens the database (PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR),
 * applies migrations, builds the app, seeds the demo data (SEED_DEMO=1; a failure is logged, never fatal) and
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
    // Demo data is a convenience: a database it cannot seed (a storage outage, data from an older
    // seed) is still served as it is. The demo meeting itself is all-or-nothing and retried next start.
    try {
      await seedDemo({
        db: database.db,
        storage: createStorage(config),
        log: app.log,
        isProduction: config.NODE_ENV === 'production',
      });
    } catch (error) {
      app.log.error({ err: error }, 'seeding the demo data failed; serving the database as it is');
    }
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
