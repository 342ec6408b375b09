import type { recordMeetingView } from '@app/contracts';
import { useEffect } from 'react';
import { api, fillPath } from '../../../lib/api/api.ts';
import { yieldToMain } from '../../../lib/yield-to-main.ts';

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
    // In a task of its own, not in the commit that drew the page: the count is not urgent.
    yieldToMain()
      .then(() => postMeetingView(meetingId))
      .catch(() => recorded.delete(meetingId));
  }, [meetingId]);
}
