import {
  getActivityAgent as getActivityAgentContract,
  getAgent as getAgentContract,
  listMyActivityAgents,
  putActivityAgent,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { getActivityAgent, getAgent, listMyAgents, putAgent } from './agents.service.ts';

/**
 * §7 Activities, group (agent) registration (§5, §8): PUT /activities/{id}/agents/{agent_id},
 * GET /activities/{id}/agents/{agent_id}, GET /activities/{id}/agents and
 * GET /activities/agents/{agent_id}. Every call is the leader's own: anyone else gets 404.
 */
export function agentRoutes(app: App): void {
  const { db } = app.deps;
  app.route({
    ...contractRoute(putActivityAgent),
    config: { auth: 'required' },
    handler: async (request) =>
      putAgent(
        { db },
        {
          userId: requireUserId(request),
          sessionMeetingId: request.actor.sessionMeetingId,
          activityId: request.params.id,
          agentId: request.params.agent_id,
          body: request.body,
        },
      ),
  });
  app.route({
    ...contractRoute(listMyActivityAgents),
    config: { auth: 'required' },
    handler: async (request) => ({
      results: await listMyAgents(
        { db },
        {
          userId: requireUserId(request),
          sessionMeetingId: request.actor.sessionMeetingId,
          activityId: request.params.id,
        },
      ),
    }),
  });
  app.route({
    ...contractRoute(getActivityAgentContract),
    config: { auth: 'required' },
    handler: async (request) =>
      getActivityAgent(
        { db },
        {
          userId: requireUserId(request),
          sessionMeetingId: request.actor.sessionMeetingId,
          activityId: request.params.id,
          agentId: request.params.agent_id,
        },
      ),
  });
  app.route({
    ...contractRoute(getAgentContract),
    config: { auth: 'required' },
    handler: async (request) =>
      getAgent(
        { db },
        {
          userId: requireUserId(request),
          sessionMeetingId: request.actor.sessionMeetingId,
          agentId: request.params.agent_id,
        },
      ),
  });
}
