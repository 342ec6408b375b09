import type { CreateSlotBody, createEnterpriseSlot, ScheduleEntry } from '@app/contracts';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * POST /enterprises/{enterprise_id}/schedules (§7 Enterprises schedules): the bound exhibitor
 * publishes one bookable slot, wall-clock `date`/`start_time`/`end_time` read in `timezone`.
 * Errors: 400 appointment.date_required / time_required / time_zone_invalid / time_nonexistent /
 * start_past / same_time / end_before_start; 403 no_permission; 409 schedule.overlap.
 */
export function createSlot(enterpriseId: string, body: CreateSlotBody): Promise<ScheduleEntry> {
  return api.post<ScheduleEntry>(
    fillPath<typeof createEnterpriseSlot>('/enterprises/:id/schedules', { id: enterpriseId }),
    body,
  );
}
