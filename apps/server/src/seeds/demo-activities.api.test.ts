import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activities, activityPrices } from '../modules/activities/activities.tables.ts';
import { formQuestions, forms } from '../modules/forms/forms.tables.ts';
import { meetings } from '../modules/meetings/meetings.tables.ts';
import { meetingStaff } from '../modules/tickets/tickets.tables.ts';
import { demoActivityIds, demoFormIds, demoStaffPhone, seedDemoActivities } from './demo-activities.ts';
import { demoMeetingId } from './demo-meeting.data.ts';

let t: TestApp;
const now = new Date('2030-01-10T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  // Only the meeting row: the full demo seed (programme, 300 exhibitors) is tested elsewhere.
  await t.database.db.insert(meetings).values({
    id: demoMeetingId,
    title: { en: 'Demo' },
    domain: 'localhost',
    start: new Date('2019-08-21T00:00:00Z'),
    end: new Date('2019-08-25T23:59:59Z'),
    timeZone: 'Europe/Berlin',
  });
});
afterAll(async () => t.close());

describe('seedDemoActivities', () => {
  it('does nothing without the demo meeting', async () => {
    const other = await createTestApp();
    try {
      expect(await seedDemoActivities(other.database.db, now)).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('inserts the fixed ids with dates relative to the seed time, then is a no-op', async () => {
    const db = t.database.db;
    expect(await seedDemoActivities(db, now)).toBe(8);
    expect(await seedDemoActivities(db, now)).toBe(0);

    const rows = await db
      .select()
      .from(activities)
      .where(inArray(activities.id, Object.values(demoActivityIds)));
    expect(rows).toHaveLength(8);
    const forum = rows.find((row) => row.id === demoActivityIds.forum);
    expect(forum?.start.getTime()).toBe(now.getTime() + 14 * 86400_000);
    expect(forum?.deadline?.getTime()).toBe(now.getTime() + 10 * 86400_000);
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
    const staff = await db.select().from(meetingStaff);
    expect(staff).toMatchObject([{ meetingId: demoMeetingId, phone: demoStaffPhone, role: 'organiser' }]);
  });
});
