import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

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
