import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemoInvites } from './demo-invites.ts';
import { demoMeetingId } from './demo-meeting.data.ts';
import { seedDemoMeeting } from './demo-meeting.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoMeeting({ db: t.database.db });
});
afterAll(() => t.close());

describe('demo invitation visits', () => {
  it("gives the demo exhibitor's enterprise the most visitors, once", async () => {
    expect(await seedDemoInvites(t.database.db)).toBeGreaterThan(30);
    expect(await seedDemoInvites(t.database.db)).toBe(0);
    const { findInviteCounts } = await import('../modules/invites/invites.repository.ts');
    const counts = await findInviteCounts(t.database.db, demoMeetingId);
    expect(counts[0]?.visitors).toBe(23);
    expect(counts.every((row) => row.registrations === 0)).toBe(true);
    expect(counts.length).toBeGreaterThanOrEqual(5);
  });
});
