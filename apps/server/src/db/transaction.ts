import type { Database } from './client.ts';

/**
 * Runs `work` in one transaction: everything it writes is committed together, or nothing when it
 * throws (the error is rethrown). Services use it to keep a multi-step change all-or-nothing.
 */
export async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => work(tx as unknown as Database));
}
