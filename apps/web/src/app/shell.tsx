import type { Meeting } from '@app/contracts';
import { type Language, localize } from '@app/domain';
import { Building2, CalendarDays, ChevronLeft, House, Mic, Search, UserRound } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { cx } from '../components/ui/cx.ts';
import { Skeleton, SkeletonText } from '../components/ui/skeleton.tsx';
import { MeTabBadge } from '../features/notifications/components/me-tab-badge.tsx';
import { copilotPaths, copilotRoutes } from '../lib/copilot-paths.ts';
import { useClientEnvironment } from '../lib/environment-context.ts';
import { useLanguage } from '../lib/i18n.ts';
import { useMeeting } from '../lib/meeting-context.ts';
import { paths, routes } from '../lib/paths.ts';
import { searchPaths } from '../lib/search-paths.ts';
import { useIsLoggedIn } from '../lib/use-session.ts';
import { Footer } from './footer.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { type RouteHandle, useRouteHandle } from './page-route.ts';

/** The handle of the page being shown, when it names a title. */
function useTitleHandle(): RouteHandle | undefined {
  const handle = useRouteHandle();
  return handle.titleKey || handle.dynamicTitle ? handle : undefined;
}

/** The page title (§2): the `title` query, else the route title in the current language. */
export function usePageTitle(): string {
  const { t } = useTranslation('common');
  const [search] = useSearchParams();
  const handle = useTitleHandle();
  const dynamic = handle?.dynamicTitle;
  const meeting = useMeeting();
  const language = useLanguage();
  const { i18n, ready } = useTranslation(dynamic?.namespace ?? 'common');
  // A t fixed to the namespace: the hook's own t still speaks the previous page's namespace on the
  // render where the namespace changes.
  const fromRoute = dynamic
    ? ready
      ? dynamic.compute(i18n.getFixedT(language, dynamic.namespace), meeting, language)
      : ''
    : handle?.titleKey
      ? t(handle.titleKey)
      : '';
  return search.get('title') || fromRoute;
}

function useDocumentTitle(page: string, meetingName: string) {
  useEffect(() => {
    document.title = [page, meetingName].filter(Boolean).join(' · ');
  }, [page, meetingName]);
}

type NavItem = { to: string; label: string; icon: ReactNode; match: string[]; badge?: ReactNode };

/**
 * The main sections; the pavilion only where the meeting shows exhibitors (show_exhibitor 1), named
 * by the meeting's own exhibition word, else the catalogue's.
 */
function useNavItems(meeting: Meeting, language: Language): NavItem[] {
  const { t } = useTranslation('common');
  const meetingId = meeting._id.$id;
  const showsExhibitors = meeting.exhibition.show_exhibitor === 1;
  const exhibition = meeting.exhibition.exhibition_txt;
  const pavilion: NavItem[] = showsExhibitors
    ? [
        {
          to: paths.exhibit.pavilion({ meetingId }),
          // The default word is in `common`: the tab shows with the first screen, before the
          // exhibitors catalogue is needed.
          label: (exhibition && localize(exhibition, language)) || t('nav.exhibition'),
          icon: <Building2 aria-hidden="true" className="size-[22px]" />,
          match: [
            routes.exhibit,
            routes.exhibition,
            routes.exhibitorFilter,
            routes.exhibitorSearch,
            routes.productSearch,
            routes.enterprise,
            routes.product,
            routes.invitation,
          ],
        },
      ]
    : [];
  return [
    {
      to: paths.home({ meetingId }),
      label: t('nav.home'),
      icon: <House aria-hidden="true" className="size-[22px]" />,
      match: [routes.home],
    },
    {
      to: paths.agenda.schedule({ meetingId }),
      label: t('nav.agenda'),
      icon: <CalendarDays aria-hidden="true" className="size-[22px]" />,
      match: [routes.agendaSchedule, routes.agendaAlias, routes.agendaDetails],
    },
    {
      to: paths.speaker.list({ meetingId }),
      label: t('nav.speakers'),
      icon: <Mic aria-hidden="true" className="size-[22px]" />,
      match: [routes.speakerList, routes.speaker],
    },
    ...pavilion,
    {
      to: paths.my.index({ meetingId }),
      label: t('nav.me'),
      icon: <UserRound aria-hidden="true" className="size-[22px]" />,
      badge: <MeTabBadge meetingId={meetingId} />,
      match: [
        routes.myIndex,
        routes.myProfile,
        routes.accountEmail,
        routes.accountPhone,
        routes.login,
        routes.bind,
      ],
    },
  ];
}

/** The content area while a page's code loads: a title and a few lines. */
function PageContentSkeleton() {
  return (
    <div className="space-y-4 px-4 pt-5 desk:px-0 desk:pt-8" aria-busy="true">
      <Skeleton className="h-6 w-40" />
      <SkeletonText lines={4} />
    </div>
  );
}

/** Inside WeChat and the mini-program only (§1): the share card and mini-program links, with the JS-SDK. */
const WechatLayer = lazy(() => import('../features/wechat/components/wechat-layer.tsx'));

