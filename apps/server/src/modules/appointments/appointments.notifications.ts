import type { AppointmentRole } from '@app/domain/appointments';
import en from '@app/i18n/locales/en/messages.json' with { type: 'json' };
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unix } from '../../db/wire.ts';
import { escapeHtml } from '../../plugins/dev-outbox.ts';
import type { MailProvider } from '../../providers/mail/mail.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import { fill, messageCatalogue, messageLanguage } from '../codes/codes.messages.ts';
import type { JobQueue, JobType } from '../jobs/jobs.service.ts';
import { deliverMessageJob, queueMail, queueSms } from '../messages/messages.service.ts';
import { notificationChannels, recordNotification } from '../notifications/notifications.service.ts';
import { publicLink } from '../shared/public-links.ts';
import {
  type AppointmentRow,
  type AppointmentUserRow,
  findAppointment,
  findAppointmentUsers,
  findEnterpriseCards,
  findExhibitorSideUsers,
} from './appointments.repository.ts';

/**
 * Appointment notices through the mail/SMS outbox: the other side hears of a
 * request, an answer (accept, ignore) and a withdrawal or cancellation. Texts come from the
 * `messages` catalogue (`appointment.*`) in each recipient's language (English when they have none
 * or it is not translated yet), with the time in the appointment's zone and a link to its page.
 * The change enqueues a notice job in its own transaction (DESIGN §9); the job renders the texts and
 * queues the messages, so a notice is sent exactly when the change commits and never fails it.
 */

/** What happened: the request sent, accepted, ignored, retracted (by the requester) or cancelled. */
export type AppointmentEvent = 'requested' | 'accepted' | 'ignored' | 'retracted' | 'cancelled';

/** Database, PUBLIC_URL (links), the job queue and the providers (their names go on the outbox rows). */
export type NotifyDeps = {
  db: Database;
  config: Pick<Config, 'PUBLIC_URL'>;
  jobs: JobQueue;
  sms: Pick<SmsProvider, 'name'>;
  mail: Pick<MailProvider, 'name'>;
};

/** A notice job: what happened to which appointment, and who did it (who is not told). */
export type AppointmentNoticeData = {
  event: AppointmentEvent;
  appointmentId: string;
  actorUserId: string;
  actorRole: AppointmentRole;
};

/** Renders and queues the notices of one change; retried like a message delivery. */
export const appointmentNoticeJob: JobType<AppointmentNoticeData> = {
  name: 'appointments-notice',
  retryLimit: 4,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 120,
};

type AppointmentTexts = typeof en.appointment;

/** A localized title in `language`, else English, else the first one given. */
function localized(title: string | Record<string, string>, language: string): string {
  if (typeof title === 'string') return title;
  return title[language] ?? title.en ?? Object.values(title)[0] ?? '';
}

/**
 * The appointment's time in its own zone, in `language`, with the zone's name, e.g.
 * 'Oct 31, 2027, 1:30 – 3:30 AM (Europe/Berlin)'. Start and end are unix seconds.
 */
export function formatAppointmentTime(
  start: number,
  end: number,
  timeZone: string,
  language: string,
): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    format = new Intl.DateTimeFormat('en', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  }
  return `${format.formatRange(new Date(start * 1000), new Date(end * 1000))} (${timeZone})`;
}

/** The appointment page: `${PUBLIC_URL}/#/appointment?appointment_id=…&meeting_id=…` (publicLink). */
export function appointmentLink(
  config: Pick<Config, 'PUBLIC_URL'>,
  row: Pick<AppointmentRow, 'id' | 'meetingId'>,
): string {
  return publicLink(config, '/#/appointment', { appointment_id: row.id, meeting_id: row.meetingId });
}

/** Subject and lines of one notice in the recipient's language. */
export function appointmentNotice(input: {
  event: AppointmentEvent;
  language: string | null;
  row: AppointmentRow;
  /** Who acted: the requester's name, or the enterprise's title for its side. */
  actorName: string;
  enterpriseTitle: string | Record<string, string>;
  link: string;
}): { subject: string; lines: string[] } {
  const language = messageLanguage(input.language);
  const texts: Partial<AppointmentTexts> = messageCatalogue(language).appointment ?? {};
  const text = (key: keyof AppointmentTexts) => texts[key] ?? en.appointment[key];
  const { row } = input;
  const values = {
    name: input.actorName,
    enterprise: localized(input.enterpriseTitle, language),
    time: formatAppointmentTime(unix(row.start), unix(row.end), row.timezone, language),
    matter: row.matter,
    reason: row.reason,
    link: input.link,
  };
  const lines = [fill(text(input.event), values)];
  if (row.reason && (input.event === 'ignored' || input.event === 'cancelled')) {
    lines.push(fill(text('reason'), values));
  }
  lines.push(fill(text('link'), values));
  return { subject: fill(text(`${input.event}Subject`), values), lines };
}

