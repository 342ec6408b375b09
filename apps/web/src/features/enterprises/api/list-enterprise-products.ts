import type { listProducts, Product } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/** Products shown on an enterprise page. */
const productsOnPage = 60;

/** GET /enterprise/products of one enterprise shown at the meeting, by weight then created. */
export function fetchEnterpriseProducts(meetingId: string, enterpriseId: string): Promise<Product[]> {
  return api.list<Product>(contractPath<typeof listProducts>('/enterprise/products'), {
    meeting_id: meetingId,
    enterprise_id: enterpriseId,
    limit: productsOnPage,
  });
}

export const useEnterpriseProducts = (meetingId: string, enterpriseId: string) =>
  useQuery({
    queryKey: ['products', 'of-enterprise', meetingId, enterpriseId],
    queryFn: () => fetchEnterpriseProducts(meetingId, enterpriseId),
    staleTime: 60_000,
  });
