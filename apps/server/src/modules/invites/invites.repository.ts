import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { exhibitors } from '../exhibitors/exhibitors.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { users } from '../users/users.tables.ts';
import { enterpriseInvites } from './invites.tables.ts';

/** True when the enterprise (not deleted) exhibits at the meeting (a live exhibitor row). */
export async function isExhibiting(db: Database, meetingId: string, enterpriseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: exhibitors.id })
    .from(exhibitors)
    .innerJoin(enterprises, eq(enterprises.id, exhibitors.enterpriseId))
    .where(
      and(
        eq(exhibitors.meetingId, meetingId),
        eq(exhibitors.enterpriseId, enterpriseId),
        eq(exhibitors.deleted, 0),
        eq(enterprises.deleted, 0),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Records a visit through the invitation in one atomic upsert: a new device adds a row; a device
 * seen before keeps its first visit time, gets `seen_at` now and its user once known (a user is
 * never replaced by none).
 */
export async function upsertInvite(
  db: Database,
  input: { meetingId: string; enterpriseId: string; deviceId: string; userId: string | null },
): Promise<void> {
  await db
    .insert(enterpriseInvites)
    .values({ id: newId(), ...input })
    .onConflictDoUpdate({
      target: [enterpriseInvites.meetingId, enterpriseInvites.enterpriseId, enterpriseInvites.deviceId],
      set: {
        seenAt: sql`now()`,
        userId: sql`coalesce(excluded.user_id, ${enterpriseInvites.userId})`,
      },
    });
}

/** Visitors (devices) the enterprise's invitation brought to the meeting. */
export async function countVisitors(db: Database, meetingId: string, enterpriseId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enterpriseInvites)
    .where(and(eq(enterpriseInvites.meetingId, meetingId), eq(enterpriseInvites.enterpriseId, enterpriseId)));
  return Number(row?.n ?? 0);
}

/**
 * A live registration (ticket) in the meeting by the invite's user, made after the first visit
 * through the invitation: what "a registration it brought" means.
 */
const attributedTicket = sql`exists (
  select 1 from ${tickets}
  where ${tickets.meetingId} = ${enterpriseInvites.meetingId}
    and ${tickets.userId} = ${enterpriseInvites.userId}
    and ${tickets.deleted} = 0
    and ${tickets.createdAt} >= ${enterpriseInvites.createdAt}
)`;

/** Registrations the enterprise's invitation brought: live tickets of its visitors made after their visit. */
async function countRegistrations(db: Database, meetingId: string, enterpriseId: string): Promise<number> {
  const result = (await db.execute(sql`
    select count(distinct t.id)::int as n
    from ${enterpriseInvites} i
    join ${tickets} t on t.meeting_id = i.meeting_id and t.user_id = i.user_id
      and t.deleted = 0 and t.created_at >= i.created_at
    where i.meeting_id = ${meetingId} and i.enterprise_id = ${enterpriseId}
  `)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

export type InviteVisitorRow = { name: string; isRegistered: boolean; createdAt: Date };

/** The enterprise's visitor and registration totals and its latest 50 visitors (name, registered). */
export async function findInviteReport(
  db: Database,
  meetingId: string,
  enterpriseId: string,
): Promise<{ visitors: number; registrations: number; latest: InviteVisitorRow[] }> {
  const [visitors, registrations, latest] = await Promise.all([
    countVisitors(db, meetingId, enterpriseId),
    countRegistrations(db, meetingId, enterpriseId),
    db
      .select({
        name: sql<string>`coalesce(${users.username}, '')`,
        isRegistered: sql<boolean>`${attributedTicket}`,
        createdAt: enterpriseInvites.createdAt,
      })
      .from(enterpriseInvites)
      .leftJoin(users, eq(users.id, enterpriseInvites.userId))
      .where(
        and(eq(enterpriseInvites.meetingId, meetingId), eq(enterpriseInvites.enterpriseId, enterpriseId)),
      )
      .orderBy(desc(enterpriseInvites.createdAt), desc(enterpriseInvites.id))
      .limit(50),
  ]);
  return { visitors, registrations, latest };
}

export type InviteCountRow = {
  enterpriseId: string;
  title: typeof enterprises.$inferSelect.title;
  visitors: number;
  registrations: number;
};

/** Per enterprise with visitors in the meeting: its title, visitors and attributed registrations. */
export async function findInviteCounts(db: Database, meetingId: string): Promise<InviteCountRow[]> {
  const result = (await db.execute(sql`
    select i.enterprise_id as "enterpriseId", e.title as title,
      count(distinct i.id)::int as visitors,
      count(distinct t.id)::int as registrations
    from ${enterpriseInvites} i
    join ${enterprises} e on e.id = i.enterprise_id
    left join ${tickets} t on t.meeting_id = i.meeting_id and t.user_id = i.user_id
      and t.deleted = 0 and t.created_at >= i.created_at
    where i.meeting_id = ${meetingId}
    group by i.enterprise_id, e.title
    order by visitors desc, i.enterprise_id
  `)) as unknown as { rows: InviteCountRow[] };
  return result.rows.map((row) => ({
    ...row,
    visitors: Number(row.visitors),
    registrations: Number(row.registrations),
  }));
}
