import type { FormCondition, FormOption, FormQuestionType } from '@app/contracts';
import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  createdAtColumn,
  deletedColumn,
  idColumn,
  jsonbValue,
  localizedColumn,
  updatedAtColumn,
} from '../../db/columns.ts';
import { activities } from '../activities/activities.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';

/**
 * Registration forms (§7 Forms): one per activity. Its questions are asked of each registrant
 * (`scope` 'member') or once of a group leader (`scope` 'group', GET …/questions?group=1).
 */
export const forms = pgTable(
  'forms',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    title: localizedColumn('title'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('forms_activity_uq').on(t.activityId)],
);

/**
 * Questions of a form. `field` maps an answer onto the ticket (name, phone, email, id_number, job,
 * company); `condition` shows the question only when another question's answer holds one of
 * `option_ids` or the chosen ticket type is one of `price_ids` (§5).
 */
export const formQuestions = pgTable(
  'form_questions',
  {
    id: idColumn(),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<'member' | 'group'>().notNull().default('member'),
    type: text('type').$type<FormQuestionType>().notNull(),
    title: localizedColumn('title'),
    description: localizedColumn('description'),
    isRequired: smallint('is_required').notNull().default(0),
    field: text('field'),
    options: jsonbValue<FormOption[]>('options').notNull().default([]),
    condition: jsonbValue<FormCondition | null>('condition'),
    weight: integer('weight').notNull().default(0),
    deleted: deletedColumn(),
  },
  (t) => [index('form_questions_form_idx').on(t.formId, t.scope, t.weight)],
);
