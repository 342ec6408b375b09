import {
  addVoteAnswer,
  createConsoleVote as createConsoleVoteContract,
  createConsoleVotePlayer as createConsoleVotePlayerContract,
  deleteConsoleVote as deleteConsoleVoteContract,
  deleteConsoleVotePlayer as deleteConsoleVotePlayerContract,
  deleteVoteAnswer,
  exportConsoleVote as exportConsoleVoteContract,
  getConsoleVote as getConsoleVoteContract,
  getVote,
  getVotePlayer as getVotePlayerContract,
  listConsoleVotes as listConsoleVotesContract,
  listVoteAnswers,
  listVotes,
  updateConsoleVote as updateConsoleVoteContract,
  updateConsoleVotePlayer as updateConsoleVotePlayerContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import {
  createConsoleVote,
  createConsoleVotePlayer,
  deleteConsoleVote,
  deleteConsoleVotePlayer,
  exportConsoleVote,
  getConsoleVote,
  listConsoleVotes,
  updateConsoleVote,
  updateConsoleVotePlayer,
} from './votes.console.ts';
import {
  castVote,
  getVoteDetail,
  getVotePlayer,
  listMeetingVotes,
  listMyAnswers,
  playerMeetingOf,
  voteClock,
  voteMeetingOf,
  withdrawVote,
} from './votes.service.ts';

/**
 * Votes (§7 Votes: GET /vote/get, /vote/player/get, /vote/answer/list; POST /vote/answer/add;
 * DELETE /vote/answer/delete; §4, §5, §8, §9) and the console's votes area (votes.edit). Reads are
 * meeting content (visitors where the meeting allows guests); casting and withdrawing need a login.
 */
export function voteRoutes(app: App): void {
  const { db, config } = app.deps;
  const deps = { db, config };
  const auth = { auth: 'required' } as const;
  const query = (request: { query: unknown }) => request.query as Record<string, string | undefined>;

  app.route({
    ...contractRoute(getVote),
    config: { isGuestViewable: true, guestMeetingOf: (request) => voteMeetingOf(db, query(request).vote_id) },
    handler: async (request) =>
      getVoteDetail(deps, {
        voteId: request.query.vote_id,
        userId: request.actor.userId,
        now: voteClock.now(),
      }),
  });
  app.route({
    ...contractRoute(getVotePlayerContract),
    config: {
      isGuestViewable: true,
      guestMeetingOf: (request) => playerMeetingOf(db, query(request).player_id),
    },
    handler: async (request) =>
      getVotePlayer(deps, {
        playerId: request.query.player_id,
        userId: request.actor.userId,
        now: voteClock.now(),
      }),
  });
  app.route({
    ...contractRoute(listVotes),
    config: { isGuestViewable: true },
    handler: async (request) =>
      listMeetingVotes(deps, { meetingId: request.query.meeting_id, now: voteClock.now() }),
  });
  app.route({
    ...contractRoute(listVoteAnswers),
    config: auth,
    handler: async (request) =>
      listMyAnswers(deps, {
        voteId: request.query.vote_id,
        userId: requireUserId(request),
        now: voteClock.now(),
      }),
  });
  app.route({
    ...contractRoute(addVoteAnswer),
    config: auth,
    handler: async (request) =>
      castVote(deps, {
        userId: requireUserId(request),
        sessionMeetingId: request.actor.sessionMeetingId,
        body: request.body,
        now: voteClock.now(),
      }),
  });
  app.route({
    ...contractRoute(deleteVoteAnswer),
    config: auth,
    handler: async (request) =>
      withdrawVote(deps, {
        userId: requireUserId(request),
        answerId: request.query.answer_id,
        now: voteClock.now(),
      }),
  });

  // ————— Console (votes.edit) —————
  const caller = (request: { params: { meeting_id: string } }) => ({
    meetingId: request.params.meeting_id,
  });
  app.route({
    ...contractRoute(listConsoleVotesContract),
    config: auth,
    handler: async (request) =>
      listConsoleVotes(deps, { ...caller(request), userId: requireUserId(request) }),
  });
  app.route({
    ...contractRoute(getConsoleVoteContract),
    config: auth,
    handler: async (request) =>
      getConsoleVote(deps, { ...caller(request), userId: requireUserId(request), voteId: request.params.id }),
  });
  app.route({
    ...contractRoute(createConsoleVoteContract),
    config: auth,
    handler: async (request) =>
      createConsoleVote(deps, { ...caller(request), userId: requireUserId(request), body: request.body }),
  });
  app.route({
    ...contractRoute(updateConsoleVoteContract),
    config: auth,
    handler: async (request) =>
      updateConsoleVote(deps, {
        ...caller(request),
        userId: requireUserId(request),
        voteId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(deleteConsoleVoteContract),
    config: auth,
    handler: async (request) =>
      deleteConsoleVote(deps, {
        ...caller(request),
        userId: requireUserId(request),
        voteId: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(createConsoleVotePlayerContract),
    config: auth,
    handler: async (request) =>
      createConsoleVotePlayer(deps, {
        ...caller(request),
        userId: requireUserId(request),
        voteId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(updateConsoleVotePlayerContract),
    config: auth,
    handler: async (request) =>
      updateConsoleVotePlayer(deps, {
        ...caller(request),
        userId: requireUserId(request),
        voteId: request.params.id,
        playerId: request.params.player_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(deleteConsoleVotePlayerContract),
    config: auth,
    handler: async (request) =>
      deleteConsoleVotePlayer(deps, {
        ...caller(request),
        userId: requireUserId(request),
        voteId: request.params.id,
        playerId: request.params.player_id,
      }),
  });
  app.route({
    ...contractRoute(exportConsoleVoteContract),
    config: auth,
    handler: async (request, reply) => {
      const csv = await exportConsoleVote(deps, {
        ...caller(request),
        userId: requireUserId(request),
        voteId: request.params.id,
        language: request.query.lang ?? 'en',
      });
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="vote-results.csv"');
      reply.header('cache-control', 'private, no-store');
      return reply.send(csv);
    },
  });
}
