import { enabledLanguages, isLanguage, resolveLanguage, resolveMeetingId } from '@app/domain';
import { queryOptions } from '@tanstack/react-query';
import { domainMeetingsQueryOptions, meetingQueryOptions } from '../features/meetings/api/list-meetings.ts';
import { ApiError } from '../lib/api/client.ts';
import { changeLanguage, requestedLanguage } from '../lib/i18n.ts';
import { paths, routes } from '../lib/paths.ts';
import { getStoredMeetingId, saveSession, setStoredMeetingId, setStoredSource } from '../lib/session.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';
import { resolveItemMeetingId } from './item-meeting.ts';
import type { RouteParams } from './page-route.ts';
import { queryClient } from './query-client.ts';
import { resolveCurrentMeeting } from './resolve-current-meeting.ts';

/**
 * Query values that are stored whatever the page (§2): `source`, and `token` + `user_id` as the
 * session of the meeting (the query's `meeting_id`, else the resolved one).
 */
export function storeQueryValues(search: URLSearchParams, resolvedMeetingId?: string): void {
  const source = search.get('source');
  if (source) setStoredSource(source);
  const token = search.get('token');
  const userId = search.get('user_id');
  const meetingId = search.get('meeting_id') ?? resolvedMeetingId;
  if (token && userId && meetingId) saveSession({ token, userId, meetingId });
}

/**
 * What the meeting pages render: the resolved meeting, the meeting chooser of the landing page, or
 * another address to open instead (replace): /404 or /204.
 */
export type MeetingLoaderData = { meetingId: string } | { choose: true } | { redirect: string };

/** Pages that show the meeting chooser when no meeting is found (§2 `/`, `/home` → /meeting/home). */
const landingPaths: readonly string[] = [routes.home];

/**
 * Runs for every meeting page before it renders (router.tsx: a query keyed by the address's meeting
 * inputs, its path and `meeting_id`, `meeting`, `lang`): resolves the meeting (§2), remembers it,
 * picks the display language among the meeting's enabled ones (§5), or answers `{ redirect }` to
 * /404 or /204. On the landing page with no meeting found it answers `{ choose: true }` (the public
 * meetings to choose from) and takes the `lang` query as it is (no meeting narrows the languages
 * yet). Network and server errors reject: the meeting area offers a reload (§8).
 */
export async function meetingLoader({
  pathname,
  search,
  params,
}: {
  pathname: string;
  search: URLSearchParams;
  params: RouteParams;
}): Promise<MeetingLoaderData> {
  storeQueryValues(search);
  // Its requests start in a task of their own, not in the one that started the navigation.
  await yieldToMain();
  let resolution: Awaited<ReturnType<typeof resolveCurrentMeeting>>;
  try {
    resolution = await resolveCurrentMeeting({
      search,
      pathMeetingId: params.meetingId,
      itemMeetingId: () => resolveItemMeetingId(search).catch(() => undefined),
      previousMeetingId: getStoredMeetingId(),
      hostname: window.location.hostname,
      canChoose: landingPaths.includes(pathname),
      fetchMeeting: (id) => queryClient.fetchQuery(meetingQueryOptions(id)),
      fetchDomainMeetings: (domain) => queryClient.fetchQuery(domainMeetingsQueryOptions(domain)),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
      return { redirect: paths.notFound() };
    }
    throw error;
  }
  if (resolution.kind === 'not-found') return { redirect: paths.notFound() };
  if (resolution.kind === 'deleted') return { redirect: paths.deleted({ replace: true }) };
  if (resolution.kind === 'choose') {
    const asked = search.get('lang');
    if (asked && isLanguage(asked)) await changeLanguage(asked);
    return { choose: true };
  }

  const { meeting, meetingId } = resolution;
  queryClient.setQueryData(meetingQueryOptions(meetingId).queryKey, meeting);
  setStoredMeetingId(meetingId);
  if (!search.has('meeting_id')) storeQueryValues(search, meetingId);
  const language = resolveLanguage(requestedLanguage(search), enabledLanguages(meeting.config.language));
  await changeLanguage(language, { remember: search.has('lang') });
  return { meetingId };
}

/** The resolution of an address that names its meeting: the same for every page of that meeting. */
const namedKey = (meetingId: string, lang: string | null) => ['meeting-resolution', 'named', meetingId, lang];

/**
 * The meeting resolution of an address as a query (§2). Keyed by what decides it: the named meeting
 * (`meeting_id`, `meeting` or the path's meetingId) and `lang`; an address naming none by its path and
 * those query values (the item, the domain and the landing rule depend on the path). Never stale by
 * itself: router.tsx runs it again when the path or the key changes, not when only another query
 * value does. Never retried: a failure shows the reload offer at once (§8).
 */
export function meetingResolutionOptions(pathname: string, search: URLSearchParams, params: RouteParams) {
  const named = resolveMeetingId({
    queryMeetingId: search.get('meeting_id'),
    queryMeeting: search.get('meeting'),
    pathMeetingId: params.meetingId,
  });
  const lang = search.get('lang');
  return queryOptions({
    queryKey: named
      ? namedKey(named, lang)
      : ['meeting-resolution', 'address', pathname, search.get('meeting_id'), search.get('meeting'), lang],
    queryFn: async () => {
      const data = await meetingLoader({ pathname, search, params });
      // The address gains meeting_id next (meeting-layout.tsx): that address's answer is known.
      if (!named && 'meetingId' in data) queryClient.setQueryData(namedKey(data.meetingId, lang), data);
      return data;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Whether a resolution key is of an address that names its meeting (its past answer stays true). */
export const namesMeeting = (queryKey: readonly unknown[]): boolean => queryKey[1] === 'named';
