import { z } from 'zod';
import { FormAnswers } from '../forms/forms.contracts.ts';
import { Ticket, TicketActivity } from '../tickets/tickets.contracts.ts';
import { resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Group (agent) registration (§3 Group, §5 team registration, §8 group messages): a leader enters
 * the group's details first, then registers its members as one batch (POST /tickets with members).
 */

/** A group. `phone` is the national number with `area_code` beside it. */
export const Agent = z.object({
  _id: WireId,
  meeting_id: WireId,
  activity_id: WireId,
  user_id: WireId,
  name: z.string(),
  liaison: z.string(),
  phone: z.string(),
  area_code: z.string(),
  email: z.string(),
  data: FormAnswers,
  members_total: z.number().int().nonnegative(),
  created: UnixSeconds,
  /** The members' tickets (GET calls). */
  members: z.array(Ticket).optional(),
  activity: TicketActivity.optional(),
});
export type Agent = z.infer<typeof Agent>;

/**
 * Body of PUT /activities/{id}/agents/{agent_id}: the group's details (§5 "group info first").
 * Empty name, liaison or phone are accepted by the schema so the server answers the §8 dialog code
 * 400 agent.info_required rather than a generic validation_failed.
 */
export const PutAgentBody = z.strictObject({
  name: z.string().trim().max(textLimits.name),
  liaison: z.string().trim().max(textLimits.name),
  phone: z.string().trim().max(textLimits.phone),
  area_code: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/)
    .default('86'),
  email: z.string().trim().max(textLimits.email).default(''),
  data: FormAnswers.optional(),
});
export type PutAgentBody = z.infer<typeof PutAgentBody>;

const AgentParams = z.object({ id: ObjectIdString, agent_id: ObjectIdString });

export const getActivityAgent = defineRoute({
  method: 'GET',
  path: '/activities/:id/agents/:agent_id',
  summary:
    "A group the caller leads, with its members' tickets. 401 login.required; 404 not_found (not theirs).",
  spec: '§7 Activities',
  tags: ['agents'],
  isPublic: false,
  params: AgentParams,
  response: Agent,
});

export const putActivityAgent = defineRoute({
  method: 'PUT',
  path: '/activities/:id/agents/:agent_id',
  summary:
    "Creates (a new client-chosen id, so a retry is harmless) or edits a group's details. 400 agent.info_required (name, liaison, mobile) / phone.invalid / email.invalid; 409 registration.not_started / registration.closed / agent.not_enabled; 404 not_found (someone else's group).",
  spec: '§7 Activities, §5',
  tags: ['agents'],
  isPublic: false,
  params: AgentParams,
  body: PutAgentBody,
  response: Agent,
});

export const listMyActivityAgents = defineRoute({
  method: 'GET',
  path: '/activities/:id/agents',
  summary: 'The groups the caller leads for an activity, newest first, without members. 401 login.required.',
  spec: '§7 Activities',
  tags: ['agents'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  response: resultsOf(Agent),
});

export const getAgent = defineRoute({
  method: 'GET',
  path: '/activities/agents/:agent_id',
  summary: 'A group the caller leads, with its activity and members. 401 login.required; 404 not_found.',
  spec: '§7 Activities',
  tags: ['agents'],
  isPublic: false,
  params: z.object({ agent_id: ObjectIdString }),
  response: Agent,
});
