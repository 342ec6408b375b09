import { allLanguages, isLanguage, type Language, localize } from '@app/domain';
import { ChevronsUpDown, Home, LogIn, Menu, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { type ReactNode, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { ConsoleErrorState } from '../../../components/ui/console-page.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ConsoleContext } from '../../../lib/console-context.ts';
import type { ConsoleRoute } from '../../../lib/console-route.ts';
import { changeLanguage, languageName, useLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { getStoredMeetingId, setStoredMeetingId } from '../../../lib/session.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useConsoleMe } from '../api/console-me.ts';
import { type ConsoleNavEntry, meetingIdOfPath, navigationOf, switchMeetingPath } from '../console-nav.ts';
import { ConsoleNavContext } from './console-nav-context.ts';
import { NavIcon } from './nav-icons.tsx';

/**
 * The organiser console's shell (DESIGN §7), outside the meeting layout: the login gate (no session →
 * the login page, which returns here), GET /console/me, a polite 'no access' page for someone with
 * no console role, and the frame — a side navigation from the desk breakpoint (1200 px, collapsible),
 * a top bar with a drawer below it — with the meeting switcher and the screen in the middle.
 */
export function ConsoleShell({ routes }: { routes: readonly ConsoleRoute[] }) {
  const session = useSession();
  const location = useLocation();
  useLanguageQuery();

  // A session belongs to the meeting it was opened on, and the API client sends its token only while
  // that meeting is the stored one: the console acts as that session, whichever meeting was browsed.
  const hasSession = Boolean(session.token && session.userId);
  if (hasSession && session.meetingId && getStoredMeetingId() !== session.meetingId) {
    setStoredMeetingId(session.meetingId);
  }
  if (!hasSession) {
    const meetingId = session.meetingId ?? getStoredMeetingId() ?? '';
    return (
      <Navigate to={paths.login({ meetingId, redirect: `${location.pathname}${location.search}` })} replace />
    );
  }
  return <SignedInShell routes={routes} userId={session.userId as string} />;
}

/** `?lang=` on a console address switches the display language, as it does on meeting pages (§2). */
function useLanguageQuery() {
  const [search] = useSearchParams();
  const requested = search.get('lang');
  useEffect(() => {
    if (requested && isLanguage(requested)) void changeLanguage(requested);
  }, [requested]);
}

function SignedInShell({ routes, userId }: { routes: readonly ConsoleRoute[]; userId: string }) {
  // The console's catalogue and each area's, whose navigation labels the shell shows
  // ('console-registrations:nav.registrations'), loaded together before the frame shows.
  const namespaces = useMemo(
    () => [
      'console',
      ...new Set(routes.flatMap((route) => (route.nav ? [route.nav.labelKey.split(':')[0] ?? ''] : []))),
    ],
    [routes],
  );
  const { ready } = useTranslation(namespaces as unknown as ['console']);
  const { t } = useTranslation('console');
  const location = useLocation();
  const me = useConsoleMe(userId);
  const [isCollapsed, setCollapsed] = useState(false);
  const [isDrawerOpen, setDrawerOpen] = useState(false);

  // The drawer closes on every navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the address, not on what it reads
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  // The phone drawer covers the page: Escape closes it, as a keyboard user expects of an overlay.
  useEffect(() => {
    if (!isDrawerOpen) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [isDrawerOpen]);

  if (!ready || me.isPending) return <ConsoleSkeleton />;
  if (me.isError) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <ConsoleErrorState error={me.error} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  if (me.data.has_console !== 1 && me.data.is_admin !== 1) return <NoConsoleAccess />;

  const meetingId = meetingIdOfPath(location.pathname);
  const meeting = me.data.meetings.find((item) => item._id.$id === meetingId);
  const nav = navigationOf(
    routes,
    me.data,
    meeting ? { id: meeting._id.$id, actions: meeting.actions } : undefined,
  );
  const navigation = <ConsoleNavigation entries={nav} isCollapsed={isCollapsed} />;

  return (
    <ConsoleContext.Provider value={{ me: me.data, meeting }}>
      <ConsoleNavContext.Provider value={nav}>
        <div className="min-h-dvh bg-slate-50 desk:flex">
          <aside
            className={cx(
              'sticky top-0 hidden h-dvh shrink-0 flex-col border-e border-slate-200 bg-white desk:flex',
              isCollapsed ? 'w-[72px]' : 'w-64',
            )}
            aria-label={t('shell.navigation')}
          >
            <div
              className={cx(
                'flex h-14 items-center border-b border-slate-100',
                isCollapsed ? 'justify-center' : 'justify-between ps-4 pe-2',
              )}
            >
              {isCollapsed ? null : <ConsoleBrand />}
              <button
                type="button"
                onClick={() => setCollapsed(!isCollapsed)}
                className="flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
                aria-label={isCollapsed ? t('shell.expand') : t('shell.collapse')}
                aria-expanded={!isCollapsed}
                data-testid="console-collapse"
              >
                {isCollapsed ? (
                  <PanelLeftOpen aria-hidden="true" className="size-5 rtl:-scale-x-100" />
                ) : (
                  <PanelLeftClose aria-hidden="true" className="size-5 rtl:-scale-x-100" />
                )}
              </button>
            </div>
            {isCollapsed ? null : (
              <div className="border-b border-slate-100 p-3">
                <MeetingSwitcher routes={routes} />
              </div>
            )}
            <div className="min-h-0 flex-1 overflow-y-auto p-2">{navigation}</div>
            {isCollapsed ? null : (
              <div className="border-t border-slate-100 p-3">
                <ConsoleLanguageSelect />
              </div>
            )}
          </aside>

          <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-2 desk:hidden">
            <button
              type="button"
              onClick={() => setDrawerOpen(true)}
              className="flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
              aria-label={t('shell.openMenu')}
              aria-expanded={isDrawerOpen}
              data-testid="console-menu"
            >
              <Menu aria-hidden="true" className="size-5" />
            </button>
            <div className="min-w-0 flex-1">
              <p className="truncate text-[15px] font-semibold text-slate-900">
                {meeting ? <MeetingTitle meeting={meeting} /> : t('shell.brand')}
              </p>
            </div>
          </header>

          {isDrawerOpen ? (
            <div className="fixed inset-0 z-40 desk:hidden">
              <button
                type="button"
                className="absolute inset-0 bg-slate-900/40"
                aria-label={t('shell.closeMenu')}
                onClick={() => setDrawerOpen(false)}
              />
              <nav
                className="absolute inset-y-0 start-0 flex w-[min(20rem,85vw)] flex-col bg-white shadow-xl"
                aria-label={t('shell.navigation')}
                data-testid="console-drawer"
              >
                <div className="flex h-14 items-center justify-between border-b border-slate-100 ps-4 pe-2">
                  <ConsoleBrand />
                  <button
                    type="button"
                    onClick={() => setDrawerOpen(false)}
                    className="flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
                    aria-label={t('shell.closeMenu')}
                    // Focus moves into the drawer that just opened (it is not a native dialog).
                    // biome-ignore lint/a11y/noAutofocus: the drawer opens on the user's own click
                    autoFocus
                  >
                    <X aria-hidden="true" className="size-5" />
                  </button>
                </div>
                <div className="border-b border-slate-100 p-3">
                  <MeetingSwitcher routes={routes} />
                </div>
                <div className="min-h-0 flex-1 overflow-y-auto p-2">{navigation}</div>
                <div className="border-t border-slate-100 p-3">
                  <ConsoleLanguageSelect />
                </div>
              </nav>
            </div>
          ) : null}

          <main className="min-w-0 flex-1" id="console-main">
            <Suspense fallback={<ScreenSkeleton />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </ConsoleNavContext.Provider>
    </ConsoleContext.Provider>
  );
}

function ConsoleBrand() {
  const { t } = useTranslation('console');
  return (
    <Link
      to="/console"
      className="truncate text-[16px] font-semibold text-slate-900"
      data-testid="console-home"
    >
      {t('shell.brand')}
    </Link>
  );
}

function MeetingTitle({ meeting }: { meeting: { title: Parameters<typeof localize>[0] } }) {
  const language = useLanguage();
  return <>{localize(meeting.title, language)}</>;
}

/** The side navigation's entries: the selected meeting's screens, then the platform's. */
function ConsoleNavigation({ entries, isCollapsed }: { entries: ConsoleNavEntry[]; isCollapsed: boolean }) {
  // The shell loaded every area's namespace before showing the frame (SignedInShell).
  const { t } = useTranslation();
  const { t: tc } = useTranslation('console');
  const sections = (['meeting', 'platform'] as const)
    .map((section) => ({ section, items: entries.filter((entry) => entry.section === section) }))
    .filter((group) => group.items.length > 0);
  return (
    <div className="space-y-4" data-testid="console-nav">
      <NavItem to="/console" label={tc('nav.meetings')} icon="Home" isCollapsed={isCollapsed} isEnd />
      {sections.map((group) => (
        <div key={group.section}>
          {isCollapsed ? null : (
            <p className="px-3 pb-1 text-[12px] font-medium tracking-wide text-slate-400 uppercase">
              {group.section === 'meeting' ? tc('nav.meetingSection') : tc('nav.platformSection')}
            </p>
          )}
          <ul className="space-y-0.5">
            {group.items.map((entry) => (
              <li key={entry.path}>
                <NavItem
                  to={`/console/${entry.path}`}
                  label={t(entry.labelKey as never)}
                  icon={entry.icon}
                  isCollapsed={isCollapsed}
                  isEnd={/^meetings\/[0-9a-f]{24}$/.test(entry.path)}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function NavItem({
  to,
  label,
  icon,
  isCollapsed,
  isEnd,
}: {
  to: string;
  label: string;
  icon: string;
  isCollapsed: boolean;
  isEnd?: boolean;
}) {
  return (
    <NavLink
      to={to}
      end={isEnd}
      title={isCollapsed ? label : undefined}
      aria-label={isCollapsed ? label : undefined}
      className={({ isActive }) =>
        cx(
          'flex h-10 items-center gap-3 rounded-lg px-3 text-[14px] transition-colors',
          isCollapsed && 'justify-center px-0',
          isActive ? 'bg-primary/10 font-medium text-primary' : 'text-slate-700 hover:bg-slate-100',
        )
      }
    >
      {icon === 'Home' ? (
        <Home aria-hidden="true" className="size-[18px] shrink-0" />
      ) : (
        <NavIcon name={icon} className="size-[18px] shrink-0" />
      )}
      {isCollapsed ? null : <span className="truncate">{label}</span>}
    </NavLink>
  );
}

/** The meeting switcher: the caller's meetings (GET /console/me); picking one keeps the screen when it can. */
function MeetingSwitcher({ routes }: { routes: readonly ConsoleRoute[] }) {
  const { t } = useTranslation('console');
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const me = useConsoleContextMe();
  const meetingId = meetingIdOfPath(location.pathname) ?? '';
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-[12px] font-medium text-slate-500">
        {t('shell.meeting')}
      </label>
      <div className="relative">
        <select
          id={id}
          value={meetingId}
          onChange={(event) => {
            const next = event.target.value;
            navigate(next ? switchMeetingPath(routes, location.pathname, next) : '/console');
          }}
          className="h-10 w-full appearance-none truncate rounded-lg bg-slate-50 ps-3 pe-8 text-[14px] text-slate-900 ring-1 ring-slate-200 focus:ring-2 focus:ring-primary focus:outline-none"
          data-testid="console-meeting-switcher"
        >
          <option value="">{t('shell.chooseMeeting')}</option>
          {me.meetings.map((meeting) => (
            <option key={meeting._id.$id} value={meeting._id.$id}>
              {localize(meeting.title, language) || meeting._id.$id}
            </option>
          ))}
        </select>
        <ChevronsUpDown
          aria-hidden="true"
          className="pointer-events-none absolute end-2.5 top-1/2 size-4 -translate-y-1/2 text-slate-400"
        />
      </div>
    </div>
  );
}

function useConsoleContextMe() {
  const session = useSession();
  const me = useConsoleMe(session.userId);
  return me.data ?? { is_admin: 0, has_console: 0, meetings: [] };
}

/** The console's own language choice (it has no meeting header): every language of §5. */
function ConsoleLanguageSelect() {
  const { t } = useTranslation('console');
  const language = useLanguage();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-[12px] text-slate-500">
        {t('shell.language')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value as Language);
        }}
        className="h-8 min-w-0 flex-1 rounded-md bg-white px-2 text-[13px] ring-1 ring-slate-200"
        data-testid="console-language"
      >
        {allLanguages.map((item) => (
          <option key={item} value={item}>
            {languageName(item)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Someone signed in without any console role: a polite page with a way back. */
function NoConsoleAccess() {
  const { t } = useTranslation('console');
  const session = useSession();
  return (
    <div
      className="flex min-h-dvh items-center justify-center bg-slate-50 p-4"
      data-testid="console-no-access"
    >
      <div className="max-w-md rounded-card bg-white shadow-sm ring-1 ring-slate-100">
        <EmptyState
          icon={<LogIn aria-hidden="true" className="size-7" />}
          title={t('access.noAccessTitle')}
          description={t('access.noAccessBody')}
          action={
            <ButtonLink to={paths.home({ meetingId: session.meetingId })} variant="secondary">
              {t('access.backToMeeting')}
            </ButtonLink>
          }
        />
      </div>
    </div>
  );
}

/** The whole console while GET /console/me answers: the frame's shapes. */
function ConsoleSkeleton() {
  return (
    <div className="min-h-dvh bg-slate-50 desk:flex" aria-busy="true" data-testid="console-loading">
      <div className="hidden h-dvh w-64 shrink-0 space-y-3 border-e border-slate-200 bg-white p-4 desk:block">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-10 w-full" />
        {['a', 'b', 'c', 'd', 'e'].map((key) => (
          <Skeleton key={key} className="h-8 w-full" />
        ))}
      </div>
      <div className="h-14 border-b border-slate-200 bg-white desk:hidden" />
      <ScreenSkeleton />
    </div>
  );
}

/** A screen's place while its code loads. */
export function ScreenSkeleton(): ReactNode {
  return (
    <div className="mx-auto w-full max-w-[1100px] space-y-4 px-4 py-5 desk:px-8 desk:py-8" aria-busy="true">
      <Skeleton className="h-7 w-56" />
      <div className="grid grid-cols-2 gap-3 desk:grid-cols-4">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} className="h-24 rounded-card" />
        ))}
      </div>
      <Skeleton className="h-64 rounded-card" />
    </div>
  );
}
