import type { FormQuestion } from '@app/contracts';
import { registrationState, toUnixSeconds } from '@app/domain';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { type ActivityRow, findActivitiesByIds } from '../activities/activities.repository.ts';
import { registrationActivityOf } from '../activities/activities.serializer.ts';
import { findFormById, listFormQuestions } from './forms.repository.ts';
import { type DisabledActivities, toWireQuestion } from './forms.serializer.ts';

type Deps = { db: Database };

/**
 * Why a linked activity cannot be chosen now (§5), or null when it can: deleted, private, past its
 * deadline or full (the last two by `registrationState`). `now` in unix seconds.
 */
export function linkedActivityRefusal(
  activity: ActivityRow,
  now: number,
): 'private' | 'full' | 'deadline' | 'deleted' | null {
  if (activity.deleted === 1) return 'deleted';
  if (activity.privacy === 1) return 'private';
  const state = registrationState({ activity: registrationActivityOf(activity), now });
  if (state.availability === 'closed') return 'deadline';
  // placesLeft, not availability: a full activity whose registration has not started is full too.
  if (state.placesLeft === 0) return 'full';
  return null;
}

/**
 * GET /forms/{id}/questions (§7 Forms, §5): a form's not deleted questions of one scope (member, or
 * group with `group` true) by weight descending. Options of linked-activity questions carry
 * `is_disabled` 1 when that activity is private, deleted, missing, full or past its deadline.
 * @throws 404 not_found for an unknown form
 */
export async function listQuestionsOfForm(
  deps: Deps,
  input: { formId: string; group: boolean; now?: Date },
): Promise<FormQuestion[]> {
  const form = await findFormById(deps.db, input.formId);
  if (!form) throw notFound('Form');
  const rows = await listFormQuestions(deps.db, form.id, input.group ? 'group' : 'member');
  const linkedIds = [
    ...new Set(
      rows
        .filter((row) => row.type === 'activity')
        .flatMap((row) => row.options.flatMap((option) => (option.activity_id ? [option.activity_id] : []))),
    ),
  ];
  const disabled: DisabledActivities = new Map();
  if (linkedIds.length > 0) {
    const now = toUnixSeconds(input.now ?? new Date());
    const found = new Map((await findActivitiesByIds(deps.db, linkedIds)).map((row) => [row.id, row]));
    for (const id of linkedIds) {
      const activity = found.get(id);
      const reason = activity ? linkedActivityRefusal(activity, now) : 'deleted';
      if (reason) disabled.set(id, reason);
    }
  }
  return rows.map((row) => toWireQuestion(row, disabled));
}
