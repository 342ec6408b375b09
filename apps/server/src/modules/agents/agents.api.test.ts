import { randomBytes } from 'node:crypto';
import type { Agent, LoginResult } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { type InsertedActivity, insertActivity } from '../activities/activities.fixtures.ts';
import { activities } from '../activities/activities.tables.ts';
import { newLogin } from '../exhibitors/exhibitors.fixtures.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { getAgentAnswers, putAgentAnswers } from './agents.service.ts';
import { agents } from './agents.tables.ts';

/**
 * Group (agent) registration calls (§7 Activities, §5 team registration, §8 group messages): the
 * leader's group details, its members, and the group answers the forms module reads and writes.
 */

let t: TestApp;
let leader: LoginResult;
let stranger: LoginResult;
let elsewhere: LoginResult;
/** An open activity with groups on, a form with two group questions (one conditional) and a member one. */
let open: InsertedActivity;
const day = 24 * 3600 * 1000;
const kindQuestionId = newId();

const deps = () => ({ db: t.database.db, config: t.app.deps.config });

const details = {
  name: 'Robotics Club',
  liaison: 'Li Lei',
  phone: '138 0013 8000',
  area_code: '86',
  email: ' Club@Example.COM ',
};

function put(activityId: string, agentId: string, body: unknown, who: LoginResult | null = leader) {
  return t.call('PUT', apiUrl(`/activities/${activityId}/agents/${agentId}`), {
    json: body,
    headers: who ? bearer(who) : {},
  });
}

function get(path: string, who: LoginResult | null = leader) {
  return t.call('GET', apiUrl(path), { headers: who ? bearer(who) : {} });
}

async function storedAgent(agentId: string) {
  const [row] = await t.database.db.select().from(agents).where(eq(agents.id, agentId));
  return row;
}

