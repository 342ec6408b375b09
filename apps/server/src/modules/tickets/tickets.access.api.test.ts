import type { LoginResult, Ticket } from '@app/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { type InsertedActivity, insertActivity } from '../activities/activities.fixtures.ts';
import { activities, activityPrices } from '../activities/activities.tables.ts';
import { agents } from '../agents/agents.tables.ts';
import { newLogin } from '../exhibitors/exhibitors.fixtures.ts';
import { tickets } from './tickets.tables.ts';

/**
 * Object-level permissions of the ticket calls (§6, DESIGN §4): every call with a foreign user's token
 * answers 404 and changes nothing; bodies naming status, input_by_admin or user_id are refused (400) and
 * change nothing; a token of another meeting answers 403 token.invalid where the call names a meeting (and
 * finds nothing of this meeting otherwise); no token answers 401 login.required.
 */

let t: TestApp;
let owner: LoginResult;
let leader: LoginResult;
let stranger: LoginResult;
let elsewhere: LoginResult;
let activity: InsertedActivity;
let formId: string;
let ownTicket: Ticket;
let agentId: string;
let members: Ticket[];

const meetingId = ids.meeting;
const [nameQuestion, phoneQuestion, groupQuestion] = [newId(), newId(), newId()];

type Method = 'GET' | 'PUT' | 'POST';

function call(method: Method, path: string, who: LoginResult | null, json?: unknown, query = {}) {
  return t.call(method, apiUrl(path, query), {
    ...(json !== undefined ? { json } : {}),
    headers: who ? bearer(who) : {},
  });
}

/** Everything the calls below could change: tickets, groups, and the counters. */
async function snapshot() {
  const db = t.database.db;
  return {
    tickets: await db.select().from(tickets).orderBy(asc(tickets.id)),
    agents: await db.select().from(agents).orderBy(asc(agents.id)),
    activities: await db
      .select({ id: activities.id, ticketTotal: activities.ticketTotal, updatedAt: activities.updatedAt })
      .from(activities)
      .orderBy(asc(activities.id)),
    prices: await db
      .select({ id: activityPrices.id, soldTotal: activityPrices.soldTotal })
      .from(activityPrices)
      .orderBy(asc(activityPrices.id)),
  };
}

const memberData = (index: number) => ({
  [nameQuestion]: `Member ${index}`,
  [phoneQuestion]: { area_code: '86', number: `1390013900${index}` },
});

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
  const deps = { db: t.database.db, config: t.app.deps.config };
  owner = await newLogin(deps, meetingId);
  leader = await newLogin(deps, meetingId);
  stranger = await newLogin(deps, meetingId);
  elsewhere = await newLogin(deps, ids.otherMeeting);
  activity = await insertActivity(t.database.db, {
    meetingId,
    enableAgent: 1,
    enableResubmitAnswer: 1,
    prices: [{ total: 100 }],
    questions: [
      { id: nameQuestion, type: 'text', field: 'name', isRequired: 1 },
      { id: phoneQuestion, type: 'phone', field: 'phone', isRequired: 1 },
      { id: groupQuestion, scope: 'group', type: 'text' },
    ],
  });
  formId = activity.formId as string;

  const registered = await call('POST', '/tickets', owner, {
    activity_id: activity.activityId,
    price_id: activity.priceIds[0],
    data: memberData(0),
  });
  expect(registered.statusCode, registered.body).toBe(200);
  ownTicket = (registered.json() as { results: Ticket[] }).results[0] as Ticket;

  agentId = newId();
  const group = await call('PUT', `/activities/${activity.activityId}/agents/${agentId}`, leader, {
    name: 'Team',
    liaison: 'Lead',
    phone: '13800138000',
    data: { [groupQuestion]: 'about us' },
  });
  expect(group.statusCode, group.body).toBe(200);
  const batch = await call('POST', '/tickets', leader, {
    activity_id: activity.activityId,
    agent_id: agentId,
    members: [1, 2].map((index) => ({ price_id: activity.priceIds[0], data: memberData(index) })),
  });
  expect(batch.statusCode, batch.body).toBe(200);
  members = (batch.json() as { results: Ticket[] }).results;
});

afterAll(async () => {
  await t?.close();
});

