import type { recordExhibitorCategoryView } from '@app/contracts';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * Counts a view of a pavilion category (industry or exhibitor group chosen as a filter):
 * POST /meetings/{id}/exhibitor/category/views (`user_id` '' becomes the device id, §7). Failures
 * are ignored: counting never blocks the visitor.
 */
export function recordCategoryView(meetingId: string, categoryId: string): void {
  const path = fillPath<typeof recordExhibitorCategoryView>('/meetings/:id/exhibitor/category/views', {
    id: meetingId,
  });
  api.post(path, { category_id: categoryId, user_id: '' }).catch(() => {});
}
