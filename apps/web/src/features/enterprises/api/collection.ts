import type { Enterprise, listLikedEnterprises, listLikedProducts, Product } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/** Liked items shown at once in /my/collection. */
const collectionLimit = 200;

/** GET /enterprise/likes: the caller's liked enterprises at the meeting, latest first. */
export const useLikedEnterprises = (meetingId: string) =>
  useQuery({
    queryKey: ['enterprises', 'liked', meetingId],
    queryFn: () =>
      api.list<Enterprise>(contractPath<typeof listLikedEnterprises>('/enterprise/likes'), {
        meeting_id: meetingId,
        limit: collectionLimit,
      }),
  });

/** GET /enterprise/product/likes: the caller's liked products at the meeting, latest first. */
export const useLikedProducts = (meetingId: string) =>
  useQuery({
    queryKey: ['products', 'liked', meetingId],
    queryFn: () =>
      api.list<Product>(contractPath<typeof listLikedProducts>('/enterprise/product/likes'), {
        meeting_id: meetingId,
        limit: collectionLimit,
      }),
  });
