import type { AddressInfo } from 'node:net';
import { type LoginResult, signApikey, type Ticket } from '@app/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, createTestApp, type TestApp, testDeviceId, testSalt } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { type InsertedActivity, insertActivity } from '../activities/activities.fixtures.ts';
import { activities, activityPrices, activitySources } from '../activities/activities.tables.ts';
import { agents } from '../agents/agents.tables.ts';
import { newLogin } from '../exhibitors/exhibitors.fixtures.ts';
import { createTickets } from './tickets.registration.ts';
import { tickets } from './tickets.tables.ts';

/**
 * No oversell (§4: sold out when sold_total reaches total, full when ticket_total reaches max): however many
 * people press "register" at once, no ticket type, source, activity or group batch takes more than its limit.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL (where the requests really run side by side on a
 * connection pool). The control run at the end switches the guard off and must oversell, proving these
 * assertions can fail.
 */

let t: TestApp;
/** 200 distinct registrants with sessions in the fixture meeting. */
const users: LoginResult[] = [];
/** Base URL of the app listening on a real port (requests over HTTP, not app.inject). */
let baseUrl: string;

const meetingId = ids.meeting;
const rounds = 20;
const places = 100;
const crowd = 200;

type Answer = { statusCode: number; body: { code?: string | number; results?: Ticket[] } };

/** A signed JSON request through app.inject. */
async function viaInject(
  method: 'POST' | 'PUT',
  path: string,
  json: unknown,
  who: LoginResult,
): Promise<Answer> {
  const response = await t.call(method, apiUrl(path), { json, headers: bearer(who) });
  return { statusCode: response.statusCode, body: response.json() };
}

/** The same request over a real socket (fetch), signed like test-app's call. */
async function viaHttp(
  method: 'POST' | 'PUT',
  path: string,
  json: unknown,
  who: LoginResult,
): Promise<Answer> {
  const url = apiUrl(path);
  const body = JSON.stringify(json);
  const headers: Record<string, string> = {
    'device-id': testDeviceId,
    'client-id': testDeviceId,
    version: '2.23.1',
    'content-type': 'application/json',
    ...bearer(who),
  };
  headers.apikey = signApikey({
    salt: testSalt,
    method,
    pathWithQuery: url,
    timestamp: Math.floor(Date.now() / 1000),
    deviceId: testDeviceId,
    body,
  });
  const response = await fetch(`${baseUrl}${url}`, { method, headers, body });
  return { statusCode: response.status, body: (await response.json()) as Answer['body'] };
}

type Send = typeof viaInject;

const register = (send: Send, who: LoginResult, body: Record<string, unknown>) =>
  send('POST', '/tickets', body, who);

async function liveTicketsOf(activityId: string) {
  return t.database.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.activityId, activityId), eq(tickets.deleted, 0)));
}

async function counters(activity: InsertedActivity) {
  const [activityRow] = await t.database.db
    .select({ ticketTotal: activities.ticketTotal })
    .from(activities)
    .where(eq(activities.id, activity.activityId));
  const [priceRow] = await t.database.db
    .select({ soldTotal: activityPrices.soldTotal })
    .from(activityPrices)
    .where(eq(activityPrices.id, activity.priceIds[0] as string));
  return { ticketTotal: activityRow?.ticketTotal, soldTotal: priceRow?.soldTotal };
}

