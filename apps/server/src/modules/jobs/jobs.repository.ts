import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';

/** pg-boss's database adapter: one statement with $n parameters, or several without. */
export type SqlExecutor = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };

/** Sends pg-boss's statements through the app's own client: the pg pool or the PGlite connection. */
export function clientExecutor(db: Database, kind: 'pglite' | 'postgres'): SqlExecutor {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (kind === 'postgres') {
    const pool = client as pg.Pool;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const pglite = client as PGlite;
  return {
    executeSql: async (text, values) => {
      if (values && values.length > 0) return pglite.query(text, values);
      // Schema plans and maintenance are several statements (BEGIN; …; COMMIT) without parameters:
      // only the simple protocol (exec) takes them.
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/**
 * One pg-boss statement through a Drizzle handle — a transaction included — as a Drizzle query:
 * each `$n` becomes a bound parameter (Drizzle numbers them itself).
 */
export function drizzleExecutor(db: Database): SqlExecutor {
  return {
    executeSql: async (text, values = []) => {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await db.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** A job that failed for good: its last attempt failed and no retry is left. */
export type FailedJob = {
  id: string;
  /** Job type (queue) name, e.g. 'messages-deliver'. */
  name: string;
  data: unknown;
  /** What the last attempt threw: `{ message }`. */
  output: unknown;
  /** Attempts after the first. */
  retryCount: number;
  createdAt: Date;
  /** When it was given up. */
  failedAt: Date | null;
};

/**
 * Failed jobs, newest first, optionally of one type — the data of the console's failed-jobs page
 * (DESIGN §7, §9). Reads pg-boss's tables (schema `pgboss`): failed jobs stay in `job` until
 * maintenance archives them (after 7 days), then in `archive` until deleted (7 days later).
 */
export async function listFailedJobs(
  db: Database,
  input: { name?: string; limit?: number } = {},
): Promise<FailedJob[]> {
  const limit = Math.min(Math.max(input.limit ?? 50, 1), 500);
  const byName = input.name === undefined ? sql`` : sql` AND name = ${input.name}`;
  const columns = sql.raw(
    'id::text AS id, name, data, output, retry_count AS "retryCount", created_on AS "createdAt", completed_on AS "failedAt"',
  );
  const result = (await db.execute(sql`
    SELECT * FROM (
      SELECT ${columns} FROM pgboss.job WHERE state = 'failed'${byName}
      UNION ALL
      SELECT ${columns} FROM pgboss.archive WHERE state = 'failed'${byName}
    ) failed
    ORDER BY "failedAt" DESC NULLS LAST, id
    LIMIT ${limit}`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    data: row.data,
    output: row.output,
    retryCount: Number(row.retryCount),
    createdAt: new Date(row.createdAt as string | Date),
    failedAt: row.failedAt === null ? null : new Date(row.failedAt as string | Date),
  }));
}
