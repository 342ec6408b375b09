import type { App } from '../../app-types.ts';

/**
 * Appointment routes (§7 Appointments, §7 Enterprises POST /enterprises/{id}/schedules/{schedule_id}
 * /appointments; issue 6). Being built.
 */
export function appointmentRoutes(_app: App): void {}
