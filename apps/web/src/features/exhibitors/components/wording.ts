import type { MeetingExhibition } from '@app/contracts';
import { localize } from '@app/domain';

/** The exhibit words a meeting may rename (§3 Meeting.exhibition wording). */
export type ExhibitWords = {
  /** The pavilion / the exhibition ('Exhibition'). */
  exhibition: string;
  /** Exhibitors as a group ('Exhibitors'). */
  exhibitors: string;
  /** One exhibitor ('Exhibitor'). */
  exhibitor: string;
  /** What they show ('Products'). */
  products: string;
};

/**
 * The words exhibit pages use (§2 title rule, §3): the meeting's own wording where it sets one —
 * `exhibition_txt` for the exhibition, `exhibitor_txt` for exhibitor(s), `exhibit_txt` for the
 * exhibits (products) — in the display language (English, then any language, as `localize` does),
 * else the catalogue's default words. A blank wording counts as unset.
 */
export function exhibitWords(
  exhibition: MeetingExhibition | undefined,
  language: string,
  defaults: ExhibitWords,
): ExhibitWords {
  const own = (text: MeetingExhibition['exhibit_txt']) => (text ? localize(text, language).trim() : '');
  const exhibitor = own(exhibition?.exhibitor_txt);
  return {
    exhibition: own(exhibition?.exhibition_txt) || defaults.exhibition,
    exhibitors: exhibitor || defaults.exhibitors,
    exhibitor: exhibitor || defaults.exhibitor,
    products: own(exhibition?.exhibit_txt) || defaults.products,
  };
}