describe("a foreign user's token: 404 and nothing changed", () => {
  it('the rightful holders get 200 (so the 404s below are about ownership)', async () => {
    const ownAnswers = await call('GET', `/forms/${formId}/answers`, owner, undefined, {
      ticket_id: ownTicket._id.$id,
    });
    expect(ownAnswers.statusCode, ownAnswers.body).toBe(200);
    const groupList = await call('GET', '/tickets', leader, undefined, {
      meeting_id: meetingId,
      agent_id: agentId,
    });
    expect(groupList.statusCode, groupList.body).toBe(200);
    expect((groupList.json() as { results: Ticket[] }).results).toHaveLength(2);
    const groupAnswers = await call('GET', `/forms/${formId}/answers`, leader, undefined, {
      group: 1,
      agent_id: agentId,
    });
    expect(groupAnswers.statusCode, groupAnswers.body).toBe(200);
  });

  it('tickets, answers and groups of others', async () => {
    const before = await snapshot();
    const member = members[0] as Ticket;
    const attempts: [Method, string, unknown?, Record<string, unknown>?][] = [
      ['PUT', `/tickets/${ownTicket._id.$id}`, { name: 'Taken over' }],
      ['PUT', `/tickets/${ownTicket._id.$id}`, { data: memberData(7) }],
      ['PUT', `/tickets/${member._id.$id}`, { name: 'Taken over' }],
      ['GET', `/forms/${formId}/answers`, undefined, { ticket_id: ownTicket._id.$id }],
      ['GET', `/forms/${formId}/answers`, undefined, { ticket_id: member._id.$id }],
      // The stranger holds no ticket of this activity: no "own" answers either.
      ['GET', `/forms/${formId}/answers`, undefined, {}],
      ['PUT', `/forms/${formId}/answers`, { data: memberData(8), ticket_id: ownTicket._id.$id }],
      ['PUT', `/forms/${formId}/answers`, { data: memberData(8), ticket_id: member._id.$id }],
      ['GET', `/forms/${formId}/answers`, undefined, { group: 1, agent_id: agentId }],
      [
        'PUT',
        `/forms/${formId}/answers`,
        { data: { [groupQuestion]: 'ours now' }, group: 1, agent_id: agentId },
      ],
      ['GET', `/activities/${activity.activityId}/agents/${agentId}`],
      ['GET', `/activities/agents/${agentId}`],
      [
        'PUT',
        `/activities/${activity.activityId}/agents/${agentId}`,
        { name: 'Mine', liaison: 'Me', phone: '13800138001' },
      ],
      ['GET', '/tickets', undefined, { meeting_id: meetingId, agent_id: agentId }],
      ['GET', '/tickets/count', undefined, { meeting_id: meetingId, agent_id: agentId }],
    ];
    for (const [method, path, json, query] of attempts) {
      const response = await call(method, path, stranger, json, query ?? {});
      expect(response.statusCode, `${method} ${path} ${JSON.stringify(query ?? {})}: ${response.body}`).toBe(
        404,
      );
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    // Their own list shows nothing of others'.
    const own = await call('GET', '/tickets', stranger, undefined, { meeting_id: meetingId });
    expect(own.statusCode).toBe(200);
    expect((own.json() as { results: Ticket[] }).results).toEqual([]);
    const groups = await call('GET', `/activities/${activity.activityId}/agents`, stranger);
    expect((groups.json() as { results: unknown[] }).results).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('check-in and review by someone who is not staff: 403 no_permission, nothing changed', async () => {
    const before = await snapshot();
    const approve = await call('PUT', `/tickets/${ownTicket._id.$id}/approve`, stranger, {
      code: ownTicket.code,
      scan_key: 'scan-key-stranger-0001',
    });
    expect(approve.statusCode, approve.body).toBe(403);
    expect(approve.json()).toMatchObject({ code: 'no_permission' });
    const review = await call('PUT', `/tickets/${ownTicket._id.$id}/attends`, stranger, { status: 2 });
    expect(review.statusCode, review.body).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('mass assignment: status, input_by_admin, user_id in a body are refused', () => {
  it('POST /tickets naming them: 400, no ticket stored', async () => {
    const before = await snapshot();
    for (const extra of [
      { status: 1 },
      { status: 3 },
      { input_by_admin: 1 },
      { user_id: owner.user_id.$id },
    ]) {
      const response = await call('POST', '/tickets', stranger, {
        activity_id: activity.activityId,
        price_id: activity.priceIds[0],
        data: memberData(5),
        ...extra,
      });
      expect(response.statusCode, `${JSON.stringify(extra)}: ${response.body}`).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('inside a group member: refused (400, nothing stored) or ignored (the status the activity gives)', async () => {
    const before = await snapshot();
    const response = await call('POST', '/tickets', leader, {
      activity_id: activity.activityId,
      agent_id: agentId,
      members: [
        {
          price_id: activity.priceIds[0],
          data: memberData(6),
          status: 3,
          input_by_admin: 1,
          user_id: stranger.user_id.$id,
        },
      ],
    });
    if (response.statusCode !== 200) {
      expect(response.statusCode, response.body).toBe(400);
      expect(await snapshot()).toEqual(before);
      return;
    }
    const [created] = (response.json() as { results: Ticket[] }).results;
    const [row] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, created?._id.$id as string));
    expect(row).toMatchObject({ status: 1, inputByAdmin: 0, userId: null, agentId });
  });

  it('PUT /tickets/{id} naming them (by the holder): 400, ticket unchanged', async () => {
    const before = await snapshot();
    for (const extra of [{ status: 3 }, { input_by_admin: 1 }, { user_id: stranger.user_id.$id }]) {
      const response = await call('PUT', `/tickets/${ownTicket._id.$id}`, owner, {
        name: 'Changed',
        ...extra,
      });
      expect(response.statusCode, `${JSON.stringify(extra)}: ${response.body}`).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('PUT of a group naming user_id or members_total: 400, group unchanged', async () => {
    const before = await snapshot();
    for (const extra of [{ user_id: stranger.user_id.$id }, { members_total: 0 }]) {
      const response = await call('PUT', `/activities/${activity.activityId}/agents/${agentId}`, leader, {
        name: 'Team',
        liaison: 'Lead',
        phone: '13800138000',
        ...extra,
      });
      expect(response.statusCode, `${JSON.stringify(extra)}: ${response.body}`).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('tokens of another meeting and no token', () => {
  it('a token of another meeting: 403 token.invalid where the call names this meeting, else 404', async () => {
    const before = await snapshot();
    for (const path of ['/tickets', '/tickets/count']) {
      const response = await call('GET', path, elsewhere, undefined, { meeting_id: meetingId });
      expect(response.statusCode, path).toBe(403);
      expect(response.json()).toMatchObject({ code: 'token.invalid' });
    }
    const register = await call('POST', '/tickets', elsewhere, {
      activity_id: activity.activityId,
      price_id: activity.priceIds[0],
      data: memberData(9),
    });
    expect(register.statusCode, register.body).toBe(404);
    expect((await call('PUT', `/tickets/${ownTicket._id.$id}`, elsewhere, { name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/activities/agents/${agentId}`, elsewhere)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('no token: 401 login.required on every call', async () => {
    const before = await snapshot();
    const calls: [Method, string, unknown?, Record<string, unknown>?][] = [
      [
        'POST',
        '/tickets',
        { activity_id: activity.activityId, price_id: activity.priceIds[0], data: memberData(9) },
      ],
      ['GET', '/tickets', undefined, { meeting_id: meetingId }],
      ['GET', '/tickets/count', undefined, { meeting_id: meetingId }],
      ['PUT', `/tickets/${ownTicket._id.$id}`, { name: 'X' }],
      [
        'PUT',
        `/tickets/${ownTicket._id.$id}/approve`,
        { code: ownTicket.code, scan_key: 'scan-key-anon-0001' },
      ],
      ['PUT', `/tickets/${ownTicket._id.$id}/attends`, { status: 1 }],
      ['GET', `/forms/${formId}/answers`, undefined, { ticket_id: ownTicket._id.$id }],
      ['PUT', `/forms/${formId}/answers`, { data: memberData(9), ticket_id: ownTicket._id.$id }],
      ['GET', `/activities/${activity.activityId}/agents/${agentId}`],
      [
        'PUT',
        `/activities/${activity.activityId}/agents/${agentId}`,
        { name: 'A', liaison: 'B', phone: '13800138000' },
      ],
      ['GET', `/activities/${activity.activityId}/agents`],
      ['GET', `/activities/agents/${agentId}`],
    ];
    for (const [method, path, json, query] of calls) {
      const response = await call(method, path, null, json, query ?? {});
      expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(401);
      expect(response.json()).toMatchObject({ code: 'login.required' });
    }
    expect(await snapshot()).toEqual(before);
  });
});
