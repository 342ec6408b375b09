import { listCategories as listCategoriesContract } from '@app/contracts';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { listCategories } from './categories.service.ts';

/** GET /{type}/categories: /navigation/categories, /speaker/categories, /industry/categories … (§7). */
export function categoryRoutes(app: App): void {
  const { db } = app.deps;
  app.route({
    ...contractRoute(listCategoriesContract),
    config: { isCacheable: true },
    handler: async (request) => ({
      results: await listCategories({ db }, { ...request.query, type: request.params.type }),
    }),
  });
}
