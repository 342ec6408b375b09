import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/transaction.ts';
import { agendaLives, agendas, lives } from '../modules/agendas/agendas.tables.ts';
import { demoMeetingId } from './demo-meeting.data.ts';

/**
 * One live in the demo meeting (§3 Live, §4 coming soon): the next session that has not started yet
 * (the programme is shifted to the coming weeks) is streamed — public, chat on, no source set up yet,
 * so the live list shows its countdown and the agenda (with_lives=1) its "Live" link. Its time is the
 * session's. Does nothing when the demo meeting already has a live or has no future session.
 * @returns the id of the live added, or null
 */
export async function seedDemoLives(db: Database, now: Date = new Date()): Promise<string | null> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(lives)
    .where(eq(lives.meetingId, demoMeetingId));
  if (Number(existing?.n ?? 0) > 0) return null;
  const [session] = await db
    .select({ id: agendas.id, title: agendas.title, start: agendas.start, end: agendas.end })
    .from(agendas)
    .where(
      and(
        eq(agendas.meetingId, demoMeetingId),
        eq(agendas.deleted, 0),
        eq(agendas.enableShow, 1),
        gt(agendas.start, now),
        gt(agendas.end, agendas.start),
      ),
    )
    .orderBy(asc(agendas.start), asc(agendas.id))
    .limit(1);
  if (!session) return null;
  const liveId = newId();
  await inTransaction(db, async (tx) => {
    await tx.insert(lives).values({
      id: liveId,
      meetingId: demoMeetingId,
      title: session.title,
      description: {
        zh: '本场次现场直播，开播前 10 分钟提醒，直播间内可实时聊天。',
        en: 'This session streamed live: a reminder 10 minutes before the start and a live chat in the room.',
        ja: 'このセッションをライブ配信します。開始10分前にお知らせし、配信ルームではチャットができます。',
        ko: '이 세션을 생중계합니다. 시작 10분 전에 알림을 보내며 방송 중 채팅할 수 있습니다.',
        de: 'Diese Session live: eine Erinnerung 10 Minuten vor Beginn und ein Live-Chat im Raum.',
      },
      start: session.start,
      end: session.end,
      access: 'public',
      sourceKind: 'none',
      chatEnabled: 1,
    });
    await tx.insert(agendaLives).values({ agendaId: session.id, liveId });
  });
  return liveId;
}
