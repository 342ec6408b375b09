import { localize } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { Paragraphs } from '../../../components/ui/paragraphs.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';

/**
 * /agree (§2): the meeting's privacy policy (config.privacy_policy in the visitor's language), or the
 * platform's standard policy naming the meeting when the organiser set none.
 */
export function Component() {
  const { t, ready } = useTranslation('auth');
  const meeting = useMeeting();
  const language = useLanguage();
  if (!ready) return null;
  const name = localize(meeting.title, language);
  const own = meeting.config.privacy_policy ? localize(meeting.config.privacy_policy, language) : '';
  const text = own || t('policy.default', { meeting: name });
  return (
    <article className="mx-auto max-w-[720px] px-5 py-6 desk:py-10">
      <h1 className="text-[22px] font-semibold text-slate-900">{t('policy.title')}</h1>
      <p className="mt-1 text-[13px] text-slate-500">{name}</p>
      <div className="mt-5 text-[15px] leading-relaxed text-slate-700">
        <Paragraphs text={text} />
      </div>
    </article>
  );
}
