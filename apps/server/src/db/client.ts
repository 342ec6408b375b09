import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../paths.ts';

/**
 * The Drizzle client, the same type on PGlite and on PostgreSQL. Queries name their tables (the
 * modules' *.tables.ts); no relational schema is registered, so db/ knows no module (DESIGN §2).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations from the drizzle folder. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  /**
   * A PostgreSQL server (DATABASE_URL). `onIdleClientError` hears errors of idle pooled connections
   * (server restart, terminated backend); without a listener pg would crash the process.
   */
  | { url: string; poolSize?: number; onIdleClientError?: (error: Error) => void }
  /**
   * Embedded PGlite in a data folder, or in memory when dataDir is undefined; `loadDataDir` starts it
   * from a tarball of another data folder (PGlite's dumpDataDir) instead of an empty cluster.
   */
  | { dataDir?: string; loadDataDir?: Blob };

/** The drizzle-kit migrations folder (apps/server/drizzle), from source and from the bundle. */
export function migrationsFolder(): string {
  return join(serverRoot(), 'drizzle');
}

/**
 * Runs a pooled connection's queries strictly one after another. A transaction holds one connection,
 * and a repository handed it may start several reads at once (`Promise.all`, written for the pool,
 * where they do run side by side). pg 8 queues such calls itself but deprecates it and pg 9 refuses
 * them, so they are chained here: same order and results as pg's own queue, on any pg version.
 * Callback and submittable calls (the pool's own `pool.query`, cursors) go straight through.
 */
function serializeQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let tail: Promise<unknown> = Promise.resolve();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | null | undefined;
    const isCallback = typeof args[args.length - 1] === 'function';
    const isSubmittable = typeof first === 'object' && first !== null && typeof first.submit === 'function';
    if (isCallback || isSubmittable) return query(...args);
    const run = tail.then(() => query(...args));
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * Opens the database: a pg pool when `url` is given, else PGlite (on disk in `dataDir`, or in memory).
 * The caller runs `migrate()` once before serving.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('connect', serializeQueries);
    pool.on(
      'error',
      options.onIdleClientError ??
        ((error) => console.error(`database: idle connection error: ${error.message}`)),
    );
    const db = drizzlePg({ client: pool }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm serves the substring search of enterprises and products (migration 0002 creates it);
  // btree_gist the no-overlap constraints of appointments and slots (migration 0004).
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { btree_gist, pg_trgm },
  });
  const db = drizzlePglite({ client }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
  };
}
