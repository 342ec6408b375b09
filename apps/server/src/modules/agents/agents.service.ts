import {
  type Agent,
  ErrorCode,
  type FormAnswers,
  type FormAnswersResponse,
  type PutAgentBody,
  toWireId,
} from '@app/contracts';
import { registrationState, toUnixSeconds } from '@app/domain';
import { normaliseEmail, normalisePhone } from '@app/domain/contact';
import { keepVisibleAnswers, type RuleQuestion, validateAnswers } from '@app/domain/forms';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { registrationActivityOf } from '../activities/activities.serializer.ts';
import { answersRefused } from '../tickets/tickets.errors.ts';
import { toWireTicket, toWireTicketActivity } from '../tickets/tickets.serializer.ts';
import { emailInvalid, phoneInvalid } from '../users/users.errors.ts';
import {
  type AgentActivityRow,
  type AgentRow,
  findActivityIdOfForm,
  findAgentById,
  findAgentMembers,
  findFormIdOfActivity,
  findGroupQuestions,
  findLedAgent,
  findLedAgentsOfActivity,
  findLiveActivity,
  findPriceTitles,
  type GroupQuestionRow,
  updateAgentAnswers,
  upsertAgent,
} from './agents.repository.ts';
import { toWireAgent } from './agents.serializer.ts';

/**
 * Group (agent) registration (§3 Group, §5 "team registration: group info completed before adding
 * members", §8 group messages): the leader's group details and group answers. The
 * members themselves are registered by POST /tickets with `agent_id` (modules/tickets).
 */

type Deps = { db: Database };

/** 409 the activity does not offer group registration. */
const agentNotEnabled = () =>
  new AppError(409, ErrorCode.agentNotEnabled, 'Group registration is not available for this activity');

/** 400 §8 'agent info required': group name, liaison and mobile must be filled in first. */
const agentInfoRequired = () =>
  new AppError(400, ErrorCode.agentInfoRequired, 'Please complete the group information first');

const registrationNotStarted = () =>
  new AppError(409, ErrorCode.registrationNotStarted, 'Registration has not started yet');
const registrationClosed = () => new AppError(409, ErrorCode.registrationClosed, 'Registration has ended');
const deadlinePassed = () =>
  new AppError(409, ErrorCode.deadlinePassed, 'The deadline has passed: answers can no longer be changed');

/** Unix seconds now. */
const nowSeconds = () => toUnixSeconds(new Date());

/** A question row as the shared form rules read it. */
function ruleQuestionOf(row: GroupQuestionRow): RuleQuestion {
  return {
    id: row.id,
    type: row.type,
    is_required: row.isRequired === 1 ? 1 : 0,
    field: row.field,
    options: row.options,
    condition: row.condition,
  };
}

/**
 * The group answers to store: only answers to the form's group questions whose conditions hold
 * (others are dropped, §5), validated (required, phone, e-mail, ID number, options). 400 as the
 * tickets module's `answersRefused` (same codes and details as member answers). An activity without a form keeps no answers.
 */
async function groupAnswersToStore(
  db: Database,
  formId: string | null,
  data: FormAnswers,
): Promise<FormAnswers> {
  if (!formId) return {};
  const questions = (await findGroupQuestions(db, formId)).map(ruleQuestionOf);
  const kept = keepVisibleAnswers(questions, data, null);
  const problems = validateAnswers(questions, kept, null);
  if (problems.length > 0) throw answersRefused(problems);
  return kept as FormAnswers;
}

/** The activity of a group call: live and in the caller's session meeting, else 404. */
async function activityInMeeting(
  db: Database,
  activityId: string,
  sessionMeetingId: string | null | undefined,
): Promise<AgentActivityRow> {
  const activity = await findLiveActivity(db, activityId);
  if (!activity || (sessionMeetingId && activity.meetingId !== sessionMeetingId)) throw notFound('activity');
  return activity;
}

export type PutAgentInput = {
  userId: string;
  /** The meeting of the caller's session: an activity of another meeting reads as missing. */
  sessionMeetingId?: string | null;
  activityId: string;
  agentId: string;
  body: PutAgentBody;
};

