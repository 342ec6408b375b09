import type { ConsoleForm, ConsoleFormBody, FormCondition, FormOption } from '@app/contracts';
import { toWireId } from '@app/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { toWireQuestion } from '../forms/forms.serializer.ts';
import { invalidField, staleWrite } from './console-activities.errors.ts';
import {
  type FormQuestionRow,
  findFormOf,
  findMeetingActivityIds,
  findPricesOf,
  findQuestionsOf,
  insertFormRow,
  nextUpdatedAt,
  type QuestionValues,
  softDeleteQuestions,
  touchFormRow,
  upsertQuestionRow,
} from './console-activities.repository.ts';
import {
  type ActivityInput,
  activityOfMeeting,
  type ConsoleActivitiesDeps,
  requireEditor,
} from './console-activities.service.ts';

/**
 * The registration form builder (§5, §7 Forms; DESIGN §7): an organiser reads and saves an
 * activity's whole form — questions of every type the registration form renders, required flags,
 * options, conditions by option or by price id, linked activities. Saved questions are the ones
 * GET /forms/{id}/questions answers (member scope) and GET …?group=1 (group scope).
 */

type FormBody = z.output<typeof ConsoleFormBody>;
type QuestionInput = FormBody['questions'][number];

/** Types whose answer is one of the question's options (they need at least one). */
const optionTypes = new Set(['radio', 'checkbox', 'activity']);

/** The builder's view of a form: both scopes by weight, or an empty form when there is none. */
async function readForm(db: Database, activityId: string): Promise<ConsoleForm> {
  const form = await findFormOf(db, activityId);
  if (!form) return { form_id: null, title: '', updated_at_ms: 0, questions: [] };
  const rows = (await findQuestionsOf(db, form.id)).filter((row) => row.deleted === 0);
  return {
    form_id: toWireId(form.id),
    title: form.title,
    updated_at_ms: form.updatedMs,
    questions: rows.map((row) => toWireQuestion(row, new Map())),
  };
}

/**
 * GET /console/meetings/{meeting_id}/activities/{id}/form: the form for the builder.
 * @throws 403 no_permission, 404 not_found
 */
export async function getConsoleForm(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput,
): Promise<ConsoleForm> {
  await requireEditor(deps, input);
  const activity = await activityOfMeeting(deps.db, input.meetingId, input.activityId);
  return readForm(deps.db, activity.id);
}

/**
 * Checks the builder's questions and turns them into rows (§5): keys unique; option ids unique in
 * their question and present on radio, checkbox and linked-activity questions; linked activities of
 * the same meeting; a condition names another question of the form by key and options of it, and/or
 * ticket types of this activity. Existing question ids are kept (stored answers stay attached).
 * @throws 400 validation_failed naming the question (`body/questions/<i>/…`)
 */
async function questionRows(
  db: Database,
  input: { meetingId: string; activityId: string; existing: FormQuestionRow[]; questions: QuestionInput[] },
): Promise<QuestionValues[]> {
  const existingIds = new Set(input.existing.map((row) => row.id));
  const idOfKey = new Map<string, string>();
  for (const [index, question] of input.questions.entries()) {
    if (idOfKey.has(question.key)) throw invalidField(`body/questions/${index}/key`, 'duplicate key');
    idOfKey.set(question.key, existingIds.has(question.key) ? question.key : newId());
  }
  const optionsOfKey = new Map(input.questions.map((q) => [q.key, new Set(q.options.map((o) => o.id))]));
  const priceIds = new Set((await findPricesOf(db, [input.activityId])).map((price) => price.id));
  const linked = [
    ...new Set(
      input.questions.flatMap((q) => q.options.flatMap((o) => (o.activity_id ? [o.activity_id] : []))),
    ),
  ];
  const meetingActivities = new Set(await findMeetingActivityIds(db, input.meetingId, linked));

  return input.questions.map((question, index) => {
    const at = (path: string) => `body/questions/${index}/${path}`;
    const optionIds = new Set<string>();
    for (const [optionIndex, option] of question.options.entries()) {
      if (optionIds.has(option.id))
        throw invalidField(at(`options/${optionIndex}/id`), 'duplicate option id');
      optionIds.add(option.id);
      if (question.type === 'activity') {
        if (!option.activity_id || !meetingActivities.has(option.activity_id))
          throw invalidField(at(`options/${optionIndex}/activity_id`), 'not an activity of this meeting');
      }
    }
    if (optionTypes.has(question.type) && question.options.length === 0)
      throw invalidField(at('options'), 'at least one option');
    const options: FormOption[] = optionTypes.has(question.type)
      ? question.options.map((option) => ({
          id: option.id,
          title: option.title,
          ...(question.type === 'activity' && option.activity_id ? { activity_id: option.activity_id } : {}),
        }))
      : [];
    return {
      id: idOfKey.get(question.key) ?? newId(),
      scope: question.scope,
      type: question.type,
      title: question.title,
      description: question.description ?? '',
      isRequired: question.is_required,
      field: question.field ?? null,
      options,
      condition: conditionOf(question, { at, idOfKey, optionsOfKey, priceIds }),
      weight: input.questions.length - index,
    };
  });
}

