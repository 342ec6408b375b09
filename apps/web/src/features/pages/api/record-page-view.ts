import type { recordContentView } from '@app/contracts';
import { useEffect } from 'react';
import { api, fillPath } from '../../../lib/api/api.ts';

const recorded = new Set<string>();

/**
 * Counts one view of a content page (§2 introduction, branch, contact, conference) per page visit:
 * POST /meetings/{id}/content/views with `content_id` (§7 Meetings; the client adds source_id and,
 * when anonymous, the device id). Sent once the page is drawn; a failure is forgotten so the next
 * visit counts.
 */
export function useRecordPageView(meetingId: string, pageId: string | undefined): void {
  useEffect(() => {
    if (!pageId) return;
    const key = `${meetingId}:${pageId}`;
    if (recorded.has(key)) return;
    recorded.add(key);
    api
      .post(fillPath<typeof recordContentView>('/meetings/:id/content/views', { id: meetingId }), {
        content_id: pageId,
      })
      .catch(() => recorded.delete(key));
  }, [meetingId, pageId]);
}
