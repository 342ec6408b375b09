import { unixToZoned } from '@app/domain/appointments';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { schedules } from '../modules/appointments/appointments.tables.ts';
import { insertEnterprises } from '../modules/enterprises/enterprises.repository.ts';
import { newExhibitorAccount } from '../modules/exhibitors/exhibitors.fixtures.ts';
import { insertExhibitors } from '../modules/exhibitors/exhibitors.repository.ts';
import { meetings } from '../modules/meetings/meetings.tables.ts';
import { demoMeetingId } from './demo-meeting.data.ts';
import { demoSlotTimeZone, seedDemoSchedules } from './demo-schedules.ts';

let t: TestApp;
const enterpriseId = '64656d6f00000000000f0001';
// 09:00 in Shanghai: today's slots would be ahead, but the demo starts with tomorrow's.
const now = new Date('2030-01-10T01:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // Only what the slots need: the full demo seed (programme, 300 exhibitors) is tested elsewhere.
  await db.insert(meetings).values({
    id: demoMeetingId,
    title: { en: 'Demo' },
    domain: 'localhost',
    start: new Date('2019-08-21T00:00:00Z'),
    end: new Date('2019-08-25T23:59:59Z'),
    timeZone: 'Europe/Berlin',
  });
  await insertEnterprises(db, [{ id: enterpriseId, title: { en: 'Demo Robotics' } }]);
  await insertExhibitors(db, [{ id: '64656d6f00000000000f0002', meetingId: demoMeetingId, enterpriseId }]);
});
afterAll(async () => t.close());

const slotsOf = () =>
  t.database.db
    .select()
    .from(schedules)
    .where(and(eq(schedules.enterpriseId, enterpriseId), eq(schedules.kind, 'slot')))
    .orderBy(asc(schedules.start));

describe('seedDemoSchedules', () => {
  it('does nothing without the demo exhibitor account', async () => {
    expect(await seedDemoSchedules(t.database.db, now)).toBe(0);
  });

  it('publishes four slots a day for the next three days in Asia/Shanghai, then is a no-op', async () => {
    await newExhibitorAccount(t.database.db, {
      meetingId: demoMeetingId,
      account: 'demo-exhibitor',
      password: 'Exhibitor2019!',
      enterpriseId,
    });
    expect(await seedDemoSchedules(t.database.db, now)).toBe(12);
    const slots = await slotsOf();
    expect(slots).toHaveLength(12);
    const walls = slots.map((slot) => {
      const from = unixToZoned(slot.start.getTime() / 1000, demoSlotTimeZone);
      const to = unixToZoned(slot.end.getTime() / 1000, demoSlotTimeZone);
      return `${from.date} ${from.time}-${to.time}`;
    });
    expect(walls.slice(0, 4)).toEqual([
      '2030-01-11 10:00-10:30',
      '2030-01-11 10:30-11:00',
      '2030-01-11 14:00-14:30',
      '2030-01-11 14:30-15:00',
    ]);
    expect(walls.at(-1)).toBe('2030-01-13 14:30-15:00');
    expect(
      slots.every((slot) => slot.timezone === demoSlotTimeZone && slot.meetingId === demoMeetingId),
    ).toBe(true);
    expect(await seedDemoSchedules(t.database.db, now)).toBe(0);
  });

  it('publishes fresh slots once the old ones have passed', async () => {
    const later = new Date(now.getTime() + 5 * 86_400_000);
    expect(await seedDemoSchedules(t.database.db, later)).toBe(12);
    expect(await seedDemoSchedules(t.database.db, later)).toBe(0);
    expect(await slotsOf()).toHaveLength(24);
  });
  it("publishes them on the meeting's first three days when it is ahead", async () => {
    const db = t.database.db;
    const later = new Date(now.getTime() + 30 * 86_400_000);
    // The meeting moved ahead (as the demo seed does): Wednesday 2030-02-20, 00:00 in Berlin.
    await db
      .update(meetings)
      .set({ start: new Date('2030-02-19T23:00:00Z'), end: new Date('2030-02-25T03:00:00Z') })
      .where(eq(meetings.id, demoMeetingId));
    try {
      expect(await seedDemoSchedules(db, later)).toBe(12);
      const dates = (await slotsOf())
        .filter((slot) => slot.start > later)
        .map((slot) => unixToZoned(slot.start.getTime() / 1000, demoSlotTimeZone).date);
      expect([...new Set(dates)]).toEqual(['2030-02-20', '2030-02-21', '2030-02-22']);
    } finally {
      await db
        .update(meetings)
        .set({ start: new Date('2019-08-21T00:00:00Z'), end: new Date('2019-08-25T23:59:59Z') })
        .where(eq(meetings.id, demoMeetingId));
    }
  });
});
