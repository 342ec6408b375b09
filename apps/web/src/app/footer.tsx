import { useTranslation } from 'react-i18next';
import { useOptionalMeeting } from '../lib/meeting-context.ts';

const poweredByUrl = import.meta.env.VITE_POWERED_BY_URL ?? './';

/** Filing number (config.icp) and the powered-by line (§1): hidden, plain, or a link. */
export function Footer() {
  const { t } = useTranslation('common');
  const meeting = useOptionalMeeting();
  const icp = meeting?.config.icp?.trim();
  const powerBy = meeting?.exhibition.powerby ?? '';
  const poweredBy = t('footer.poweredBy', { name: t('app.name') });
  if (!icp && powerBy === 'hidden') return null;
  return (
    <footer className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-6 text-center text-xs text-slate-400 desk:px-6 desk:pb-8">
      {icp ? (
        <p>
          <a
            href="https://beian.miit.gov.cn/"
            target="_blank"
            rel="noopener noreferrer"
            className="hover:text-slate-600"
          >
            {t('footer.icp', { number: icp })}
          </a>
        </p>
      ) : null}
      {powerBy === 'hidden' ? null : (
        <p className="mt-1" data-testid="powered-by">
          {powerBy === 'link' ? (
            <a href={poweredByUrl} target="_blank" rel="noopener noreferrer" className="hover:text-slate-600">
              {poweredBy}
            </a>
          ) : (
            poweredBy
          )}
        </p>
      )}
    </footer>
  );
}
