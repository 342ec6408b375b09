import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { pingDatabase } from './health.repository.ts';

const HealthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptime_s: z.number(),
});

/**
 * GET /api/health: 200 `{ status: 'ok', database, uptime_s }` when the database answers a query,
 * else 500. No Apikey needed (load balancers and uptime checks call it).
 */
export function healthRoutes(app: App): void {
  app.get(
    '/health',
    {
      // Uptime checks may replay an old Authorization header; health answers regardless (§7).
      config: { auth: 'none' },
      schema: { summary: 'Liveness and database check', tags: ['health'], response: { 200: HealthResponse } },
    },
    async () => {
      await pingDatabase(app.deps.db);
      return { status: 'ok' as const, database: app.deps.dbKind, uptime_s: Math.round(process.uptime()) };
    },
  );
}
