import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { analyzeStaleTables } from './table-statistics.ts';

describe('table statistics', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  const reltuples = async (name: string) => {
    const result = (await handle.db.execute(
      sql`select reltuples from pg_class where relname = ${name}`,
    )) as unknown as { rows: { reltuples: number }[] };
    return Number(result.rows[0]?.reltuples);
  };

  it('analyses a table that changed past autovacuum rule, once, and leaves fresh tables alone', async () => {
    // Autovacuum off for this table: on a PostgreSQL server it must not analyse it first.
    await handle.db.execute(
      sql`create table statistics_probe (id int primary key, label text) with (autovacuum_enabled = false)`,
    );
    await handle.db.execute(
      sql`insert into statistics_probe select n, 'row ' || n from generate_series(1, 40) as n`,
    );
    // 40 changes on an empty, never analysed table: under the threshold of 50.
    expect(await analyzeStaleTables(handle.db)).not.toContain('public.statistics_probe');
    expect(await reltuples('statistics_probe')).toBe(-1);

    await handle.db.execute(
      sql`insert into statistics_probe select n, 'row ' || n from generate_series(41, 300) as n`,
    );
    // A server's backends report their counts within a second or so; PGlite's at once.
    let analysed: string[] = [];
    await waitUntil(async () => {
      analysed = await analyzeStaleTables(handle.db);
      return analysed.includes('public.statistics_probe');
    });
    expect(await reltuples('statistics_probe')).toBe(300);

    // Fresh now: 25 more changes are under 50 + 10 % of 300.
    await handle.db.execute(sql`delete from statistics_probe where id <= 25`);
    expect(await analyzeStaleTables(handle.db)).not.toContain('public.statistics_probe');
    expect(await reltuples('statistics_probe')).toBe(300);
  });
});
