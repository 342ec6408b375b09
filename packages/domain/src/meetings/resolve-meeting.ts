/**
 * Which meeting a page belongs to (§2 routing rules).
 */

export type MeetingSources = {
  /** `meeting_id` query parameter. */
  queryMeetingId?: string | null | undefined;
  /** `meeting` query parameter. */
  queryMeeting?: string | null | undefined;
  /** `meetingId` path parameter. */
  pathMeetingId?: string | null | undefined;
  /** Meeting of the item the page shows (news, live, enterprise, speaker …), when already known. */
  itemMeetingId?: string | null | undefined;
  /** Meeting of the previous page (kept in client storage). */
  previousMeetingId?: string | null | undefined;
  /** Meeting the current domain maps to. */
  domainMeetingId?: string | null | undefined;
};

const isId = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^[0-9a-f]{24}$/.test(value);

/**
 * Resolves the current meeting id: query `meeting_id`, query `meeting`, path `meetingId`, the item's
 * meeting, the previous page's meeting, then the domain's default meeting. Values that are not 24-hex
 * ids are skipped. Returns undefined when none is found (the app then opens /404).
 */
export function resolveMeetingId(sources: MeetingSources): string | undefined {
  const ordered = [
    sources.queryMeetingId,
    sources.queryMeeting,
    sources.pathMeetingId,
    sources.itemMeetingId,
    sources.previousMeetingId,
    sources.domainMeetingId,
  ];
  return ordered.find(isId);
}
