import type { deleteEnterpriseSlot } from '@app/contracts';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * DELETE /enterprises/{enterprise_id}/schedules/{schedule_id} (§7 Enterprises schedules): the bound
 * exhibitor withdraws a published slot. Errors: 403 no_permission; 404 not_found; 409 schedule.booked
 * (a live request holds it: answer that request first).
 */
export function deleteSlot(enterpriseId: string, scheduleId: string): Promise<{ deleted: 1 }> {
  return api.delete<{ deleted: 1 }>(
    fillPath<typeof deleteEnterpriseSlot>('/enterprises/:id/schedules/:schedule_id', {
      id: enterpriseId,
      schedule_id: scheduleId,
    }),
  );
}
