import type {
  Agent,
  getActivityAgent,
  listMyActivityAgents,
  PutAgentBody,
  putActivityAgent,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { bracketBody } from '../../../lib/api/bracket-body.ts';

/** GET /activities/{id}/agents: the groups the caller leads for the activity, newest first. */
export const useMyAgents = (activityId: string) =>
  useQuery({
    queryKey: ['activities', 'agents', activityId],
    queryFn: () =>
      api.list<Agent>(fillPath<typeof listMyActivityAgents>('/activities/:id/agents', { id: activityId })),
  });

export const agentQueryKey = (activityId: string, agentId: string) =>
  ['activities', 'agent', activityId, agentId] as const;

/** GET /activities/{id}/agents/{agent_id}: a group the caller leads, with its members' tickets. */
export const useAgent = (activityId: string, agentId: string | undefined) =>
  useQuery({
    queryKey: agentQueryKey(activityId, agentId ?? ''),
    queryFn: () =>
      api.get<Agent>(
        fillPath<typeof getActivityAgent>('/activities/:id/agents/:agent_id', {
          id: activityId,
          agent_id: agentId ?? '',
        }),
      ),
    enabled: agentId !== undefined,
  });

/** A new group id chosen by the client (24 hex, crypto random): a retried PUT creates one group. */
export function newAgentId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * PUT /activities/{id}/agents/{agent_id}: creates or edits a group's details (§5 group info first).
 * 400 agent.info_required / phone.invalid / email.invalid; 409 registration.not_started /
 * registration.closed / agent.not_enabled.
 */
export function saveAgent(activityId: string, agentId: string, body: PutAgentBody): Promise<Agent> {
  return api.put<Agent>(
    fillPath<typeof putActivityAgent>('/activities/:id/agents/:agent_id', {
      id: activityId,
      agent_id: agentId,
    }),
    bracketBody({ ...body, data: body.data }),
  );
}
