import { type ListParams, type Meeting, meetingQuerySpec, parseListQuery, reorderById } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { addMeetingView, findMeetings, type MeetingField } from './meetings.repository.ts';
import { toWireMeeting } from './meetings.serializer.ts';

/**
 * Lists meetings (GET /demand/meetings, §7 Meetings). `domain` (plain parameter) is a shorthand for
 * `query.domain` — how the client finds the domain's default meeting (§2).
 * @throws ListQueryError (400 invalid_query, invalid_object_id, limit_too_large)
 */
export async function listMeetings(
  deps: { db: Database },
  input: ListParams & { domain?: string | undefined },
): Promise<Meeting[]> {
  const query = parseListQuery<MeetingField>(meetingQuerySpec, input);
  if (input.domain) query.conditions.push({ field: 'domain', op: '$eq', value: input.domain.toLowerCase() });
  const rows = await findMeetings(deps.db, query);
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
