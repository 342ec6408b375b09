import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { speakers } from '../modules/speakers/speakers.tables.ts';
import { votePlayers, votes } from '../modules/votes/votes.tables.ts';
import { demoMeetingId } from './demo-meeting.data.ts';

/**
 * One open vote in the demo meeting (§3 Vote, Vote player; §5 limits): "Audience award" for the
 * first six speakers (their photos as the candidates' images), open from a day ago for 30 days,
 * 10 votes per person and 3 a day, withdrawing allowed, results shown. Does nothing when the demo
 * meeting already has a vote or has no speakers.
 * @returns the id of the vote added, or null
 */
export async function seedDemoVotes(db: Database, now: Date = new Date()): Promise<string | null> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(votes)
    .where(eq(votes.meetingId, demoMeetingId));
  if (Number(existing?.n ?? 0) > 0) return null;
  const candidates = await db
    .select({ name: speakers.name, photo: speakers.photo, workTitle: speakers.workTitle })
    .from(speakers)
    .where(and(eq(speakers.meetingId, demoMeetingId), eq(speakers.deleted, 0)))
    .orderBy(asc(speakers.weight), asc(speakers.id))
    .limit(6);
  if (candidates.length === 0) return null;
  const day = 86_400_000;
  const voteId = newId();
  await db.insert(votes).values({
    id: voteId,
    meetingId: demoMeetingId,
    title: {
      zh: '观众最喜爱演讲奖',
      en: 'Audience award: favourite talk',
      ja: '観客賞：お気に入りの講演',
      ko: '관객상: 최고의 강연',
    },
    description: {
      zh: '为你最喜欢的演讲者投票：每人共 10 票，每天最多 3 票。',
      en: 'Vote for the speaker you liked best: 10 votes each, at most 3 a day.',
      ja: '一番良かった講演者に投票してください。1人10票、1日3票まで。',
      ko: '가장 좋았던 연사에게 투표하세요. 1인 10표, 하루 최대 3표.',
    },
    cover: candidates[0]?.photo ?? '',
    startAt: new Date(now.getTime() - day),
    endAt: new Date(now.getTime() + 30 * day),
    perPersonLimit: 10,
    perDayLimit: 3,
    allowWithdraw: 1,
    showResults: 1,
  });
  await db.insert(votePlayers).values(
    candidates.map((speaker, index) => ({
      id: newId(),
      voteId,
      name: speaker.name,
      img: speaker.photo,
      description: speaker.workTitle,
      weight: candidates.length - index,
    })),
  );
  return voteId;
}
