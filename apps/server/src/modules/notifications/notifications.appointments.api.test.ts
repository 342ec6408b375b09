import type { Appointment, NotificationItem } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newExhibitorUser, newParticipant, type Person } from '../appointments/appointments.fixtures.ts';
import { exhibitIds, seedExhibits } from '../exhibitors/exhibitors.fixtures.ts';
import { outboxMessages } from '../messages/messages.tables.ts';

/**
 * Meeting-request notices in the notification centre (beyond the spec; §4 Appointment): a request
 * lands with the enterprise's exhibitor users as 'appointment.request', the answer with the requester
 * as 'appointment.answer'; a channel the recipient turned off for that kind is not used (the in-app
 * notice stays).
 */

let t: TestApp;
const meetingId = ids.meeting;
const enterpriseId = exhibitIds.robotJa;

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: Person, json?: unknown) {
  return t.call(method, url, { headers: bearer(who), ...(json === undefined ? {} : { json }) });
}

async function outboxTo(recipient: string) {
  await t.drainJobs();
  return t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
}

async function noticesOf(who: Person) {
  const res = await call('GET', apiUrl('/notifications'), who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: NotificationItem[] }).results;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
  await seedExhibits(t.database.db, ids.meeting, ids.otherMeeting);
});
afterAll(() => t.close());

describe('appointment notices', () => {
  it('request → exhibitor side, answer → requester, each in the centre; a turned-off channel is skipped', async () => {
    await t.drainJobs();
    const exhibitor = await newExhibitorUser(t, {
      meetingId,
      enterpriseId,
      email: 'notice-sales@robot.test',
    });
    const visitor = await newParticipant(t, meetingId, { username: 'Nora Visitor', phone: '+8613800139077' });
    // The exhibitor wants no mail about requests; the visitor no SMS about answers.
    await call('PUT', apiUrl('/notification/preferences'), exhibitor, {
      kind: 'appointment.request',
      mail: 0,
    });
    await call('PUT', apiUrl('/notification/preferences'), visitor, { kind: 'appointment.answer', sms: 0 });

    const date = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
    const created = await call('POST', apiUrl('/appointments'), visitor, {
      meeting_id: meetingId,
      enterprise_id: enterpriseId,
      date,
      start_time: '10:00',
      end_time: '11:00',
      timezone: 'Asia/Shanghai',
      mode: 'offline',
      matter: 'Robot arms for our factory',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as Appointment)._id.$id;
    expect(await outboxTo('notice-sales@robot.test')).toHaveLength(0);
    const toExhibitor = await noticesOf(exhibitor);
    expect(toExhibitor[0]).toMatchObject({
      kind: 'appointment.request',
      is_read: 0,
      path: '/appointment',
      values: { event: 'requested', name: 'Nora Visitor' },
    });
    expect(toExhibitor[0]?.query).toMatchObject({ appointment_id: id });

    const accepted = await call('POST', apiUrl(`/appointments/${id}/accept`), exhibitor, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await outboxTo('+8613800139077')).toHaveLength(0);
    const toVisitor = await noticesOf(visitor);
    expect(toVisitor[0]).toMatchObject({ kind: 'appointment.answer', values: { event: 'accepted' } });
    const count = await call('GET', apiUrl('/notifications/count'), visitor);
    expect(count.json()).toEqual({ total: 1 });
  });
});
