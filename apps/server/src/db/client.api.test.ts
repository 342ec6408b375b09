import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { inTransaction } from './transaction.ts';

describe('database client', () => {
  let handle: DatabaseHandle;
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  beforeAll(async () => {
    handle = await openTestDatabase();
    process.on('warning', onWarning);
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await handle.close();
  });

  it('answers reads started together inside one transaction in the order they were asked, without a pg warning', async () => {
    const rows = await inTransaction(handle.db, (tx) =>
      Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          tx.execute(sql`SELECT ${n}::int AS n, pg_sleep(0.005) IS NULL AS slept, txid_current() AS txid`),
        ),
      ),
    );
    const answers = rows.map(
      (answer) => (answer as unknown as { rows: { n: number; txid: string }[] }).rows[0],
    );
    expect(answers.map((answer) => answer?.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // All in the one transaction.
    expect(new Set(answers.map((answer) => String(answer?.txid))).size).toBe(1);
    // pg 8 warns when a connection is asked a query while it runs another (pg 9 refuses).
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });
});
