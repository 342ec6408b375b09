import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { exhibitorAccounts } from '../modules/auth/auth.tables.ts';
import { exhibitors } from '../modules/exhibitors/exhibitors.tables.ts';
import { enterpriseInvites } from '../modules/invites/invites.tables.ts';
import { demoMeetingId } from './demo-meeting.data.ts';

/**
 * Visitors brought by invitation posters in the demo meeting (§7 POST /enterprises/{id}/invites), so
 * the demo exhibitor's manage page and the console's exhibitors table show invitation results:
 * 23 visitors for the demo exhibitor's enterprise over the last days, a few for the first exhibitors
 * of the console's table.
 * Anonymous visitors (device ids only): no registrations are invented. Does nothing when the meeting
 * already has invitation visits.
 * @returns the number of visits added
 */
export async function seedDemoInvites(db: Database, now: Date = new Date()): Promise<number> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enterpriseInvites)
    .where(eq(enterpriseInvites.meetingId, demoMeetingId));
  if (Number(existing?.n ?? 0) > 0) return 0;
  const [demoAccount] = await db
    .select({ enterpriseId: exhibitorAccounts.enterpriseId })
    .from(exhibitorAccounts)
    .where(
      and(eq(exhibitorAccounts.meetingId, demoMeetingId), eq(exhibitorAccounts.account, 'demo-exhibitor')),
    )
    .limit(1);
  const others = await db
    .select({ enterpriseId: exhibitors.enterpriseId })
    .from(exhibitors)
    .where(and(eq(exhibitors.meetingId, demoMeetingId), eq(exhibitors.deleted, 0)))
    // The console's order (weight, then newest): these show on its exhibitors table's first page.
    .orderBy(desc(exhibitors.weight), desc(exhibitors.createdAt), desc(exhibitors.id))
    .limit(6);
  const counts = new Map<string, number>();
  if (demoAccount?.enterpriseId) counts.set(demoAccount.enterpriseId, 23);
  others.forEach(({ enterpriseId }, index) => {
    if (!counts.has(enterpriseId)) counts.set(enterpriseId, [9, 7, 4, 3, 2, 1][index] ?? 1);
  });
  const hour = 3_600_000;
  const rows = [...counts].flatMap(([enterpriseId, count]) =>
    Array.from({ length: count }, (_, index) => {
      const at = new Date(now.getTime() - (index * 7 + 1) * hour);
      return {
        id: newId(),
        meetingId: demoMeetingId,
        enterpriseId,
        deviceId: `demo-visitor-${enterpriseId.slice(-6)}-${index}`,
        createdAt: at,
        seenAt: at,
      };
    }),
  );
  if (rows.length > 0) await db.insert(enterpriseInvites).values(rows);
  return rows.length;
}
