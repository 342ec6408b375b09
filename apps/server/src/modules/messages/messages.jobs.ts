import type { App } from '../../app-types.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import { deliverMessageJob, deliverQueuedMessage } from './messages.service.ts';

/**
 * The messages module's worker (DESIGN §9): delivers queued SMS and e-mails through the configured
 * providers (SMS_PROVIDER, MAIL_SMTP_URL; the outbox by default), ten at a time per process.
 */
export function messageJobs(app: App): void {
  const { db, config, jobs } = app.deps;
  const deps = { db, sms: createSmsProvider(config), mail: createMailProvider(config) };
  jobs.work(deliverMessageJob, (data, attempt) => deliverQueuedMessage(deps, data, attempt), {
    concurrency: 10,
  });
}
