import { type ListParams, type Meeting, meetingQuerySpec, parseListQuery, reorderById } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { addMeetingView, findMeetings, type MeetingField } from './meetings.repository.ts';
import { toWireMeeting } from './meetings.serializer.ts';

/**
 * Lists meetings (GET /demand/meetings, §7 Meetings: the public list — every live, not deleted
 * meeting). `domain` (plain parameter) is a shorthand for `query.domain` — how the client finds the
 * domain's default meeting (§2). With `fallback: 'public'` and a domain no live meeting has (a fresh
 * install opened at 127.0.0.1 or a LAN address, where the demo meeting is bound to `localhost`), the
 * answer is the public meetings under the other conditions, newest start first: the client then
 * takes the remembered meeting, the only public one, or lets the visitor choose (§2 landing). A
 * result whose `domain` equals the asked domain is the domain default; the others are the fallback.
 * @param input list parameters (query, sort, limit 1–999, skip), `domain` (host name, any case),
 *   `fallback`
 * @returns wire meetings, in `_id` list order when filtered by ids
 * @throws ListQueryError (400 invalid_query, invalid_object_id, limit_too_large)
 */
export async function listMeetings(
  deps: { db: Database },
  input: ListParams & { domain?: string | undefined; fallback?: 'public' | undefined },
): Promise<Meeting[]> {
  const query = parseListQuery<MeetingField>(meetingQuerySpec, input);
  const others = [...query.conditions];
  if (input.domain) query.conditions.push({ field: 'domain', op: '$eq', value: input.domain.toLowerCase() });
  let rows = await findMeetings(deps.db, query);
  if (rows.length === 0 && input.domain && input.fallback === 'public') {
    rows = await findMeetings(deps.db, { ...query, conditions: others });
  }
  return reorderById(rows.map(toWireMeeting), query.idOrder, (meeting) => meeting._id.$id);
}

/**
 * Counts one view of a meeting (POST /meetings/{id}/views, §7 Meetings).
 * @param input.meetingId 24-hex id; userId falls back to the device id (§7); sourceId is the stored source
 * @returns the meeting's new views total
 * @throws AppError 404 not_found when the meeting does not exist or is deleted (nothing written)
 */
export async function recordMeetingView(
  deps: { db: Database },
  input: {
    meetingId: string;
    userId?: string | undefined;
    deviceId: string | null;
    sourceId?: string | undefined;
  },
): Promise<{ views_total: number }> {
  const total = await addMeetingView(deps.db, {
    meetingId: input.meetingId,
    userId: input.userId || input.deviceId || null,
    deviceId: input.deviceId,
    sourceId: input.sourceId || null,
  });
  if (total === undefined) throw notFound('Meeting');
  return { views_total: total };
}
