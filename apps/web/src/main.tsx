import { isLanguage } from '@app/domain';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { currentRoute, NavigationBridge, replaceRoute } from './app/navigation.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, startFirstPage } from './app/router.tsx';
import { showToast } from './components/ui/toast.tsx';
import { setApiEventHandlers } from './lib/api/api.ts';
import { currentEnvironment } from './lib/environment.ts';
import { installErrorReporter } from './lib/error-reporter.ts';
import { i18n, initI18n, requestedLanguage } from './lib/i18n.ts';
import { paths, routes } from './lib/paths.ts';
import { clearSession, getSession, getStoredMeetingId } from './lib/session.ts';
import { preloadDateFormatting } from './lib/time.ts';
import { yieldToMain } from './lib/yield-to-main.ts';
import './styles.css';

installErrorReporter();
const environment = currentEnvironment();
document.documentElement.dataset.env = environment;

/**
 * Query values written before the hash (`/?lang=ar`, `/?meeting_id=…#/agenda`) apply like the hash
 * route's own (§2 `lang`, `meeting_id`, `token`, `source` on every route, the first one included):
 * they join the hash's query — its own values win — and leave the page address, without a history
 * entry, before the router reads the location.
 */
function adoptPageQuery(): void {
  const { pathname, search, hash } = window.location;
  if (search.length <= 1) return;
  const route = hash.replace(/^#/, '') || '/';
  const index = route.indexOf('?');
  const path = index >= 0 ? route.slice(0, index) : route;
  const merged = new URLSearchParams(search);
  for (const [key, value] of new URLSearchParams(index >= 0 ? route.slice(index + 1) : '')) {
    merged.set(key, value);
  }
  const query = merged.toString();
  const target = `${path.startsWith('/') ? path : `/${path}`}${query ? `?${query}` : ''}`;
  window.history.replaceState(window.history.state, '', `${pathname}#${target}`);
}
adoptPageQuery();

/** The query of the hash route (`#/path?query`), read before the router starts. */
function initialSearch(): URLSearchParams {
  const hash = window.location.hash;
  const index = hash.indexOf('?');
  return new URLSearchParams(index >= 0 ? hash.slice(index + 1) : '');
}

async function start() {
  const requested = requestedLanguage(initialSearch());
  // The meeting narrows this to its enabled languages once it is known (meeting loader).
  const language = isLanguage(requested) ? requested : 'en';
  const i18nReady = initI18n(language);

  // The first page starts in a task of its own, not at the end of the module evaluation (long tasks
  // delay input and paint), and before the catalogues arrive: its meeting, its prefetch (the home
  // page's blocks) and its code load alongside them, not a round trip later.
  await yieldToMain();
  const first = currentRoute();
  const firstPage = startFirstPage(first.pathname, first.search).catch(() => undefined);
  setApiEventHandlers({
    // §8: a 403 toasts 'token invalid', logs out and opens the login page with a redirect back —
    // unless the visitor is already on an account page (re-entry guard).
    onForbidden: () => {
      if (!getSession().token) return;
      showToast(i18n.t('token.invalid'));
      clearSession();
      const { pathname, search } = currentRoute();
      if ([routes.login, routes.bind, routes.agree].includes(pathname as never)) return;
      const meetingId = getStoredMeetingId();
      if (!meetingId) return;
      replaceRoute(paths.login({ meetingId, redirect: `${pathname}${search}` }));
    },
    onInvalidObjectId: () => {
      replaceRoute(paths.notFound());
    },
  });

  await i18nReady;
  // While the page's meeting and code may still be on the way: the first screen's dates then cost
  // no Intl start-up.
  preloadDateFormatting(language);
  // The first render waits (at most 2 s, the HTML's skeleton showing) for the page's meeting and
  // code: a render that suspended on them would show its content 300 ms after React's skeleton at
  // the earliest (React throttles the reveal of a suspended boundary).
  await Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, 2000))]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const root = createRoot(container);
  // A transition: React renders the first screen in short slices instead of one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders environment={environment}>
          <HashRouter useTransitions={false}>
            <NavigationBridge />
            <AppRoutes />
          </HashRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}

void start();
