import en from '@app/i18n/locales/en/messages.json' with { type: 'json' };
import { fill, messageCatalogue, messageLanguage } from '../codes/codes.messages.ts';

/**
 * Texts of the speaker invitation SMS and e-mail (§2 /meeting/speaker/invite): the server's
 * `messages` catalogue, section `speakerInvitation`, in the twenty UI languages (English otherwise).
 */
/** The invitation message in `language`: subject, plain text and the lines of the HTML body. */
export function invitationTexts(
  language: string | null | undefined,
  values: { meeting: string; name: string; link: string },
): { language: string; subject: string; lines: string[] } {
  const chosen = messageLanguage(language);
  const texts = messageCatalogue(chosen).speakerInvitation ?? en.speakerInvitation;
  return {
    language: chosen,
    subject: fill(texts.subject, values),
    lines: [fill(texts.body, values), fill(texts.link, values), texts.expires],
  };
}
