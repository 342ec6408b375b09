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

/** What friend notices need: the public address, the job queue and the providers' names. */
export type FriendNoticeDeps = {
  config: Pick<Config, 'PUBLIC_URL'>;
  jobs: JobQueue;
  sms: Pick<SmsProvider, 'name'>;
  mail: Pick<MailProvider, 'name'>;
};

/** The person told, as stored (E.164 phone, lower-case e-mail). */
export type NoticeRecipient = {
  id: string;
  language: string | null;
  email: string | null;
  phone: string | null;
};

type FriendTexts = typeof en.friend;

/**
 * Tells `recipient` about a friend event in `tx` (the writing transaction, so nothing is told when it
 * rolls back): an in-app notification always ('friend.application' → /my/connections/application,
 * 'friend.accepted' → /my/connections), then an e-mail if they have one and want mail for the kind,
 * else an SMS if they have a phone and want SMS (notificationChannels). Texts come from the
 * `messages` catalogue's `friend.*` in the recipient's language. `inAppOnly` stops after the in-app
 * notification.
 */
export async function tellFriendEvent(
  tx: Database,
  deps: FriendNoticeDeps,
  input: {
    kind: 'friend.application' | 'friend.accepted';
    meetingId: string;
    recipient: NoticeRecipient;
    name: string;
    message?: string;
    /** In-app only, no mail or SMS (a repeat application to someone who just said no, §4). */
    inAppOnly?: boolean;
  },
): Promise<void> {
  const path = input.kind === 'friend.application' ? '/my/connections/application' : '/my/connections';
  const query = { meeting_id: input.meetingId };
  await recordNotification(tx, {
    userId: input.recipient.id,
    meetingId: input.meetingId,
    kind: input.kind,
    values: { name: input.name, message: input.message ?? '' },
    path,
    query,
  });
  if (input.inAppOnly) return;
  const channels = await notificationChannels(tx, input.recipient.id, input.kind);
  const language = messageLanguage(input.recipient.language);
  const texts: Partial<FriendTexts> = messageCatalogue(language).friend ?? {};
  const text = (key: keyof FriendTexts) => texts[key] ?? en.friend[key];
  const values = {
    name: input.name.slice(0, 40),
    message: (input.message ?? '').slice(0, 120),
    link: publicLink(deps.config, `/#${path}`, query),
  };
  const event = input.kind === 'friend.application' ? 'application' : 'accepted';
  // Without a message the ": {{message}}" tail of the application text is dropped.
  const body = fill(text(event), values).replace(/\s*[:：]\s*$/u, '');
  const lines = [body, fill(text('link'), values)];
  const queueDeps = { ...deps, db: tx };
  if (input.recipient.email && channels.mail) {
    const html = `<!doctype html><html lang="${escapeHtml(language)}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:system-ui,sans-serif;color:#222">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`;
    await queueMail(queueDeps, {
      message: {
        to: input.recipient.email,
        subject: fill(text(`${event}Subject`), values),
        text: `${lines.join('\n\n')}\n`,
        html,
      },
      meetingId: input.meetingId,
    });
  } else if (input.recipient.phone && channels.sms) {
    await queueSms(queueDeps, {
      message: {
        to: input.recipient.phone,
        text: lines.join(' '),
        templateParams: { event, name: values.name.slice(0, 20) },
      },
      meetingId: input.meetingId,
    });
  }
}
