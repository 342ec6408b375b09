import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A scratch database on the PostgreSQL server of BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test) for one bench section, with the way to drop it; undefined
 * when that server cannot be reached.
 */
export async function scratchPostgres(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
