import type { recordMeetingView } from '@app/contracts';
import { useEffect } from 'react';
import { afterNextPaint } from '../../../lib/after-paint.ts';
import { api, fillPath } from '../../../lib/api/api.ts';

/** POST /meetings/{id}/views (the client adds source_id from the stored source). */
export function postMeetingView(meetingId: string): Promise<{ views_total: number }> {
  return api.post(fillPath<typeof recordMeetingView>('/meetings/:id/views', { id: meetingId }));
}

const recorded = new Set<string>();

/** Counts one view of the meeting's home per visit (page load). */
export function useRecordMeetingView(meetingId: string): void {
  useEffect(() => {
    if (recorded.has(meetingId)) return;
    recorded.add(meetingId);
    // Once the page has painted: the count is not urgent, and its request must not queue in front of
    // the page's own.
    afterNextPaint()
      .then(() => postMeetingView(meetingId))
      .catch(() => recorded.delete(meetingId));
  }, [meetingId]);
}
