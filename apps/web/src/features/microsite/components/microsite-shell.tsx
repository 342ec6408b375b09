import type { MicrositeSlug } from '@app/contracts';
import { CalendarDays, House, Map as MapIcon, Ticket, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/cx.ts';
import { micrositePaths } from '../../../lib/microsite-paths.ts';

/** The microsite's tabs (§2 /sichuan-culture): the same five on every page. */
export const micrositeTabs = [
  { slug: 'home', icon: House },
  { slug: 'meeting', icon: CalendarDays },
  { slug: 'playbill', icon: Ticket },
  { slug: 'map', icon: MapIcon },
  { slug: 'my', icon: UserRound },
] as const satisfies readonly { slug: MicrositeSlug; icon: unknown }[];

type MicrositeShellProps = {
  meetingId: string;
  slug: MicrositeSlug;
  /** The page's title: the organiser's, else the page's default name. */
  title: string;
  children: ReactNode;
};

/**
 * The frame of every microsite page (§2 /sichuan-culture/{slug}): a band in the meeting's theme colour
 * with the page's title, the microsite's tab bar (home, programme, playbill, map, me) kept in view
 * under the app's header, then the page's blocks. The same for all twelve pages: nothing is drawn per
 * page but what its blocks say.
 */
export function MicrositeShell({ meetingId, slug, title, children }: MicrositeShellProps) {
  const { t } = useTranslation('microsite');
  return (
    <div className="pb-10" data-testid="microsite" data-slug={slug}>
      <div className="bg-primary px-4 pt-6 pb-5 text-on-primary desk:mt-6 desk:rounded-card desk:px-8 desk:pt-8">
        <p className="text-[13px] font-medium tracking-wide uppercase opacity-80">{t('name')}</p>
        <h1 className="mt-1 text-2xl font-bold desk:text-3xl" data-testid="microsite-title">
          {title}
        </h1>
      </div>
      <nav
        aria-label={t('tabsLabel')}
        className="sticky top-14 z-30 border-b border-slate-200/70 bg-white/95 backdrop-blur desk:top-16 desk:rounded-b-card"
      >
        <ul className="mx-auto flex max-w-xl">
          {micrositeTabs.map(({ slug: tab, icon: Icon }) => {
            const isCurrent = tab === slug;
            return (
              <li key={tab} className="flex-1">
                <Link
                  to={micrositePaths.page({ meetingId, slug: tab })}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={cx(
                    'flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium transition-colors',
                    isCurrent ? 'text-primary' : 'text-slate-500 hover:text-slate-800',
                  )}
                >
                  <Icon aria-hidden="true" className="size-5" strokeWidth={isCurrent ? 2.4 : 1.8} />
                  {t(`tabs.${tab}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="px-4 pt-5 desk:px-0 desk:pt-8">{children}</div>
    </div>
  );
}
