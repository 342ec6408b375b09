import {
  type AddVoteAnswerBody,
  ErrorCode,
  toWireId,
  type VoteAnswer,
  type VoteDetail,
  VoteError,
  type VoteMine,
  type VotePlayer,
  type VoteStatus,
  type VoteSummary,
} from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { flag, unix } from '../../db/wire.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  findAnswers,
  findBallot,
  findMeetingVotes,
  findPlayer,
  findPlayers,
  findVote,
  lockBallot,
  type VoteAnswerRow,
  type VoteBallotRow,
  type VotePlayerRow,
  type VoteRow,
  type VoteWithZone,
} from './votes.repository.ts';
import { voteAnswers, voteBallots, votePlayers } from './votes.tables.ts';

type Deps = { db: Database };

/**
 * The votes' clock. Routes read `voteClock.now()`; tests replace `now` to stand on either side of a
 * meeting-zone midnight or a deadline (the service functions also take an explicit `now`).
 */
export const voteClock = { now: (): Date => new Date() };

/** 409 12003 'Voting has ended' (§8): the deadline has passed. */
export const voteEnded = () => new AppError(409, ErrorCode.voteEnded, 'Voting has ended');
/** 409 12000 'Your votes have been used up' (§8): more than the per-person remainder. */
export const votesUsedUp = () => new AppError(409, ErrorCode.votesUsedUp, 'Your votes have been used up');
/** 409 12001 'You have used up your votes today' (§8): more than today's remainder. */
export const votesUsedUpToday = () =>
  new AppError(409, ErrorCode.votesUsedUpToday, 'You have used up your votes today');
/** 409 vote.not_started: before the vote's start. */
export const voteNotStarted = () => new AppError(409, VoteError.notStarted, 'Voting has not started yet');
/** 409 vote.withdraw_not_allowed: the vote does not allow taking a vote back. */
export const withdrawNotAllowed = () =>
  new AppError(409, ErrorCode.voteWithdrawNotAllowed, 'This vote does not allow withdrawing a vote');

/**
 * The calendar date (YYYY-MM-DD) of `now` in `timeZone` (an IANA name; UTC when unknown) — the day
 * the per-day limit counts (§5). Only the meeting's zone matters, never the voter's device.
 */
export function dayIn(timeZone: string, now: Date): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** §4 Vote: not started before start_at, open until end_at (exclusive), over afterwards. */
export function voteStatus(vote: Pick<VoteRow, 'startAt' | 'endAt'>, now: Date): VoteStatus {
  if (now.getTime() < vote.startAt.getTime()) return 'not_started';
  if (now.getTime() >= vote.endAt.getTime()) return 'over';
  return 'open';
}

/** The voter's standing from their ballot row (none = nothing used) on `day`. */
export function mineOf(vote: VoteRow, ballot: VoteBallotRow | undefined, day: string): VoteMine {
  const used = ballot?.total ?? 0;
  const todayUsed = ballot && ballot.day === day ? ballot.dayTotal : 0;
  const remaining = Math.max(0, vote.perPersonLimit - used);
  return {
    used,
    remaining,
    today_used: todayUsed,
    today_remaining:
      vote.perDayLimit > 0 ? Math.min(remaining, Math.max(0, vote.perDayLimit - todayUsed)) : null,
    day,
  };
}

/** Competition ranks (1, 1, 3 …) of candidates by votes, most first. */
export function ranksOf(players: Pick<VotePlayerRow, 'id' | 'voteTotal'>[]): Map<string, number> {
  const sorted = [...players].sort((a, b) => b.voteTotal - a.voteTotal);
  const ranks = new Map<string, number>();
  sorted.forEach((player, index) => {
    const previous = sorted[index - 1];
    ranks.set(
      player.id,
      previous && previous.voteTotal === player.voteTotal ? (ranks.get(previous.id) ?? index + 1) : index + 1,
    );
  });
  return ranks;
}

