import {
  type ConsoleVote,
  type ConsoleVoteDetail,
  ConsoleVoteError,
  type ConsoleVoteFields,
  type ConsoleVotePlayerFields,
  ErrorCode,
  toWireId,
  voteLimits,
} from '@app/contracts';
import { localize } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { flag, unix } from '../../db/wire.ts';
import { badRequest, notFound } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { csvField } from '../shared/csv.ts';
import { findMeetingVotes, findPlayers, findVote, type VoteRow, voteTotals } from './votes.repository.ts';
import { ranksOf, voteStatus } from './votes.service.ts';
import { votePlayers, votes } from './votes.tables.ts';

type Caller = { userId: string; meetingId: string };
const action = 'votes.edit';
/** Most candidates one vote takes. */
const maxPlayers = 500;

function toConsoleVote(
  vote: VoteRow,
  totals: { votes: number; voters: number } | undefined,
  playerTotal: number,
  now: Date,
): ConsoleVote {
  return {
    _id: toWireId(vote.id),
    title: vote.title,
    description: vote.description,
    cover: vote.cover,
    start_at: unix(vote.startAt),
    end_at: unix(vote.endAt),
    status: voteStatus(vote, now),
    per_person_limit: vote.perPersonLimit,
    per_day_limit: vote.perDayLimit,
    allow_withdraw: flag(vote.allowWithdraw),
    show_results: flag(vote.showResults),
    enable_show: flag(vote.enableShow),
    weight: vote.weight,
    vote_total: totals?.votes ?? 0,
    voter_total: totals?.voters ?? 0,
    player_total: playerTotal,
    updated: unix(vote.updatedAt),
  };
}

/** A vote of the meeting (not deleted) with its candidates ranked (results). @throws 404 not_found */
async function detailOf(
  db: Database,
  meetingId: string,
  voteId: string,
  now: Date,
): Promise<ConsoleVoteDetail> {
  const found = await findVote(db, voteId);
  if (!found || found.vote.meetingId !== meetingId) throw notFound('Vote');
  const players = await findPlayers(db, voteId);
  const ranks = ranksOf(players);
  const totals = (await voteTotals(db, [voteId])).get(voteId);
  return {
    ...toConsoleVote(found.vote, totals, players.length, now),
    players: [...players]
      .sort((a, b) => (ranks.get(a.id) ?? 0) - (ranks.get(b.id) ?? 0))
      .map((player) => ({
        _id: toWireId(player.id),
        name: player.name,
        img: player.img,
        description: player.description,
        vote_total: player.voteTotal,
        rank: ranks.get(player.id) ?? 1,
        weight: player.weight,
      })),
  };
}

/**
 * GET /console/meetings/{meeting_id}/votes: the meeting's votes with votes cast, voters, candidates.
 * @throws 403 no_permission (votes.edit)
 */
export async function listConsoleVotes(deps: RolesDeps, input: Caller): Promise<{ items: ConsoleVote[] }> {
  await requireCan(deps, { ...input, action });
  const rows = await findMeetingVotes(deps.db, input.meetingId, false);
  const totals = await voteTotals(
    deps.db,
    rows.map((row) => row.vote.id),
  );
  const now = new Date();
  const items = await Promise.all(
    rows.map(async (row) =>
      toConsoleVote(row.vote, totals.get(row.vote.id), (await findPlayers(deps.db, row.vote.id)).length, now),
    ),
  );
  return { items };
}

/** GET /console/meetings/{meeting_id}/votes/{id}: results with ranking. @throws 403; 404 not_found */
export async function getConsoleVote(deps: RolesDeps, input: Caller & { voteId: string }) {
  await requireCan(deps, { ...input, action });
  return detailOf(deps.db, input.meetingId, input.voteId, new Date());
}

function voteValues(body: ConsoleVoteFields) {
  if (body.end_at <= body.start_at) {
    throw badRequest(ConsoleVoteError.windowInvalid, 'The deadline must come after the start');
  }
  // §9 limits within the int4 totals, also for a caller that skipped the contract's parsing.
  if (body.per_person_limit > voteLimits.perPersonMax || body.per_day_limit > voteLimits.perDayMax) {
    throw badRequest(ErrorCode.validation, 'Vote limits are too large');
  }
  return {
    title: body.title,
    description: body.description ?? '',
    cover: body.cover ?? '',
    startAt: new Date(body.start_at * 1000),
    endAt: new Date(body.end_at * 1000),
    perPersonLimit: body.per_person_limit,
    perDayLimit: body.per_day_limit,
    allowWithdraw: body.allow_withdraw ?? 0,
    showResults: body.show_results ?? 1,
    enableShow: body.enable_show ?? 1,
    weight: body.weight ?? 0,
  };
}

/**
 * POST /console/meetings/{meeting_id}/votes: a new vote.
 * @throws 400 validation_failed / vote.window_invalid; 403 no_permission
 */
export async function createConsoleVote(deps: RolesDeps, input: Caller & { body: ConsoleVoteFields }) {
  await requireCan(deps, { ...input, action });
  const values = voteValues(input.body);
  const id = newId();
  await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action, entity: 'vote', entityId: id },
    async (tx) => {
      await tx.insert(votes).values({ id, meetingId: input.meetingId, ...values });
      return { result: id, before: null, after: input.body };
    },
  );
  return detailOf(deps.db, input.meetingId, id, new Date());
}

/**
 * PUT /console/meetings/{meeting_id}/votes/{id}: saves the fields; votes already cast stay.
 * @throws 400 as create; 403 no_permission; 404 not_found
 */
