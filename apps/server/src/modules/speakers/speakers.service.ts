import {
  type ListParams,
  reorderById,
  type Speaker,
  type SpeakerDetail,
  speakerQuerySpec,
} from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { listAgendas } from '../agendas/agendas.service.ts';
import { parseScopedQuery } from '../shared/scoped-list-query.ts';
import {
  countSpeakers as countSpeakerRows,
  findSpeakerInMeeting,
  findSpeakers,
  type SpeakerField,
} from './speakers.repository.ts';
import { toWireSpeaker } from './speakers.serializer.ts';

type Deps = { db: Database };
type SpeakerListInput = ListParams & { meeting_id?: string | undefined; keyword?: string | undefined };

/**
 * GET /meeting/speakers: a meeting's speakers, heaviest first then by name; `keyword` matches name,
 * work title or company (case-insensitive substring).
 * @throws 400 invalid_query / invalid_object_id / limit_too_large / meeting_id_required
 */
export async function listSpeakers(deps: Deps, input: SpeakerListInput): Promise<Speaker[]> {
  const query = parseScopedQuery<SpeakerField>(speakerQuerySpec, input);
  const rows = await findSpeakers(deps.db, query, input.keyword);
  return reorderById(rows.map(toWireSpeaker), query.idOrder, (speaker) => speaker._id.$id);
}

/** GET /meeting/speakers/count: `{ total }` for the list's filters and keyword. */
export async function countSpeakers(
  deps: Deps,
  input: Omit<SpeakerListInput, 'sort' | 'limit' | 'skip'>,
): Promise<{ total: number }> {
  const query = parseScopedQuery<SpeakerField>(speakerQuerySpec, input);
  return { total: await countSpeakerRows(deps.db, query, input.keyword) };
}

/**
 * GET /meetings/{meeting_id}/speakers/{speaker_id} (§7 Meetings): the speaker with their shown
 * sessions by start. A deleted speaker is returned with deleted = 1 (the client shows /204).
 * @throws AppError 404 not_found when the speaker is not in that meeting
 */
export async function getSpeaker(
  deps: Deps,
  input: { meetingId: string; speakerId: string },
): Promise<SpeakerDetail> {
  const row = await findSpeakerInMeeting(deps.db, input.meetingId, input.speakerId);
  if (!row) throw notFound('Speaker');
  const agendas = await listAgendas(deps, {
    query: { meeting_id: input.meetingId, speaker_id: input.speakerId },
    limit: 999,
  });
  return { ...toWireSpeaker(row), agendas };
}
