import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { pgliteTemplateTarball, postgresTemplateName } from './database-template.ts';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or — when DATABASE_URL is set —
 * a new database created on that PostgreSQL server and dropped on close, so test files can run in
 * parallel against one server. Under vitest both start as a copy of the template the API project's
 * global setup migrated (database-template.ts); `migrate()` then finds nothing pending.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const loadDataDir = pgliteTemplateTarball();
    const handle = await openDatabase(loadDataDir ? { loadDataDir } : {});
    await handle.migrate();
    return handle;
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = postgresTemplateName();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // DROP … WITH (FORCE) below may end connections the pool still holds: expected, so not reported.
  const handle = await openDatabase({ url: url.toString(), poolSize: 5, onIdleClientError: () => {} });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A fresh database that outlives its handles, for tests of restarts and of several server
 * processes: `open()` gives a new migrated handle each time (a PGlite data folder, or a database on
 * the DATABASE_URL server); `canOpenTwice` is false on PGlite, whose folder one process holds at a
 * time. `drop()` removes it after the handles are closed. `env` names it the way the server's
 * configuration does (DATA_DIR for PGlite, DATABASE_URL otherwise), for tests that start the real
 * server or run a command on it.
 */
export async function createReopenableTestDatabase(): Promise<{
  open: () => Promise<DatabaseHandle>;
  canOpenTwice: boolean;
  env: { DATA_DIR: string } | { DATABASE_URL: string };
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'meeting-db-'));
    return {
      open: async () => {
        const handle = await openDatabase({ dataDir });
        await handle.migrate();
        return handle;
      },
      canOpenTwice: false,
      env: { DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    open: async () => {
      const handle = await openDatabase({ url: url.toString(), poolSize: 5, onIdleClientError: () => {} });
      await handle.migrate();
      return handle;
    },
    canOpenTwice: true,
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
