import type { Meeting } from '@app/contracts';
import { resolveMeetingId } from '@app/domain';

/**
 * Which meeting a page shows (§2 routing rules): the meeting the address names (query `meeting_id`,
 * query `meeting`, path `meetingId`), else the item's meeting, else the domain's default meeting,
 * else the remembered (previous page's) meeting, else the only public meeting. An id named by the
 * URL or the item that does not exist is a 404; a stale remembered meeting is skipped. When none is
 * found the landing pages (`/`, `/home`, `/meeting/home`) let the visitor choose among the public
 * meetings; every other page is a 404 (§2 "If none is found the user goes to /404").
 */
export type MeetingResolution =
  | { kind: 'meeting'; meeting: Meeting; meetingId: string }
  | { kind: 'choose' }
  | { kind: 'not-found' }
  | { kind: 'deleted' };

export type MeetingResolutionDeps = {
  search: URLSearchParams;
  pathMeetingId?: string | undefined;
  itemMeetingId: () => Promise<string | undefined>;
  previousMeetingId: string | undefined;
  hostname: string;
  /** Whether this page may show the meeting chooser when nothing is found (the landing pages). */
  canChoose?: boolean;
  fetchMeeting: (meetingId: string) => Promise<Meeting | null>;
  /**
   * The domain's default meeting, or — when no meeting has that domain — the public meetings
   * (GET /demand/meetings?domain=…&fallback=public).
   */
  fetchDomainMeetings: (domain: string) => Promise<Meeting[]>;
};

function settle(meeting: Meeting | null, meetingId: string): MeetingResolution {
  if (!meeting) return { kind: 'not-found' };
  if (meeting.deleted === 1) return { kind: 'deleted' };
  return { kind: 'meeting', meeting, meetingId };
}

/** A live meeting as a resolution. */
const live = (meeting: Meeting): MeetingResolution => ({
  kind: 'meeting',
  meeting,
  meetingId: meeting._id.$id,
});

/** Resolves the current meeting in the §2 order above; see MeetingResolution for the outcomes. */
export async function resolveCurrentMeeting(deps: MeetingResolutionDeps): Promise<MeetingResolution> {
  const named = resolveMeetingId({
    queryMeetingId: deps.search.get('meeting_id'),
    queryMeeting: deps.search.get('meeting'),
    pathMeetingId: deps.pathMeetingId,
  });
  if (named) return settle(await deps.fetchMeeting(named), named);

  const fromItem = resolveMeetingId({ itemMeetingId: await deps.itemMeetingId() });
  if (fromItem) return settle(await deps.fetchMeeting(fromItem), fromItem);

  const hostname = deps.hostname.toLowerCase();
  const candidates = await deps.fetchDomainMeetings(hostname);
  const byDomain = candidates.find((meeting) => meeting.domain?.toLowerCase() === hostname);
  if (byDomain && resolveMeetingId({ domainMeetingId: byDomain._id.$id })) return live(byDomain);

  const previous = resolveMeetingId({ previousMeetingId: deps.previousMeetingId });
  if (previous) {
    const listed = candidates.find((meeting) => meeting._id.$id === previous);
    const resolution = listed ? live(listed) : settle(await deps.fetchMeeting(previous), previous);
    if (resolution.kind === 'meeting') return resolution;
  }

  const [only, ...more] = candidates;
  if (only && more.length === 0 && only.deleted !== 1) return live(only);
  return deps.canChoose ? { kind: 'choose' } : { kind: 'not-found' };
}
