import { type LoginResult, textLimits } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../test/fixture.ts';
import { bearer, smsCode } from '../../test/login.ts';
import { apiUrl, createTestApp, type TestApp } from '../../test/test-app.ts';
import { type InsertedActivity, insertActivity } from '../modules/activities/activities.fixtures.ts';
import {
  appointmentSnapshot,
  newExhibitorUser,
  newParticipant,
  type Person,
} from '../modules/appointments/appointments.fixtures.ts';
import { enterprises } from '../modules/enterprises/enterprises.tables.ts';
import { exhibitIds, seedExhibits } from '../modules/exhibitors/exhibitors.fixtures.ts';
import { login, snapshot } from '../modules/tickets/tickets.fixtures.ts';
import { users } from '../modules/users/users.tables.ts';

/**
 * Text limits through real endpoints (§5 answers and descriptions at most 500 characters; names 64,
 * titles 200 — textLimits): a 3,000-character name, answer or description is refused with 400
 * validation_failed whose message and details name the field and its limit, and nothing stored
 * changes; a text of exactly the limit is accepted.
 */

let t: TestApp;
const meetingId = ids.meeting;
const long = 'x'.repeat(3000);
const robot = exhibitIds.robotCn;

/** Asserts a 400 that names `path` and its limit `max`, in the message and in `details`. */
function expectTooLong(response: LightMyRequestResponse, path: string, max: number) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as {
    code: string;
    message: string;
    details: { path: string; message: string; max?: number }[];
  };
  expect(body.code).toBe('validation_failed');
  expect(body.message).toContain(`${path}: at most ${max} characters`);
  expect(body.details).toContainEqual({ path, message: `at most ${max} characters`, max });
}

async function userCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row?.n);
}

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function enterpriseRow() {
  const [row] = await t.database.db.select().from(enterprises).where(eq(enterprises.id, robot));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
  await seedExhibits(t.database.db, ids.meeting, ids.otherMeeting);
});

afterAll(async () => {
  await t.close();
});

