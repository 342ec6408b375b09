import type { Meeting } from '@app/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { type ExhibitWords, exhibitWords } from './wording.ts';

/** The exhibit pages, each titled from the meeting's wording (§2 title rule). */
export type ExhibitPage =
  | 'pavilion'
  | 'filter'
  | 'exhibitorSearch'
  | 'productSearch'
  | 'enterprise'
  | 'product'
  | 'collection'
  | 'bind'
  | 'manage'
  | 'apply'
  | 'password'
  | 'invitation';

type Translate = TFunction<'exhibitors'>;

/** The exhibit words of `meeting` in `language`, defaults from the `exhibitors` catalogue. */
export function meetingExhibitWords(t: Translate, meeting: Meeting, language: string): ExhibitWords {
  return exhibitWords(meeting.exhibition, language, {
    exhibition: t('words.exhibition'),
    exhibitors: t('words.exhibitors'),
    exhibitor: t('words.exhibitor'),
    products: t('words.products'),
  });
}

/**
 * The title of an exhibit page (§2 title rule): its catalogue title `pages.<page>`, where the
 * meeting's wording stands in for the default words (the pavilion is called by its exhibition word).
 */
export function exhibitPageTitle(
  page: ExhibitPage,
  t: Translate,
  meeting: Meeting,
  language: string,
): string {
  return t(`pages.${page}`, meetingExhibitWords(t, meeting, language));
}

/** The current meeting's exhibit words in the display language, for labels inside exhibit pages. */
export function useExhibitWords(): ExhibitWords {
  const { t } = useTranslation('exhibitors');
  const meeting = useMeeting();
  const language = useLanguage();
  return meetingExhibitWords(t, meeting, language);
}
