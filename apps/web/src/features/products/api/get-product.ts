import type { listProducts, Product } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/** The product with this id from GET /enterprise/products (first item of a GET by `_id`), or null. */
export function fetchProduct(productId: string): Promise<Product | null> {
  return api.one<Product>(contractPath<typeof listProducts>('/enterprise/products'), {
    query: { _id: productId },
    limit: 1,
  });
}

export const useProduct = (productId: string | undefined) =>
  useQuery({
    queryKey: ['products', 'detail', productId ?? ''],
    queryFn: () => fetchProduct(productId ?? ''),
    enabled: productId !== undefined,
    staleTime: 60_000,
  });
