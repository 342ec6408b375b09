import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { formQuestions, forms } from './forms.tables.ts';

export type FormRow = typeof forms.$inferSelect;
export type FormQuestionRow = typeof formQuestions.$inferSelect;

/** A form by id, or undefined. */
export async function findFormById(db: Database, id: string): Promise<FormRow | undefined> {
  const [row] = await db.select().from(forms).where(eq(forms.id, id)).limit(1);
  return row;
}

/** The form of an activity, or undefined when it asks nothing. */
export async function findFormOfActivity(db: Database, activityId: string): Promise<FormRow | undefined> {
  const [row] = await db.select().from(forms).where(eq(forms.activityId, activityId)).limit(1);
  return row;
}

/** Not deleted questions of a form in one scope, by weight descending then id. */
export async function listFormQuestions(
  db: Database,
  formId: string,
  scope: 'member' | 'group',
): Promise<FormQuestionRow[]> {
  return db
    .select()
    .from(formQuestions)
    .where(
      and(eq(formQuestions.formId, formId), eq(formQuestions.scope, scope), eq(formQuestions.deleted, 0)),
    )
    .orderBy(desc(formQuestions.weight), asc(formQuestions.id));
}
