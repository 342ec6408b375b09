import type { ReceptionFormField } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/transaction.ts';
import { lockReceptionHistory } from '../modules/reception/reception.repository.ts';
import {
  receptionGuestPhases,
  receptionGuests,
  receptionHistory,
  receptionPhases,
} from '../modules/reception/reception.tables.ts';
import { demoMeetingId } from './demo-meeting.data.ts';

/**
 * The demo meeting's reception desk (§3 Guest, Reception guest; §4 Reception 0/1): four phases —
 * airport pick-up (flight number and arrival time), hotel (room number), dinner (table) and the main
 * hall — and 30 VIP guests with titles, phones and codes, each assigned to a few phases; the first
 * guests are already received at the airport and hotel (with history rows, so the console's board
 * shows recent arrivals). Does nothing when the demo meeting already has a phase.
 * @returns the number of guests added (0 when nothing was done)
 */
export async function seedDemoReception(db: Database, now: Date = new Date()): Promise<number> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(receptionPhases)
    .where(eq(receptionPhases.meetingId, demoMeetingId));
  if (Number(existing?.n ?? 0) > 0) return 0;
  const text = (key: string, en: string, zh: string, extra: ReceptionFormField['type'] = 'text') => ({
    key,
    type: extra,
    label: { en, zh },
    options: [],
    required: 0 as const,
  });
  const phases = [
    {
      title: { en: 'Airport pick-up', zh: '接机' },
      description: { en: 'Meet the guest at arrivals', zh: '到达口接机' },
      staffRole: '1',
      form: [text('flight', 'Flight no.', '航班号'), text('arrival', 'Arrival time', '到达时间', 'datetime')],
    },
    {
      title: { en: 'Hotel check-in', zh: '酒店入住' },
      description: { en: 'Room keys and welcome pack', zh: '房卡与欢迎礼包' },
      staffRole: '2',
      form: [text('room', 'Room number', '房间号')],
    },
    {
      title: { en: 'Welcome dinner', zh: '欢迎晚宴' },
      description: { en: 'Seat the guest at their table', zh: '引导嘉宾就座' },
      staffRole: null,
      form: [text('table', 'Table', '桌号')],
    },
    {
      title: { en: 'Main hall', zh: '主会场' },
      description: { en: 'Front-row seating', zh: '前排就座' },
      staffRole: null,
      form: [],
    },
  ].map((phase, position) => ({ id: newId(), meetingId: demoMeetingId, position, ...phase }));
  const people: [string, string][] = [
    ['王建国', '中国会展协会 会长'],
    ['李晓梅', '华东经济研究院 院长'],
    ['Emma Schneider', 'CEO, Nordlicht GmbH'],
    ['张伟', '星河科技 董事长'],
    ['陈静', '上海市商务委员会 处长'],
    ['Hiroshi Tanaka', 'Managing Director, Sakura Trading'],
    ['刘洋', '蓝海资本 合伙人'],
    ['赵敏', '国际贸易促进会 秘书长'],
    ['Olivia Martin', 'VP Partnerships, Atlas Events'],
    ['孙立', '未来城市研究所 首席科学家'],
    ['周婷', '新锐传媒 总编辑'],
    ['Kim Min-jun', 'Director, Hanbit Expo'],
    ['吴刚', '长江制造 总经理'],
    ['郑爽', '数字经济联盟 理事长'],
    ['Lucas Ferreira', 'Head of Asia, Lusa Logistics'],
    ['黄磊', '绿色能源集团 副总裁'],
    ['林晓', '清源基金会 理事'],
    ['Amira Haddad', 'Founder, Cedar Ventures'],
    ['何平', '智慧医疗协会 会长'],
    ['高翔', '云图软件 CTO'],
    ['Anna Kowalska', 'Trade Commissioner, Poland'],
    ['罗琳', '创新设计学院 院长'],
    ['梁志强', '港湾物流 董事'],
    ['Nguyen Van An', 'Chairman, Saigon Expo'],
    ['宋佳', '文旅发展集团 总监'],
    ['唐宁', '金融科技研究中心 主任'],
    ['Rahul Mehta', 'Partner, Indus Capital'],
    ['韩雪', '青年企业家协会 副会长'],
    ['冯凯', '航天材料研究院 研究员'],
    ['Sofia Rossi', 'Director, Milano Fiere'],
  ];
  const guests = people.map(([name, title], i) => ({
    id: newId(),
    meetingId: demoMeetingId,
    name,
    title,
    phone: `+861370013${String(9000 + i).padStart(4, '0')}`,
    areaCode: '86',
    email: `vip${String(i + 1).padStart(2, '0')}@demo.example`,
    code: `VIP${String(i + 1).padStart(3, '0')}`,
    note: i % 5 === 0 ? '素食 · Vegetarian' : '',
  }));
  const [airport, hotel, dinner, hall] = phases as [
    (typeof phases)[0],
    (typeof phases)[0],
    (typeof phases)[0],
    (typeof phases)[0],
  ];
  const links: (typeof receptionGuestPhases.$inferInsert)[] = [];
  const history: (typeof receptionHistory.$inferInsert)[] = [];
  guests.forEach((guest, i) => {
    const assigned = [...(i % 3 !== 2 ? [airport] : []), ...(i % 4 !== 3 ? [hotel] : []), dinner, hall];
    for (const phase of assigned) {
      // The first guests have already arrived at the airport and the hotel, minutes apart.
      const isReceived = (phase === airport && i < 12) || (phase === hotel && i < 6);
      const at = new Date(now.getTime() - (40 - i) * 90_000 - (phase === hotel ? 0 : 45 * 60_000));
      const answers: Record<string, string> =
        phase === airport ? { flight: `MU${5100 + i}` } : phase === hotel ? { room: String(1201 + i) } : {};
      links.push({
        guestId: guest.id,
        phaseId: phase.id,
        meetingId: demoMeetingId,
        status: isReceived ? 1 : 0,
        statusAt: isReceived ? at : null,
        answers,
      });
      if (isReceived) {
        history.push({
          meetingId: demoMeetingId,
          guestId: guest.id,
          phaseId: phase.id,
          field: 'status',
          value: 1,
          previous: 0,
          deviceId: 'demo',
          clientAt: at,
          outcome: 'applied',
        });
      }
    }
  });
  history.sort((a, b) => (a.clientAt as Date).getTime() - (b.clientAt as Date).getTime());
  await inTransaction(db, async (tx) => {
    // The meeting's history lock first, as every reception history writer takes it (change-feed order).
    await lockReceptionHistory(tx, demoMeetingId);
    await tx.insert(receptionPhases).values(phases);
    await tx.insert(receptionGuests).values(guests);
    await tx.insert(receptionGuestPhases).values(links);
    await tx.insert(receptionHistory).values(history);
  });
  return guests.length;
}
