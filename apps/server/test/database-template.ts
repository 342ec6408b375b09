import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { createJobQueue } from '../src/modules/jobs/jobs.service.ts';

/**
 * Environment variables through which the API project's global setup hands its migrated template to
 * the test files (the forked workers inherit the environment): a PGlite data-folder tarball, or the
 * name of a template database on the DATABASE_URL server.
 */
export const templateEnv = {
  pgliteTarball: 'TEST_PGLITE_TEMPLATE',
  postgresTemplate: 'TEST_POSTGRES_TEMPLATE',
} as const;

/** The template database name, when the global setup made one on the DATABASE_URL server. */
export function postgresTemplateName(): string | undefined {
  const name = process.env[templateEnv.postgresTemplate];
  return name && /^[a-z0-9_]+$/.test(name) ? name : undefined;
}

let pgliteTemplate: Blob | undefined;

/**
 * The migrated PGlite data folder (migrations and the job queue's schema applied) as a tarball Blob,
 * read once per worker; undefined when no global setup made one (a test file run outside vitest).
 */
export function pgliteTemplateTarball(): Blob | undefined {
  const path = process.env[templateEnv.pgliteTarball];
  if (!path) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(path)]);
  return pgliteTemplate;
}

/**
 * Vitest global setup of the API project: migrates one database and installs the job queue's
 * schema once, so that each test file starts from a copy instead of running initdb, every
 * migration and pg-boss's installer again (about 2 s per file on PGlite). Returns the teardown.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({});
    await handle.migrate();
    const queue = createJobQueue({ db: handle.db, kind: handle.kind });
    await queue.start();
    await queue.stop(1000);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const tarball = await client.dumpDataDir('none');
    await handle.close();
    const folder = mkdtempSync(join(tmpdir(), 'meeting-template-'));
    const path = join(folder, 'pgdata.tar');
    writeFileSync(path, Buffer.from(await tarball.arrayBuffer()));
    process.env[templateEnv.pgliteTarball] = path;
    return async () => rmSync(folder, { recursive: true, force: true });
  }
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 2 });
  await handle.migrate();
  const queue = createJobQueue({ db: handle.db, kind: handle.kind });
  await queue.start();
  await queue.stop(1000);
  // CREATE DATABASE … TEMPLATE needs the template free of connections.
  await handle.close();
  process.env[templateEnv.postgresTemplate] = name;
  return async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
}