function toSummary(vote: VoteRow, now: Date, voteTotal: number | null): VoteSummary {
  return {
    _id: toWireId(vote.id),
    meeting_id: toWireId(vote.meetingId),
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
    vote_total: vote.showResults === 1 ? voteTotal : null,
  };
}

function toPlayer(player: VotePlayerRow, showResults: boolean, rank: number | undefined): VotePlayer {
  return {
    _id: toWireId(player.id),
    vote_id: toWireId(player.voteId),
    name: player.name,
    img: player.img,
    description: player.description,
    vote_total: showResults ? player.voteTotal : null,
    rank: showResults ? (rank ?? null) : null,
  };
}

function toAnswer(answer: VoteAnswerRow, vote: VoteRow, now: Date): VoteAnswer {
  return {
    _id: toWireId(answer.id),
    vote_id: toWireId(answer.voteId),
    player_id: toWireId(answer.playerId),
    count: answer.count,
    day: answer.day,
    created: unix(answer.createdAt),
    can_withdraw: flag(vote.allowWithdraw === 1 && voteStatus(vote, now) === 'open' ? 1 : 0),
  };
}

/** A shown, not deleted vote; 404 not_found otherwise. */
async function shownVote(db: Database, voteId: string): Promise<VoteWithZone> {
  const found = await findVote(db, voteId);
  if (!found) throw notFound('Vote');
  if (found.vote.enableShow !== 1) throw notFound('Vote');
  return found;
}

/** The meeting a vote belongs to (guest-view rule of plugins/auth.ts), undefined when none. */
export async function voteMeetingOf(db: Database, voteId: string | undefined): Promise<string | undefined> {
  if (!voteId) return undefined;
  return (await findVote(db, voteId))?.vote.meetingId;
}

/** The meeting a candidate's vote belongs to. */
export async function playerMeetingOf(
  db: Database,
  playerId: string | undefined,
): Promise<string | undefined> {
  if (!playerId) return undefined;
  const player = await findPlayer(db, playerId);
  return player ? voteMeetingOf(db, player.voteId) : undefined;
}

/**
 * GET /vote/get (§7 Votes): a shown vote, its candidates — ranked, with counts, when show_results is
 * 1, else in the organiser's order without counts — and the caller's standing (null for a visitor).
 * @throws 404 not_found
 */
export async function getVoteDetail(
  deps: Deps,
  input: { voteId: string; userId: string | null; now: Date },
): Promise<VoteDetail> {
  const { vote, timeZone } = await shownVote(deps.db, input.voteId);
  const players = await findPlayers(deps.db, vote.id);
  const show = vote.showResults === 1;
  const ranks = ranksOf(players);
  const ordered = show
    ? [...players].sort((a, b) => (ranks.get(a.id) ?? 0) - (ranks.get(b.id) ?? 0))
    : players;
  const total = players.reduce((sum, player) => sum + player.voteTotal, 0);
  const day = dayIn(timeZone, input.now);
  const ballot = input.userId ? await findBallot(deps.db, vote.id, input.userId) : undefined;
  return {
    ...toSummary(vote, input.now, total),
    players: ordered.map((player) => toPlayer(player, show, ranks.get(player.id))),
    mine: input.userId ? mineOf(vote, ballot, day) : null,
    now: unix(input.now),
  };
}

/**
 * GET /vote/player/get (§7 Votes): one candidate of a shown vote with the vote's summary.
 * @throws 404 not_found
 */
