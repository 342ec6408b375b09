import type {
  addVoteAnswer,
  deleteVoteAnswer,
  getVote,
  getVotePlayer,
  listVoteAnswers,
  listVotes,
  VoteAnswer,
  VoteDetail,
  VoteMine,
  VotePlayer,
  VoteSummary,
} from '@app/contracts';
import { voteLimits } from '@app/contracts/wire/vote-limits.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

const votePath = contractPath<typeof getVote>('/vote/get');
const playerPath = contractPath<typeof getVotePlayer>('/vote/player/get');
const answersPath = contractPath<typeof listVoteAnswers>('/vote/answer/list');
const addPath = contractPath<typeof addVoteAnswer>('/vote/answer/add');
const deletePath = contractPath<typeof deleteVoteAnswer>('/vote/answer/delete');
const listPath = contractPath<typeof listVotes>('/votes');

/** A candidate page's answer: the candidate, its vote and the caller's standing. */
export type PlayerDetail = VotePlayer & { vote: VoteSummary; mine: VoteMine | null };

/** GET /vote/get (§7 Votes): the vote, its candidates, the caller's standing. */
export function useVote(voteId: string, isLoggedIn: boolean) {
  return useQuery({
    queryKey: ['votes', 'vote', voteId, isLoggedIn ? 1 : 0],
    queryFn: () => api.get<VoteDetail>(votePath, { vote_id: voteId }),
    enabled: voteId !== '',
  });
}

/** GET /votes (beyond the spec): the meeting's shown votes, the entry list of the activity page. */
export function useMeetingVotes(meetingId: string) {
  return useQuery({
    queryKey: ['votes', 'list', meetingId],
    queryFn: () => api.list<VoteSummary>(listPath, { meeting_id: meetingId }),
    enabled: meetingId !== '',
  });
}

/** GET /vote/player/get (§7 Votes): one candidate. */
export function useVotePlayer(playerId: string, isLoggedIn: boolean) {
  return useQuery({
    queryKey: ['votes', 'player', playerId, isLoggedIn ? 1 : 0],
    queryFn: () => api.get<PlayerDetail>(playerPath, { player_id: playerId }),
    enabled: playerId !== '',
  });
}

/** GET /vote/answer/list: the caller's casts (login). */
export function useMyAnswers(voteId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['votes', 'answers', voteId],
    queryFn: () => api.list<VoteAnswer>(answersPath, { vote_id: voteId }),
    enabled: enabled && voteId !== '',
  });
}

/** POST /vote/answer/add (§5: count ≥ 1 and within the remainders, checked again by the server). */
export function useCastVote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { voteId: string; playerId: string; count: number }) =>
      api.post<{ answer: VoteAnswer; mine: VoteMine }>(addPath, {
        vote_id: input.voteId,
        player_id: input.playerId,
        count: input.count,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['votes'] }),
  });
}

/** DELETE /vote/answer/delete: takes one cast back where the vote allows it. */
export function useWithdrawVote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answerId: string) =>
      api.request('DELETE', deletePath, { params: { answer_id: answerId } }) as Promise<{ mine: VoteMine }>,
    onSettled: () => client.invalidateQueries({ queryKey: ['votes'] }),
  });
}

/** Most a voter may cast now: the smaller of the two remainders, at most voteLimits.countMax a cast (§5, §9). */
export function castable(mine: VoteMine | null): number {
  if (!mine) return 0;
  const left =
    mine.today_remaining === null ? mine.remaining : Math.min(mine.remaining, mine.today_remaining);
  return Math.min(left, voteLimits.countMax);
}
