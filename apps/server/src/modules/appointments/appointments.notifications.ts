import en from '@app/i18n/locales/en/messages.json' with { type: 'json' };
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { unix } from '../../db/wire.ts';
import { escapeHtml } from '../../plugins/dev-outbox.ts';
import type { MailProvider } from '../../providers/mail/mail.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import { fill, messageCatalogue, messageLanguage } from '../codes/codes.messages.ts';
import { deliverMail, deliverSms } from '../messages/messages.service.ts';
import type { AppointmentRow, AppointmentUserRow } from './appointments.repository.ts';

/**
 * Appointment notices through the mail/SMS outbox (issue 6 part 4): the other side hears of a
 * request, an answer (accept, ignore) and a withdrawal or cancellation. Texts come from the
 * `messages` catalogue (`appointment.*`) in each recipient's language (English when they have none
 * or it is not translated yet), with the time in the appointment's zone and a link to its page.
 */

/** What happened: the request sent, accepted, ignored, retracted (by the requester) or cancelled. */
export type AppointmentEvent = 'requested' | 'accepted' | 'ignored' | 'retracted' | 'cancelled';

export type NotifyDeps = {
  db: Database;
  config: Pick<Config, 'PUBLIC_URL'>;
  sms: SmsProvider;
  mail: MailProvider;
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

/** The appointment page: `${PUBLIC_URL}/#/appointment?appointment_id=…&meeting_id=…`. */
export function appointmentLink(publicUrl: string, row: Pick<AppointmentRow, 'id' | 'meetingId'>): string {
  const query = new URLSearchParams({ appointment_id: row.id, meeting_id: row.meetingId });
  return `${publicUrl.replace(/\/+$/, '')}/#/appointment?${query.toString()}`;
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
 * Sends `event` of an appointment to each recipient: by e-mail when they have one, else by SMS to
 * their phone (template 'appointment'), else not at all. Every message is recorded in the outbox;
 * a failed delivery (or any error) is logged and never thrown — the caller's change is already
 * committed.
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
  log: (error: unknown) => void = (error) => console.error('appointment notice failed', error),
): Promise<void> {
  const link = appointmentLink(deps.config.PUBLIC_URL, input.row);
  await Promise.all(
    input.recipients.map(async (recipient) => {
      try {
        const { subject, lines } = appointmentNotice({ ...input, language: recipient.language, link });
        const meetingId = input.row.meetingId;
        if (recipient.email) {
          const language = messageLanguage(recipient.language);
          const html = `<!doctype html><html lang="${escapeHtml(language)}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:system-ui,sans-serif;color:#222">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`;
          await deliverMail(deps, {
            message: { to: recipient.email, subject, text: `${lines.join('\n\n')}\n`, html },
            meetingId,
          });
        } else if (recipient.phone) {
          await deliverSms(deps, {
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
      } catch (error) {
        log(error);
      }
    }),
  );
}