/** Layout of every meeting page: header, content, footer, and the phone tab bar. */
export function Shell() {
  const { t } = useTranslation('common');
  const meeting = useMeeting();
  const language = useLanguage();
  const environment = useClientEnvironment();
  const location = useLocation();
  const navigate = useNavigate();
  const meetingId = meeting._id.$id;
  const meetingName = localize(meeting.title, language);
  const pageTitle = usePageTitle();
  const navItems = useNavItems(meeting, language);
  const isLoggedIn = useIsLoggedIn(meetingId);
  // The desktop header has its own account entry; the phone tab bar shows all (at most five).
  const desktopItems = navItems.slice(0, -1);
  const isHome = location.pathname === routes.home;
  // A mini-program web view draws its own title bar.
  const hasMobileHeader = environment !== 'miniprogram';
  useDocumentTitle(pageTitle, meetingName);

  // The search page (§2 /meeting/search), from every page's header; one element for both headers.
  const searchEntry = (
    <Link
      to={searchPaths.search({ meetingId })}
      aria-label={t('nav.search')}
      className="inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
    >
      <Search aria-hidden="true" className="size-5" />
    </Link>
  );

  const goBack = () => {
    if (window.history.length > 1 && location.key !== 'default') navigate(-1);
    else navigate(paths.home({ meetingId }));
  };

  return (
    <div className="flex min-h-dvh flex-col pb-[calc(60px+env(safe-area-inset-bottom))] desk:pb-0">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-[3001] focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('nav.skipToContent')}
      </a>
      <header
        className={cx(
          'sticky top-0 z-40 border-b border-slate-200/70 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75',
          hasMobileHeader ? '' : 'max-desk:hidden',
        )}
      >
        {/* Phone header: back, page title, language */}
        <div className="flex h-14 items-center gap-1 px-2 desk:hidden">
          <div className="flex w-24 items-center">
            {isHome ? null : (
              <button
                type="button"
                onClick={goBack}
                aria-label={t('nav.back')}
                className="inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
              >
                <ChevronLeft aria-hidden="true" className="size-6 rtl:-scale-x-100" />
              </button>
            )}
          </div>
          <p className="min-w-0 flex-1 truncate text-center text-[17px] font-semibold text-slate-900">
            {isHome ? meetingName : pageTitle}
          </p>
          <div className="flex w-24 justify-end">
            {searchEntry}
            <LanguageSwitcher />
          </div>
        </div>
        {/* Desktop header: meeting, sections, language */}
        <div className="mx-auto hidden h-16 max-w-[1200px] items-center gap-8 px-6 desk:flex">
          <Link to={paths.home({ meetingId })} className="flex min-w-0 items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary text-sm font-bold text-on-primary"
            >
              {(meeting.acronym || meetingName).slice(0, 2).toUpperCase()}
            </span>
            <span className="truncate text-[17px] font-semibold text-slate-900">{meetingName}</span>
          </Link>
          <nav aria-label={t('nav.main')} className="flex items-center gap-1">
            {desktopItems.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={() =>
                  cx(
                    'rounded-full px-4 py-2 text-[15px] font-medium transition-colors',
                    item.match.includes(location.pathname)
                      ? 'bg-primary/10 text-primary'
                      : 'text-slate-600 hover:bg-slate-100',
                  )
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
          <LanguageSwitcher className="ms-auto" />
          {searchEntry}
          {isLoggedIn ? (
            <Link
              to={paths.my.index({ meetingId })}
              className="inline-flex h-9 items-center gap-2 rounded-full px-3 text-[15px] font-medium text-slate-700 hover:bg-slate-100"
            >
              <UserRound aria-hidden="true" className="size-5" />
              {t('nav.account')}
              <MeTabBadge meetingId={meetingId} inline />
            </Link>
          ) : location.pathname === routes.login ? null : (
            <Link
              to={paths.login({ meetingId, redirect: `${location.pathname}${location.search}` })}
              className="inline-flex h-9 items-center rounded-full bg-button px-4 text-[15px] font-medium text-on-button hover:brightness-95"
            >
              {t('nav.login')}
            </Link>
          )}
        </div>
      </header>

      {/* At least a screen tall: the footer starts below the first screen, so a page whose content
          arrives after the frame (a list, its filters) does not push a visible footer down. */}
      <main id="main" className="mx-auto min-h-dvh w-full max-w-[1200px] flex-1 desk:px-6">
        {/* A page whose code is still loading: its frame, not the previous page (which would
            still answer clicks and typing under the new address). */}
        <Suspense fallback={<PageContentSkeleton />}>
          <Outlet />
        </Suspense>
      </main>

      <Footer />

      {/* The copilot's entry (§1 AI copilot) where the meeting turned it on; not over its own screen or
          the live room's chat box. A drawn spark, not an icon import: the home's first script budget. */}
      {meeting.exhibition.enable_copilot === 1 &&
      location.pathname !== copilotRoutes.copilot &&
      location.pathname !== '/meeting/live/detail' ? (
        <Link
          to={copilotPaths.copilot({ meetingId })}
          aria-label={meeting.exhibition.copilot_name || t('nav.copilot')}
          data-testid="copilot-entry"
          className="fixed end-4 bottom-[calc(72px+env(safe-area-inset-bottom))] z-30 flex size-12 items-center justify-center rounded-full bg-primary text-on-primary shadow-lg desk:bottom-8"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="currentColor">
            <path d="M12 2l2.4 7.6L22 12l-7.6 2.4L12 22l-2.4-7.6L2 12l7.6-2.4z" />
          </svg>
        </Link>
      ) : null}

      {environment === 'wechat' || environment === 'miniprogram' ? (
        <Suspense fallback={null}>
          <WechatLayer />
        </Suspense>
      ) : null}

      {/* Phone tab bar (§9 mobile nav height 60) */}
      <nav
        aria-label={t('nav.main')}
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200/80 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur desk:hidden"
      >
        <ul className="mx-auto flex h-[60px] max-w-md">
          {navItems.map((item) => {
            const isActive = item.match.includes(location.pathname);
            return (
              <li key={item.to} className="flex-1">
                <Link
                  to={item.to}
                  aria-current={isActive ? 'page' : undefined}
                  className={cx(
                    'relative flex h-full flex-col items-center justify-center gap-0.5 text-[11px] font-medium',
                    isActive ? 'text-primary' : 'text-slate-500',
                  )}
                >
                  {item.icon}
                  {item.badge}
                  <span>{item.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