export async function getVotePlayer(
  deps: Deps,
  input: { playerId: string; userId: string | null; now: Date },
) {
  const player = await findPlayer(deps.db, input.playerId);
  if (!player) throw notFound('Candidate');
  const { vote, timeZone } = await shownVote(deps.db, player.voteId);
  const players = await findPlayers(deps.db, vote.id);
  const total = players.reduce((sum, one) => sum + one.voteTotal, 0);
  const ballot = input.userId ? await findBallot(deps.db, vote.id, input.userId) : undefined;
  return {
    ...toPlayer(player, vote.showResults === 1, ranksOf(players).get(player.id)),
    meeting_id: toWireId(vote.meetingId),
    vote: toSummary(vote, input.now, total),
    mine: input.userId ? mineOf(vote, ballot, dayIn(timeZone, input.now)) : null,
  };
}

/**
 * GET /vote/answer/list (§7 Votes): the caller's casts in a shown vote, newest first.
 * @throws 404 not_found
 */
export async function listMyAnswers(
  deps: Deps,
  input: { voteId: string; userId: string; now: Date },
): Promise<{ results: VoteAnswer[] }> {
  const { vote } = await shownVote(deps.db, input.voteId);
  const rows = await findAnswers(deps.db, vote.id, input.userId);
  return { results: rows.map((row) => toAnswer(row, vote, input.now)) };
}

/**
 * GET /votes (beyond the spec): a meeting's shown votes with their totals when results show.
 */
export async function listMeetingVotes(
  deps: Deps,
  input: { meetingId: string; now: Date },
): Promise<{ results: VoteSummary[] }> {
  const rows = await findMeetingVotes(deps.db, input.meetingId, true);
  const ids = rows.map((row) => row.vote.id);
  const totals =
    ids.length === 0
      ? new Map<string, number>()
      : new Map(
          (
            await deps.db
              .select({
                voteId: votePlayers.voteId,
                total: sql<string>`coalesce(sum(${votePlayers.voteTotal}), 0)::bigint`,
              })
              .from(votePlayers)
              .where(and(sql`${votePlayers.voteId} in ${ids}`, eq(votePlayers.deleted, 0)))
              .groupBy(votePlayers.voteId)
          ).map((row) => [row.voteId, Number(row.total)]),
        );
  return { results: rows.map((row) => toSummary(row.vote, input.now, totals.get(row.vote.id) ?? 0)) };
}

/**
 * POST /vote/answer/add (§7 Votes, §5, §8, §9): casts `count` votes for a candidate of an open vote
 * of the caller's session meeting. The voter's ballot row is locked for the transaction, the limits
 * are checked on it (per person first, then today's in the meeting's time zone), and the answer, the
 * ballot and the candidate's vote_total change together — parallel casts never exceed a limit, and
 * a refused cast stores nothing. `now` is the request's time (early refusals); once the ballot is
 * locked the deadline and the day are taken again from `clock` (default voteClock.now), so a cast
 * that waited for the lock past end_at is refused and one past midnight counts for the new day.
 * @throws 404 not_found (vote not shown or of another meeting, candidate not of the vote);
 *   409 vote.not_started / 12003 / 12000 / 12001
 */
