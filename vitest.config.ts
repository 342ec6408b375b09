import { defineConfig } from 'vitest/config';

/**
 * Three projects, run separately by `npm test`:
 * - unit: pure tests beside the code (packages, server and web);
 * - api: server tests against a real database — a fresh PGlite per file, or a fresh database on the
 *   PostgreSQL server at DATABASE_URL; two files at a time;
 * - browser: journeys through the built app in headless Debian Chromium, two files at a time (each
 *   file starts its own server on its own data copy, so files share nothing but the CPU).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/miniprogram/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.api.test.ts', '**/*.e2e.test.ts'],
          // Files share one module graph per worker (imported once, not once per file: 117 → 36 s on
          // 2 cores). What a test replaces with vi.stubGlobal / vi.stubEnv is restored after it, so
          // no replacement reaches the next file in the same worker.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/**/*.api.test.ts'],
          exclude: ['**/node_modules/**'],
          // One migrated database that every file copies (apps/server/test/database-template.ts).
          globalSetup: ['apps/server/test/database-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Two files at a time, each worker importing the server once for all its files instead of
          // once per file (the import cost more than most files' tests). Every file builds its own
          // app on its own database; module-level state is keyed by database or config (WeakMap),
          // never by a meeting id that two files' databases share.
          isolate: false,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          // One migrated, demo-seeded data folder that default test servers copy (apps/web/e2e/data-template.ts).
          globalSetup: ['apps/web/e2e/data-template.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at once: on CI's 2 cores this halves the stage (24 → 14 minutes) with nothing
          // shared between files. A loaded machine answers later, so polls wait up to 10 s, not 1 s.
          fileParallelism: true,
          maxWorkers: 2,
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
