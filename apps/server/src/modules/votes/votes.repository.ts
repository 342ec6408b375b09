import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { voteAnswers, voteBallots, votePlayers, votes } from './votes.tables.ts';

export type VoteRow = typeof votes.$inferSelect;
export type VotePlayerRow = typeof votePlayers.$inferSelect;
export type VoteBallotRow = typeof voteBallots.$inferSelect;
export type VoteAnswerRow = typeof voteAnswers.$inferSelect;
/** A vote with its meeting's time zone (the day of the per-day limit, §5). */
export type VoteWithZone = { vote: VoteRow; timeZone: string };

/** A vote not deleted, with its meeting's time zone; undefined when none. */
export async function findVote(db: Database, id: string): Promise<VoteWithZone | undefined> {
  const [row] = await db
    .select({ vote: votes, timeZone: meetings.timeZone })
    .from(votes)
    .innerJoin(meetings, eq(meetings.id, votes.meetingId))
    .where(and(eq(votes.id, id), eq(votes.deleted, 0)))
    .limit(1);
  return row;
}

/** A meeting's votes not deleted, heaviest then newest first; `shownOnly` keeps enable_show 1. */
export async function findMeetingVotes(db: Database, meetingId: string, shownOnly: boolean) {
  return db
    .select({ vote: votes, timeZone: meetings.timeZone })
    .from(votes)
    .innerJoin(meetings, eq(meetings.id, votes.meetingId))
    .where(
      and(
        eq(votes.meetingId, meetingId),
        eq(votes.deleted, 0),
        ...(shownOnly ? [eq(votes.enableShow, 1)] : []),
      ),
    )
    .orderBy(desc(votes.weight), desc(votes.createdAt))
    .limit(500);
}

/** Candidates of a vote not deleted, heaviest then oldest first. */
export async function findPlayers(db: Database, voteId: string): Promise<VotePlayerRow[]> {
  return db
    .select()
    .from(votePlayers)
    .where(and(eq(votePlayers.voteId, voteId), eq(votePlayers.deleted, 0)))
    .orderBy(desc(votePlayers.weight), asc(votePlayers.createdAt))
    .limit(1000);
}

/** One candidate not deleted. */
export async function findPlayer(db: Database, id: string): Promise<VotePlayerRow | undefined> {
  const [row] = await db
    .select()
    .from(votePlayers)
    .where(and(eq(votePlayers.id, id), eq(votePlayers.deleted, 0)))
    .limit(1);
  return row;
}

/** Vote totals per vote of a meeting: votes cast and distinct voters. */
export async function voteTotals(db: Database, voteIds: string[]) {
  if (voteIds.length === 0) return new Map<string, { votes: number; voters: number }>();
  const rows = await db
    .select({
      voteId: voteBallots.voteId,
      votes: sql<string>`coalesce(sum(${voteBallots.total}), 0)::bigint`,
      voters: sql<string>`count(*) filter (where ${voteBallots.total} > 0)::bigint`,
    })
    .from(voteBallots)
    .where(sql`${voteBallots.voteId} in ${voteIds}`)
    .groupBy(voteBallots.voteId);
  return new Map(rows.map((row) => [row.voteId, { votes: Number(row.votes), voters: Number(row.voters) }]));
}

/** The caller's ballot row (no lock). */
export async function findBallot(db: Database, voteId: string, userId: string) {
  const [row] = await db
    .select()
    .from(voteBallots)
    .where(and(eq(voteBallots.voteId, voteId), eq(voteBallots.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Makes sure the voter's ballot row exists and locks it for the rest of `tx` (§5: every cast and
 * withdrawal of one voter in one vote runs one after the other).
 */
export async function lockBallot(tx: Database, voteId: string, userId: string, day: string) {
  await tx.insert(voteBallots).values({ voteId, userId, day, total: 0, dayTotal: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(voteBallots)
    .where(and(eq(voteBallots.voteId, voteId), eq(voteBallots.userId, userId)))
    .for('update');
  if (!row) throw new Error('ballot row vanished');
  return row;
}

/** The caller's answers in a vote, newest first. */
export async function findAnswers(db: Database, voteId: string, userId: string): Promise<VoteAnswerRow[]> {
  return db
    .select()
    .from(voteAnswers)
    .where(and(eq(voteAnswers.voteId, voteId), eq(voteAnswers.userId, userId)))
    .orderBy(desc(voteAnswers.createdAt), desc(voteAnswers.id))
    .limit(1000);
}
