import {
  awesomeProduct,
  countProducts as countProductsContract,
  createProduct as createProductContract,
  deleteProduct as deleteProductContract,
  likeProduct,
  listLikedProducts as listLikedProductsContract,
  listProducts as listProductsContract,
  searchProducts as searchProductsContract,
  unawesomeProduct,
  unlikeProduct,
  updateProduct as updateProductContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { viewerIdOf } from '../../plugins/response-cache.ts';
import { resultsOverlay } from '../enterprises/enterprises.service.ts';
import {
  countProducts,
  createProduct,
  deleteProduct,
  listLikedProducts,
  listProducts,
  reactToProduct,
  searchProducts,
  updateProduct,
} from './products.service.ts';

/**
 * §7 Enterprises (products): GET /enterprise/products, /count, /search; POST/DELETE
 * /enterprise/product/likes and /awesomes; GET /enterprise/product/likes (collection); the bound
 * exhibitor's POST, PUT, DELETE /enterprise/products (§6).
 */
export function productRoutes(app: App): void {
  const { db } = app.deps;
  app.route({
    ...contractRoute(listProductsContract),
    config: {
      isCacheableForGuests: true,
      isGuestViewable: true,
      viewerOverlay: resultsOverlay({ db }, 'product'),
    },
    handler: async (request) => ({
      results: await listProducts({ db }, { ...request.query, userId: viewerIdOf(request) }),
    }),
  });
  app.route({
    ...contractRoute(countProductsContract),
    config: { isCacheable: true, isGuestViewable: true },
    handler: async (request) => countProducts({ db }, request.query),
  });
  app.route({
    ...contractRoute(searchProductsContract),
    config: {
      isCacheableForGuests: true,
      isGuestViewable: true,
      viewerOverlay: resultsOverlay({ db }, 'product'),
    },
    handler: async (request) => ({
      results: await searchProducts({ db }, { ...request.query, userId: viewerIdOf(request) }),
    }),
  });
  app.route({
    ...contractRoute(likeProduct),
    config: { auth: 'required' },
    handler: async (request) =>
      reactToProduct(
        { db },
        { userId: requireUserId(request), productId: request.body.product_id, kind: 'like', isOn: true },
      ),
  });
  app.route({
    ...contractRoute(unlikeProduct),
    config: { auth: 'required' },
    handler: async (request) =>
      reactToProduct(
        { db },
        { userId: requireUserId(request), productId: request.query.product_id, kind: 'like', isOn: false },
      ),
  });
  app.route({
    ...contractRoute(awesomeProduct),
    config: { auth: 'required' },
    handler: async (request) =>
      reactToProduct(
        { db },
        { userId: requireUserId(request), productId: request.body.product_id, kind: 'awesome', isOn: true },
      ),
  });
  app.route({
    ...contractRoute(unawesomeProduct),
    config: { auth: 'required' },
    handler: async (request) =>
      reactToProduct(
        { db },
        { userId: requireUserId(request), productId: request.query.product_id, kind: 'awesome', isOn: false },
      ),
  });
  app.route({
    ...contractRoute(listLikedProductsContract),
    config: { auth: 'required' },
    handler: async (request) => ({
      results: await listLikedProducts({ db }, { ...request.query, userId: requireUserId(request) }),
    }),
  });
  app.route({
    ...contractRoute(createProductContract),
    config: { auth: 'required' },
    handler: async (request) => {
      const answer = await createProduct({ db }, { userId: requireUserId(request), product: request.body });
      // Cached anonymous lists would miss the change for up to the TTL otherwise.
      app.deps.cache.clear();
      return answer;
    },
  });
  app.route({
    ...contractRoute(updateProductContract),
    config: { auth: 'required' },
    handler: async (request) => {
      const answer = await updateProduct(
        { db },
        { userId: requireUserId(request), productId: request.params.id, changes: request.body },
      );
      app.deps.cache.clear();
      return answer;
    },
  });
  app.route({
    ...contractRoute(deleteProductContract),
    config: { auth: 'required' },
    handler: async (request) => {
      const answer = await deleteProduct(
        { db },
        { userId: requireUserId(request), productId: request.params.id },
      );
      app.deps.cache.clear();
      return answer;
    },
  });
}
