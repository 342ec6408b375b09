import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import {
  Component,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
} from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorState } from '../components/ui/error-state.tsx';
import { meetingQueryOptions } from '../features/meetings/api/list-meetings.ts';
import { reportClientError } from '../lib/error-reporter.ts';
import { MeetingContext } from '../lib/meeting-context.ts';
import { paths } from '../lib/paths.ts';
import { applyTheme } from '../lib/theme.ts';
import { useIsLoggedIn } from '../lib/use-session.ts';
import { meetingResolutionOptions } from './meeting-loader.ts';
import { PageContext, useRouteHandle } from './page-route.ts';
import { queryClient } from './query-client.ts';
import { PageSkeleton } from './root-layout.tsx';
import { needsLogin } from './route-guard.ts';
import { Shell } from './shell.tsx';

/**
 * Query values that do not stay in the address bar once stored (§2): `token`, and `user_id` with it.
 * A `user_id` without a token is no session: it names the person of /meeting/user and stays.
 */
const consumedParams = (search: URLSearchParams): string[] =>
  search.has('token') ? ['token', 'user_id'] : [];

/**
 * Guard and provider of every meeting page: resolves the meeting (meeting-loader.ts, a suspense
 * query: the root layout's skeleton shows until it answers), opens /404 or /204 as it says, puts the meeting in context, applies its theme,
 * completes the URL with `meeting_id` (replace, no history entry), and sends an anonymous visitor to
 * /login?redirect=… where the page or the meeting needs a login. The meeting (and so the guest-view
 * decision) is cached per meeting by the query cache.
 */
export function MeetingLayout() {
  const { pathname, search } = useLocation();
  const { params } = useContext(PageContext);
  const { data } = useSuspenseQuery(meetingResolutionOptions(pathname, new URLSearchParams(search), params));
  if ('redirect' in data) return <Navigate to={data.redirect} replace />;
  if ('choose' in data) {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <MeetingChooser />
      </Suspense>
    );
  }
  return <ResolvedMeetingLayout meetingId={data.meetingId} />;
}

/** The landing page when no meeting is found (§2): the public meetings to choose from, loaded on demand. */
const MeetingChooser = lazy(() => import('./pages/meeting-chooser-page.tsx'));

function ResolvedMeetingLayout({ meetingId }: { meetingId: string }) {
  const { data: meeting } = useQuery(meetingQueryOptions(meetingId));
  const location = useLocation();
  const navigate = useNavigate();
  const handle = useRouteHandle();
  const isLoggedIn = useIsLoggedIn(meetingId);

  useLayoutEffect(() => {
    if (meeting) applyTheme(meeting.config);
  }, [meeting]);

  // While the guard sends the visitor to login, the address is left alone: completing it here would
  // navigate in the same tick as <Navigate> and win, leaving a blank page.
  const isGoingToLogin = Boolean(
    meeting && meeting.deleted !== 1 && !isLoggedIn && needsLogin(handle, meeting),
  );

  useEffect(() => {
    if (isGoingToLogin) return;
    const search = new URLSearchParams(location.search);
    const hasMeeting = search.get('meeting_id') === meetingId || search.has('meeting');
    const consumed = consumedParams(search);
    const hasConsumed = consumed.length > 0;
    if (hasMeeting && !hasConsumed) return;
    if (!hasMeeting) search.set('meeting_id', meetingId);
    for (const name of consumed) search.delete(name);
    navigate(
      { pathname: location.pathname, search: `?${search.toString()}` },
      { replace: true, preventScrollReset: true },
    );
  }, [location.pathname, location.search, meetingId, navigate, isGoingToLogin]);

  if (meeting === null) return <Navigate to={paths.notFound()} replace />;
  if (meeting === undefined) return null;
  if (meeting.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  if (isGoingToLogin) {
    const here = new URLSearchParams(location.search);
    for (const name of consumedParams(here)) here.delete(name);
    if (!here.has('meeting_id') && !here.has('meeting')) here.set('meeting_id', meetingId);
    const query = here.toString();
    const redirect = `${location.pathname}${query ? `?${query}` : ''}`;
    return <Navigate to={paths.login({ meetingId, redirect })} replace />;
  }
  return (
    <MeetingContext.Provider value={meeting}>
      <Shell />
    </MeetingContext.Provider>
  );
}

/**
 * The meeting or the page could not be loaded (network, server error, a page's code that failed to
 * arrive): 'Failed to load the page' + reload (§8). Reload forgets the failed resolution (and runs
 * `onRetry`, e.g. forgetting a route table that failed) and renders again; another address
 * (`resetKey`) clears the error too.
 */
export class MeetingErrorBoundary extends Component<
  { resetKey: string; children: ReactNode; onRetry?: () => void },
  { failedAt: string | undefined }
> {
  override state: { failedAt: string | undefined } = { failedAt: undefined };

  static getDerivedStateFromError(): { failedAt: string } {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { failedAt: string | undefined },
  ): { failedAt: string | undefined } | null {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== undefined && state.failedAt !== props.resetKey) return { failedAt: undefined };
    return null;
  }

  /** §9: a sample of what the boundary caught is reported (lib/error-reporter.ts). */
  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportClientError('boundary', error, info.componentStack);
  }

  retry = () => {
    this.props.onRetry?.();
    queryClient.removeQueries({ queryKey: ['meeting-resolution'] });
    this.setState({ failedAt: undefined });
  };

  override render() {
    if (this.state.failedAt === undefined) return this.props.children;
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <ErrorState onRetry={this.retry} />
      </div>
    );
  }
}
