import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activities, activityPrices } from '../modules/activities/activities.tables.ts';
import { formQuestions, forms } from '../modules/forms/forms.tables.ts';
import { meetings } from '../modules/meetings/meetings.tables.ts';
import { meetingRoles } from '../modules/roles/roles.tables.ts';
import { demoActivityIds, demoFormIds, demoStaffPhone, seedDemoActivities } from './demo-activities.ts';
import { demoMeetingId } from './demo-meeting.data.ts';

let t: TestApp;
const now = new Date('2030-01-10T12:00:00Z');
// The meeting as the demo seed moves it: five days from a Wednesday, more than 14 days after `now`.
const meetingStart = new Date('2030-01-29T23:00:00Z');
const meetingEnd = new Date('2030-02-04T03:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  // Only the meeting row: the full demo seed (programme, 300 exhibitors) is tested elsewhere.
  await t.database.db.insert(meetings).values({
    id: demoMeetingId,
    title: { en: 'Demo' },
    domain: 'localhost',
    start: meetingStart,
    end: meetingEnd,
    timeZone: 'Europe/Berlin',
  });
});
afterAll(async () => t.close());

describe('seedDemoActivities', () => {
  it('puts them from two weeks ahead when the meeting has passed (a data folder from before)', async () => {
    const other = await createTestApp();
    try {
      await other.database.db.insert(meetings).values({
        id: demoMeetingId,
        title: { en: 'Demo' },
        domain: 'localhost',
        start: new Date('2019-08-20T22:00:00Z'),
        end: new Date('2019-08-26T02:00:00Z'),
        timeZone: 'Europe/Berlin',
      });
      expect(await seedDemoActivities(other.database.db, now)).toBe(8);
      const [forum] = await other.database.db
        .select()
        .from(activities)
        .where(eq(activities.id, demoActivityIds.forum));
      expect(forum?.start.toISOString()).toBe('2030-01-24T13:00:00.000Z');
      expect(forum?.deadline?.getTime()).toBeGreaterThan(now.getTime());
    } finally {
      await other.close();
    }
  });

  it('does nothing without the demo meeting', async () => {
    const other = await createTestApp();
    try {
      expect(await seedDemoActivities(other.database.db, now)).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('inserts the fixed ids on the days of a meeting ahead, registration open now, then is a no-op', async () => {
    const db = t.database.db;
    expect(await seedDemoActivities(db, now)).toBe(8);
    expect(await seedDemoActivities(db, now)).toBe(0);

    const rows = await db
      .select()
      .from(activities)
      .where(inArray(activities.id, Object.values(demoActivityIds)));
    expect(rows).toHaveLength(8);
    const forum = rows.find((row) => row.id === demoActivityIds.forum);
    // 14:00 on the meeting's first day in Berlin (winter time); registration closes 4 days before.
    expect(forum?.start.toISOString()).toBe('2030-01-30T13:00:00.000Z');
    expect(forum?.deadline?.toISOString()).toBe('2030-01-26T17:00:00.000Z');
    for (const row of rows) {
      expect(row.start.getTime()).toBeGreaterThanOrEqual(meetingStart.getTime());
      expect(row.end.getTime()).toBeLessThanOrEqual(meetingEnd.getTime());
      expect(row.end.getTime()).toBeGreaterThan(row.start.getTime());
    }
    const open = rows.filter((row) => (row.registrationStart?.getTime() ?? 0) <= now.getTime());
    const closed = rows.filter((row) => (row.deadline?.getTime() ?? 0) < now.getTime());
    expect(closed.map((row) => row.id)).toEqual([demoActivityIds.breakfast]);
    expect(open.map((row) => row.id)).not.toContain(demoActivityIds.party);
    expect(rows.find((row) => row.id === demoActivityIds.backstage)?.privacy).toBe(1);
    expect(rows.find((row) => row.id === demoActivityIds.dinner)?.ticketTotal).toBe(2);

    const [prices] = await db.select({ total: count() }).from(activityPrices);
    expect(prices?.total).toBe(11);
    const formRows = await db.select().from(forms);
    expect(formRows.map((form) => form.id).sort()).toEqual(Object.values(demoFormIds).sort());
    const groupQuestions = await db
      .select()
      .from(formQuestions)
      .where(eq(formQuestions.formId, demoFormIds.hackathon));
    expect(groupQuestions.filter((q) => q.scope === 'group')).toHaveLength(1);
    const staff = await db.select().from(meetingRoles);
    expect(staff).toMatchObject([{ meetingId: demoMeetingId, phone: demoStaffPhone, role: 'organiser' }]);
  });
});
