import { listBlocks as listBlocksContract } from '@app/contracts';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { listBlocks } from './blocks.service.ts';

/** GET /meeting/blocks (public, cached). */
export function blockRoutes(app: App): void {
  const { db } = app.deps;
  app.route({
    ...contractRoute(listBlocksContract),
    config: { isCacheable: true },
    handler: async (request) => ({ results: await listBlocks({ db }, request.query) }),
  });
}
