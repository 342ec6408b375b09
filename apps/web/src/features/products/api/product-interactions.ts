import type {
  AwesomeResult,
  awesomeProduct,
  LikeResult,
  likeProduct,
  recordEnterpriseProductView,
  unawesomeProduct,
  unlikeProduct,
} from '@app/contracts';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';

/** POST or DELETE /enterprise/product/likes (idempotent): the caller's state and the exact total. */
export function setProductLike(productId: string, isLiked: boolean): Promise<LikeResult> {
  return isLiked
    ? api.post<LikeResult>(contractPath<typeof likeProduct>('/enterprise/product/likes'), {
        product_id: productId,
      })
    : (api.request('DELETE', contractPath<typeof unlikeProduct>('/enterprise/product/likes'), {
        params: { product_id: productId },
      }) as Promise<LikeResult>);
}

/** POST or DELETE /enterprise/product/awesomes (idempotent). */
export function setProductAwesome(productId: string, isAwesome: boolean): Promise<AwesomeResult> {
  return isAwesome
    ? api.post<AwesomeResult>(contractPath<typeof awesomeProduct>('/enterprise/product/awesomes'), {
        product_id: productId,
      })
    : (api.request('DELETE', contractPath<typeof unawesomeProduct>('/enterprise/product/awesomes'), {
        params: { product_id: productId },
      }) as Promise<AwesomeResult>);
}

/**
 * Counts a view of the product page (POST /enterprises/{id}/products/{product_id}/views; `user_id`
 * '' becomes the device id, §7). Failures are ignored.
 */
export function recordProductVisit(enterpriseId: string, productId: string, meetingId: string): void {
  const path = fillPath<typeof recordEnterpriseProductView>('/enterprises/:id/products/:product_id/views', {
    id: enterpriseId,
    product_id: productId,
  });
  api.post(path, { meeting_id: meetingId, user_id: '' }).catch(() => {});
}