export async function castVote(
  deps: Deps,
  input: {
    userId: string;
    sessionMeetingId: string | null;
    body: AddVoteAnswerBody;
    now: Date;
    clock?: () => Date;
  },
): Promise<{ answer: VoteAnswer; mine: VoteMine; player_vote_total: number | null }> {
  const { vote, timeZone } = await shownVote(deps.db, input.body.vote_id);
  if (input.sessionMeetingId && vote.meetingId !== input.sessionMeetingId) throw notFound('Vote');
  const player = await findPlayer(deps.db, input.body.player_id);
  if (!player || player.voteId !== vote.id) throw notFound('Candidate');
  const status = voteStatus(vote, input.now);
  if (status === 'not_started') throw voteNotStarted();
  if (status === 'over') throw voteEnded();
  const count = input.body.count;
  return inTransaction(deps.db, async (tx) => {
    const ballot = await lockBallot(tx, vote.id, input.userId, dayIn(timeZone, input.now));
    // The lock may have been waited for: the deadline and the day are those of the commit (§4, §5).
    const now = (input.clock ?? voteClock.now)();
    if (voteStatus(vote, now) === 'over') throw voteEnded();
    const day = dayIn(timeZone, now);
    const before = mineOf(vote, ballot, day);
    if (count > before.remaining) throw votesUsedUp();
    if (before.today_remaining !== null && count > before.today_remaining) throw votesUsedUpToday();
    const [updated] = await tx
      .update(voteBallots)
      .set({ total: ballot.total + count, day, dayTotal: before.today_used + count, updatedAt: now })
      .where(and(eq(voteBallots.voteId, vote.id), eq(voteBallots.userId, input.userId)))
      .returning();
    const [answer] = await tx
      .insert(voteAnswers)
      .values({
        id: newId(),
        voteId: vote.id,
        playerId: player.id,
        userId: input.userId,
        count,
        day,
        createdAt: now,
      })
      .returning();
    const [counted] = await tx
      .update(votePlayers)
      .set({ voteTotal: sql`${votePlayers.voteTotal} + ${count}` })
      .where(eq(votePlayers.id, player.id))
      .returning({ voteTotal: votePlayers.voteTotal });
    if (!answer || !updated) throw new Error('vote cast lost its rows');
    return {
      answer: toAnswer(answer, vote, now),
      mine: mineOf(vote, updated, day),
      player_vote_total: vote.showResults === 1 ? (counted?.voteTotal ?? null) : null,
    };
  });
}

/**
 * DELETE /vote/answer/delete (§7 Votes, §5): withdraws one of the caller's casts where the vote
 * allows it and before its deadline; the count goes back to the per-person remainder, and to today's
 * when it was cast today (meeting zone); the candidate's vote_total drops by it. All under the
 * ballot row lock, in one transaction; the deadline and day are read again from `clock` once locked.
 * @throws 404 not_found; 409 vote.withdraw_not_allowed / 12003
 */
export async function withdrawVote(
  deps: Deps,
  input: { userId: string; answerId: string; now: Date; clock?: () => Date },
): Promise<{ mine: VoteMine }> {
  const [owned] = await deps.db
    .select()
    .from(voteAnswers)
    .where(and(eq(voteAnswers.id, input.answerId), eq(voteAnswers.userId, input.userId)))
    .limit(1);
  if (!owned) throw notFound('Vote answer');
  const found = await findVote(deps.db, owned.voteId);
  if (!found) throw notFound('Vote');
  const { vote, timeZone } = found;
  if (vote.allowWithdraw !== 1) throw withdrawNotAllowed();
  if (voteStatus(vote, input.now) === 'over') throw voteEnded();
  return inTransaction(deps.db, async (tx) => {
    const ballot = await lockBallot(tx, vote.id, input.userId, dayIn(timeZone, input.now));
    // Deadline and day at the time the lock is held, not at the request (§4, §5).
    const now = (input.clock ?? voteClock.now)();
    if (voteStatus(vote, now) === 'over') throw voteEnded();
    const day = dayIn(timeZone, now);
    const [gone] = await tx
      .delete(voteAnswers)
      .where(and(eq(voteAnswers.id, owned.id), eq(voteAnswers.userId, input.userId)))
      .returning();
    if (!gone) throw notFound('Vote answer');
    const dayTotal = ballot.day === gone.day ? Math.max(0, ballot.dayTotal - gone.count) : ballot.dayTotal;
    const [updated] = await tx
      .update(voteBallots)
      .set({ total: Math.max(0, ballot.total - gone.count), dayTotal, updatedAt: now })
      .where(and(eq(voteBallots.voteId, vote.id), eq(voteBallots.userId, input.userId)))
      .returning();
    await tx
      .update(votePlayers)
      .set({ voteTotal: sql`greatest(0, ${votePlayers.voteTotal} - ${gone.count})` })
      .where(eq(votePlayers.id, gone.playerId));
    return { mine: mineOf(vote, updated, day) };
  });
}
