import type {
  AppointmentAuthentication,
  Enterprise,
  Exhibitor,
  getAppointmentAuthentication,
  listEnterprises,
  listExhibitors,
  listProducts,
  Product,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/**
 * What the question pages need around them: the enterprise asked (GET /enterprises by `_id`), its
 * exhibitor row in the meeting (null when it does not exhibit here), a product of it, and whether the
 * caller answers for an enterprise (GET /appointments/user/is_authentication: is_exhibitor and its
 * enterprise_id). Same query keys as the enterprise, product and booking pages, so they share caches.
 */
export const useAskedEnterprise = (enterpriseId: string | undefined) =>
  useQuery({
    queryKey: ['enterprises', 'detail', enterpriseId ?? ''],
    queryFn: () =>
      api.one<Enterprise>(contractPath<typeof listEnterprises>('/enterprises'), {
        query: { _id: enterpriseId },
        limit: 1,
      }),
    enabled: enterpriseId !== undefined,
    staleTime: 60_000,
  });

export const useAskedExhibitor = (meetingId: string, enterpriseId: string | undefined) =>
  useQuery({
    queryKey: ['exhibitors', 'of-enterprise', meetingId, enterpriseId ?? ''],
    queryFn: () =>
      api
        .list<Exhibitor>(contractPath<typeof listExhibitors>('/exhibitors'), {
          meeting_id: meetingId,
          query: { enterprise_id: enterpriseId },
          limit: 1,
        })
        .then((items) => items[0] ?? null),
    enabled: enterpriseId !== undefined,
    staleTime: 60_000,
  });

export const useAskedProduct = (productId: string | undefined) =>
  useQuery({
    queryKey: ['products', 'detail', productId ?? ''],
    queryFn: () =>
      api.one<Product>(contractPath<typeof listProducts>('/enterprise/products'), {
        query: { _id: productId },
        limit: 1,
      }),
    enabled: productId !== undefined,
    staleTime: 60_000,
  });

/** The caller's exhibitor binding in the meeting (only asked when logged in). */
export const useExhibitorSide = (meetingId: string, isLoggedIn: boolean) =>
  useQuery({
    queryKey: ['appointments', 'authentication', meetingId],
    queryFn: () =>
      api.get<AppointmentAuthentication>(
        contractPath<typeof getAppointmentAuthentication>('/appointments/user/is_authentication'),
        { meeting_id: meetingId },
      ),
    enabled: isLoggedIn,
    staleTime: 60_000,
  });
