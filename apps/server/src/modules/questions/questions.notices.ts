import en from '@app/i18n/locales/en/messages.json' with { type: 'json' };
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { escapeHtml } from '../../plugins/dev-outbox.ts';
import type { MailProvider } from '../../providers/mail/mail.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import { fill, messageCatalogue, messageLanguage } from '../codes/codes.messages.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { queueMail, queueSms } from '../messages/messages.service.ts';
import { notificationChannels, recordNotification } from '../notifications/notifications.service.ts';
import { publicLink } from '../shared/public-links.ts';
import type { PersonRow } from './questions.repository.ts';

/** What the Q&A and inquiry notices need: the public address, the job queue and the providers' names. */
export type QaNoticeDeps = {
  config: Pick<Config, 'PUBLIC_URL'>;
  jobs: JobQueue;
  sms: Pick<SmsProvider, 'name'>;
  mail: Pick<MailProvider, 'name'>;
};

type QaTexts = typeof en.qa;
/** Which notice: a question answered, an inquiry received, a reply in an inquiry's thread. */
export type QaNoticeEvent = 'answered' | 'inquiry' | 'replied';

/** A localized title in `language`, else English, else the first one given. */
export function localizedTitle(title: string | Record<string, string>, language: string): string {
  if (typeof title === 'string') return title;
  return title[language] ?? title.en ?? Object.values(title)[0] ?? '';
}

/** Shortens a quoted user text for a notice (SMS length). */
function quote(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Queues one notice to each recipient in `tx` — the writing transaction, so it goes out only if the
 * write commits (community design: notifications): an e-mail when they have one, else an SMS to their
 * phone, else nothing. Texts are the `messages` catalogue's `qa.*` in the recipient's language (English
 * when they have none). `path` + `query` build the link to the page in the app.
 */
export async function queueQaNotice(
  tx: Database,
  deps: QaNoticeDeps,
  input: {
    event: QaNoticeEvent;
    meetingId: string;
    recipients: PersonRow[];
    enterpriseTitle: string | Record<string, string>;
    values: { name?: string; question?: string; answer?: string; content?: string };
    path: string;
    query: Record<string, string>;
  },
): Promise<void> {
  const link = publicLink(deps.config, `/#${input.path}`, input.query);
  const queueDeps = { ...deps, db: tx };
  for (const recipient of input.recipients) {
    const language = messageLanguage(recipient.language);
    const texts: Partial<QaTexts> = messageCatalogue(language).qa ?? {};
    const text = (key: keyof QaTexts) => texts[key] ?? en.qa[key];
    const values = {
      enterprise: localizedTitle(input.enterpriseTitle, language),
      name: input.values.name ?? '',
      question: quote(input.values.question ?? ''),
      answer: quote(input.values.answer ?? '', 200),
      content: quote(input.values.content ?? '', 200),
      link,
    };
    const lines = [fill(text(input.event), values), fill(text('link'), values)];
    const subject = fill(text(`${input.event}Subject`), values);
    // An answer is also kept in the asker's notification centre; mail / SMS only where they want them.
    let channels = { mail: true, sms: true };
    if (input.event === 'answered') {
      await recordNotification(tx, {
        userId: recipient.id,
        meetingId: input.meetingId,
        kind: 'question.answer',
        values: { enterprise: values.enterprise, question: values.question },
        path: input.path,
        query: input.query,
      });
      channels = await notificationChannels(tx, recipient.id, 'question.answer');
    }
    if (recipient.email && channels.mail) {
      const html = `<!doctype html><html lang="${escapeHtml(language)}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:system-ui,sans-serif;color:#222">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`;
      await queueMail(queueDeps, {
        message: { to: recipient.email, subject, text: `${lines.join('\n\n')}\n`, html },
        meetingId: input.meetingId,
      });
    } else if (recipient.phone && channels.sms) {
      await queueSms(queueDeps, {
        message: {
          to: recipient.phone,
          text: lines.join(' '),
          templateParams: { event: input.event, enterprise: values.enterprise.slice(0, 20) },
        },
        meetingId: input.meetingId,
      });
    }
  }
}
