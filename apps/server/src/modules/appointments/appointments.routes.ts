import {
  acceptAppointment as acceptAppointmentContract,
  bookEnterpriseScheduleSlot,
  bookScheduleSlot,
  cancelAppointment as cancelAppointmentContract,
  countAppointments as countAppointmentsContract,
  createAppointment as createAppointmentContract,
  deleteAppointment as deleteAppointmentContract,
  getAppointmentAuthentication as getAppointmentAuthenticationContract,
  ignoreAppointment as ignoreAppointmentContract,
  listAppointments as listAppointmentsContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import {
  acceptAppointment,
  bookSlot,
  cancelAppointment,
  countAppointments,
  createAppointment,
  deleteAppointment,
  getAppointmentAuthentication,
  ignoreAppointment,
  listAppointments,
} from './appointments.service.ts';

/**
 * Appointment routes (§7 Appointments: GET /appointments, /appointments/count,
 * /appointments/user/is_authentication; POST /appointments, /appointments/schedules/{schedule_id},
 * /appointments/{id}/accept|ignore|cancel; DELETE /appointments/{id}. §7 Enterprises: POST
 * /enterprises/{id}/schedules/{schedule_id}/appointments). Every call needs a logged-in
 * caller. Notices go through the configured SMS and mail providers (the outbox by default).
 */
export function appointmentRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  const deps = { db, config, jobs, sms: createSmsProvider(config), mail: createMailProvider(config) };

  app.route({
    ...contractRoute(listAppointmentsContract),
    config: { auth: 'required' },
    handler: async (request) => ({
      results: await listAppointments(deps, { userId: requireUserId(request), query: request.query }),
    }),
  });
  app.route({
    ...contractRoute(countAppointmentsContract),
    config: { auth: 'required' },
    handler: async (request) =>
      countAppointments(deps, { userId: requireUserId(request), query: request.query }),
  });
  app.route({
    ...contractRoute(getAppointmentAuthenticationContract),
    config: { auth: 'required' },
    handler: async (request) =>
      getAppointmentAuthentication(deps, {
        userId: requireUserId(request),
        meetingId: request.query.meeting_id,
      }),
  });
  app.route({
    ...contractRoute(createAppointmentContract),
    config: { auth: 'required' },
    handler: async (request) =>
      createAppointment(deps, { userId: requireUserId(request), body: request.body }),
  });
  app.route({
    ...contractRoute(bookScheduleSlot),
    config: { auth: 'required' },
    handler: async (request) =>
      bookSlot(deps, {
        userId: requireUserId(request),
        scheduleId: request.params.schedule_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(bookEnterpriseScheduleSlot),
    config: { auth: 'required' },
    handler: async (request) =>
      bookSlot(deps, {
        userId: requireUserId(request),
        scheduleId: request.params.schedule_id,
        enterpriseId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(acceptAppointmentContract),
    config: { auth: 'required' },
    handler: async (request) =>
      acceptAppointment(deps, {
        userId: requireUserId(request),
        id: request.params.id,
        reason: request.body?.reason,
      }),
  });
  app.route({
    ...contractRoute(ignoreAppointmentContract),
    config: { auth: 'required' },
    handler: async (request) =>
      ignoreAppointment(deps, {
        userId: requireUserId(request),
        id: request.params.id,
        reason: request.body?.reason,
      }),
  });
  app.route({
    ...contractRoute(cancelAppointmentContract),
    config: { auth: 'required' },
    handler: async (request) =>
      cancelAppointment(deps, {
        userId: requireUserId(request),
        id: request.params.id,
        reason: request.body?.reason,
      }),
  });
  app.route({
    ...contractRoute(deleteAppointmentContract),
    config: { auth: 'required' },
    handler: async (request) =>
      deleteAppointment(deps, { userId: requireUserId(request), id: request.params.id }),
  });
}
