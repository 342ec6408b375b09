import type { LoginResult, Ticket } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import {
  type ActivitySpec,
  type InsertedActivity,
  insertActivity,
} from '../activities/activities.fixtures.ts';
import { activityPrices } from '../activities/activities.tables.ts';
import { idNumber, insertAgent, login, mobile, snapshot, ticketCount } from './tickets.fixtures.ts';
import { registerOne, uniqueConstraintOf } from './tickets.repository.ts';
import { newTicketCode, normaliseTicketCode } from './tickets.service.ts';
import { tickets } from './tickets.tables.ts';

/**
 * POST /tickets (§7 Tickets, §4, §5, §8): one registration and group
 * batches. Every refusal is checked with its code AND with the stored data unchanged (tickets,
 * sold_total, ticket_total, signup_total, members_total).
 */

let t: TestApp;
const meetingId = ids.meeting;
const day = 24 * 3600 * 1000;
let phoneSeq = 0;
/** Wire form of an id. */
const w = (id: string | undefined) => ({ $id: id as string });
let idSeq = 0;

/** The usual form: name (required), phone, e-mail, ID number, job, company. */
const identityQuestions: ActivitySpec['questions'] = [
  { type: 'text', field: 'name', isRequired: 1, title: 'Name' },
  { type: 'phone', field: 'phone', isRequired: 1, title: 'Phone' },
  { type: 'email', field: 'email', title: 'E-mail' },
  { type: 'id_number', field: 'id_number', title: 'ID number' },
  { type: 'text', field: 'job', title: 'Job' },
  { type: 'text', field: 'company', title: 'Company' },
];

/** Answers to identityQuestions of `activity` (fresh phone and ID number unless given). */
function identity(
  activity: InsertedActivity,
  overrides: { name?: string; phone?: string; email?: string; id?: string } = {},
) {
  const [name, phone, email, id, job, company] = activity.questionIds as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  phoneSeq += 1;
  idSeq += 1;
  return {
    [name]: overrides.name ?? 'Han Meimei',
    [phone]: { area_code: '86', number: overrides.phone ?? mobile(phoneSeq) },
    [email]: overrides.email ?? `person${phoneSeq}@example.com`,
    [id]: overrides.id ?? idNumber(idSeq),
    [job]: 'Engineer',
    [company]: 'ACME',
  };
}

function post(body: unknown, who: LoginResult) {
  return t.call('POST', apiUrl('/tickets'), { json: body, headers: bearer(who) });
}

/** Posts and expects a refusal with `status` and `code`, and nothing stored changed. */
async function expectRefusal(
  activity: InsertedActivity,
  body: unknown,
  who: LoginResult,
  status: number,
  code: string | number,
) {
  const before = await snapshot(t, activity.activityId);
  const response = await post(body, who);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().code).toBe(code);
  expect(await snapshot(t, activity.activityId)).toEqual(before);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
});

afterAll(async () => {
  await t.close();
});

