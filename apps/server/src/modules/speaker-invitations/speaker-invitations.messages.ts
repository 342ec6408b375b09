import ar from '@app/i18n/locales/ar/console-speakers.json' with { type: 'json' };
import cs from '@app/i18n/locales/cs/console-speakers.json' with { type: 'json' };
import de from '@app/i18n/locales/de/console-speakers.json' with { type: 'json' };
import en from '@app/i18n/locales/en/console-speakers.json' with { type: 'json' };
import es from '@app/i18n/locales/es/console-speakers.json' with { type: 'json' };
import fil from '@app/i18n/locales/fil/console-speakers.json' with { type: 'json' };
import fr from '@app/i18n/locales/fr/console-speakers.json' with { type: 'json' };
import hi from '@app/i18n/locales/hi/console-speakers.json' with { type: 'json' };
import id from '@app/i18n/locales/id/console-speakers.json' with { type: 'json' };
import it from '@app/i18n/locales/it/console-speakers.json' with { type: 'json' };
import ja from '@app/i18n/locales/ja/console-speakers.json' with { type: 'json' };
import kk from '@app/i18n/locales/kk/console-speakers.json' with { type: 'json' };
import ko from '@app/i18n/locales/ko/console-speakers.json' with { type: 'json' };
import ms from '@app/i18n/locales/ms/console-speakers.json' with { type: 'json' };
import pl from '@app/i18n/locales/pl/console-speakers.json' with { type: 'json' };
import pt from '@app/i18n/locales/pt/console-speakers.json' with { type: 'json' };
import ru from '@app/i18n/locales/ru/console-speakers.json' with { type: 'json' };
import th from '@app/i18n/locales/th/console-speakers.json' with { type: 'json' };
import vi from '@app/i18n/locales/vi/console-speakers.json' with { type: 'json' };
import zh from '@app/i18n/locales/zh/console-speakers.json' with { type: 'json' };
import { fill } from '../codes/codes.messages.ts';

/**
 * Texts of the speaker invitation SMS and e-mail (§2 /meeting/speaker/invite), from the
 * `console-speakers` catalogue's `mail` section in the twenty UI languages (English otherwise).
 */
type MailTexts = typeof en.mail;
const catalogues: Record<string, { mail: MailTexts }> = {
  zh,
  en,
  ja,
  ko,
  es,
  fr,
  de,
  ru,
  ar,
  vi,
  id,
  kk,
  fil,
  hi,
  ms,
  it,
  pt,
  pl,
  cs,
  th,
};

/** The invitation message in `language`: subject, plain text and the lines of the HTML body. */
export function invitationTexts(
  language: string | null | undefined,
  values: { meeting: string; name: string; link: string },
): { language: string; subject: string; lines: string[] } {
  const chosen = language && catalogues[language] ? language : 'en';
  const texts = catalogues[chosen]?.mail ?? en.mail;
  return {
    language: chosen,
    subject: fill(texts.subject, values),
    lines: [fill(texts.body, values), fill(texts.link, values), texts.expires],
  };
}