describe('sign-up and profile: a name is at most 64 characters', () => {
  it('refuses a 3,000-character name at sign-up and creates no user; 64 characters sign up', async () => {
    const phone = '13700137001';
    const code = await smsCode(t, { meetingId, phone });
    const before = await userCount();
    const refused = await t.call('POST', '/api/users', {
      form: { meeting_id: meetingId, phone, area_code: '86', code, username: long },
    });
    expectTooLong(refused, 'body/username', textLimits.name);
    expect(await userCount()).toBe(before);

    const name = '名'.repeat(textLimits.name);
    const created = await t.call('POST', '/api/users', {
      form: { meeting_id: meetingId, phone, area_code: '86', code, username: name },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().user.username).toBe(name);
  });

  it('refuses a 3,000-character name and a 201-character job title on the profile, changing nothing', async () => {
    const me = await newParticipant(t, meetingId);
    const before = await userRow(me.userId);
    const refused = await t.call('PUT', `/api/users/${me.userId}`, {
      headers: bearer(me),
      json: { username: long },
    });
    expectTooLong(refused, 'body/username', textLimits.name);
    const work = await t.call('PUT', `/api/users/${me.userId}/works`, {
      headers: bearer(me),
      json: { title: 't'.repeat(textLimits.title + 1), company: 'ACME' },
    });
    expectTooLong(work, 'body/title', textLimits.title);
    expect(await userRow(me.userId)).toEqual(before);

    // A real name of exactly the limit (one letter repeated would be refused as meaningless, §5).
    const name = 'Maria Fernanda dos Santos Albuquerque de Oliveira e Castro Lima'.padEnd(
      textLimits.name,
      'x',
    );
    const edited = await t.call('PUT', `/api/users/${me.userId}`, {
      headers: bearer(me),
      json: { username: name },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await userRow(me.userId))?.username).toBe(name);
  });
});

describe('registration answers: §5 at most 500 characters, a name 64', () => {
  let activity: InsertedActivity;
  let me: LoginResult;
  const answers = (name: string, note?: string) => {
    const [nameId, noteId] = activity.questionIds as [string, string];
    return { [nameId]: name, ...(note === undefined ? {} : { [noteId]: note }) };
  };
  const register = (data: Record<string, string>) =>
    t.call('POST', apiUrl('/tickets'), {
      headers: bearer(me),
      json: { activity_id: activity.activityId, data },
    });

  beforeAll(async () => {
    activity = await insertActivity(t.database.db, {
      meetingId,
      enableResubmitAnswer: 1,
      questions: [
        { type: 'text', field: 'name', isRequired: 1, title: 'Name' },
        { type: 'textarea', title: 'Anything else?' },
      ],
    });
    me = await login(t, meetingId);
  });

  it('refuses 3,000 characters in an answer, 65 in the name and 501 in a text answer, registering nobody', async () => {
    const [nameId, noteId] = activity.questionIds as [string, string];
    const before = await snapshot(t, activity.activityId);
    expectTooLong(await register(answers(long)), `body/data/${nameId}`, textLimits.url);
    expectTooLong(
      await register(answers('n'.repeat(textLimits.name + 1))),
      `data/${nameId}`,
      textLimits.name,
    );
    expectTooLong(
      await register(answers('Ada', 'x'.repeat(textLimits.answer + 1))),
      `data/${noteId}`,
      textLimits.answer,
    );
    expect(await snapshot(t, activity.activityId)).toEqual(before);
  });

  it('registers with a name of 64 and an answer of 500 characters; neither a rename nor a resubmission may pass the limits', async () => {
    const name = 'n'.repeat(textLimits.name);
    const note = 'x'.repeat(textLimits.answer);
    const registered = await register(answers(name, note));
    expect(registered.statusCode, registered.body).toBe(200);
    const ticket = registered.json().results[0];
    expect(ticket.name).toBe(name);

    const before = await snapshot(t, activity.activityId);
    const renamed = await t.call('PUT', apiUrl(`/tickets/${ticket._id.$id}`), {
      headers: bearer(me),
      json: { name: long },
    });
    expectTooLong(renamed, 'body/name', textLimits.name);
    const [, noteId] = activity.questionIds as [string, string];
    const resubmit = (note: string) =>
      t.call('PUT', apiUrl(`/forms/${activity.formId}/answers`), {
        headers: bearer(me),
        json: { ticket_id: ticket._id.$id, data: answers(name, note) },
      });
    expectTooLong(await resubmit(long), `body/data/${noteId}`, textLimits.url);
    expectTooLong(await resubmit(`${note}!`), `data/${noteId}`, textLimits.answer);
    expect(await snapshot(t, activity.activityId)).toEqual(before);

    const resubmitted = await resubmit('y'.repeat(textLimits.answer));
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json().data[noteId]).toBe('y'.repeat(textLimits.answer));
  });
});

describe('a meeting request: the matter (§5 description) at most 500 characters', () => {
  let visitor: Person;
  const request = (matter: string) =>
    t.call('POST', apiUrl('/appointments'), {
      headers: bearer(visitor),
      json: {
        meeting_id: meetingId,
        enterprise_id: robot,
        date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
        start_time: '10:00',
        end_time: '11:00',
        timezone: 'Asia/Shanghai',
        mode: 'online',
        matter,
      },
    });

  beforeAll(async () => {
    visitor = await newParticipant(t, meetingId);
  });

  it('refuses a 3,000-character matter, storing nothing; 500 characters are sent', async () => {
    const before = await appointmentSnapshot(t, meetingId);
    expectTooLong(await request(long), 'body/matter', textLimits.description);
    expect(await appointmentSnapshot(t, meetingId)).toEqual(before);

    const matter = 'm'.repeat(textLimits.description);
    const sent = await request(matter);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().matter).toBe(matter);
  });
});

describe('an enterprise: title 200, description 500 in every language', () => {
  it('refuses a 3,000-character description and title, changing nothing; at the limits it saves', async () => {
    const exhibitor = await newExhibitorUser(t, { meetingId, enterpriseId: robot });
    const put = (json: unknown) =>
      t.call('PUT', `/api/enterprises/${robot}`, { headers: bearer(exhibitor), json });
    const before = await enterpriseRow();
    expectTooLong(await put({ description: long }), 'body/description', textLimits.description);
    expectTooLong(
      await put({ description: { en: 'ok', zh: long } }),
      'body/description/zh',
      textLimits.description,
    );
    expectTooLong(await put({ title: long }), 'body/title', textLimits.title);
    expect(await enterpriseRow()).toEqual(before);

    const description = { en: 'd'.repeat(textLimits.description), zh: '描'.repeat(textLimits.description) };
    const saved = await put({ title: 't'.repeat(textLimits.title), description });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().description).toEqual(description);
  });
});