export async function updateConsoleVote(
  deps: RolesDeps,
  input: Caller & { voteId: string; body: ConsoleVoteFields },
) {
  await requireCan(deps, { ...input, action });
  const values = voteValues(input.body);
  await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action, entity: 'vote', entityId: input.voteId },
    async (tx) => {
      const [before] = await tx
        .update(votes)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(votes.id, input.voteId), eq(votes.meetingId, input.meetingId), eq(votes.deleted, 0)))
        .returning({ id: votes.id });
      if (!before) throw notFound('Vote');
      return { result: before.id, before: null, after: input.body };
    },
  );
  return detailOf(deps.db, input.meetingId, input.voteId, new Date());
}

/** DELETE /console/meetings/{meeting_id}/votes/{id} (soft). @throws 403; 404 not_found */
export async function deleteConsoleVote(deps: RolesDeps, input: Caller & { voteId: string }) {
  await requireCan(deps, { ...input, action });
  await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action, entity: 'vote', entityId: input.voteId },
    async (tx) => {
      const [row] = await tx
        .update(votes)
        .set({ deleted: 1, updatedAt: new Date() })
        .where(and(eq(votes.id, input.voteId), eq(votes.meetingId, input.meetingId), eq(votes.deleted, 0)))
        .returning({ id: votes.id });
      if (!row) throw notFound('Vote');
      return { result: row.id, before: { deleted: 0 }, after: { deleted: 1 } };
    },
  );
  return { ok: 1 as const };
}

function playerValues(body: ConsoleVotePlayerFields) {
  return {
    name: body.name,
    img: body.img ?? '',
    description: body.description ?? '',
    weight: body.weight ?? 0,
  };
}

/** A vote of the meeting, else 404. */
async function requireVote(db: Database, meetingId: string, voteId: string) {
  const found = await findVote(db, voteId);
  if (!found || found.vote.meetingId !== meetingId) throw notFound('Vote');
  return found.vote;
}

/**
 * POST /console/meetings/{meeting_id}/votes/{id}/players: adds a candidate (≤ 500 per vote).
 * @throws 400 validation_failed (too many); 403 no_permission; 404 not_found
 */
export async function createConsoleVotePlayer(
  deps: RolesDeps,
  input: Caller & { voteId: string; body: ConsoleVotePlayerFields },
) {
  await requireCan(deps, { ...input, action });
  await requireVote(deps.db, input.meetingId, input.voteId);
  if ((await findPlayers(deps.db, input.voteId)).length >= maxPlayers) {
    throw badRequest('validation_failed', `A vote takes at most ${maxPlayers} candidates`);
  }
  const id = newId();
  await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action, entity: 'vote_player', entityId: id },
    async (tx) => {
      await tx.insert(votePlayers).values({ id, voteId: input.voteId, ...playerValues(input.body) });
      return { result: id, before: null, after: input.body };
    },
  );
  return detailOf(deps.db, input.meetingId, input.voteId, new Date());
}

/** PUT …/votes/{id}/players/{player_id}. @throws 400; 403; 404 not_found */
export async function updateConsoleVotePlayer(
  deps: RolesDeps,
  input: Caller & { voteId: string; playerId: string; body: ConsoleVotePlayerFields },
) {
  await requireCan(deps, { ...input, action });
  await requireVote(deps.db, input.meetingId, input.voteId);
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'vote_player',
      entityId: input.playerId,
    },
    async (tx) => {
      const [row] = await tx
        .update(votePlayers)
        .set({ ...playerValues(input.body), updatedAt: new Date() })
        .where(
          and(
            eq(votePlayers.id, input.playerId),
            eq(votePlayers.voteId, input.voteId),
            eq(votePlayers.deleted, 0),
          ),
        )
        .returning({ id: votePlayers.id });
      if (!row) throw notFound('Candidate');
      return { result: row.id, before: null, after: input.body };
    },
  );
  return detailOf(deps.db, input.meetingId, input.voteId, new Date());
}

/** DELETE …/votes/{id}/players/{player_id} (soft; its votes stay counted in ballots). @throws 403; 404 */
export async function deleteConsoleVotePlayer(
  deps: RolesDeps,
  input: Caller & { voteId: string; playerId: string },
) {
  await requireCan(deps, { ...input, action });
  await requireVote(deps.db, input.meetingId, input.voteId);
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'vote_player',
      entityId: input.playerId,
    },
    async (tx) => {
      const [row] = await tx
        .update(votePlayers)
        .set({ deleted: 1, updatedAt: new Date() })
        .where(
          and(
            eq(votePlayers.id, input.playerId),
            eq(votePlayers.voteId, input.voteId),
            eq(votePlayers.deleted, 0),
          ),
        )
        .returning({ id: votePlayers.id });
      if (!row) throw notFound('Candidate');
      return { result: row.id, before: { deleted: 0 }, after: { deleted: 1 } };
    },
  );
  return detailOf(deps.db, input.meetingId, input.voteId, new Date());
}

/**
 * GET /console/meetings/{meeting_id}/votes/{id}/export: ranked results as CSV (UTF-8 with BOM):
 * rank, candidate, votes, share (percent of all votes, 2 decimals).
 * @throws 403 no_permission; 404 not_found
 */
export async function exportConsoleVote(
  deps: RolesDeps,
  input: Caller & { voteId: string; language: string },
): Promise<string> {
  const detail = await getConsoleVote(deps, input);
  const sum = detail.players.reduce((total, player) => total + player.vote_total, 0);
  const lines = [
    ['rank', 'candidate', 'votes', 'share_percent'].join(','),
    ...detail.players.map((player) =>
      [
        player.rank,
        csvField(localize(player.name, input.language)),
        player.vote_total,
        sum === 0 ? '0.00' : ((player.vote_total * 100) / sum).toFixed(2),
      ].join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
