import type {
  ConsoleVote,
  ConsoleVoteDetail,
  createConsoleVote,
  createConsoleVotePlayer,
  deleteConsoleVote,
  deleteConsoleVotePlayer,
  getConsoleVote,
  listConsoleVotes,
  updateConsoleVote,
  updateConsoleVotePlayer,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { bracketBody, type NestedValue } from '../../../lib/api/bracket-body.ts';

/** The console's votes calls (DESIGN §7), typed from console-votes.contracts.ts (votes.edit). */
const listPath = (meetingId: string) =>
  fillPath<typeof listConsoleVotes>('/console/meetings/:meeting_id/votes', { meeting_id: meetingId });
const onePath = (meetingId: string, id: string) =>
  fillPath<typeof getConsoleVote>('/console/meetings/:meeting_id/votes/:id', { meeting_id: meetingId, id });

export function useConsoleVotes(meetingId: string) {
  return useQuery({
    queryKey: ['console', 'votes', meetingId],
    queryFn: () => api.get<{ items: ConsoleVote[] }>(listPath(meetingId)),
  });
}

export function useConsoleVote(meetingId: string, id: string | null) {
  return useQuery({
    queryKey: ['console', 'votes', meetingId, id],
    queryFn: () => api.get<ConsoleVoteDetail>(onePath(meetingId, id ?? '')),
    enabled: id !== null,
  });
}

/** Saves a vote (new when `id` is null); every write refreshes the lists. */
export function useSaveVote(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, NestedValue> }) =>
      id
        ? api.put<ConsoleVoteDetail>(
            fillPath<typeof updateConsoleVote>('/console/meetings/:meeting_id/votes/:id', {
              meeting_id: meetingId,
              id,
            }),
            bracketBody(body),
          )
        : api.post<ConsoleVoteDetail>(
            fillPath<typeof createConsoleVote>('/console/meetings/:meeting_id/votes', {
              meeting_id: meetingId,
            }),
            bracketBody(body),
          ),
    onSettled: () => client.invalidateQueries({ queryKey: ['console', 'votes', meetingId] }),
  });
}

export function useDeleteVote(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(
        fillPath<typeof deleteConsoleVote>('/console/meetings/:meeting_id/votes/:id', {
          meeting_id: meetingId,
          id,
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['console', 'votes', meetingId] }),
  });
}

/** Adds a candidate (name, image, description) to a vote. */
export function useAddPlayer(meetingId: string, voteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, NestedValue>) =>
      api.post<ConsoleVoteDetail>(
        fillPath<typeof createConsoleVotePlayer>('/console/meetings/:meeting_id/votes/:id/players', {
          meeting_id: meetingId,
          id: voteId,
        }),
        bracketBody(body),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['console', 'votes', meetingId] }),
  });
}

/** Saves a candidate's name, image and description. */
export function useUpdatePlayer(meetingId: string, voteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ playerId, body }: { playerId: string; body: Record<string, NestedValue> }) =>
      api.put<ConsoleVoteDetail>(
        fillPath<typeof updateConsoleVotePlayer>(
          '/console/meetings/:meeting_id/votes/:id/players/:player_id',
          {
            meeting_id: meetingId,
            id: voteId,
            player_id: playerId,
          },
        ),
        bracketBody(body),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['console', 'votes', meetingId] }),
  });
}

export function useDeletePlayer(meetingId: string, voteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (playerId: string) =>
      api.delete(
        fillPath<typeof deleteConsoleVotePlayer>(
          '/console/meetings/:meeting_id/votes/:id/players/:player_id',
          {
            meeting_id: meetingId,
            id: voteId,
            player_id: playerId,
          },
        ),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['console', 'votes', meetingId] }),
  });
}

/** The results CSV's address (downloaded with the session's token by the caller). */
export const exportPath = (meetingId: string, id: string) => `${onePath(meetingId, id)}/export`;
