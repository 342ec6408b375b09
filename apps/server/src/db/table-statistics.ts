import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * PostgreSQL's own rule for when autovacuum re-analyses a table: more rows inserted, updated or
 * deleted since the last ANALYZE than `autovacuum_analyze_threshold` (50) plus
 * `autovacuum_analyze_scale_factor` (0.1) of its rows (the server's defaults).
 */
const analyzeThresholdRows = 50;
const analyzeScaleFactor = 0.1;

/**
 * Refreshes the planner statistics of every table that PostgreSQL's autovacuum rule finds stale
 * (ANALYZE, one table at a time) and answers their names (`schema.table`). For PGlite, which runs
 * PostgreSQL in single-user mode, where no autovacuum worker ever does it: without it a table
 * filled after the start (registrations, imports) is planned from default estimates for good, and a
 * list of fifty sessions took 7 ms of planner-chosen nested loops instead of 0.1.
 */
export async function analyzeStaleTables(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`
    select s.schemaname as schema, s.relname as name
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.n_mod_since_analyze > ${analyzeThresholdRows} + ${analyzeScaleFactor} * greatest(c.reltuples, 0)
    order by s.schemaname, s.relname
  `)) as unknown as { rows: { schema: string; name: string }[] };
  const analysed: string[] = [];
  for (const { schema, name } of result.rows) {
    await db.execute(sql`analyze ${sql.identifier(schema)}.${sql.identifier(name)}`);
    analysed.push(`${schema}.${name}`);
  }
  return analysed;
}
