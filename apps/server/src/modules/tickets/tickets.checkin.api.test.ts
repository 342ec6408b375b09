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
  insertStaff,
} from '../activities/activities.fixtures.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { insertAgent, login, loginWithPhone, mobile, snapshot } from './tickets.fixtures.ts';
import { ticketScans, tickets } from './tickets.tables.ts';

/**
 * The other ticket calls (§7 Tickets, §7 Forms, §4): the caller's tickets and counts, the participant
 * list, the staff lookup by code, check-in (PUT …/approve), the organiser's review (PUT …/attends),
 * edits and resubmission (PUT /tickets/{id}, PUT /forms/{id}/answers).
 */

let t: TestApp;
const meetingId = ids.meeting;
const day = 24 * 3600 * 1000;
let phoneSeq = 5000;
const w = (id: string | undefined) => ({ $id: id as string });

let checkinStaff: LoginResult;
let organiser: LoginResult;
let otherMeetingStaff: LoginResult;
let phonelessUser: LoginResult;

function call(
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  who: LoginResult,
  json?: unknown,
  query?: Record<string, unknown>,
) {
  return t.call(method, apiUrl(path, query), {
    headers: bearer(who),
    ...(json !== undefined ? { json } : {}),
  });
}

/** An activity with a name and phone form; registers `count` people and returns their tickets. */
async function activityWith(count: number, spec: Partial<ActivitySpec> = {}) {
  const activity = await insertActivity(t.database.db, {
    meetingId,
    questions: [
      { type: 'text', field: 'name', isRequired: 1, title: 'Name' },
      { type: 'phone', field: 'phone', title: 'Phone' },
      { type: 'text', title: 'Note' },
    ],
    ...spec,
  });
  const people: { login: LoginResult; ticket: Ticket }[] = [];
  for (let i = 0; i < count; i += 1) {
    const who = await login(t, meetingId);
    const ticket = await register(activity, who, `Person ${i}`);
    people.push({ login: who, ticket });
  }
  return { activity, people };
}

