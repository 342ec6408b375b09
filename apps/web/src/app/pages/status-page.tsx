import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button.tsx';
import { paths } from '../../lib/paths.ts';
import { getStoredMeetingId } from '../../lib/session.ts';
import { usePageTitleOnly } from './use-page-title-only.ts';

type StatusPageProps = {
  code: string;
  icon: ReactNode;
  title: string;
  description: string;
  pageTitle: string;
  /** A second way out under the home button (the /204 page's "Go back"). */
  secondaryAction?: ReactNode;
};

/** The friendly /404 and /204 pages, with a way home. */
export function StatusPage({ code, icon, title, description, pageTitle, secondaryAction }: StatusPageProps) {
  const { t } = useTranslation('common');
  usePageTitleOnly(pageTitle);
  const meetingId = getStoredMeetingId();
  return (
    <main
      id="main"
      className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-primary/10 to-slate-50 px-6"
    >
      <div className="w-full max-w-sm text-center">
        <div className="mx-auto mb-6 flex size-20 items-center justify-center rounded-full bg-white text-primary shadow-sm ring-1 ring-slate-900/5">
          {icon}
        </div>
        <p className="text-sm font-semibold tracking-widest text-primary/80">{code}</p>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-3 text-[15px] leading-relaxed text-slate-500">{description}</p>
        <ButtonLink to={paths.home(meetingId ? { meetingId } : {})} className="mt-8 w-full" replace>
          {t('actions.goHome')}
        </ButtonLink>
        {secondaryAction}
      </div>
    </main>
  );
}
