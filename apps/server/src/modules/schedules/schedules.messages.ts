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
import { messageLanguage } from '../codes/codes.messages.ts';

/**
 * Texts of the iCalendar feed (issue 6 part 5) from the `messages` catalogue (packages/i18n, key group
 * `calendar`). A language whose catalogue lacks a text yet falls back to English text by text.
 */
export type CalendarTexts = {
  /** X-WR-CALNAME, e.g. 'My meetings'. */
  name: string;
  /** SUMMARY with `{{name}}`: 'Meeting with {{name}}'. */
  summary: string;
  /** The name used when the requester has none. */
  visitor: string;
  /** LOCATION of an online meeting. */
  online: string;
};

type LooseCatalogue = { [group: string]: unknown; calendar?: Partial<CalendarTexts> };
const catalogues: Record<string, LooseCatalogue> = {
  ar,
  cs,
  de,
  en,
  es,
  fil,
  fr,
  hi,
  id,
  it,
  ja,
  kk,
  ko,
  ms,
  pl,
  pt,
  ru,
  th,
  vi,
  zh,
};

/** The calendar texts in `language` (a UI language code; others get English). */
export function calendarTexts(language: string | null | undefined): CalendarTexts {
  const wanted = catalogues[messageLanguage(language)]?.calendar ?? {};
  return { ...en.calendar, ...wanted };
}

/** Fills `{{name}}` placeholders of a catalogue text. */
export function fillText(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
