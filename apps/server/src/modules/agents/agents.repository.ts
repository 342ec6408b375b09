import type { FormAnswers } from '@app/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activities, activityPrices } from '../activities/activities.tables.ts';
import { formQuestions, forms } from '../forms/forms.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { agents } from './agents.tables.ts';

/**
 * Storage of groups (§3 Group (agent)): the leader's group rows, the activity and form rows the group
 * rules read, and the members' tickets. Only this file (and *.tables.ts) speaks drizzle.
 */

export type AgentRow = typeof agents.$inferSelect;
export type AgentActivityRow = typeof activities.$inferSelect;
export type AgentMemberRow = typeof tickets.$inferSelect;
export type GroupQuestionRow = typeof formQuestions.$inferSelect;

/** An activity that is not deleted, or null. */
export async function findLiveActivity(db: Database, activityId: string): Promise<AgentActivityRow | null> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, activityId), eq(activities.deleted, 0)))
    .limit(1);
  return row ?? null;
}

/** The form of an activity (its id), or null when the activity asks nothing. */
export async function findFormIdOfActivity(db: Database, activityId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(eq(forms.activityId, activityId))
    .limit(1);
  return row?.id ?? null;
}

/** A form's activity id, or null when the form does not exist. */
export async function findActivityIdOfForm(db: Database, formId: string): Promise<string | null> {
  const [row] = await db
    .select({ activityId: forms.activityId })
    .from(forms)
    .where(eq(forms.id, formId))
    .limit(1);
  return row?.activityId ?? null;
}

/** The group (leader) questions of a form that are not deleted, heaviest first. */
export async function findGroupQuestions(db: Database, formId: string): Promise<GroupQuestionRow[]> {
  return db
    .select()
    .from(formQuestions)
    .where(
      and(eq(formQuestions.formId, formId), eq(formQuestions.scope, 'group'), eq(formQuestions.deleted, 0)),
    )
    .orderBy(desc(formQuestions.weight), asc(formQuestions.id));
}

/** A live (not deleted) group by id whatever its owner, or null. */
export async function findAgentById(db: Database, agentId: string): Promise<AgentRow | null> {
  const [row] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.deleted, 0)))
    .limit(1);
  return row ?? null;
}

/** A live group led by `userId`, or null (someone else's group reads as missing). */
export async function findLedAgent(db: Database, agentId: string, userId: string): Promise<AgentRow | null> {
  const [row] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.userId, userId), eq(agents.deleted, 0)))
    .limit(1);
  return row ?? null;
}

/** The live groups `userId` leads for an activity, newest first. */
export async function findLedAgentsOfActivity(
  db: Database,
  activityId: string,
  userId: string,
): Promise<AgentRow[]> {
  return db
    .select()
    .from(agents)
    .where(and(eq(agents.activityId, activityId), eq(agents.userId, userId), eq(agents.deleted, 0)))
    .orderBy(desc(agents.createdAt), desc(agents.id));
}

export type AgentDetails = {
  id: string;
  meetingId: string;
  activityId: string;
  userId: string;
  name: string;
  liaison: string;
  /** E.164. */
  phone: string;
  areaCode: string;
  email: string;
  /** New group answers; undefined keeps the stored ones (a new group starts with {}). */
  answers?: FormAnswers;
};

/**
 * Creates the group or updates its details in one statement (INSERT … ON CONFLICT (id) DO UPDATE):
 * two concurrent requests with the same new id both end on the same row instead of one failing on
 * the primary key. The update only applies to a live group of the same leader and activity; for any
 * other existing row (someone else's, another activity's, deleted) nothing changes and null is
 * answered.
 */
export async function upsertAgent(db: Database, details: AgentDetails): Promise<AgentRow | null> {
  const changes = {
    name: details.name,
    liaison: details.liaison,
    phone: details.phone,
    areaCode: details.areaCode,
    email: details.email,
    ...(details.answers !== undefined ? { answers: details.answers } : {}),
    updatedAt: sql`now()`,
  };
  const [row] = await db
    .insert(agents)
    .values({
      id: details.id,
      meetingId: details.meetingId,
      activityId: details.activityId,
      userId: details.userId,
      name: details.name,
      liaison: details.liaison,
      phone: details.phone,
      areaCode: details.areaCode,
      email: details.email,
      answers: details.answers ?? {},
    })
    .onConflictDoUpdate({
      target: agents.id,
      set: changes,
      setWhere: and(
        eq(agents.userId, details.userId),
        eq(agents.activityId, details.activityId),
        eq(agents.deleted, 0),
      ),
    })
    .returning();
  return row ?? null;
}

/** Replaces a led group's answers; null when the group is not the leader's (nothing changed). */
export async function updateAgentAnswers(
  db: Database,
  input: { agentId: string; userId: string; answers: FormAnswers },
): Promise<AgentRow | null> {
  const [row] = await db
    .update(agents)
    .set({ answers: input.answers, updatedAt: sql`now()` })
    .where(and(eq(agents.id, input.agentId), eq(agents.userId, input.userId), eq(agents.deleted, 0)))
    .returning();
  return row ?? null;
}

/** The live members (tickets) of a group, oldest first. */
export async function findAgentMembers(db: Database, agentId: string): Promise<AgentMemberRow[]> {
  return db
    .select()
    .from(tickets)
    .where(and(eq(tickets.agentId, agentId), eq(tickets.deleted, 0)))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
}

/** Titles of ticket types by id (deleted ones included: a member keeps the type they registered with). */
export async function findPriceTitles(
  db: Database,
  priceIds: string[],
): Promise<Map<string, string | Record<string, string>>> {
  if (priceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: activityPrices.id, title: activityPrices.title })
    .from(activityPrices)
    .where(inArray(activityPrices.id, priceIds));
  return new Map(rows.map((row) => [row.id, row.title]));
}
