import type { FormField, FormQuestion } from '@app/contracts';
import { formFields, toWireId } from '@app/contracts';
import { flag } from '../../db/wire.ts';
import type { FormQuestionRow } from './forms.repository.ts';

/** Why a linked activity cannot be chosen, by activity id (absent = it can). */
export type DisabledActivities = Map<string, 'private' | 'full' | 'deadline' | 'deleted'>;

function fieldOf(value: string | null): FormField | null {
  return value && (formFields as readonly string[]).includes(value) ? (value as FormField) : null;
}

/**
 * A question row in wire form (§7 Forms, §5). Options of a linked-activity question (type
 * 'activity') carry `is_disabled` 1 when their activity is in `disabled`, else 0; other options are
 * passed as stored.
 */
export function toWireQuestion(row: FormQuestionRow, disabled: DisabledActivities): FormQuestion {
  return {
    _id: toWireId(row.id),
    form_id: toWireId(row.formId),
    scope: row.scope === 'group' ? 'group' : 'member',
    type: row.type,
    title: row.title,
    description: row.description,
    is_required: flag(row.isRequired),
    field: fieldOf(row.field),
    options:
      row.type === 'activity'
        ? row.options.map((option) => ({
            ...option,
            is_disabled: option.activity_id && disabled.has(option.activity_id) ? 1 : 0,
          }))
        : row.options,
    condition: row.condition ?? null,
    weight: row.weight,
  };
}
