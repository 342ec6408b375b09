import { type ConsoleFriendStats, toWireId } from '@app/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { users } from '../users/users.tables.ts';
import { friendApplications, friendships } from './friends.tables.ts';

/**
 * GET /console/meetings/{meeting_id}/friends/stats (people.read): connections made in the meeting
 * (pairs; each is stored in both directions) by source, its applications by state, and the ten
 * people with most connections made there, with their contacts (organisers see them, §6).
 * @throws 403 no_permission without people.read in the meeting
 */
export async function consoleFriendStats(
  deps: RolesDeps,
  input: { userId: string; meetingId: string },
): Promise<ConsoleFriendStats> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'people.read' });
  const { db } = deps;
  const [sources, states, top] = await Promise.all([
    db
      .select({ source: friendships.source, n: count() })
      .from(friendships)
      .where(eq(friendships.meetingId, input.meetingId))
      .groupBy(friendships.source),
    db
      .select({ status: friendApplications.status, n: count() })
      .from(friendApplications)
      .where(eq(friendApplications.meetingId, input.meetingId))
      .groupBy(friendApplications.status),
    db
      .select({
        id: users.id,
        username: users.username,
        company: users.workCompany,
        phone: users.phone,
        email: users.email,
        n: count(),
      })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.userId))
      .where(and(eq(friendships.meetingId, input.meetingId), eq(users.deleted, 0)))
      .groupBy(users.id)
      .orderBy(desc(count()), sql`${users.id}`)
      .limit(10),
  ]);
  const pairs = (source: string) => Math.floor((sources.find((row) => row.source === source)?.n ?? 0) / 2);
  const state = (status: string) => states.find((row) => row.status === status)?.n ?? 0;
  return {
    connections: pairs('card') + pairs('application'),
    by_card: pairs('card'),
    by_application: pairs('application'),
    applications: {
      submitted: state('submitted'),
      accepted: state('accepted'),
      ignored: state('ignored'),
      cancelled: state('cancelled'),
    },
    top: top.map((row) => ({
      user_id: toWireId(row.id),
      username: row.username,
      company: row.company,
      phone: row.phone ?? '',
      email: row.email ?? '',
      connections: row.n,
    })),
  };
}
