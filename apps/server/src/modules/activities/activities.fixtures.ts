import type { FormCondition, FormOption, FormQuestionType } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { formQuestions, forms } from '../forms/forms.tables.ts';
import { type MeetingRoleName, meetingRoles } from '../roles/roles.tables.ts';
import { activities, activityPrices, activitySources } from './activities.tables.ts';

/**
 * Test and demo data of activities: a factory that inserts one activity with its ticket types,
 * sources and form, so each test states exactly the limits it exercises.
 */

export type PriceSpec = {
  id?: string;
  title?: string | Record<string, string>;
  /** Cents. */
  amount?: number;
  /** null = no limit. */
  total?: number | null;
  soldTotal?: number;
  maxPerAgent?: number;
  deleted?: 0 | 1;
};

export type SourceSpec = {
  id?: string;
  title?: string;
  max?: number;
  signupTotal?: number;
  isDefault?: 0 | 1;
  deleted?: 0 | 1;
};

export type QuestionSpec = {
  id?: string;
  scope?: 'member' | 'group';
  type: FormQuestionType;
  title?: string | Record<string, string>;
  isRequired?: 0 | 1;
  field?: 'name' | 'phone' | 'email' | 'id_number' | 'job' | 'company';
  options?: FormOption[];
  condition?: FormCondition | null;
};

export type ActivitySpec = {
  id?: string;
  meetingId: string;
  title?: string | Record<string, string>;
  description?: string | Record<string, string>;
  address?: string | Record<string, string>;
  covers?: string[];
  start?: Date;
  end?: Date;
  registrationStart?: Date | null;
  deadline?: Date | null;
  max?: number;
  ticketTotal?: number;
  offline?: 0 | 1;
  enableShow?: 0 | 1;
  enableRegistrationEntrance?: 0 | 1;
  isReview?: 0 | 1;
  enableResubmitAnswer?: 0 | 1;
  enableDeadlineAnswer?: 0 | 1;
  privacy?: 0 | 1;
  enableAgent?: 0 | 1;
  agentCheckoutVersion?: 'v1' | 'v2';
  agentMaxMembers?: number;
  weight?: number;
  deleted?: 0 | 1;
  /** Ticket types; default one free type without limit. */
  prices?: PriceSpec[];
  sources?: SourceSpec[];
  /** Questions of the activity's form; undefined = no form. Order = weight order. */
  questions?: QuestionSpec[];
  /** Id of the form (when `questions` is given); default a new id. */
  formId?: string;
};

export type InsertedActivity = {
  activityId: string;
  priceIds: string[];
  sourceIds: string[];
  formId: string | null;
  questionIds: string[];
};

const day = 24 * 3600 * 1000;

/** Inserts an activity with its ticket types, sources and form; returns their ids (in spec order). */
export async function insertActivity(db: Database, spec: ActivitySpec): Promise<InsertedActivity> {
  const activityId = spec.id ?? newId();
  const now = Date.now();
  await db.insert(activities).values({
    id: activityId,
    meetingId: spec.meetingId,
    title: spec.title ?? { en: 'Test forum', zh: '测试论坛' },
    description: spec.description ?? '',
    address: spec.address ?? '',
    covers: spec.covers ?? [],
    start: spec.start ?? new Date(now + 30 * day),
    end: spec.end ?? new Date(now + 30 * day + 3 * 3600 * 1000),
    registrationStart: spec.registrationStart === undefined ? new Date(now - day) : spec.registrationStart,
    deadline: spec.deadline === undefined ? new Date(now + 20 * day) : spec.deadline,
    max: spec.max ?? 0,
    ticketTotal: spec.ticketTotal ?? 0,
    offline: spec.offline ?? 1,
    enableShow: spec.enableShow ?? 1,
    enableRegistrationEntrance: spec.enableRegistrationEntrance ?? 1,
    isReview: spec.isReview ?? 0,
    enableResubmitAnswer: spec.enableResubmitAnswer ?? 0,
    enableDeadlineAnswer: spec.enableDeadlineAnswer ?? 0,
    privacy: spec.privacy ?? 0,
    enableAgent: spec.enableAgent ?? 0,
    agentCheckoutVersion: spec.agentCheckoutVersion ?? 'v1',
    agentMaxMembers: spec.agentMaxMembers ?? 20,
    weight: spec.weight ?? 0,
    deleted: spec.deleted ?? 0,
  });
  const priceSpecs = spec.prices ?? [{}];
  const priceIds = priceSpecs.map((p) => p.id ?? newId());
  await db.insert(activityPrices).values(
    priceSpecs.map((p, index) => ({
      id: priceIds[index] as string,
      activityId,
      title: p.title ?? { en: 'Standard', zh: '普通票' },
      amount: p.amount ?? 0,
      total: p.total === undefined ? null : p.total,
      soldTotal: p.soldTotal ?? 0,
      maxPerAgent: p.maxPerAgent ?? 0,
      deleted: p.deleted ?? 0,
      weight: priceSpecs.length - index,
    })),
  );
  const sourceSpecs = spec.sources ?? [];
  const sourceIds = sourceSpecs.map((s) => s.id ?? newId());
  if (sourceSpecs.length > 0) {
    await db.insert(activitySources).values(
      sourceSpecs.map((s, index) => ({
        id: sourceIds[index] as string,
        activityId,
        title: s.title ?? `Channel ${index + 1}`,
        max: s.max ?? 0,
        signupTotal: s.signupTotal ?? 0,
        isDefault: s.isDefault ?? 0,
        deleted: s.deleted ?? 0,
      })),
    );
  }
  if (!spec.questions) return { activityId, priceIds, sourceIds, formId: null, questionIds: [] };
  const formId = spec.formId ?? newId();
  await db.insert(forms).values({ id: formId, meetingId: spec.meetingId, activityId, title: '' });
  const questionIds = spec.questions.map((q) => q.id ?? newId());
  if (spec.questions.length > 0) {
    await db.insert(formQuestions).values(
      spec.questions.map((q, index) => ({
        id: questionIds[index] as string,
        formId,
        scope: q.scope ?? 'member',
        type: q.type,
        title: q.title ?? q.type,
        isRequired: q.isRequired ?? 0,
        field: q.field ?? null,
        options: q.options ?? [],
        condition: q.condition ?? null,
        weight: spec.questions ? spec.questions.length - index : 0,
      })),
    );
  }
  return { activityId, priceIds, sourceIds, formId, questionIds };
}

/** Grants a phone (E.164) a role in a meeting (§6 reception staff; DESIGN §7 roles). */
export async function insertStaff(
  db: Database,
  input: { meetingId: string; phone: string; role?: MeetingRoleName },
): Promise<void> {
  await db
    .insert(meetingRoles)
    .values({ id: newId(), meetingId: input.meetingId, phone: input.phone, role: input.role ?? 'checkin' })
    .onConflictDoNothing();
}
