import type { App } from '../app-types.ts';
import { analyzeStaleTables } from '../db/table-statistics.ts';

/** How often stale tables are looked for: autovacuum's own `autovacuum_naptime` default, 60 s. */
const checkEveryMs = 60_000;

/**
 * On PGlite, does autovacuum's analyse part (db/table-statistics.ts): at start and every minute
 * until the app closes, one catalogue query and an ANALYZE of each table that changed enough. A
 * PostgreSQL server does this itself; there nothing is registered. Failures are logged, never thrown.
 */
export function registerTableStatistics(app: App): void {
  if (app.deps.dbKind !== 'pglite') return;
  let running: Promise<void> | undefined;
  let isClosed = false;
  const analyse = async () => {
    try {
      const analysed = await analyzeStaleTables(app.deps.db);
      if (analysed.length > 0) app.log.debug({ tables: analysed }, 'table statistics refreshed');
    } catch (error) {
      app.log.error({ err: error }, 'table statistics: analyse failed');
    } finally {
      running = undefined;
    }
  };
  const check = async () => {
    if (running || isClosed) return;
    running = analyse();
    await running;
  };
  app.addHook('onReady', check);
  const timer = setInterval(() => void check(), checkEveryMs);
  timer.unref();
  // The database closes after the app: an analyse under way ends first.
  app.addHook('onClose', async () => {
    isClosed = true;
    clearInterval(timer);
    await running;
  });
}