describe('POST /tickets: one registration', () => {
  it('registers the caller with the answers mapped onto the ticket and takes one place everywhere', async () => {
    const activity = await insertActivity(t.database.db, {
      meetingId,
      max: 10,
      prices: [{ total: 5 }],
      sources: [{ isDefault: 1, max: 3 }],
      questions: identityQuestions,
    });
    const me = await login(t, meetingId);
    const answers = identity(activity, {
      phone: '138 0013 9999',
      email: ' Mixed@Example.COM ',
      id: idNumber(999).toLowerCase(),
    });
    const response = await post({ activity_id: activity.activityId, data: answers }, me);
    expect(response.statusCode, response.body).toBe(200);
    const [ticket] = response.json().results as Ticket[];
    expect(ticket).toMatchObject({
      activity_id: w(activity.activityId),
      price_id: w(activity.priceIds[0]),
      source_id: w(activity.sourceIds[0]),
      user_id: me.user_id,
      agent_id: null,
      status: 1,
      input_by_admin: 0,
      name: 'Han Meimei',
      phone: '13800139999',
      area_code: '86',
      email: 'mixed@example.com',
      job: 'Engineer',
      company: 'ACME',
      amount: 0,
      checked_in_at: 0,
      price_title: { en: 'Standard', zh: '普通票' },
    });
    expect(ticket?.id_number).toMatch(/^110\*{11}\d{3}[\dX]$/);
    expect(ticket?.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    const [row] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, ticket?._id.$id as string));
    expect(row?.phone).toBe('+8613800139999');
    expect(row?.idNumber).toBe(idNumber(999));
    const after = await snapshot(t, activity.activityId);
    expect(after.ticketTotal).toBe(1);
    expect(after.prices[0]?.soldTotal).toBe(1);
    expect(after.sources[0]?.signupTotal).toBe(1);
  });

  it('waits for review (status 0) when the activity reviews registrations', async () => {
    const activity = await insertActivity(t.database.db, { meetingId, isReview: 1 });
    const response = await post({ activity_id: activity.activityId }, await login(t, meetingId));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results[0].status).toBe(0);
  });

  it('refuses a second registration of the same caller: ticket.sign_up_once', async () => {
    const activity = await insertActivity(t.database.db, { meetingId });
    const me = await login(t, meetingId);
    expect((await post({ activity_id: activity.activityId }, me)).statusCode).toBe(200);
    const body = await expectRefusal(
      activity,
      { activity_id: activity.activityId },
      me,
      409,
      'ticket.sign_up_once',
    );
    expect(body.message).toBe('Please only sign up once.');
  });

  it('answers 404 for an activity of another meeting, a deleted or an unknown one', async () => {
    const me = await login(t, meetingId);
    const other = await insertActivity(t.database.db, { meetingId: ids.otherMeeting });
    const deleted = await insertActivity(t.database.db, { meetingId, deleted: 1 });
    await expectRefusal(other, { activity_id: other.activityId }, me, 404, 'not_found');
    await expectRefusal(deleted, { activity_id: deleted.activityId }, me, 404, 'not_found');
    const response = await post({ activity_id: newId() }, me);
    expect(response.statusCode).toBe(404);
  });

  it('refuses when registration has not started, has ended, or its entrance is off', async () => {
    const me = await login(t, meetingId);
    const now = Date.now();
    const early = await insertActivity(t.database.db, { meetingId, registrationStart: new Date(now + day) });
    const late = await insertActivity(t.database.db, { meetingId, deadline: new Date(now - day) });
    const off = await insertActivity(t.database.db, { meetingId, enableRegistrationEntrance: 0 });
    await expectRefusal(early, { activity_id: early.activityId }, me, 409, 'registration.not_started');
    await expectRefusal(late, { activity_id: late.activityId }, me, 409, 'registration.closed');
    await expectRefusal(off, { activity_id: off.activityId }, me, 409, 'registration.failed');
  });

  it('refuses a full activity: signup.failed.max', async () => {
    const activity = await insertActivity(t.database.db, { meetingId, max: 2, ticketTotal: 2 });
    const body = await expectRefusal(
      activity,
      { activity_id: activity.activityId },
      await login(t, meetingId),
      409,
      'signup.failed.max',
    );
    expect(body.message).toBe('Registration is full');
  });

  it('refuses a sold-out ticket type', async () => {
    const activity = await insertActivity(t.database.db, { meetingId, prices: [{ total: 1, soldTotal: 1 }] });
    const body = await expectRefusal(
      activity,
      { activity_id: activity.activityId },
      await login(t, meetingId),
      409,
      'ticket.sold_out',
    );
    expect(body.message).toBe('The ticket is sold out');
    expect(await ticketCount(t, activity.activityId)).toBe(0);
  });

  it('checks the ticket type: unknown, deleted, changed version, paid, none chosen among several', async () => {
    const me = await login(t, meetingId);
    const activity = await insertActivity(t.database.db, {
      meetingId,
      prices: [{}, { deleted: 1 }, { amount: 5000 }],
    });
    const [live, deleted, paid] = activity.priceIds as [string, string, string];
    const id = activity.activityId;
    await expectRefusal(activity, { activity_id: id, price_id: newId() }, me, 400, 'price.invalid');
    await expectRefusal(activity, { activity_id: id, price_id: deleted }, me, 400, 'price.deleted');
    const updated = await expectRefusal(
      activity,
      { activity_id: id, price_id: live, price_version: 7 },
      me,
      409,
      4340,
    );
    expect(updated.message).toBe('Ticket information has been updated, please select again');
    const unpaid = await expectRefusal(
      activity,
      { activity_id: id, price_id: paid },
      me,
      400,
      'payment.unavailable',
    );
    expect(unpaid.message).toBe('Paid tickets are bought through checkout');
    const none = await expectRefusal(activity, { activity_id: id }, me, 400, 'price.invalid');
    expect(none.message).toBe('Please choose a ticket type');
    const ok = await post({ activity_id: id, price_id: live, price_version: 1 }, me);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('uses the only live ticket type when none is named, and a price question’s answer', async () => {
    const single = await insertActivity(t.database.db, { meetingId, prices: [{ deleted: 1 }, {}] });
    const one = await post({ activity_id: single.activityId }, await login(t, meetingId));
    expect(one.json().results[0].price_id).toEqual(w(single.priceIds[1]));

    const [adult, student] = [newId(), newId()];
    const withQuestion = await insertActivity(t.database.db, {
      meetingId,
      prices: [
        { id: adult, title: 'Adult' },
        { id: student, title: 'Student' },
      ],
      questions: [
        { type: 'price', isRequired: 1 },
        // The school question shows only for students.
        { type: 'text', isRequired: 1, title: 'School', condition: { price_ids: [student] } },
      ],
    });
    const [priceQuestion, school] = withQuestion.questionIds as [string, string];
    const me = await login(t, meetingId);
    const missing = await expectRefusal(
      withQuestion,
      { activity_id: withQuestion.activityId, data: { [priceQuestion]: student } },
      me,
      400,
      'form.required',
    );
    expect(missing.details).toEqual([{ path: school, message: 'This is a required field' }]);
    const adultTicket = await post(
      { activity_id: withQuestion.activityId, data: { [priceQuestion]: adult, [school]: 'hidden answer' } },
      me,
    );
    expect(adultTicket.statusCode, adultTicket.body).toBe(200);
    expect(adultTicket.json().results[0]).toMatchObject({
      price_id: w(adult),
      form: { [priceQuestion]: adult },
    });
  });

  it('checks the source: unknown or deleted → source.invalid, a full one too; the default one counts', async () => {
    const me = await login(t, meetingId);
    const activity = await insertActivity(t.database.db, {
      meetingId,
      sources: [{ isDefault: 1 }, { deleted: 1 }, { max: 1, signupTotal: 1 }, { title: 'Booth' }],
    });
    const [, deleted, full, booth] = activity.sourceIds as [string, string, string, string];
    const id = activity.activityId;
    await expectRefusal(activity, { activity_id: id, source_id: newId() }, me, 409, 'source.invalid');
    await expectRefusal(activity, { activity_id: id, source_id: deleted }, me, 409, 'source.invalid');
    const other = await insertActivity(t.database.db, { meetingId, sources: [{}] });
    await expectRefusal(
      activity,
      { activity_id: id, source_id: other.sourceIds[0] },
      me,
      409,
      'source.invalid',
    );
    const fullBody = await expectRefusal(
      activity,
      { activity_id: id, source_id: full },
      me,
      409,
      'source.invalid',
    );
    expect(fullBody.message).toBe('Registration channel is invalid or full');
    const ok = await post({ activity_id: id, source_id: booth }, me);
    expect(ok.json().results[0].source_id).toEqual(w(booth));
    const byDefault = await post({ activity_id: id, source_id: '' }, await login(t, meetingId));
    expect(byDefault.json().results[0].source_id).toEqual(w(activity.sourceIds[0]));
  });

  it('validates the answers: required fields, phone, e-mail, ID number, options', async () => {
    const me = await login(t, meetingId);
    const activity = await insertActivity(t.database.db, {
      meetingId,
      questions: [
        ...(identityQuestions ?? []),
        { type: 'radio', options: [{ id: 'a', title: 'A' }] },
        { type: 'text', isRequired: 1, title: 'Why' },
      ],
    });
    const id = activity.activityId;
    const [name, phone, email, idQuestion, , , radio, why] = activity.questionIds as string[] as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const required = await expectRefusal(activity, { activity_id: id, data: {} }, me, 400, 'form.required');
    expect(required.message).toBe('Please fill out all required fields in the form.');
    expect(required.details).toEqual([
      { path: name, message: 'This is a required field' },
      { path: phone, message: 'This is a required field' },
      { path: why, message: 'This is a required field' },
    ]);
    const ok = { ...identity(activity), [why]: 'Curious' };
    await expectRefusal(
      activity,
      { activity_id: id, data: { ...ok, [phone]: { area_code: '86', number: '12345' } } },
      me,
      400,
      'phone.invalid',
    );
    await expectRefusal(
      activity,
      { activity_id: id, data: { ...ok, [email]: 'not-mail' } },
      me,
      400,
      'email.invalid',
    );
    await expectRefusal(
      activity,
      { activity_id: id, data: { ...ok, [idQuestion]: '110101199003070001' } },
      me,
      400,
      'id_number.invalid',
    );
    await expectRefusal(
      activity,
      { activity_id: id, data: { ...ok, [radio]: 'zzz' } },
      me,
      400,
      'option.invalid',
    );
    const good = await post({ activity_id: id, data: { ...ok, [radio]: 'a', unknown: 'dropped' } }, me);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().results[0].form).not.toHaveProperty('unknown');
  });

  it('refuses a disabled linked-activity option', async () => {
    const full = await insertActivity(t.database.db, { meetingId, max: 1, ticketTotal: 1 });
    const activity = await insertActivity(t.database.db, {
      meetingId,
      questions: [
        { type: 'activity', options: [{ id: 'full', title: 'Full', activity_id: full.activityId }] },
      ],
    });
    await expectRefusal(
      activity,
      { activity_id: activity.activityId, data: { [activity.questionIds[0] as string]: 'full' } },
      await login(t, meetingId),
      400,
      'option.invalid',
    );
  });

  it('refuses a phone, e-mail or ID number already registered for the activity (unique indexes)', async () => {
    const activity = await insertActivity(t.database.db, { meetingId, questions: identityQuestions });
    const first = identity(activity);
    expect(
      (await post({ activity_id: activity.activityId, data: first }, await login(t, meetingId))).statusCode,
    ).toBe(200);
    const [, phone, email, id] = activity.questionIds as [string, string, string, string];
    const again = (key: string) => ({
      activity_id: activity.activityId,
      data: { ...identity(activity), [key]: first[key] },
    });
    const other = await login(t, meetingId);
    await expectRefusal(activity, again(phone), other, 409, 'phone.registered');
    await expectRefusal(activity, again(email), other, 409, 'email.registered');
    const idBody = await expectRefusal(activity, again(id), other, 409, 'id_number.exists');
    expect(idBody.message).toBe('ID number already exists');
  });

  it('refuses status, input_by_admin or user_id in the body (strict contract) and stores nothing', async () => {
    const activity = await insertActivity(t.database.db, { meetingId, isReview: 1 });
    const me = await login(t, meetingId);
    for (const extra of [{ status: 1 }, { input_by_admin: 1 }, { user_id: newId() }]) {
      const before = await snapshot(t, activity.activityId);
      const response = await post({ activity_id: activity.activityId, ...extra }, me);
      expect(response.statusCode).toBe(400);
      expect(await snapshot(t, activity.activityId)).toEqual(before);
    }
  });

  it('needs a logged-in caller', async () => {
    const activity = await insertActivity(t.database.db, { meetingId });
    const response = await t.call('POST', apiUrl('/tickets'), { json: { activity_id: activity.activityId } });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /tickets: group batches', () => {
  async function groupActivity(spec: Partial<ActivitySpec> = {}) {
    const activity = await insertActivity(t.database.db, {
      meetingId,
      enableAgent: 1,
      questions: identityQuestions,
      ...spec,
    });
    const leader = await login(t, meetingId);
    const agentId = await insertAgent(t, {
      meetingId,
      activityId: activity.activityId,
      userId: leader.user_id.$id,
    });
    return { activity, leader, agentId };
  }

  it('registers every member in one go: user_id null, agent_id set, members_total and places taken', async () => {
    const { activity, leader, agentId } = await groupActivity({
      max: 10,
      prices: [{ total: 5 }, { total: 5 }],
      sources: [{ isDefault: 1, max: 10 }],
    });
    const [a, b] = activity.priceIds as [string, string];
    const members = [
      { price_id: a, data: identity(activity, { name: 'One' }) },
      { price_id: b, data: identity(activity, { name: 'Two' }) },
      { price_id: a, data: identity(activity, { name: 'Three' }) },
    ];
    const response = await post({ activity_id: activity.activityId, agent_id: agentId, members }, leader);
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().results as Ticket[];
    expect(results.map((r) => r.name)).toEqual(['One', 'Two', 'Three']);
    for (const ticket of results) {
      expect(ticket).toMatchObject({ user_id: null, agent_id: w(agentId), status: 1 });
      expect(ticket.code).toHaveLength(26);
    }
    const after = await snapshot(t, activity.activityId);
    expect(after.ticketTotal).toBe(3);
    expect(after.prices.find((p) => p.id === a)?.soldTotal).toBe(2);
    expect(after.prices.find((p) => p.id === b)?.soldTotal).toBe(1);
    expect(after.sources[0]?.signupTotal).toBe(3);
    expect(after.agents[0]?.membersTotal).toBe(3);
    // The leader may still register themself.
    const own = await post(
      { activity_id: activity.activityId, price_id: a, data: identity(activity) },
      leader,
    );
    expect(own.statusCode, own.body).toBe(200);
  });

  it('answers 404 for a group the caller does not lead, of another activity, or unknown', async () => {
    const { activity, agentId } = await groupActivity();
    const stranger = await login(t, meetingId);
    const members = [{ price_id: activity.priceIds[0], data: identity(activity) }];
    await expectRefusal(
      activity,
      { activity_id: activity.activityId, agent_id: agentId, members },
      stranger,
      404,
      'not_found',
    );
    const other = await groupActivity();
    await expectRefusal(
      activity,
      { activity_id: activity.activityId, agent_id: other.agentId, members },
      other.leader,
      404,
      'not_found',
    );
  });

  it('refuses duplicates among the members before writing', async () => {
    const { activity, leader, agentId } = await groupActivity();
    const [, phone, email, id] = activity.questionIds as [string, string, string, string];
    const price = activity.priceIds[0];
    const one = identity(activity);
    for (const [key, code] of [
      [phone, 'agent.duplicate_phone'],
      [email, 'agent.duplicate_email'],
      [id, 'agent.duplicate_id_number'],
    ] as const) {
      const members = [
        { price_id: price, data: one },
        { price_id: price, data: { ...identity(activity), [key]: one[key] } },
      ];
      await expectRefusal(
        activity,
        { activity_id: activity.activityId, agent_id: agentId, members },
        leader,
        409,
        code,
      );
    }
  });

  it('registers all members or none: one colliding with an existing ticket rolls the batch back', async () => {
    const { activity, leader, agentId } = await groupActivity();
    const existing = identity(activity);
    expect(
      (await post({ activity_id: activity.activityId, data: existing }, await login(t, meetingId)))
        .statusCode,
    ).toBe(200);
    const [, phone] = activity.questionIds as [string, string];
    const members = [
      { price_id: activity.priceIds[0], data: identity(activity) },
      { price_id: activity.priceIds[0], data: { ...identity(activity), [phone]: existing[phone] } },
    ];
    await expectRefusal(
      activity,
      { activity_id: activity.activityId, agent_id: agentId, members },
      leader,
      409,
      'phone.registered',
    );
    expect(await ticketCount(t, activity.activityId)).toBe(1);
  });

  it('refuses a type with too few left (4029), the group cap and the limit per type', async () => {
    const { activity, leader, agentId } = await groupActivity({
      agentMaxMembers: 3,
      prices: [{ total: 2 }, { maxPerAgent: 1 }, {}],
    });
    const [scarce, limited, free] = activity.priceIds as [string, string, string];
    const body = (priceIds: string[]) => ({
      activity_id: activity.activityId,
      agent_id: agentId,
      members: priceIds.map((price_id) => ({ price_id, data: identity(activity) })),
    });
    const scarceBody = await expectRefusal(activity, body([scarce, scarce, scarce]), leader, 409, 4029);
    expect(scarceBody.message).toBe('Insufficient remaining quantity of this ticket type');
    await expectRefusal(activity, body([limited, limited]), leader, 409, 'agent.price_limit');
    const cap = await expectRefusal(
      activity,
      body([free, free, free, free]),
      leader,
      409,
      'agent.limit_exceeded',
    );
    expect(cap.message).toBe('Group size limit exceeded');
    expect((await post(body([limited, free]), leader)).statusCode).toBe(200);
    // The group holds one 'limited' ticket now: a second one is over the limit per type.
    await expectRefusal(activity, body([limited]), leader, 409, 'agent.price_limit');
    await expectRefusal(activity, body([free, free]), leader, 409, 'agent.limit_exceeded');
  });

  it('refuses groups where the activity does not offer them', async () => {
    const { activity, leader, agentId } = await groupActivity({ enableAgent: 0 });
    await expectRefusal(
      activity,
      {
        activity_id: activity.activityId,
        agent_id: agentId,
        members: [{ price_id: activity.priceIds[0], data: identity(activity) }],
      },
      leader,
      409,
      'agent.not_enabled',
    );
  });
});

describe('registerOne: the guarded single statement', () => {
  const ticketOf = (activity: InsertedActivity, userId: string | null = null) => ({
    id: newId(),
    meetingId,
    activityId: activity.activityId,
    priceId: activity.priceIds[0] as string,
    userId,
    status: 1,
    answers: {},
    code: newTicketCode(),
  });

  it('takes a place of the type, the activity and the source and writes the ticket', async () => {
    const activity = await insertActivity(t.database.db, {
      meetingId,
      max: 1,
      prices: [{ total: 1 }],
      sources: [{ max: 1 }],
    });
    const stored = await registerOne(t.database.db, ticketOf(activity), activity.sourceIds[0] as string);
    expect(stored?.createdAt).toBeInstanceOf(Date);
    const after = await snapshot(t, activity.activityId);
    expect([after.ticketTotal, after.prices[0]?.soldTotal, after.sources[0]?.signupTotal]).toEqual([1, 1, 1]);
    expect(after.tickets).toHaveLength(1);
  });

  it('refuses when any limit is reached and leaves every counter and the tickets as they were', async () => {
    const full = [
      { prices: [{ total: 3, soldTotal: 3 }] },
      { prices: [{ deleted: 1 as const }] },
      { max: 2, ticketTotal: 2 },
      { sources: [{ max: 1, signupTotal: 1 }] },
      { sources: [{ deleted: 1 as const }] },
    ];
    for (const spec of full) {
      const activity = await insertActivity(t.database.db, { meetingId, sources: [{}], ...spec });
      const before = await snapshot(t, activity.activityId);
      expect(
        await registerOne(t.database.db, ticketOf(activity), activity.sourceIds[0] as string),
      ).toBeNull();
      expect(await snapshot(t, activity.activityId)).toEqual(before);
    }
  });

  it('lets a unique-index violation through, with nothing taken', async () => {
    const activity = await insertActivity(t.database.db, { meetingId });
    const me = await login(t, meetingId);
    await registerOne(t.database.db, ticketOf(activity, me.user_id.$id), null);
    const before = await snapshot(t, activity.activityId);
    const error = await registerOne(t.database.db, ticketOf(activity, me.user_id.$id), null).catch((e) => e);
    expect(uniqueConstraintOf(error)).toBe('tickets_activity_user_uq');
    expect(await snapshot(t, activity.activityId)).toEqual(before);
  });
});

describe('ticket codes', () => {
  it('are read back whatever the case, dashes, spaces and Crockford look-alikes', () => {
    expect(normaliseTicketCode('abcd-efgh ijkl mnop')).toBe('ABCDEFGH1JK1MN0P');
  });

  it('never repeat over many registrations', async () => {
    const rows = await t.database.db.select({ code: tickets.code }).from(tickets);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    const [price] = await t.database.db.select().from(activityPrices).limit(1);
    expect(price).toBeDefined();
  });
});