/**
 * PUT /activities/{id}/agents/{agent_id} (§7 Activities, §5, §8): creates the group under the
 * client-chosen id, or edits its details. A retry with the same id updates the same row
 * (idempotent); concurrent first requests end on one row (INSERT … ON CONFLICT).
 * - name, liaison and mobile required → 400 agent.info_required; mobile valid for its area code
 *   (stored E.164) → 400 phone.invalid; e-mail optional, else valid (stored lower-case) → 400
 *   email.invalid; `data` = answers to the form's group questions (hidden ones dropped) → 400
 *   form.required / phone.invalid / … with details per question; omitted `data` keeps the stored
 *   answers;
 * - the activity must be live and of the session's meeting (404 not_found), offer groups (409
 *   agent.not_enabled), and take registrations: 409 registration.not_started before its start, 409
 *   registration.closed after its deadline (an existing group may still be edited then when the
 *   activity has enable_deadline_answer);
 * - an id already used by another leader's or another activity's group → 404, nothing changed.
 */
export async function putAgent(deps: Deps, input: PutAgentInput): Promise<Agent> {
  const { db } = deps;
  const activity = await activityInMeeting(db, input.activityId, input.sessionMeetingId);
  const existing = await findAgentById(db, input.agentId);
  const isOwn = existing?.userId === input.userId && existing.activityId === activity.id;
  if (existing && !isOwn) throw notFound('group');
  if (activity.enableAgent !== 1) throw agentNotEnabled();
  const state = registrationState({ activity: registrationActivityOf(activity), now: nowSeconds() });
  if (state.availability === 'not_started') throw registrationNotStarted();
  if (state.availability === 'closed' && !(existing && activity.enableDeadlineAnswer === 1)) {
    throw registrationClosed();
  }

  const { body } = input;
  const name = body.name.trim();
  const liaison = body.liaison.trim();
  const phoneText = body.phone.trim();
  if (name === '' || liaison === '' || phoneText === '') throw agentInfoRequired();
  const phone = normalisePhone(phoneText, body.area_code);
  if (!phone) throw phoneInvalid();
  let email = '';
  if (body.email.trim() !== '') {
    const normalised = normaliseEmail(body.email);
    if (!normalised) throw emailInvalid();
    email = normalised;
  }
  const formId = await findFormIdOfActivity(db, activity.id);
  const answers = body.data === undefined ? undefined : await groupAnswersToStore(db, formId, body.data);

  const row = await upsertAgent(db, {
    id: input.agentId,
    meetingId: activity.meetingId,
    activityId: activity.id,
    userId: input.userId,
    name,
    liaison,
    phone: phone.e164,
    areaCode: phone.areaCode,
    email,
    ...(answers !== undefined ? { answers } : {}),
  });
  // Another leader's group with this id appeared between the read and the write: nothing changed.
  if (!row) throw notFound('group');
  return toWireAgent(row);
}

/**
 * GET /activities/{id}/agents (§7 Activities): the groups the caller leads for an activity, newest
 * first, without members. 404 not_found for an activity that is missing or of another meeting.
 */
export async function listMyAgents(
  deps: Deps,
  input: { userId: string; sessionMeetingId?: string | null; activityId: string },
): Promise<Agent[]> {
  const activity = await activityInMeeting(deps.db, input.activityId, input.sessionMeetingId);
  const rows = await findLedAgentsOfActivity(deps.db, activity.id, input.userId);
  return rows.map((row) => toWireAgent(row));
}

/** The caller's live group, checked against the activity when one is named; else 404. */
export async function ledAgentOrNotFound(
  db: Database,
  input: { userId: string; agentId: string; activityId?: string },
): Promise<AgentRow> {
  const row = await findLedAgent(db, input.agentId, input.userId);
  if (!row || (input.activityId !== undefined && row.activityId !== input.activityId)) {
    throw notFound('group');
  }
  return row;
}

