import type { NotificationItem, NotificationPreference, Question } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, wireIdText } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { giveTicket, newPerson, type Person } from '../appointments/appointments.fixtures.ts';
import { outboxMessages } from '../messages/messages.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';

/**
 * The notification centre (beyond the spec; §4 registration review, Q&A): list, unread count,
 * marking read, per-kind mail / SMS choices — and that an answered question and a reviewed
 * registration land in the centre while the mail or SMS the user turned off is not queued.
 */

let world: DemoWorld;
let meetingId: string;
let enterpriseId: string;

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: { token: string } | null, json?: unknown) {
  return world.t.call(method, url, {
    headers: who ? bearer(who as never) : {},
    ...(json === undefined ? {} : { json }),
  });
}

async function outboxTo(recipient: string) {
  return world.t.database.db
    .select({ channel: outboxMessages.channel })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient));
}

async function listOf(who: Person) {
  const res = await call('GET', apiUrl('/notifications'), who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { results: NotificationItem[]; total: number; unread: number };
}

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  const result = (await world.t.database.db.execute(
    sql`SELECT enterprise_id FROM exhibitor_accounts WHERE meeting_id = ${meetingId} AND account = 'demo-exhibitor'`,
  )) as unknown as { rows: { enterprise_id: string }[] };
  enterpriseId = result.rows[0]?.enterprise_id ?? '';
});
afterAll(() => world.t.close());

describe('preferences', () => {
  it('every kind is on until turned off; a choice keeps the other channel', async () => {
    const who = await newPerson(world.t, meetingId);
    const initial = (await call('GET', apiUrl('/notification/preferences'), who)).json() as {
      results: NotificationPreference[];
    };
    expect(initial.results.every((p) => p.mail === 1 && p.sms === 1)).toBe(true);
    const saved = await call('PUT', apiUrl('/notification/preferences'), who, {
      kind: 'question.answer',
      mail: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (saved.json() as { results: NotificationPreference[] }).results.find(
        (p) => p.kind === 'question.answer',
      ),
    ).toEqual({
      kind: 'question.answer',
      mail: 0,
      sms: 1,
    });
    const bad = await call('PUT', apiUrl('/notification/preferences'), who, { kind: 'nope', mail: 0 });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', apiUrl('/notification/preferences'), null)).statusCode).toBe(401);
  });
});

describe('notices land in the centre and respect the channels', () => {
  it('an answered question: in-app notice, no mail when mail is off for it (SMS still goes)', async () => {
    const asker = await newPerson(world.t, meetingId, {
      email: 'notice-asker@visitor.test',
      phone: '+8613912340001',
    });
    await call('PUT', apiUrl('/notification/preferences'), asker, { kind: 'question.answer', mail: 0 });
    const asked = await call('POST', apiUrl(`/enterprises/${enterpriseId}/questions`), asker, {
      meeting_id: meetingId,
      content: 'Do you deliver robot arms to Chengdu?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = wireIdText((asked.json() as Question)._id);
    const answered = await call(
      'PUT',
      apiUrl(`/enterprise/questions/${id}/answers`),
      world.logins.exhibitor,
      {
        answer: 'Yes, within two weeks.',
      },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    const list = await listOf(asker);
    expect(list.unread).toBe(1);
    expect(list.results[0]).toMatchObject({ kind: 'question.answer', is_read: 0 });
    expect(await outboxTo('notice-asker@visitor.test')).toHaveLength(0);
    // With an e-mail the notice goes by mail only; with mail off nothing goes out for it.
    expect((await outboxTo('+8613912340001')).every((m) => m.channel === 'sms')).toBe(true);

    const count = await call('GET', apiUrl('/notifications/count'), asker);
    expect(count.json()).toEqual({ total: 1 });
    const read = await call('PUT', apiUrl('/notifications/read'), asker, { all: 1 });
    expect(read.json()).toEqual({ updated: 1, unread: 0 });
    expect((await listOf(asker)).results[0]?.is_read).toBe(1);
  });

  it('a registration review: in-app notice, SMS skipped when SMS is off, mail still goes', async () => {
    const registrant = await newPerson(world.t, meetingId, {
      email: 'notice-registrant@visitor.test',
      phone: '+8613912340002',
    });
    await giveTicket(world.t, { meetingId, userId: registrant.userId, status: 0 });
    const [ticket] = await world.t.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.userId, registrant.userId), eq(tickets.meetingId, meetingId)));
    await call('PUT', apiUrl('/notification/preferences'), registrant, {
      kind: 'registration.review',
      sms: 0,
    });
    const reviewed = await call('PUT', apiUrl(`/tickets/${ticket?.id}/attends`), world.logins.organiser, {
      status: 1,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const list = await listOf(registrant);
    expect(list.results[0]).toMatchObject({ kind: 'registration.review', values: { result: 'approved' } });
    const sent = [
      ...(await outboxTo('notice-registrant@visitor.test')),
      ...(await outboxTo('+8613912340002')),
    ].map((m) => m.channel);
    expect(sent).toEqual(['mail']);
  });

  it('marking read by id touches only the caller’s own notices', async () => {
    const stranger = await newPerson(world.t, meetingId);
    const res = await call('PUT', apiUrl('/notifications/read'), stranger, {
      ids: ['0123456789abcdef01234567'],
    });
    expect(res.json()).toEqual({ updated: 0, unread: 0 });
    expect((await call('PUT', apiUrl('/notifications/read'), stranger, {})).statusCode).toBe(400);
  });
});
