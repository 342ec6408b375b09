import { localize } from '@app/domain';
import ar from '@app/i18n/locales/ar/demands.json' with { type: 'json' };
import cs from '@app/i18n/locales/cs/demands.json' with { type: 'json' };
import de from '@app/i18n/locales/de/demands.json' with { type: 'json' };
import en from '@app/i18n/locales/en/demands.json' with { type: 'json' };
import es from '@app/i18n/locales/es/demands.json' with { type: 'json' };
import fil from '@app/i18n/locales/fil/demands.json' with { type: 'json' };
import fr from '@app/i18n/locales/fr/demands.json' with { type: 'json' };
import hi from '@app/i18n/locales/hi/demands.json' with { type: 'json' };
import id from '@app/i18n/locales/id/demands.json' with { type: 'json' };
import it from '@app/i18n/locales/it/demands.json' with { type: 'json' };
import ja from '@app/i18n/locales/ja/demands.json' with { type: 'json' };
import kk from '@app/i18n/locales/kk/demands.json' with { type: 'json' };
import ko from '@app/i18n/locales/ko/demands.json' with { type: 'json' };
import ms from '@app/i18n/locales/ms/demands.json' with { type: 'json' };
import pl from '@app/i18n/locales/pl/demands.json' with { type: 'json' };
import pt from '@app/i18n/locales/pt/demands.json' with { type: 'json' };
import ru from '@app/i18n/locales/ru/demands.json' with { type: 'json' };
import th from '@app/i18n/locales/th/demands.json' with { type: 'json' };
import vi from '@app/i18n/locales/vi/demands.json' with { type: 'json' };
import zh from '@app/i18n/locales/zh/demands.json' with { type: 'json' };
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { MailProvider } from '../../providers/mail/mail.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import { fill } from '../codes/codes.messages.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { findMeetingById } from '../meetings/meetings.repository.ts';
import { queueMail, queueSms } from '../messages/messages.service.ts';
import { publicLink } from '../shared/public-links.ts';
import { findUserById } from '../users/users.repository.ts';

/** The `notice` texts of the `demands` catalogue in the twenty UI languages (English for any other). */
const notices: Record<string, typeof en.notice> = {
  zh: zh.notice,
  en: en.notice,
  ja: ja.notice,
  ko: ko.notice,
  es: es.notice,
  fr: fr.notice,
  de: de.notice,
  ru: ru.notice,
  ar: ar.notice,
  vi: vi.notice,
  id: id.notice,
  kk: kk.notice,
  fil: fil.notice,
  hi: hi.notice,
  ms: ms.notice,
  it: it.notice,
  pt: pt.notice,
  pl: pl.notice,
  cs: cs.notice,
  th: th.notice,
};

/** What the comment notice needs: the providers' names, the job queue and the public address. */
export type DemandNoticeDeps = {
  config: Pick<Config, 'PUBLIC_URL'>;
  jobs: JobQueue;
  sms: Pick<SmsProvider, 'name'>;
  mail: Pick<MailProvider, 'name'>;
};

/**
 * Queues the poster's notice of a new comment on their demand (design: "poster told of a comment"),
 * in `tx` — the comment's insert — so it goes out only if the comment is stored: an e-mail when the
 * poster has one, else an SMS to their phone; nothing when they have neither or commented themself.
 * Written in the poster's language (English when none), with the link to /demand/detail.
 */
export async function queueCommentNotice(
  tx: Database,
  deps: DemandNoticeDeps,
  input: { posterId: string; commenterId: string; demandId: string; meetingId: string; title: string },
): Promise<void> {
  if (input.posterId === input.commenterId) return;
  const [poster, meeting] = await Promise.all([
    findUserById(tx, input.posterId),
    findMeetingById(tx, input.meetingId),
  ]);
  if (!poster || (!poster.email && !poster.phone)) return;
  const language = poster.language ?? 'en';
  const texts = notices[language] ?? en.notice;
  const values = {
    meeting: meeting ? localize(meeting.title, language) : '',
    title: input.title,
    link: publicLink(deps.config, '/#/demand/detail', {
      demand_id: input.demandId,
      meeting_id: input.meetingId,
    }),
  };
  const queueDeps = { ...deps, db: tx };
  if (poster.email) {
    await queueMail(queueDeps, {
      message: {
        to: poster.email,
        subject: fill(texts.commentSubject, values),
        text: fill(texts.comment, values),
      },
      meetingId: input.meetingId,
    });
    return;
  }
  if (poster.phone) {
    await queueSms(queueDeps, {
      message: { to: poster.phone, text: fill(texts.comment, values), templateParams: values },
      meetingId: input.meetingId,
    });
  }
}
