import { z } from 'zod';
import { Flag, LocalizedText, resultsOf, UnixSeconds } from '../wire/common.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';
import { voteLimits } from '../wire/vote-limits.ts';

export { voteLimits };

/**
 * Votes (§3 Vote, Vote player; §4 Vote open or over; §5 vote count and limits; §7 Votes; §8 12000,
 * 12001, 12003; §9 vote limits). A vote is open while start_at ≤ now < end_at. A voter casts a count
 * ≥ 1 for one candidate at a time, never more than the per-person remainder nor today's remainder,
 * the day counted in the meeting's time zone (the server decides the day, never the device).
 */

/** Error codes of the votes area besides ErrorCode's 12000 / 12001 / 12003 / vote.withdraw_not_allowed. */
export const VoteError = {
  /** 409 the vote has not started yet (start_at in the future). */
  notStarted: 'vote.not_started',
} as const;

/** Where a vote stands (§4): before its start, open, or over (deadline passed). */
export const VoteStatus = z.enum(['not_started', 'open', 'over']);
export type VoteStatus = z.infer<typeof VoteStatus>;

/** A candidate (§3 Vote player). `vote_total` and `rank` are null when the vote hides its results. */
export const VotePlayer = z.object({
  _id: WireId,
  vote_id: WireId,
  name: LocalizedText,
  img: z.string(),
  description: LocalizedText,
  vote_total: z.number().int().nonnegative().nullable(),
  /** 1 = most votes (ties share a rank); null when results are hidden. */
  rank: z.number().int().positive().nullable(),
});
export type VotePlayer = z.infer<typeof VotePlayer>;

/** The caller's standing in a vote (§5): used and remaining in all and today (meeting-zone day). */
export const VoteMine = z.object({
  used: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  today_used: z.number().int().nonnegative(),
  /** null when the vote has no daily limit. */
  today_remaining: z.number().int().nonnegative().nullable(),
  /** The meeting-zone date (YYYY-MM-DD) `today_*` counts. */
  day: z.string(),
});
export type VoteMine = z.infer<typeof VoteMine>;

/** A vote as the public sees it (list item). */
export const VoteSummary = z.object({
  _id: WireId,
  meeting_id: WireId,
  title: LocalizedText,
  description: LocalizedText,
  cover: z.string(),
  start_at: UnixSeconds,
  end_at: UnixSeconds,
  status: VoteStatus,
  per_person_limit: z.number().int().positive(),
  /** 0 = no daily limit. */
  per_day_limit: z.number().int().nonnegative(),
  allow_withdraw: Flag,
  show_results: Flag,
  /** Sum of all candidates' votes; null when results are hidden. */
  vote_total: z.number().int().nonnegative().nullable(),
});
export type VoteSummary = z.infer<typeof VoteSummary>;

/** GET /vote/get: the vote, its candidates (ranked order when results show), the caller's standing. */
export const VoteDetail = VoteSummary.extend({
  players: z.array(VotePlayer),
  /** null for a visitor (not logged in). */
  mine: VoteMine.nullable(),
  /** The server's clock (unix seconds) so the countdown does not trust the device. */
  now: UnixSeconds,
});
export type VoteDetail = z.infer<typeof VoteDetail>;

export const getVote = defineRoute({
  method: 'GET',
  path: '/vote/get',
  summary:
    "A shown vote with its candidates (counts and ranks when show_results is 1) and the caller's used and remaining votes in all and today (meeting time zone). 404 not_found (deleted, hidden or unknown).",
  spec: '§7 Votes, §3 Vote, §4 Vote, §5',
  tags: ['votes'],
  isPublic: false,
  querystring: z.object({ vote_id: ObjectIdString }),
  response: VoteDetail,
});

export const getVotePlayer = defineRoute({
  method: 'GET',
  path: '/vote/player/get',
  summary: 'One candidate (§3 Vote player: name, img, description) with its vote summary. 404 not_found.',
  spec: '§7 Votes, §3 Vote player',
  tags: ['votes'],
  isPublic: false,
  querystring: z.object({ player_id: ObjectIdString }),
  response: VotePlayer.extend({ meeting_id: WireId, vote: VoteSummary, mine: VoteMine.nullable() }),
});

/** One cast (§7 POST /vote/answer/add). */
export const VoteAnswer = z.object({
  _id: WireId,
  vote_id: WireId,
  player_id: WireId,
  count: z.number().int().positive(),
  /** Meeting-zone date it counted for. */
  day: z.string(),
  created: UnixSeconds,
  /** 1 when it may still be withdrawn (allow_withdraw and before the deadline). */
  can_withdraw: Flag,
});
export type VoteAnswer = z.infer<typeof VoteAnswer>;

export const listVoteAnswers = defineRoute({
  method: 'GET',
  path: '/vote/answer/list',
  summary: "The caller's casts in a vote, newest first. 401 login.required; 404 not_found.",
  spec: '§7 Votes',
  tags: ['votes'],
  isPublic: false,
  querystring: z.object({ vote_id: ObjectIdString }),
  response: resultsOf(VoteAnswer),
});

/** Body of POST /vote/answer/add: `count` an integer 1 … voteLimits.countMax (§5: never 0). */
export const AddVoteAnswerBody = z.strictObject({
  vote_id: ObjectIdString,
  player_id: ObjectIdString,
  count: z.coerce.number().int().min(1).max(voteLimits.countMax),
});
export type AddVoteAnswerBody = z.infer<typeof AddVoteAnswerBody>;

export const addVoteAnswer = defineRoute({
  method: 'POST',
  path: '/vote/answer/add',
  summary:
    "Casts `count` votes for a candidate under the voter's row lock: 400 validation_failed (count 0, not an integer); 401 login.required; 404 not_found; 409 vote.not_started; 409 12003 'Voting has ended'; 409 12000 'Your votes have been used up' (count > per-person remainder); 409 12001 'You have used up your votes today' (count > today's remainder, meeting time zone). Nothing is stored on any refusal.",
  spec: '§7 Votes, §5, §8, §9',
  tags: ['votes'],
  isPublic: false,
  body: AddVoteAnswerBody,
  response: z.object({ answer: VoteAnswer, mine: VoteMine, player_vote_total: z.number().int().nullable() }),
});

export const deleteVoteAnswer = defineRoute({
  method: 'DELETE',
  path: '/vote/answer/delete',
  summary:
    "Withdraws one of the caller's casts, giving its count back (to that day's remainder when it is still that day). 409 vote.withdraw_not_allowed (the vote does not allow it); 409 12003 (after the deadline); 404 not_found (not the caller's).",
  spec: '§7 Votes, §5',
  tags: ['votes'],
  isPublic: false,
  querystring: z.object({ answer_id: ObjectIdString }),
  response: z.object({ mine: VoteMine }),
});

export const listVotes = defineRoute({
  method: 'GET',
  path: '/votes',
  summary: "A meeting's shown votes, heaviest then newest first (beyond the spec: the entry list).",
  spec: '§3 Vote, §4 Vote',
  tags: ['votes'],
  isPublic: false,
  querystring: z.object({ meeting_id: ObjectIdString }),
  response: resultsOf(VoteSummary),
});