async function register(activity: InsertedActivity, who: LoginResult, name: string): Promise<Ticket> {
  phoneSeq += 1;
  const [nameQ, phoneQ] = activity.questionIds as [string, string];
  const response = await call('POST', '/tickets', who, {
    activity_id: activity.activityId,
    data: { [nameQ]: name, [phoneQ]: { area_code: '86', number: mobile(phoneSeq) } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results[0];
}

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
  checkinStaff = await loginWithPhone(t, meetingId, '+8613900139000');
  organiser = await loginWithPhone(t, meetingId, '+8613900139001');
  otherMeetingStaff = await loginWithPhone(t, meetingId, '+8613900139002');
  phonelessUser = await login(t, meetingId);
  await insertStaff(t.database.db, { meetingId, phone: '+8613900139000', role: 'checkin' });
  await insertStaff(t.database.db, { meetingId, phone: '+8613900139001', role: 'organiser' });
  await insertStaff(t.database.db, {
    meetingId: ids.otherMeeting,
    phone: '+8613900139002',
    role: 'organiser',
  });
});

afterAll(async () => {
  await t.close();
});

describe('GET /tickets and /tickets/count', () => {
  it("lists the caller's own tickets newest first, with filters and the embedded activity", async () => {
    const me = await login(t, meetingId);
    const first = await activityWith(0);
    const second = await activityWith(0, { isReview: 1 });
    const a = await register(first.activity, me, 'Me');
    const b = await register(second.activity, me, 'Me');
    await activityWith(2); // other people's tickets
    const list = await call('GET', '/tickets', me, undefined, { meeting_id: meetingId });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results.map((r: Ticket) => r._id)).toEqual([b._id, a._id]);
    expect(list.json().results[0].code).toHaveLength(26);
    const count = await call('GET', '/tickets/count', me, undefined, { meeting_id: meetingId });
    expect(count.json()).toEqual({ total: 2 });
    const reviewed = await call('GET', '/tickets', me, undefined, { meeting_id: meetingId, status: '0' });
    expect(reviewed.json().results.map((r: Ticket) => r._id)).toEqual([b._id]);
    const withActivity = await call('GET', '/tickets', me, undefined, {
      meeting_id: meetingId,
      activity_id: first.activity.activityId,
      with_activity: '1',
    });
    const [one] = withActivity.json().results as Ticket[];
    expect(one?._id).toEqual(a._id);
    expect(one?.activity).toMatchObject({
      _id: w(first.activity.activityId),
      form_id: w(first.activity.formId as string),
    });
  });

  it("lists a group's members for its leader only", async () => {
    const { activity } = await activityWith(0, { enableAgent: 1 });
    const leader = await login(t, meetingId);
    const agentId = await insertAgent(t, {
      meetingId,
      activityId: activity.activityId,
      userId: leader.user_id.$id,
    });
    const [nameQ] = activity.questionIds as [string];
    const batch = await call('POST', '/tickets', leader, {
      activity_id: activity.activityId,
      agent_id: agentId,
      members: [{ price_id: activity.priceIds[0], data: { [nameQ]: 'Member' } }],
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const members = await call('GET', '/tickets', leader, undefined, {
      meeting_id: meetingId,
      agent_id: agentId,
    });
    expect(members.json().results.map((r: Ticket) => r.name)).toEqual(['Member']);
    const stranger = await call('GET', '/tickets', await login(t, meetingId), undefined, {
      meeting_id: meetingId,
      agent_id: agentId,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('shows the participant list, masked, only to approved participants', async () => {
    const { activity, people } = await activityWith(3, { isReview: 1 });
    const [approved, waiting, rejected] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ];
    const review = (ticket: Ticket, status: 1 | 2) =>
      call('PUT', `/tickets/${ticket._id.$id}/attends`, organiser, { status });
    expect((await review(approved.ticket, 1)).statusCode).toBe(200);
    expect((await review(rejected.ticket, 2)).statusCode).toBe(200);
    // The review is audited like the console's (DESIGN §7).
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, rejected.ticket._id.$id));
    expect(audits.map((a) => [a.action, a.entity])).toEqual([['registration.review', 'ticket']]);
    const query = { meeting_id: meetingId, activity_id: activity.activityId, participants: '1' };
    const list = await call('GET', '/tickets', approved.login, undefined, query);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results).toHaveLength(1);
    expect(list.json().results[0]).toMatchObject({
      name: 'P*',
      phone: null,
      area_code: null,
      email: null,
      id_number: null,
      form: {},
      code: '',
      status: 1,
    });
    expect((await call('GET', '/tickets/count', approved.login, undefined, query)).json()).toEqual({
      total: 1,
    });
    for (const who of [waiting.login, rejected.login, await login(t, meetingId)]) {
      const refused = await call('GET', '/tickets', who, undefined, query);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('no_permission');
    }
  });

  it('lets staff look a ticket up by its code (normalised), and nobody else', async () => {
    const { people } = await activityWith(1);
    const ticket = people[0]?.ticket as Ticket;
    const typed =
      `${ticket.code.slice(0, 5).toLowerCase()}-${ticket.code.slice(5, 13)} ${ticket.code.slice(13)}`
        .replace(/0/g, 'o')
        .replace(/1/g, 'l');
    const lookup = await call('GET', '/tickets', checkinStaff, undefined, {
      meeting_id: meetingId,
      code: typed,
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json().results).toHaveLength(1);
    expect(lookup.json().results[0]).toMatchObject({
      _id: ticket._id,
      name: 'Person 0',
      code: ticket.code,
      status: 1,
      checked_in_at: 0,
      phone: null,
      email: null,
      form: {},
    });
    const unknown = await call('GET', '/tickets', checkinStaff, undefined, {
      meeting_id: meetingId,
      code: 'Z'.repeat(26),
    });
    expect(unknown.statusCode).toBe(404);
    for (const who of [people[0]?.login as LoginResult, phonelessUser, otherMeetingStaff]) {
      const refused = await call('GET', '/tickets', who, undefined, {
        meeting_id: meetingId,
        code: ticket.code,
      });
      expect(refused.statusCode).toBe(403);
    }
  });
});

describe('GET /tickets/staff', () => {
  it("answers the caller's staff roles in the meeting, and none for everyone else", async () => {
    const ask = async (who: LoginResult, meeting = meetingId) => {
      const response = await call('GET', '/tickets/staff', who, undefined, { meeting_id: meeting });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect(await ask(checkinStaff)).toEqual({ is_staff: 1, roles: ['checkin'] });
    // An organiser checks tickets in and reviews registrations (the console's permission table).
    expect(await ask(organiser)).toEqual({ is_staff: 1, roles: ['checkin', 'organiser'] });
    // Staff of another meeting, and a user without a phone or e-mail, are nobody's staff here.
    expect(await ask(otherMeetingStaff)).toEqual({ is_staff: 0, roles: [] });
    expect(await ask(phonelessUser)).toEqual({ is_staff: 0, roles: [] });
    const anonymous = await t.call('GET', apiUrl('/tickets/staff', { meeting_id: meetingId }));
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /tickets/{id}/approve: check-in', () => {
  const approve = (ticket: Ticket, who: LoginResult, scanKey = newId(), code = ticket.code) =>
    call('PUT', `/tickets/${ticket._id.$id}/approve`, who, { code, scan_key: scanKey });

  it('checks in once: the second scan answers already checked in with the first time', async () => {
    const { activity, people } = await activityWith(1);
    const ticket = people[0]?.ticket as Ticket;
    const first = await approve(ticket, checkinStaff);
    expect(first.statusCode, first.body).toBe(200);
    const firstBody = first.json();
    expect(firstBody.is_first).toBe(1);
    expect(firstBody.checked_in_at).toBeGreaterThan(0);
    expect(firstBody.ticket).toMatchObject({ status: 3, checked_in_at: firstBody.checked_in_at });
    const second = await approve(ticket, organiser);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ is_first: 0, checked_in_at: firstBody.checked_in_at });
    const counted = await call('GET', '/tickets/count', checkinStaff, undefined, {
      meeting_id: meetingId,
      activity_id: activity.activityId,
      checked_in: '1',
    });
    expect(counted.json()).toEqual({ total: 1 });
  });

  it('answers a retried scan (same scan_key) with the same result and checks in once', async () => {
    const { people } = await activityWith(1);
    const ticket = people[0]?.ticket as Ticket;
    const key = `scan-${newId()}`;
    const first = await approve(ticket, checkinStaff, key);
    const retry = await approve(ticket, checkinStaff, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.json().is_first).toBe(1);
    const scans = await t.database.db
      .select()
      .from(ticketScans)
      .where(eq(ticketScans.ticketId, ticket._id.$id));
    expect(scans).toHaveLength(1);
  });

  it('refuses a ticket under review or rejected, a wrong code, a wrong id and non-staff', async () => {
    const { activity, people } = await activityWith(2, { isReview: 1 });
    const [waiting, rejected] = people.map((p) => p.ticket) as [Ticket, Ticket];
    expect(
      (await call('PUT', `/tickets/${rejected._id.$id}/attends`, organiser, { status: 2 })).statusCode,
    ).toBe(200);
    const before = await snapshot(t, activity.activityId);
    for (const ticket of [waiting, rejected]) {
      const refused = await approve(ticket, checkinStaff);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('checkin.not_approved');
    }
    expect((await approve(waiting, checkinStaff, newId(), 'Z'.repeat(26))).statusCode).toBe(404);
    const wrongId = await call('PUT', `/tickets/${newId()}/approve`, checkinStaff, {
      code: waiting.code,
      scan_key: newId(),
    });
    expect(wrongId.statusCode).toBe(404);
    for (const who of [people[0]?.login as LoginResult, phonelessUser]) {
      const refused = await approve(waiting, who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('no_permission');
    }
    expect(await snapshot(t, activity.activityId)).toEqual(before);
  });
});

describe('PUT /tickets/{id}/attends: review', () => {
  it('approves a registration under review', async () => {
    const { people } = await activityWith(1, { isReview: 1 });
    const ticket = people[0]?.ticket as Ticket;
    const response = await call('PUT', `/tickets/${ticket._id.$id}/attends`, organiser, { status: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe(1);
    const again = await call('PUT', `/tickets/${ticket._id.$id}/attends`, organiser, { status: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ticket.not_reviewable');
  });

  it('frees the places of a rejected registration, and a full activity takes someone else', async () => {
    const { activity, people } = await activityWith(1, {
      isReview: 1,
      max: 1,
      prices: [{ total: 1 }],
      sources: [{ isDefault: 1, max: 1 }],
    });
    const ticket = people[0]?.ticket as Ticket;
    const full = await snapshot(t, activity.activityId);
    expect([full.ticketTotal, full.prices[0]?.soldTotal, full.sources[0]?.signupTotal]).toEqual([1, 1, 1]);
    const rejected = await call('PUT', `/tickets/${ticket._id.$id}/attends`, organiser, { status: '2' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().status).toBe(2);
    const freed = await snapshot(t, activity.activityId);
    expect([freed.ticketTotal, freed.prices[0]?.soldTotal, freed.sources[0]?.signupTotal]).toEqual([0, 0, 0]);
    await register(activity, await login(t, meetingId), 'Next in line');
  });

  it('is for organisers of the meeting only', async () => {
    const { activity, people } = await activityWith(1, { isReview: 1 });
    const ticket = people[0]?.ticket as Ticket;
    const before = await snapshot(t, activity.activityId);
    for (const who of [checkinStaff, otherMeetingStaff, phonelessUser, people[0]?.login as LoginResult]) {
      const refused = await call('PUT', `/tickets/${ticket._id.$id}/attends`, who, { status: 1 });
      expect(refused.statusCode).toBe(403);
    }
    expect((await call('PUT', `/tickets/${newId()}/attends`, organiser, { status: 1 })).statusCode).toBe(404);
    expect(await snapshot(t, activity.activityId)).toEqual(before);
  });
});

describe('PUT /tickets/{id} and /forms/{id}/answers: edits and resubmission', () => {
  it('edits name, job and company directly; refuses status, input_by_admin and user_id', async () => {
    const { activity, people } = await activityWith(1, { isReview: 1 });
    const { login: me, ticket } = people[0] as { login: LoginResult; ticket: Ticket };
    const edited = await call('PUT', `/tickets/${ticket._id.$id}`, me, {
      name: 'New Name',
      job: 'CTO',
      company: 'Initech',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'New Name', job: 'CTO', company: 'Initech', status: 0 });
    for (const extra of [{ status: 1 }, { input_by_admin: 1 }, { user_id: newId() }]) {
      const before = await snapshot(t, activity.activityId);
      const refused = await call('PUT', `/tickets/${ticket._id.$id}`, me, { name: 'Hacker', ...extra });
      expect(refused.statusCode).toBe(400);
      expect(await snapshot(t, activity.activityId)).toEqual(before);
    }
  });

  it("answers 404 for someone else's ticket and changes nothing", async () => {
    const { activity, people } = await activityWith(1);
    const ticket = people[0]?.ticket as Ticket;
    const before = await snapshot(t, activity.activityId);
    const refused = await call('PUT', `/tickets/${ticket._id.$id}`, await login(t, meetingId), {
      name: 'Thief',
    });
    expect(refused.statusCode).toBe(404);
    expect(await snapshot(t, activity.activityId)).toEqual(before);
  });

  it('refuses resubmission without the flag, after the deadline, and after check-in', async () => {
    const now = Date.now();
    const cases: [Partial<ActivitySpec>, string][] = [
      [{}, 'registration.resubmit_not_allowed'],
      [
        {
          enableResubmitAnswer: 1,
          deadline: new Date(now - day),
          registrationStart: new Date(now - 2 * day),
        },
        'registration.deadline_passed',
      ],
    ];
    for (const [spec, code] of cases) {
      const activity = await insertActivity(t.database.db, {
        meetingId,
        questions: [{ type: 'text', field: 'name', title: 'Name' }],
        ...spec,
      });
      const me = await login(t, meetingId);
      // Registered directly: the deadline case could not register through the API any more.
      const id = newId();
      await t.database.db.insert(tickets).values({
        id,
        meetingId,
        activityId: activity.activityId,
        priceId: activity.priceIds[0] as string,
        userId: me.user_id.$id,
        status: 1,
        name: 'Before',
        code: newId(),
      });
      const before = await snapshot(t, activity.activityId);
      const refused = await call('PUT', `/tickets/${id}`, me, {
        data: { [activity.questionIds[0] as string]: 'After' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe(code);
      expect(await snapshot(t, activity.activityId)).toEqual(before);
    }
    const { activity, people } = await activityWith(1, { enableDeadlineAnswer: 1 });
    const { login: me, ticket } = people[0] as { login: LoginResult; ticket: Ticket };
    await call('PUT', `/tickets/${ticket._id.$id}/approve`, checkinStaff, {
      code: ticket.code,
      scan_key: newId(),
    });
    const afterCheckIn = await call('PUT', `/forms/${activity.formId}/answers`, me, {
      data: { [activity.questionIds[0] as string]: 'Late' },
    });
    expect(afterCheckIn.statusCode).toBe(409);
    expect(afterCheckIn.json().code).toBe('registration.resubmit_not_allowed');
  });

  it('resubmits answers: validated, mapped, hidden ones dropped; a reviewed activity goes back to review', async () => {
    const { activity, people } = await activityWith(1, { isReview: 1, enableResubmitAnswer: 1 });
    const { login: me, ticket } = people[0] as { login: LoginResult; ticket: Ticket };
    const [nameQ, phoneQ, noteQ] = activity.questionIds as [string, string, string];
    expect(
      (await call('PUT', `/tickets/${ticket._id.$id}/attends`, organiser, { status: 1 })).json().status,
    ).toBe(1);
    const missing = await call('PUT', `/tickets/${ticket._id.$id}`, me, { data: { [noteQ]: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('form.required');
    const response = await call('PUT', `/forms/${activity.formId}/answers`, me, {
      data: {
        [nameQ]: 'Renamed',
        [phoneQ]: { area_code: '86', number: mobile(4999) },
        [noteQ]: 'hi',
        stray: 'dropped',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      form_id: w(activity.formId as string),
      ticket_id: ticket._id,
      agent_id: null,
      data: { [nameQ]: 'Renamed', [phoneQ]: { area_code: '86', number: mobile(4999) }, [noteQ]: 'hi' },
    });
    const read = await call('GET', `/forms/${activity.formId}/answers`, me);
    expect(read.json()).toEqual(response.json());
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket._id.$id));
    expect(row).toMatchObject({ name: 'Renamed', phone: `+86${mobile(4999)}`, status: 0 });
    expect(
      (await call('GET', `/forms/${activity.formId}/answers`, await login(t, meetingId))).statusCode,
    ).toBe(404);
  });

  it('a rejected registration that resubmits takes its place again, or is refused when it is gone', async () => {
    const { activity, people } = await activityWith(1, {
      isReview: 1,
      enableResubmitAnswer: 1,
      max: 1,
      prices: [{ total: 1 }],
    });
    const { login: me, ticket } = people[0] as { login: LoginResult; ticket: Ticket };
    const [nameQ] = activity.questionIds as [string];
    await call('PUT', `/tickets/${ticket._id.$id}/attends`, organiser, { status: 2 });
    const back = await call('PUT', `/tickets/${ticket._id.$id}`, me, { data: { [nameQ]: 'Try again' } });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().status).toBe(0);
    const taken = await snapshot(t, activity.activityId);
    expect([taken.ticketTotal, taken.prices[0]?.soldTotal]).toEqual([1, 1]);
    // Rejected again, someone else takes the only place: the resubmission is refused, nothing changes.
    await call('PUT', `/tickets/${ticket._id.$id}/attends`, organiser, { status: 2 });
    await register(activity, await login(t, meetingId), 'Someone else');
    const before = await snapshot(t, activity.activityId);
    const refused = await call('PUT', `/tickets/${ticket._id.$id}`, me, { data: { [nameQ]: 'Once more' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ticket.sold_out');
    expect(await snapshot(t, activity.activityId)).toEqual(before);
  });

  it('refuses a resubmitted phone already registered by someone else', async () => {
    const { activity, people } = await activityWith(2, { enableResubmitAnswer: 1 });
    const [first, second] = people as [(typeof people)[0], (typeof people)[0]];
    const [nameQ, phoneQ] = activity.questionIds as [string, string];
    const [firstRow] = await t.database.db.select().from(tickets).where(eq(tickets.id, first.ticket._id.$id));
    const before = await snapshot(t, activity.activityId);
    const refused = await call('PUT', `/tickets/${second.ticket._id.$id}`, second.login, {
      data: {
        [nameQ]: 'Copycat',
        [phoneQ]: { area_code: '86', number: String(firstRow?.phone).slice(3) },
      },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('phone.registered');
    expect(await snapshot(t, activity.activityId)).toEqual(before);
  });
});
