import type { Meeting } from '@app/contracts';
import { resolveMeetingId } from '@app/domain';

/**
 * Which meeting a page shows (§2 routing rules), in the order of `resolveMeetingId`: query
 * `meeting_id`, query `meeting`, path `meetingId`, the item's meeting, the previous page's meeting,
 * then the domain's default meeting; none → /404. An id named by the URL or the item that does not
 * exist is a 404; a stale remembered meeting falls through to the domain default.
 */
export type MeetingResolution =
  | { kind: 'meeting'; meeting: Meeting; meetingId: string }
  | { kind: 'not-found' }
  | { kind: 'deleted' };

export type MeetingResolutionDeps = {
  search: URLSearchParams;
  pathMeetingId?: string | undefined;
  itemMeetingId: () => Promise<string | undefined>;
  previousMeetingId: string | undefined;
  hostname: string;
  fetchMeeting: (meetingId: string) => Promise<Meeting | null>;
  fetchDomainMeeting: (domain: string) => Promise<Meeting | null>;
};

function settle(meeting: Meeting | null, meetingId: string): MeetingResolution {
  if (!meeting) return { kind: 'not-found' };
  if (meeting.deleted === 1) return { kind: 'deleted' };
  return { kind: 'meeting', meeting, meetingId };
}

export async function resolveCurrentMeeting(deps: MeetingResolutionDeps): Promise<MeetingResolution> {
  const named = resolveMeetingId({
    queryMeetingId: deps.search.get('meeting_id'),
    queryMeeting: deps.search.get('meeting'),
    pathMeetingId: deps.pathMeetingId,
  });
  if (named) return settle(await deps.fetchMeeting(named), named);

  const fromItem = resolveMeetingId({ itemMeetingId: await deps.itemMeetingId() });
  if (fromItem) return settle(await deps.fetchMeeting(fromItem), fromItem);

  const previous = resolveMeetingId({ previousMeetingId: deps.previousMeetingId });
  if (previous) {
    const resolution = settle(await deps.fetchMeeting(previous), previous);
    if (resolution.kind === 'meeting') return resolution;
  }

  const byDomain = await deps.fetchDomainMeeting(deps.hostname);
  const domainId = resolveMeetingId({ domainMeetingId: byDomain?._id.$id });
  return domainId && byDomain ? settle(byDomain, domainId) : { kind: 'not-found' };
}
