import ar from '@app/i18n/locales/ar/messages.json' with { type: 'json' };
import cs from '@app/i18n/locales/cs/messages.json' with { type: 'json' };
import de from '@app/i18n/locales/de/messages.json' with { type: 'json' };
import en from '@app/i18n/locales/en/messages.json' with { type: 'json' };
import es from '@app/i18n/locales/es/messages.json' with { type: 'json' };
import fil from '@app/i18n/locales/fil/messages.json' with { type: 'json' };
import fr from '@app/i18n/locales/fr/messages.json' with { type: 'json' };
import hi from '@app/i18n/locales/hi/messages.json' with { type: 'json' };
import id from '@app/i18n/locales/id/messages.json' with { type: 'json' };
import it from '@app/i18n/locales/it/messages.json' with { type: 'json' };
import ja from '@app/i18n/locales/ja/messages.json' with { type: 'json' };
import kk from '@app/i18n/locales/kk/messages.json' with { type: 'json' };
import ko from '@app/i18n/locales/ko/messages.json' with { type: 'json' };
import ms from '@app/i18n/locales/ms/messages.json' with { type: 'json' };
import pl from '@app/i18n/locales/pl/messages.json' with { type: 'json' };
import pt from '@app/i18n/locales/pt/messages.json' with { type: 'json' };
import ru from '@app/i18n/locales/ru/messages.json' with { type: 'json' };
import th from '@app/i18n/locales/th/messages.json' with { type: 'json' };
import vi from '@app/i18n/locales/vi/messages.json' with { type: 'json' };
import zh from '@app/i18n/locales/zh/messages.json' with { type: 'json' };
import { escapeHtml } from '../../plugins/dev-outbox.ts';

/**
 * Texts of the code SMS and e-mail from the `messages` catalogue (packages/i18n), in the twenty UI
 * languages; anything else falls back to English.
 */
/** Every catalogue has the code texts; newer sections (appointment) may lag until translated. */
type Catalogue = Pick<typeof en, 'code'> & Partial<typeof en>;
const catalogues: Record<string, Catalogue> = {
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

/** The catalogue language to write in: the wanted one when it has a catalogue, else 'en'. */
export function messageLanguage(wanted: string | null | undefined): string {
  return wanted && Object.hasOwn(catalogues, wanted) ? wanted : 'en';
}

/**
 * The `messages` catalogue of a language (see messageLanguage); sections not yet translated there
 * are missing, so callers fall back to English per key.
 */
export function messageCatalogue(language: string | null | undefined): Partial<typeof en> {
  return catalogues[messageLanguage(language)] ?? en;
}

/** `template` with each `{{name}}` replaced by its value (unknown names are left as they are). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

type CodeText = { language: string; code: string; meeting: string; minutes: number };

function strings(input: CodeText) {
  const catalogue = catalogues[messageLanguage(input.language)] ?? en;
  const values = { code: input.code, meeting: input.meeting, minutes: String(input.minutes) };
  return { catalogue, values };
}

/** The SMS text, e.g. '123456 is your verification code for DemoCon. It expires in 10 minutes.' */
export function codeSmsText(input: CodeText): string {
  const { catalogue, values } = strings(input);
  return fill(catalogue.code.sms, values);
}

/** Subject, plain text and a simple HTML body (the code large) of the code e-mail. */
export function codeMail(input: CodeText): { subject: string; text: string; html: string } {
  const { catalogue, values } = strings(input);
  const subject = fill(catalogue.code.mailSubject, values);
  const heading = fill(catalogue.code.mailHeading, values);
  const expiry = fill(catalogue.code.mailExpiry, values);
  const ignore = fill(catalogue.code.mailIgnore, values);
  const text = `${heading}\n\n${input.code}\n\n${expiry}\n${ignore}\n`;
  const html = `<!doctype html><html lang="${escapeHtml(messageLanguage(input.language))}" dir="${messageLanguage(input.language) === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:system-ui,sans-serif;color:#222">
<p>${escapeHtml(heading)}</p>
<p style="font:700 32px/1.2 monospace;letter-spacing:6px;margin:16px 0">${escapeHtml(input.code)}</p>
<p>${escapeHtml(expiry)}</p>
<p style="color:#666;font-size:13px">${escapeHtml(ignore)}</p>
</body></html>`;
  return { subject, text, html };
}
