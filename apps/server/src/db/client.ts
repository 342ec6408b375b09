import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The typed Drizzle client, the same type on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations from the drizzle folder. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  /** A PostgreSQL server (DATABASE_URL). */
  | { url: string; poolSize?: number }
  /** Embedded PGlite in a data folder, or in memory when dataDir is undefined. */
  | { dataDir?: string };

/** Finds the migrations folder both from source (src/db) and from the bundled dist/server.js. */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'drizzle'), join(here, '../drizzle'), join(here, '../../drizzle')];
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Opens the database: a pg pool when `url` is given, else PGlite (on disk in `dataDir`, or in memory).
 * The caller runs `migrate()` once before serving.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : {});
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
  };
}
