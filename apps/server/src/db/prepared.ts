import type { Database } from './client.ts';

/**
 * Memoises a query built with drizzle's `.prepare(name)` per database, for the hottest reads: drizzle
 * builds a query's SQL anew on every call, which for a small lookup costs more CPU than the database's
 * answer; a prepared query is built once and only its placeholders are filled per call. Per database,
 * because a prepared query belongs to the connection pool (or PGlite instance) it was made on.
 */
export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
