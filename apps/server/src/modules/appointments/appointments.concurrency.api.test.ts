import type { Appointment } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { exhibitIds, seedExhibits } from '../exhibitors/exhibitors.fixtures.ts';
import { insertSlot, newExhibitorUser, newParticipant, type Person } from './appointments.fixtures.ts';
import { appointments, schedules } from './appointments.tables.ts';

/**
 * No slot is ever double-booked (§4 Appointment, §8 already booked): visitors booking the same exhibitor slot
 * at once, and an exhibitor accepting two overlapping requests at once, give exactly one success — decided by
 * the database (the partial unique index on a slot's live request, the exclusion constraint on an
 * enterprise's accepted times). Runs on PGlite and, with DATABASE_URL, on PostgreSQL where the requests
 * really run side by side on a connection pool.
 */

let t: TestApp;
const meetingId = ids.meeting;
const robot = exhibitIds.robotCn;
const hour = 3600;
const day = 24 * hour;

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
  await seedExhibits(t.database.db, ids.meeting, ids.otherMeeting);
});

afterAll(async () => {
  await t.close();
});

const codeOf = (body: string) => (JSON.parse(body) as { code?: string }).code;

describe('parallel bookings and accepts', () => {
  it('8 participants booking the same slot at once: exactly one 200, the rest 409 already_booked', async () => {
    const visitors: Person[] = [];
    for (let i = 0; i < 8; i += 1) visitors.push(await newParticipant(t, meetingId));
    for (let round = 0; round < 3; round += 1) {
      const start = Math.floor(Date.now() / 1000) + (20 + round) * day;
      const slot = await insertSlot(t, { meetingId, enterpriseId: robot, start, end: start + hour });
      const answers = await Promise.all(
        visitors.map((who, index) =>
          // Half through each route, so both booking paths meet on the same slot.
          t.call(
            'POST',
            apiUrl(
              index % 2 === 0
                ? `/appointments/schedules/${slot}`
                : `/enterprises/${robot}/schedules/${slot}/appointments`,
            ),
            { headers: bearer(who), json: { mode: 'online', matter: `Visitor ${index}` } },
          ),
        ),
      );
      const ok = answers.filter((a) => a.statusCode === 200);
      const refused = answers.filter((a) => a.statusCode !== 200);
      expect(ok, answers.map((a) => a.body).join('\n')).toHaveLength(1);
      expect(refused.map((a) => [a.statusCode, codeOf(a.body)])).toEqual(
        Array.from({ length: 7 }, () => [409, 'appointment.already_booked']),
      );
      const live = await t.database.db
        .select()
        .from(appointments)
        .where(and(eq(appointments.scheduleId, slot), inArray(appointments.status, [0, 1])));
      expect(live).toHaveLength(1);
      expect(live[0]?.id).toBe((ok[0] ? (ok[0].json() as Appointment) : undefined)?._id.$id);
    }
  });

  it('two overlapping pending requests accepted at once: exactly one accepted, the other 409 already_booked', async () => {
    const exhibitor = await newExhibitorUser(t, { meetingId, enterpriseId: robot });
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = [await newParticipant(t, meetingId), await newParticipant(t, meetingId)];
      const date = new Date(Date.now() + (40 + round) * day * 1000).toISOString().slice(0, 10);
      const ask = (who: Person, start: string, end: string) =>
        t.call('POST', apiUrl('/appointments'), {
          headers: bearer(who),
          json: {
            meeting_id: meetingId,
            enterprise_id: robot,
            date,
            start_time: start,
            end_time: end,
            timezone: 'Europe/Berlin',
            mode: 'offline',
            matter: 'Talk',
          },
        });
      const first = await ask(a as Person, '10:00', '11:00');
      const second = await ask(b as Person, '10:30', '11:30');
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode, second.body).toBe(200);
      const idsOf = [first, second].map((r) => (r.json() as Appointment)._id.$id);
      const answers = await Promise.all(
        idsOf.map((id) =>
          t.call('POST', apiUrl(`/appointments/${id}/accept`), { headers: bearer(exhibitor), json: {} }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([
        200, 409,
      ]);
      const refused = answers.find((r) => r.statusCode === 409);
      expect(codeOf(refused?.body ?? '{}')).toBe('appointment.already_booked');
      const rows = await t.database.db.select().from(appointments).where(inArray(appointments.id, idsOf));
      expect(rows.map((r) => r.status).sort()).toEqual([0, 1]);
      // Only the accepted one has schedule entries (the refused accept rolled back its inserts).
      const entries = await t.database.db
        .select()
        .from(schedules)
        .where(inArray(schedules.appointmentId, idsOf));
      expect(entries).toHaveLength(2);
      expect(new Set(entries.map((e) => e.appointmentId))).toEqual(
        new Set(rows.filter((r) => r.status === 1).map((r) => r.id)),
      );
    }
  });
});
