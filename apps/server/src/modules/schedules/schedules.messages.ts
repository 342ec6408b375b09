import en from '@app/i18n/locales/en/messages.json' with { type: 'json' };
import { messageCatalogue } from '../codes/codes.messages.ts';

/**
 * Texts of the iCalendar feed (beyond the spec; §3 Schedule) from the `messages` catalogue (packages/i18n,
 * key group `calendar`), read through the same loader as the code and appointment texts: a language whose
 * catalogue lacks a text falls back to English text by text.
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

/** The calendar texts in `language` (a UI language code; others get English). */
export function calendarTexts(language: string | null | undefined): CalendarTexts {
  return { ...en.calendar, ...messageCatalogue(language).calendar };
}
