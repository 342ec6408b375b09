import type { FormQuestion } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { type InsertedActivity, insertActivity } from '../activities/activities.fixtures.ts';
import { formQuestions } from './forms.tables.ts';

let t: TestApp;
const meetingId = ids.meeting;
const day = 24 * 3600 * 1000;
const now = Date.now();

const linked = {
  open: 'f0f000000000000000000001',
  private: 'f0f000000000000000000002',
  full: 'f0f000000000000000000003',
  closed: 'f0f000000000000000000004',
  deleted: 'f0f000000000000000000005',
  notStartedFull: 'f0f000000000000000000006',
  missing: 'f0f00000000000000000ffff',
};
let form: InsertedActivity;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedFixture(db);
  await insertActivity(db, { id: linked.open, meetingId, max: 10, ticketTotal: 9 });
  await insertActivity(db, { id: linked.private, meetingId, privacy: 1 });
  await insertActivity(db, { id: linked.full, meetingId, max: 2, ticketTotal: 2 });
  await insertActivity(db, { id: linked.closed, meetingId, deadline: new Date(now - day) });
  await insertActivity(db, { id: linked.deleted, meetingId, deleted: 1 });
  await insertActivity(db, {
    id: linked.notStartedFull,
    meetingId,
    registrationStart: new Date(now + day),
    max: 1,
    ticketTotal: 1,
  });
  form = await insertActivity(db, {
    meetingId,
    prices: [{ title: 'Standard' }, { title: 'Student' }],
    questions: [
      { type: 'text', field: 'name', isRequired: 1, title: { en: 'Name', zh: '姓名' } },
      {
        type: 'radio',
        options: [
          { id: 'ad', title: 'Ad' },
          { id: 'other', title: 'Other' },
        ],
      },
      { type: 'text', isRequired: 1, title: 'Please specify' },
      { type: 'text', title: 'Gone' },
      {
        type: 'activity',
        options: Object.entries(linked).map(([key, id]) => ({ id: key, title: key, activity_id: id })),
      },
      { scope: 'group', type: 'textarea', title: 'Team description' },
      { scope: 'group', type: 'text', title: 'Team name', isRequired: 1 },
    ],
  });
  const q = form.questionIds;
  // "Please specify" shows for the option other; "Gone" is deleted.
  await db
    .update(formQuestions)
    .set({ condition: { question_id: q[1], option_ids: ['other'] } })
    .where(eq(formQuestions.id, q[2] as string));
  await db
    .update(formQuestions)
    .set({ deleted: 1 })
    .where(eq(formQuestions.id, q[3] as string));
});

afterAll(async () => {
  await t?.close();
});

async function questions(formId: string, params: Record<string, unknown> = {}) {
  const response = await t.call('GET', apiUrl(`/forms/${formId}/questions`, params));
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: FormQuestion[] }).results;
}

describe('GET /forms/:id/questions', () => {
  it('gives the member questions by weight, deleted ones left out, to guests', async () => {
    const results = await questions(form.formId as string);
    const q = form.questionIds;
    expect(results.map((r) => r._id.$id)).toEqual([q[0], q[1], q[2], q[4]]);
    expect(results[0]).toMatchObject({
      form_id: { $id: form.formId },
      scope: 'member',
      type: 'text',
      field: 'name',
      is_required: 1,
      title: { en: 'Name', zh: '姓名' },
      condition: null,
    });
    expect(results[1]?.options).toEqual([
      { id: 'ad', title: 'Ad' },
      { id: 'other', title: 'Other' },
    ]);
    expect(results[2]?.condition).toEqual({ question_id: q[1], option_ids: ['other'] });
  });

  it('disables linked activities that are private, full, closed, deleted or missing', async () => {
    const results = await questions(form.formId as string, { group: 0 });
    const options = results.find((r) => r.type === 'activity')?.options ?? [];
    expect(Object.fromEntries(options.map((o) => [o.id, o.is_disabled]))).toEqual({
      open: 0,
      private: 1,
      full: 1,
      closed: 1,
      deleted: 1,
      notStartedFull: 1,
      missing: 1,
    });
    expect(options[0]).toMatchObject({ activity_id: linked.open, title: 'open' });
  });

  it('gives the group questions with group=1', async () => {
    const results = await questions(form.formId as string, { group: 1 });
    expect(results.map((r) => [r.title, r.scope, r.type, r.is_required])).toEqual([
      ['Team description', 'group', 'textarea', 0],
      ['Team name', 'group', 'text', 1],
    ]);
  });

  it('answers 404 for an unknown or malformed form id (§2) and 400 for a bad group', async () => {
    const missing = await t.call('GET', apiUrl(`/forms/${linked.missing}/questions`));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
    const bad = await t.call('GET', apiUrl('/forms/xyz/questions'));
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ code: 'invalid_object_id' });
    const badGroup = await t.call('GET', apiUrl(`/forms/${form.formId}/questions`, { group: 2 }));
    expect(badGroup.statusCode).toBe(400);
  });
});
