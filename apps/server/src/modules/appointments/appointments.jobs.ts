import type { App } from '../../app-types.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import { appointmentNoticeJob, sendAppointmentNotice } from './appointments.notifications.ts';

/** The appointments module's worker (DESIGN §9): renders and queues the notices of committed changes. */
export function appointmentJobs(app: App): void {
  const { db, config, jobs } = app.deps;
  const deps = { db, config, jobs, sms: createSmsProvider(config), mail: createMailProvider(config) };
  jobs.work(appointmentNoticeJob, (data) => sendAppointmentNotice(deps, data));
}
