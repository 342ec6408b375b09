import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { Navigate, useLoaderData, useLocation, useNavigate, useRevalidator } from 'react-router';
import { ErrorState } from '../components/ui/error-state.tsx';
import { meetingQueryOptions } from '../features/meetings/api/list-meetings.ts';
import { MeetingContext } from '../lib/meeting-context.ts';
import { paths } from '../lib/paths.ts';
import { applyTheme } from '../lib/theme.ts';
import type { meetingLoader } from './meeting-loader.ts';
import { Shell } from './shell.tsx';

/** Query values that do not stay in the address bar once stored. */
const consumedParams = ['token', 'user_id'];

/**
 * Guard and provider of every meeting page: the loader has resolved the meeting; this puts it in
 * context, applies its theme, and completes the URL with `meeting_id` (replace, no history entry).
 */
export function MeetingLayout() {
  const { meetingId } = useLoaderData<typeof meetingLoader>();
  const { data: meeting } = useQuery(meetingQueryOptions(meetingId));
  const location = useLocation();
  const navigate = useNavigate();

  useLayoutEffect(() => {
    if (meeting) applyTheme(meeting.config);
  }, [meeting]);

  useEffect(() => {
    const search = new URLSearchParams(location.search);
    const hasMeeting = search.get('meeting_id') === meetingId || search.has('meeting');
    const hasConsumed = consumedParams.some((name) => search.has(name));
    if (hasMeeting && !hasConsumed) return;
    if (!hasMeeting) search.set('meeting_id', meetingId);
    for (const name of consumedParams) search.delete(name);
    navigate(
      { pathname: location.pathname, search: `?${search.toString()}` },
      { replace: true, preventScrollReset: true },
    );
  }, [location.pathname, location.search, meetingId, navigate]);

  if (meeting === null) return <Navigate to={paths.notFound()} replace />;
  if (meeting === undefined) return null;
  if (meeting.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  return (
    <MeetingContext.Provider value={meeting}>
      <Shell />
    </MeetingContext.Provider>
  );
}

/** The meeting could not be loaded (network, server error): 'Failed to load the page' + reload (§8). */
export function MeetingError() {
  const revalidator = useRevalidator();
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <ErrorState onRetry={() => void revalidator.revalidate()} />
    </div>
  );
}