/**
 * Queues `event` of an appointment for each recipient, in `deps.db` (the notice job's transaction):
 * by e-mail when they have one, else by SMS to their phone (template 'appointment'), else not at all.
 */
export async function notifyAppointment(
  deps: NotifyDeps,
  input: {
    event: AppointmentEvent;
    row: AppointmentRow;
    recipients: AppointmentUserRow[];
    actorName: string;
    enterpriseTitle: string | Record<string, string>;
  },
): Promise<void> {
  const link = appointmentLink(deps.config, input.row);
  const kind =
    input.event === 'requested' || input.event === 'retracted' ? 'appointment.request' : 'appointment.answer';
  for (const recipient of input.recipients) {
    const { subject, lines } = appointmentNotice({ ...input, language: recipient.language, link });
    const meetingId = input.row.meetingId;
    // The notification centre keeps every notice; mail and SMS only where the recipient wants them.
    await recordNotification(deps.db, {
      userId: recipient.id,
      meetingId,
      kind,
      values: {
        event: input.event,
        name: input.actorName,
        enterprise: localized(input.enterpriseTitle, messageLanguage(recipient.language)),
      },
      path: '/appointment',
      query: { appointment_id: input.row.id, meeting_id: meetingId },
    });
    const channels = await notificationChannels(deps.db, recipient.id, kind);
    if (recipient.email && channels.mail) {
      const language = messageLanguage(recipient.language);
      const html = `<!doctype html><html lang="${escapeHtml(language)}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:system-ui,sans-serif;color:#222">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`;
      await queueMail(deps, {
        message: { to: recipient.email, subject, text: `${lines.join('\n\n')}\n`, html },
        meetingId,
      });
    } else if (recipient.phone && channels.sms) {
      await queueSms(deps, {
        message: {
          to: recipient.phone,
          text: lines.join(' '),
          template: 'appointment',
          templateParams: {
            event: input.event,
            name: input.actorName.slice(0, 20),
            time: formatAppointmentTime(
              unix(input.row.start),
              unix(input.row.end),
              input.row.timezone,
              messageLanguage(recipient.language),
            ),
          },
        },
        meetingId,
      });
    }
  }
}

/**
 * Enqueues the notice of a change in the change's transaction `tx`; call `jobs.wake` after the
 * commit (wakeNoticeWorker).
 */
export async function enqueueAppointmentNotice(
  deps: { jobs: JobQueue },
  tx: Database,
  data: AppointmentNoticeData,
): Promise<void> {
  await deps.jobs.enqueue(tx, appointmentNoticeJob, data);
}

/** Starts this process's notice worker now (after the commit that enqueued a notice). */
export function wakeNoticeWorker(deps: { jobs: JobQueue }): void {
  deps.jobs.wake(appointmentNoticeJob);
}

/**
 * The notice job's handler: the requester's action goes to the exhibitor side (its bound users),
 * the exhibitor's to the requester, never to the actor. Texts read the appointment as it is when
 * the job runs. All messages of the notice are queued in one transaction, so a retry never sends
 * one twice.
 */
export async function sendAppointmentNotice(deps: NotifyDeps, data: AppointmentNoticeData): Promise<void> {
  const row = await findAppointment(deps.db, data.appointmentId);
  if (!row) return;
  const toExhibitor = data.actorRole === 'requester';
  const [requesters, enterprises, exhibitorSide] = await Promise.all([
    findAppointmentUsers(deps.db, [row.requesterUserId]),
    findEnterpriseCards(deps.db, [row.enterpriseId]),
    toExhibitor ? findExhibitorSideUsers(deps.db, row.meetingId, row.enterpriseId) : Promise.resolve([]),
  ]);
  const requester = requesters[0];
  const enterpriseTitle = enterprises[0]?.title ?? '';
  const recipients = (toExhibitor ? exhibitorSide : requester ? [requester] : []).filter(
    (user) => user.id !== data.actorUserId,
  );
  if (recipients.length === 0) return;
  const actorName = toExhibitor
    ? requester?.username || 'A visitor'
    : typeof enterpriseTitle === 'string'
      ? enterpriseTitle
      : (enterpriseTitle.en ?? Object.values(enterpriseTitle)[0] ?? '');
  await inTransaction(deps.db, (tx) =>
    notifyAppointment(
      { ...deps, db: tx },
      { event: data.event, row, recipients, actorName, enterpriseTitle },
    ),
  );
  deps.jobs.wake(deliverMessageJob);
}
