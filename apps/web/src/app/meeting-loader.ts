import { enabledLanguages, isLanguage, resolveLanguage } from '@app/domain';
import { type LoaderFunctionArgs, replace } from 'react-router';
import { domainMeetingsQueryOptions, meetingQueryOptions } from '../features/meetings/api/list-meetings.ts';
import { ApiError } from '../lib/api/client.ts';
import { changeLanguage, requestedLanguage } from '../lib/i18n.ts';
import { paths, routes } from '../lib/paths.ts';
import { getStoredMeetingId, saveSession, setStoredMeetingId, setStoredSource } from '../lib/session.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';
import { resolveItemMeetingId } from './item-meeting.ts';
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

/** What the meeting pages render: the resolved meeting, or the meeting chooser of the landing page. */
export type MeetingLoaderData = { meetingId: string } | { choose: true };

/** Pages that show the meeting chooser when no meeting is found (§2 `/`, `/home` → /meeting/home). */
const landingPaths: readonly string[] = [routes.home];

/**
 * Loader of every meeting page: resolves the meeting (§2), remembers it, picks the display language
 * among the meeting's enabled ones (§5), or sends the visitor to /404 or /204. On the landing page
 * with no meeting found it answers `{ choose: true }` (the public meetings to choose from) and takes
 * the `lang` query as it is (no meeting narrows the languages yet).
 */
export async function meetingLoader({ request, params }: LoaderFunctionArgs): Promise<MeetingLoaderData> {
  const url = new URL(request.url);
  const search = url.searchParams;
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
      canChoose: landingPaths.includes(url.pathname),
      fetchMeeting: (id) => queryClient.fetchQuery(meetingQueryOptions(id)),
      fetchDomainMeetings: (domain) => queryClient.fetchQuery(domainMeetingsQueryOptions(domain)),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
      throw replace(paths.notFound());
    }
    throw error;
  }
  if (resolution.kind === 'not-found') throw replace(paths.notFound());
  if (resolution.kind === 'deleted') throw replace(paths.deleted({ replace: true }));
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