/** A group in wire form with its members' tickets (oldest first, as their leader sees them). */
async function withMembers(db: Database, row: AgentRow, activity?: AgentActivityRow): Promise<Agent> {
  const members = await findAgentMembers(db, row.id);
  const titles = await findPriceTitles(db, [...new Set(members.map((member) => member.priceId))]);
  const wireMembers = members.map((member) =>
    toWireTicket(member, { view: 'owner', priceTitle: titles.get(member.priceId) ?? '' }),
  );
  if (!activity) return toWireAgent(row, { members: wireMembers });
  const formId = await findFormIdOfActivity(db, activity.id);
  return toWireAgent(row, { members: wireMembers, activity: toWireTicketActivity(activity, formId) });
}

/**
 * GET /activities/{id}/agents/{agent_id} (§7 Activities): a group the caller leads, with its
 * members' tickets (not deleted, oldest first). 404 not_found when it is someone else's, of another
 * activity, deleted, or the activity is not of the session's meeting.
 */
export async function getActivityAgent(
  deps: Deps,
  input: { userId: string; sessionMeetingId?: string | null; activityId: string; agentId: string },
): Promise<Agent> {
  const activity = await activityInMeeting(deps.db, input.activityId, input.sessionMeetingId);
  const row = await ledAgentOrNotFound(deps.db, { ...input, activityId: activity.id });
  return withMembers(deps.db, row);
}

/**
 * GET /activities/agents/{agent_id} (§7 Activities): a group the caller leads, with its activity (as
 * tickets embed it) and members. 404 not_found when it is not theirs or not of the session's
 * meeting.
 */
export async function getAgent(
  deps: Deps,
  input: { userId: string; sessionMeetingId?: string | null; agentId: string },
): Promise<Agent> {
  const row = await ledAgentOrNotFound(deps.db, input);
  const activity = await activityInMeeting(deps.db, row.activityId, input.sessionMeetingId).catch(() => {
    throw notFound('group');
  });
  return withMembers(deps.db, row, activity);
}

/** The group of a form call: the form exists and the caller leads a live group of its activity. */
async function agentOfForm(
  db: Database,
  input: { userId: string; formId: string; agentId: string },
): Promise<AgentRow> {
  const activityId = await findActivityIdOfForm(db, input.formId);
  if (!activityId) throw notFound('form');
  return ledAgentOrNotFound(db, { userId: input.userId, agentId: input.agentId, activityId });
}

/**
 * GET /forms/{id}/answers?group=1&agent_id= (§7 Forms): the stored answers to the form's group
 * questions of a group the caller leads. 404 not_found when the form does not exist, the group is
 * someone else's or belongs to another activity than the form's.
 */
export async function getAgentAnswers(
  deps: { db: Database },
  input: { userId: string; formId: string; agentId: string },
): Promise<FormAnswersResponse> {
  const agent = await agentOfForm(deps.db, input);
  return {
    form_id: toWireId(input.formId),
    ticket_id: null,
    agent_id: toWireId(agent.id),
    data: agent.answers,
  };
}

/**
 * PUT /forms/{id}/answers with group=1 and agent_id (§7 Forms, §4, §5): replaces the group's answers
 * to the form's group questions. Answers to hidden or unknown questions are dropped; 400
 * form.required (details per question) / phone.invalid / email.invalid / id_number.invalid /
 * option.invalid. Group details may change while registration is open; after the deadline only
 * with enable_deadline_answer, else 409 registration.deadline_passed (before the registration start
 * 409 registration.not_started). 404 not_found as for getAgentAnswers.
 */
export async function putAgentAnswers(
  deps: { db: Database },
  input: { userId: string; formId: string; agentId: string; data: FormAnswers },
): Promise<FormAnswersResponse> {
  const { db } = deps;
  const agent = await agentOfForm(db, input);
  const activity = await findLiveActivity(db, agent.activityId);
  if (!activity) throw notFound('activity');
  const state = registrationState({ activity: registrationActivityOf(activity), now: nowSeconds() });
  if (state.availability === 'not_started') throw registrationNotStarted();
  if (state.availability === 'closed' && activity.enableDeadlineAnswer !== 1) throw deadlinePassed();
  const answers = await groupAnswersToStore(db, input.formId, input.data);
  const row = await updateAgentAnswers(db, { agentId: agent.id, userId: input.userId, answers });
  if (!row) throw notFound('group');
  return { form_id: toWireId(input.formId), ticket_id: null, agent_id: toWireId(row.id), data: row.answers };
}