/** How many answers had each status and each refusal code ('200', '409 ticket.sold_out', …). */
function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.statusCode === 200 ? '200' : `${answer.statusCode} ${answer.body.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

beforeAll(async () => {
  // The registration-context cache on, as in production: each round's crowd shares one read of its
  // (new) activity, so the limits are decided by the database alone.
  t = await createTestApp({ env: { REGISTRATION_CONTEXT_TTL_MS: '1000' } });
  await seedFixture(t.database.db);
  const deps = { db: t.database.db, config: t.app.deps.config };
  for (let at = 0; at < crowd; at += 25) {
    users.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(25, crowd - at) }, (_, index) =>
          newLogin(deps, meetingId, `crowd-${at + index}-${newId().slice(-6)}`),
        ),
      )),
    );
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe(`${crowd} people press register at once for ${places} places`, () => {
  it(`exactly ${places} tickets and ${places} successes, ${rounds} rounds (type total / activity max; inject / HTTP)`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const isTypeLimit = round % 2 === 0;
      const send = round % 4 < 2 ? viaInject : viaHttp;
      const activity = await insertActivity(
        t.database.db,
        isTypeLimit
          ? { meetingId, prices: [{ total: places }] }
          : { meetingId, max: places, prices: [{ total: null }] },
      );
      const answers = await Promise.all(
        users.map((user) =>
          register(send, user, { activity_id: activity.activityId, price_id: activity.priceIds[0] }),
        ),
      );
      const label = `round ${round} (${isTypeLimit ? 'type total' : 'activity max'}, ${send === viaInject ? 'inject' : 'HTTP'})`;
      const counts = tally(answers);
      // The type's stock runs out ('The ticket is sold out'), or the activity's places ('Registration is full').
      const refusal = isTypeLimit ? '409 ticket.sold_out' : '409 signup.failed.max';
      expect(counts, label).toEqual({ '200': places, [refusal]: crowd - places });

      const stored = await liveTicketsOf(activity.activityId);
      expect(stored, label).toHaveLength(places);
      // Each success is one stored ticket of that user; nobody holds two.
      const answered = answers.flatMap((answer) => answer.body.results ?? []).map((ticket) => ticket._id.$id);
      expect(new Set(answered)).toEqual(new Set(stored.map((row) => row.id)));
      expect(new Set(stored.map((row) => row.userId)).size).toBe(places);
      expect(await counters(activity), label).toEqual({ ticketTotal: places, soldTotal: places });
    }
  }, 300_000);

  it('a source with max 10: 50 people through it, exactly 10 get in', async () => {
    const activity = await insertActivity(t.database.db, {
      meetingId,
      sources: [{ max: 10 }, { max: 0, isDefault: 1 }],
    });
    const sourceId = activity.sourceIds[0] as string;
    const answers = await Promise.all(
      users
        .slice(0, 50)
        .map((user) => register(viaInject, user, { activity_id: activity.activityId, source_id: sourceId })),
    );
    const counts = tally(answers);
    expect(counts, JSON.stringify(counts)).toEqual({ '200': 10, '409 source.invalid': 40 });
    const stored = await liveTicketsOf(activity.activityId);
    expect(stored).toHaveLength(10);
    expect(stored.every((row) => row.sourceId === sourceId)).toBe(true);
    const [source] = await t.database.db
      .select({ signupTotal: activitySources.signupTotal })
      .from(activitySources)
      .where(eq(activitySources.id, sourceId));
    expect(source?.signupTotal).toBe(10);
    expect(await counters(activity)).toEqual({ ticketTotal: 10, soldTotal: 10 });
  });

  it('the same person pressing register 20 times at once gets exactly one ticket', async () => {
    const activity = await insertActivity(t.database.db, { meetingId, prices: [{ total: 50 }] });
    const [user] = users as [LoginResult];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        register(index % 2 === 0 ? viaInject : viaHttp, user, {
          activity_id: activity.activityId,
          price_id: activity.priceIds[0],
        }),
      ),
    );
    const counts = tally(answers);
    expect(counts, JSON.stringify(counts)).toEqual({ '200': 1, '409 ticket.sign_up_once': 19 });
    expect(await liveTicketsOf(activity.activityId)).toHaveLength(1);
    expect(await counters(activity)).toEqual({ ticketTotal: 1, soldTotal: 1 });
  });
});

describe('two groups of 6 race for 10 places: all or nothing', () => {
  /** A group led by `leader` (PUT agent), registered as one batch of six. */
  async function groupBatch(activity: InsertedActivity, leader: LoginResult, tag: string, send: Send) {
    const agentId = newId();
    const created = await send(
      'PUT',
      `/activities/${activity.activityId}/agents/${agentId}`,
      { name: `Team ${tag}`, liaison: `Leader ${tag}`, phone: '13800138000', area_code: '86', email: '' },
      leader,
    );
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    const nameQuestion = activity.questionIds[0] as string;
    const members = Array.from({ length: 6 }, (_, index) => ({
      price_id: activity.priceIds[0],
      data: { [nameQuestion]: `Member ${tag}${index}` },
    }));
    return { agentId, body: { activity_id: activity.activityId, agent_id: agentId, members } };
  }

  it('one group gets all 6 tickets, the other none (4029 / signup.failed.max), 10 rounds', async () => {
    for (let round = 0; round < 10; round += 1) {
      const isTypeLimit = round % 2 === 0;
      const send = round % 4 < 2 ? viaInject : viaHttp;
      const activity = await insertActivity(t.database.db, {
        meetingId,
        enableAgent: 1,
        agentCheckoutVersion: 'v2',
        ...(isTypeLimit ? { prices: [{ total: 10 }] } : { max: 10, prices: [{ total: null }] }),
        questions: [{ type: 'text', field: 'name', isRequired: 1 }],
      });
      const leaders = [users[2 * round] as LoginResult, users[2 * round + 1] as LoginResult];
      const batches = await Promise.all(
        leaders.map((leader, index) => groupBatch(activity, leader, `${round}${'AB'[index]}`, send)),
      );
      const answers = await Promise.all(
        batches.map((batch, index) => register(send, leaders[index] as LoginResult, batch.body)),
      );
      const label = `round ${round} (${isTypeLimit ? 'type total' : 'activity max'}): ${JSON.stringify(tally(answers))}`;
      const winners = answers.filter((answer) => answer.statusCode === 200);
      expect(winners, label).toHaveLength(1);
      expect(winners[0]?.body.results, label).toHaveLength(6);
      const loser = answers.find((answer) => answer.statusCode !== 200) as Answer;
      expect(loser.statusCode, label).toBe(409);
      expect([4029, 'signup.failed.max'], label).toContain(loser.body.code);

      const stored = await liveTicketsOf(activity.activityId);
      expect(stored.length, label).toBeLessThanOrEqual(10);
      expect(stored, label).toHaveLength(6);
      const winnerIndex = answers.indexOf(winners[0] as Answer);
      const winnerAgent = batches[winnerIndex]?.agentId;
      const loserAgent = batches[1 - winnerIndex]?.agentId as string;
      expect(stored.every((row) => row.agentId === winnerAgent)).toBe(true);
      const [loserRow] = await t.database.db.select().from(agents).where(eq(agents.id, loserAgent));
      expect(loserRow?.membersTotal).toBe(0);
      const [winnerRow] = await t.database.db
        .select()
        .from(agents)
        .where(eq(agents.id, winnerAgent as string));
      expect(winnerRow?.membersTotal).toBe(6);
      expect(await counters(activity), label).toEqual({ ticketTotal: 6, soldTotal: 6 });
    }
  }, 60_000);
});

describe('control run: the guard switched off must oversell', () => {
  it(`naive check-then-increment without CHECK constraints sells more than ${places} of ${places}`, async () => {
    // Only in this file's scratch database, and last: the backstop goes so the naive path can fail.
    for (const [table, constraint] of [
      ['activity_prices', 'activity_prices_not_oversold'],
      ['activities', 'activities_not_oversold'],
      ['activity_sources', 'activity_sources_not_oversold'],
    ] as const) {
      await t.database.db.execute(sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${constraint}`));
    }
    let worst = 0;
    // A few tries: one oversold round is the proof; the first almost always is.
    for (let attempt = 0; attempt < 3 && worst <= places; attempt += 1) {
      const activity = await insertActivity(t.database.db, { meetingId, prices: [{ total: places }] });
      const outcomes = await Promise.allSettled(
        users.map((user) =>
          createTickets(
            { db: t.database.db, capacityGuard: 'none' },
            {
              userId: user.user_id.$id,
              meetingId,
              body: { activity_id: activity.activityId, price_id: activity.priceIds[0] as string },
            },
          ),
        ),
      );
      const [row] = await t.database.db
        .select({ n: count() })
        .from(tickets)
        .where(eq(tickets.activityId, activity.activityId));
      const sold = row?.n ?? 0;
      const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
      expect(succeeded).toBe(sold);
      worst = Math.max(worst, sold);
      console.info(`control run ${attempt}: ${sold} tickets for ${places} places`, await counters(activity));
    }
    expect(worst).toBeGreaterThan(places);
  }, 60_000);
});