/** A question's stored condition (ids, not keys), or null when it names nothing. */
function conditionOf(
  question: QuestionInput,
  known: {
    at: (path: string) => string;
    idOfKey: Map<string, string>;
    optionsOfKey: Map<string, Set<string>>;
    priceIds: Set<string>;
  },
): FormCondition | null {
  const condition = question.condition;
  if (!condition) return null;
  const result: FormCondition = {};
  if (condition.question_id) {
    const targetId = known.idOfKey.get(condition.question_id);
    if (!targetId || condition.question_id === question.key)
      throw invalidField(known.at('condition/question_id'), 'not another question of this form');
    const options = known.optionsOfKey.get(condition.question_id) ?? new Set();
    if (condition.option_ids.length === 0 || condition.option_ids.some((id) => !options.has(id)))
      throw invalidField(known.at('condition/option_ids'), 'options of that question');
    result.question_id = targetId;
    result.option_ids = condition.option_ids;
  } else if (condition.option_ids.length > 0) {
    throw invalidField(known.at('condition/question_id'), 'required with option_ids');
  }
  if (condition.price_ids.length > 0) {
    if (condition.price_ids.some((id) => !known.priceIds.has(id)))
      throw invalidField(known.at('condition/price_ids'), 'ticket types of this activity');
    result.price_ids = condition.price_ids;
  }
  return result.question_id || result.price_ids ? result : null;
}

/**
 * PUT /console/meetings/{meeting_id}/activities/{id}/form: saves the whole form in order (creating
 * it when the activity has none: `updated_at_ms` 0). Questions left out are soft-deleted.
 * @throws 400 validation_failed, 403 no_permission, 404 not_found, 409 conflict.stale
 */
export async function saveConsoleForm(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput & { body: FormBody },
): Promise<ConsoleForm> {
  await requireEditor(deps, input);
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'activity.edit',
      entity: 'form',
      entityId: input.activityId,
    },
    async (tx) => {
      // The activity's lock serialises the first save, which creates the form (one per activity).
      const activity = await activityOfMeeting(tx, input.meetingId, input.activityId, { lock: true });
      const form = await findFormOf(tx, activity.id, { lock: true });
      if ((form?.updatedMs ?? 0) !== input.body.updated_at_ms) throw staleWrite();
      const before = form ? await readForm(tx, activity.id) : null;
      const existing = form ? await findQuestionsOf(tx, form.id) : [];
      const rows = await questionRows(tx, {
        meetingId: input.meetingId,
        activityId: activity.id,
        existing,
        questions: input.body.questions,
      });
      const formId = form?.id ?? newId();
      const title = input.body.title ?? form?.title ?? '';
      if (!form)
        await insertFormRow(tx, { id: formId, meetingId: input.meetingId, activityId: activity.id, title });
      for (const row of rows) await upsertQuestionRow(tx, formId, row);
      const kept = new Set(rows.map((row) => row.id));
      await softDeleteQuestions(
        tx,
        formId,
        existing.filter((row) => row.deleted === 0 && !kept.has(row.id)).map((row) => row.id),
      );
      await touchFormRow(tx, formId, { title, updatedAt: nextUpdatedAt(form?.updatedMs ?? 0) });
      const after = await readForm(tx, activity.id);
      return { result: after, before, after, entityId: formId };
    },
  );
}
