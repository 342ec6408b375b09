import { localize } from '@app/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { MailProvider } from '../../providers/mail/mail.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import { fill, messageCatalogue } from '../codes/codes.messages.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { findMeetingById } from '../meetings/meetings.repository.ts';
import { queueMail, queueSms } from '../messages/messages.service.ts';
import { publicLink } from '../shared/public-links.ts';
import { findUserById } from '../users/users.repository.ts';
import type { invoices } from './invoices.tables.ts';

/** What the invoice notices need: the providers' names, the job queue and the public address. */
export type InvoiceNoticeDeps = {
  config: Pick<Config, 'PUBLIC_URL'>;
  jobs: JobQueue;
  sms: Pick<SmsProvider, 'name'>;
  mail: Pick<MailProvider, 'name'>;
};

/**
 * Queues the buyer's notice that their invoice request was completed or rejected (§4 Invoice;
 * `messages` catalogue `invoice.*`), in `tx` — the console's write — so it goes out only if the write
 * commits: an SMS to the request's mobile (a mainland China mobile, §5) and an e-mail when the request
 * gives one, in the buyer's language (English when the account has none), with the link to
 * /invoice/detail of the order. A rejection carries its reason.
 */
export async function queueInvoiceNotice(
  tx: Database,
  deps: InvoiceNoticeDeps,
  invoice: typeof invoices.$inferSelect,
): Promise<void> {
  if (invoice.state === 'processing') return;
  const [user, meeting] = await Promise.all([
    invoice.userId ? findUserById(tx, invoice.userId) : Promise.resolve(undefined),
    findMeetingById(tx, invoice.meetingId),
  ]);
  const language = user?.language ?? 'en';
  const catalogue = messageCatalogue(language);
  const english = messageCatalogue('en');
  const text = (key: keyof NonNullable<typeof english.invoice>) =>
    catalogue.invoice?.[key] ?? english.invoice?.[key] ?? '';
  const values = {
    meeting: meeting ? localize(meeting.title, language) : '',
    title: invoice.title,
    number: invoice.issuedNumber || '—',
    reason: invoice.rejectReason || '—',
    link: publicLink(deps.config, '/#/invoice/detail', {
      checkout: invoice.orderId,
      meeting_id: invoice.meetingId,
    }),
  };
  const isCompleted = invoice.state === 'completed';
  const body = fill(text(isCompleted ? 'completed' : 'rejected'), values);
  const subject = fill(text(isCompleted ? 'completedSubject' : 'rejectedSubject'), values);
  const queueDeps = { ...deps, db: tx };
  await queueSms(queueDeps, {
    message: { to: `+86${invoice.mobile}`, text: body, templateParams: values },
    meetingId: invoice.meetingId,
  });
  if (invoice.email) {
    await queueMail(queueDeps, {
      message: { to: invoice.email, subject, text: body },
      meetingId: invoice.meetingId,
    });
  }
}