async function insertMember(
  activity: InsertedActivity,
  agentId: string,
  input: { name: string; createdAt: Date; deleted?: 0 | 1 },
) {
  const id = newId();
  await t.database.db.insert(tickets).values({
    id,
    meetingId: ids.meeting,
    activityId: activity.activityId,
    priceId: activity.priceIds[0] as string,
    agentId,
    status: 1,
    name: input.name,
    phone: `+86139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    areaCode: '86',
    code: randomBytes(13).toString('hex').slice(0, 26).toUpperCase(),
    createdAt: input.createdAt,
    deleted: input.deleted ?? 0,
  });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
  leader = await newLogin(deps(), ids.meeting);
  stranger = await newLogin(deps(), ids.meeting);
  elsewhere = await newLogin(deps(), ids.otherMeeting);
  open = await insertActivity(t.database.db, {
    meetingId: ids.meeting,
    enableAgent: 1,
    agentCheckoutVersion: 'v2',
    prices: [{ title: { en: 'Team pass' }, total: 50 }],
    questions: [
      {
        id: kindQuestionId,
        scope: 'group',
        type: 'radio',
        isRequired: 1,
        options: [
          { id: 'school', title: 'School' },
          { id: 'company', title: 'Company' },
        ],
      },
      // Shows only for a company group.
      {
        scope: 'group',
        type: 'text',
        isRequired: 1,
        condition: { question_id: kindQuestionId, option_ids: ['company'] },
      },
      { scope: 'member', type: 'text', field: 'name', isRequired: 1 },
    ],
  });
});

afterAll(async () => {
  await t?.close();
});

describe('PUT /activities/{id}/agents/{agent_id}', () => {
  it('creates the group under the client-chosen id: E.164 stored, national number answered, e-mail lower-cased', async () => {
    const agentId = newId();
    const [kind] = open.questionIds as [string];
    const response = await put(open.activityId, agentId, { ...details, data: { [kind]: 'school' } });
    expect(response.statusCode, response.body).toBe(200);
    const agent = response.json() as Agent;
    expect(agent).toMatchObject({
      _id: { $id: agentId },
      meeting_id: { $id: ids.meeting },
      activity_id: { $id: open.activityId },
      user_id: leader.user_id,
      name: 'Robotics Club',
      liaison: 'Li Lei',
      phone: '13800138000',
      area_code: '86',
      email: 'club@example.com',
      data: { [kind]: 'school' },
      members_total: 0,
    });
    expect(agent.members).toBeUndefined();
    expect(await storedAgent(agentId)).toMatchObject({ phone: '+8613800138000', userId: leader.user_id.$id });
  });

  it('a retry with the same id updates the same group (idempotent), keeping answers when data is omitted', async () => {
    const agentId = newId();
    const [kind, companyName] = open.questionIds as [string, string];
    const data = { [kind]: 'company', [companyName]: 'ACME' };
    expect((await put(open.activityId, agentId, { ...details, data })).statusCode).toBe(200);
    const again = await put(open.activityId, agentId, { ...details, name: 'Renamed Club' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ name: 'Renamed Club', data });
    const rows = await t.database.db.select().from(agents).where(eq(agents.id, agentId));
    expect(rows).toHaveLength(1);
  });

  it('concurrent first PUTs of one new id all succeed and leave one row (no 500 on the primary key)', async () => {
    const agentId = newId();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        put(open.activityId, agentId, { ...details, name: `Team ${index}` }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const rows = await t.database.db.select().from(agents).where(eq(agents.id, agentId));
    expect(rows).toHaveLength(1);
  });

  it('answers agent.info_required when the group name, liaison or mobile is empty', async () => {
    for (const empty of [{ name: '' }, { liaison: '  ' }, { phone: '' }]) {
      const agentId = newId();
      const response = await put(open.activityId, agentId, { ...details, ...empty });
      expect(response.statusCode, JSON.stringify(empty)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'agent.info_required',
        message: 'Please complete the group information first',
      });
      expect(await storedAgent(agentId)).toBeUndefined();
    }
  });

  it('refuses an invalid mobile or e-mail; an empty e-mail is accepted; other area codes are kept', async () => {
    const bad = await put(open.activityId, newId(), { ...details, phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'phone.invalid' });
    // §5: a mainland number must be a zh-CN mobile.
    const landline = await put(open.activityId, newId(), { ...details, phone: '01012345678' });
    expect(landline.json()).toMatchObject({ code: 'phone.invalid' });
    const badMail = await put(open.activityId, newId(), { ...details, email: 'not-an-email' });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json()).toMatchObject({ code: 'email.invalid' });
    const noMail = await put(open.activityId, newId(), { ...details, email: '' });
    expect(noMail.statusCode, noMail.body).toBe(200);
    expect(noMail.json()).toMatchObject({ email: '' });
    const london = await put(open.activityId, newId(), {
      ...details,
      phone: '07400 123456',
      area_code: '44',
    });
    expect(london.statusCode, london.body).toBe(200);
    expect(london.json()).toMatchObject({ phone: '7400123456', area_code: '44' });
  });

  it('validates group answers: required ones, hidden ones dropped, member answers ignored', async () => {
    const [kind, companyName, memberName] = open.questionIds as [string, string, string];
    const missing = await put(open.activityId, newId(), { ...details, data: { [kind]: 'company' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'form.required',
      details: [{ path: companyName, message: 'This is a required field' }],
    });
    const badOption = await put(open.activityId, newId(), { ...details, data: { [kind]: 'army' } });
    expect(badOption.json()).toMatchObject({ code: 'option.invalid' });
    const kept = await put(open.activityId, newId(), {
      ...details,
      data: { [kind]: 'school', [companyName]: 'hidden, dropped', [memberName]: 'not a group question' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json() as Agent).data).toEqual({ [kind]: 'school' });
  });

  it('refuses activities without groups, not started or closed (409) and unknown or foreign ones (404)', async () => {
    const plain = await insertActivity(t.database.db, { meetingId: ids.meeting });
    const notEnabled = await put(plain.activityId, newId(), details);
    expect(notEnabled.statusCode).toBe(409);
    expect(notEnabled.json()).toMatchObject({ code: 'agent.not_enabled' });

    const later = await insertActivity(t.database.db, {
      meetingId: ids.meeting,
      enableAgent: 1,
      registrationStart: new Date(Date.now() + day),
    });
    const notStarted = await put(later.activityId, newId(), details);
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json()).toMatchObject({ code: 'registration.not_started' });

    const past = await insertActivity(t.database.db, {
      meetingId: ids.meeting,
      enableAgent: 1,
      deadline: new Date(Date.now() - 3600 * 1000),
    });
    const closed = await put(past.activityId, newId(), details);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'registration.closed' });

    const missing = await put(ids.missing, newId(), details);
    expect(missing.statusCode).toBe(404);
    const deleted = await insertActivity(t.database.db, {
      meetingId: ids.meeting,
      enableAgent: 1,
      deleted: 1,
    });
    expect((await put(deleted.activityId, newId(), details)).statusCode).toBe(404);
    // An activity of another meeting than the caller's session.
    const other = await insertActivity(t.database.db, { meetingId: ids.otherMeeting, enableAgent: 1 });
    const foreignMeeting = await put(other.activityId, newId(), details);
    expect(foreignMeeting.statusCode).toBe(404);
    expect(await t.database.db.select().from(agents).where(eq(agents.activityId, other.activityId))).toEqual(
      [],
    );
  });

  it('after the deadline an existing group may be edited only with enable_deadline_answer', async () => {
    const activity = await insertActivity(t.database.db, { meetingId: ids.meeting, enableAgent: 1 });
    const agentId = newId();
    expect((await put(activity.activityId, agentId, details)).statusCode).toBe(200);
    await t.database.db
      .update(activities)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(activities.id, activity.activityId));
    const refused = await put(activity.activityId, agentId, { ...details, name: 'Late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'registration.closed' });
    await t.database.db
      .update(activities)
      .set({ enableDeadlineAnswer: 1 })
      .where(eq(activities.id, activity.activityId));
    const allowed = await put(activity.activityId, agentId, { ...details, name: 'Late' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    // …but no new group.
    expect((await put(activity.activityId, newId(), details)).json()).toMatchObject({
      code: 'registration.closed',
    });
  });

  it("someone else's group id, or the leader's own id under another activity: 404 and nothing changed", async () => {
    const agentId = newId();
    expect((await put(open.activityId, agentId, details)).statusCode).toBe(200);
    const before = await storedAgent(agentId);
    const hijack = await put(open.activityId, agentId, { ...details, name: 'Hijacked' }, stranger);
    expect(hijack.statusCode).toBe(404);
    expect(hijack.json()).toMatchObject({ code: 'not_found' });
    const second = await insertActivity(t.database.db, { meetingId: ids.meeting, enableAgent: 1 });
    const moved = await put(second.activityId, agentId, { ...details, name: 'Moved' });
    expect(moved.statusCode).toBe(404);
    expect(await storedAgent(agentId)).toEqual(before);
  });

  it('anonymous → 401 login.required; a token of another meeting on its own activity cannot reach ours', async () => {
    const anonymous = await put(open.activityId, newId(), details, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'login.required' });
    const other = await put(open.activityId, newId(), details, elsewhere);
    expect(other.statusCode).toBe(404);
  });

  it('refuses unknown body fields (user_id, members_total) with 400', async () => {
    const agentId = newId();
    for (const extra of [
      { user_id: stranger.user_id.$id },
      { members_total: 99 },
      { meeting_id: ids.meeting },
    ]) {
      const response = await put(open.activityId, agentId, { ...details, ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect(await storedAgent(agentId)).toBeUndefined();
  });
});

describe('GET the leader’s groups', () => {
  let agentId: string;
  let memberIds: string[];

  beforeAll(async () => {
    agentId = newId();
    expect((await put(open.activityId, agentId, details)).statusCode).toBe(200);
    const base = Date.now() - 3600 * 1000;
    const second = await insertMember(open, agentId, { name: 'Second', createdAt: new Date(base + 2000) });
    const first = await insertMember(open, agentId, { name: 'First', createdAt: new Date(base + 1000) });
    await insertMember(open, agentId, { name: 'Removed', createdAt: new Date(base), deleted: 1 });
    memberIds = [first, second];
  });

  it('GET /activities/{id}/agents/{agent_id}: the group with its live members, oldest first', async () => {
    const response = await get(`/activities/${open.activityId}/agents/${agentId}`);
    expect(response.statusCode, response.body).toBe(200);
    const agent = response.json() as Agent;
    expect(agent._id).toEqual({ $id: agentId });
    expect(agent.members?.map((member) => member._id.$id)).toEqual(memberIds);
    expect(agent.members?.[0]).toMatchObject({
      name: 'First',
      agent_id: { $id: agentId },
      price_title: { en: 'Team pass' },
    });
    expect(agent.members?.[0]?.code).toHaveLength(26);
    expect(agent.activity).toBeUndefined();
  });

  it('GET /activities/agents/{agent_id}: also the activity with its form', async () => {
    const response = await get(`/activities/agents/${agentId}`);
    expect(response.statusCode, response.body).toBe(200);
    const agent = response.json() as Agent;
    expect(agent.members).toHaveLength(2);
    expect(agent.activity).toMatchObject({
      _id: { $id: open.activityId },
      meeting_id: { $id: ids.meeting },
      form_id: { $id: open.formId },
    });
  });

  it('members registered by POST /tickets show with the group and count in members_total', async () => {
    const activity = await insertActivity(t.database.db, { meetingId: ids.meeting, enableAgent: 1 });
    const id = newId();
    expect((await put(activity.activityId, id, details)).statusCode).toBe(200);
    const batch = await t.call('POST', apiUrl('/tickets'), {
      json: {
        activity_id: activity.activityId,
        agent_id: id,
        members: [{ price_id: activity.priceIds[0] }, { price_id: activity.priceIds[0] }],
      },
      headers: bearer(leader),
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const created = (batch.json() as { results: { _id: { $id: string } }[] }).results.map((r) => r._id.$id);
    const response = await get(`/activities/agents/${id}`);
    const agent = response.json() as Agent;
    expect(agent.members_total).toBe(2);
    expect(agent.members?.map((member) => member._id.$id).sort()).toEqual([...created].sort());
  });

  it('GET /activities/{id}/agents: the groups the caller leads, newest first, without members', async () => {
    const activity = await insertActivity(t.database.db, { meetingId: ids.meeting, enableAgent: 1 });
    const first = newId();
    const second = newId();
    expect((await put(activity.activityId, first, details)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await put(activity.activityId, second, details)).statusCode).toBe(200);
    // Someone else's group of the same activity is not listed.
    expect((await put(activity.activityId, newId(), details, stranger)).statusCode).toBe(200);
    const response = await get(`/activities/${activity.activityId}/agents`);
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json() as { results: Agent[] };
    expect(results.map((agent) => agent._id.$id)).toEqual([second, first]);
    expect(results[0]?.members).toBeUndefined();
    expect((await get(`/activities/${ids.missing}/agents`)).statusCode).toBe(404);
  });

  it("another user, another activity's path, another meeting's session or nobody: 404 / 401", async () => {
    expect((await get(`/activities/${open.activityId}/agents/${agentId}`, stranger)).statusCode).toBe(404);
    expect((await get(`/activities/agents/${agentId}`, stranger)).statusCode).toBe(404);
    const strangerList = await get(`/activities/${open.activityId}/agents`, stranger);
    expect(strangerList.statusCode).toBe(200);
    expect((strangerList.json() as { results: Agent[] }).results.map((a) => a._id.$id)).not.toContain(
      agentId,
    );
    const second = await insertActivity(t.database.db, { meetingId: ids.meeting, enableAgent: 1 });
    expect((await get(`/activities/${second.activityId}/agents/${agentId}`)).statusCode).toBe(404);
    expect((await get(`/activities/agents/${ids.missing}`)).statusCode).toBe(404);
    expect((await get(`/activities/agents/${agentId}`, elsewhere)).statusCode).toBe(404);
    expect((await get(`/activities/agents/${agentId}`, null)).statusCode).toBe(401);
  });
});

describe('group answers (getAgentAnswers / putAgentAnswers, GET/PUT /forms/{id}/answers?group=1)', () => {
  let agentId: string;

  beforeAll(async () => {
    agentId = newId();
    const [kind] = open.questionIds as [string];
    expect((await put(open.activityId, agentId, { ...details, data: { [kind]: 'school' } })).statusCode).toBe(
      200,
    );
  });

  it('reads and replaces the group answers, dropping hidden ones and validating the rest', async () => {
    const [kind, companyName, memberName] = open.questionIds as [string, string, string];
    const formId = open.formId as string;
    const userId = leader.user_id.$id;
    expect(await getAgentAnswers({ db: t.database.db }, { userId, formId, agentId })).toEqual({
      form_id: { $id: formId },
      ticket_id: null,
      agent_id: { $id: agentId },
      data: { [kind]: 'school' },
    });
    const saved = await putAgentAnswers(
      { db: t.database.db },
      { userId, formId, agentId, data: { [kind]: 'company', [companyName]: 'ACME', [memberName]: 'x' } },
    );
    expect(saved.data).toEqual({ [kind]: 'company', [companyName]: 'ACME' });
    expect((await storedAgent(agentId))?.answers).toEqual(saved.data);
    await expect(
      putAgentAnswers({ db: t.database.db }, { userId, formId, agentId, data: { [kind]: 'company' } }),
    ).rejects.toMatchObject({ status: 400, code: 'form.required' });
  });

  it("someone else's group, another activity's form or an unknown form: 404, nothing changed", async () => {
    const formId = open.formId as string;
    const before = await storedAgent(agentId);
    const strangerId = stranger.user_id.$id;
    await expect(
      getAgentAnswers({ db: t.database.db }, { userId: strangerId, formId, agentId }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      putAgentAnswers({ db: t.database.db }, { userId: strangerId, formId, agentId, data: {} }),
    ).rejects.toMatchObject({ status: 404 });
    const other = await insertActivity(t.database.db, {
      meetingId: ids.meeting,
      enableAgent: 1,
      questions: [{ scope: 'group', type: 'text' }],
    });
    const userId = leader.user_id.$id;
    await expect(
      putAgentAnswers({ db: t.database.db }, { userId, formId: other.formId as string, agentId, data: {} }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      getAgentAnswers({ db: t.database.db }, { userId, formId: ids.missing, agentId }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await storedAgent(agentId)).toEqual(before);
  });

  it('after the deadline: 409 registration.deadline_passed unless enable_deadline_answer', async () => {
    const activity = await insertActivity(t.database.db, {
      meetingId: ids.meeting,
      enableAgent: 1,
      questions: [{ scope: 'group', type: 'text' }],
    });
    const id = newId();
    expect((await put(activity.activityId, id, details)).statusCode).toBe(200);
    await t.database.db
      .update(activities)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(activities.id, activity.activityId));
    const input = {
      userId: leader.user_id.$id,
      formId: activity.formId as string,
      agentId: id,
      data: { [activity.questionIds[0] as string]: 'late' },
    };
    await expect(putAgentAnswers({ db: t.database.db }, input)).rejects.toMatchObject({
      status: 409,
      code: 'registration.deadline_passed',
    });
    await t.database.db
      .update(activities)
      .set({ enableDeadlineAnswer: 1 })
      .where(eq(activities.id, activity.activityId));
    expect((await putAgentAnswers({ db: t.database.db }, input)).data).toEqual(input.data);
  });
});
