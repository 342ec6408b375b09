import {
  type Agenda,
  agendaQuerySpec,
  ErrorCode,
  type ListParams,
  type ListQuery,
  limits,
  reorderById,
} from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { parseScopedQuery } from '../shared/scoped-list-query.ts';
import {
  type AgendaField,
  countAgendas as countAgendaRows,
  findAgendas,
  findShownLivesOfAgendas,
  findSpeakerIdsOfUser,
} from './agendas.repository.ts';
import { toWireAgendas } from './agendas.serializer.ts';

type Deps = { db: Database };

async function loadAgendas(
  deps: Deps,
  query: ListQuery<AgendaField>,
  options: { withLives: boolean; withTexts: boolean },
): Promise<Agenda[]> {
  const rows = await findAgendas(deps.db, query, { withTexts: options.withTexts });
  const liveRows = options.withLives
    ? await findShownLivesOfAgendas(
        deps.db,
        rows.map((row) => row.id),
      )
    : undefined;
  return reorderById(toWireAgendas(rows, liveRows), query.idOrder, (agenda) => agenda._id.$id);
}

/**
 * GET /meeting/agendas (§7 Content): a meeting's shown sessions with room, track, speakers and shown
 * activities (always: §7 names no flag for them, and the schedule marks sessions taking registrations);
 * `with_lives=1` adds each session's lives with enable_show = 1. Sorted by start unless `sort` says
 * otherwise; results follow the order of an `_id` list filter. Abstract and description come only
 * with an `_id` filter (the session details call): the programme lists never show them, and they are
 * most of a session's bytes.
 * @throws 400 invalid_query / invalid_object_id / limit_too_large / meeting_id_required
 */
export async function listAgendas(
  deps: Deps,
  input: ListParams & { meeting_id?: string | undefined; with_lives?: '0' | '1' | undefined },
): Promise<Agenda[]> {
  const query = parseScopedQuery<AgendaField>(agendaQuerySpec, input);
  const isDetailsCall = query.conditions.some((condition) => condition.field === '_id');
  return loadAgendas(deps, query, { withLives: input.with_lives === '1', withTexts: isDetailsCall });
}

/** GET /meeting/agendas/count: `{ total }` of sessions matching the list's filters. */
export async function countAgendas(
  deps: Deps,
  input: Omit<ListParams, 'sort' | 'limit' | 'skip'> & { meeting_id?: string | undefined },
): Promise<{ total: number }> {
  const query = parseScopedQuery<AgendaField>(agendaQuerySpec, input);
  return { total: await countAgendaRows(deps.db, query) };
}

/**
 * GET /meetings/{id}/speaker/users/{user_id}/agendas (§7 Meetings): sessions of the speaker(s) linked to
 * a user account in a meeting, by start. An unknown user or one who is not a speaker gets `[]`.
 * @param input.limit 1..999 (default 999)
 */
export async function listSpeakerUserAgendas(
  deps: Deps,
  input: { meetingId: string; userId: string; limit?: string | number | undefined },
): Promise<Agenda[]> {
  const speakerIds = await findSpeakerIdsOfUser(deps.db, input.meetingId, input.userId);
  if (speakerIds.length === 0) return [];
  const limit = input.limit === undefined ? limits.maxList : Number(input.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > limits.maxList) {
    throw new AppError(400, ErrorCode.limitTooLarge, `limit must be between 1 and ${limits.maxList}`);
  }
  const query: ListQuery<AgendaField> = {
    conditions: [
      { field: 'meeting_id', op: '$eq', value: input.meetingId },
      { field: 'speaker_id', op: '$in', value: speakerIds },
    ],
    sort: [{ field: 'start', direction: 1 }],
    limit,
    skip: 0,
  };
  return loadAgendas(deps, query, { withLives: false, withTexts: true });
}
