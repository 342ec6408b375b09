import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Runs `select 1`; rejects when the database does not answer. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
