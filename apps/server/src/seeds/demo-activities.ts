import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { insertActivity, insertStaff } from '../modules/activities/activities.fixtures.ts';
import { activities } from '../modules/activities/activities.tables.ts';
import { meetings } from '../modules/meetings/meetings.tables.ts';
import { dateIn, demoLeadDays, meetingDayAt } from './demo-dates.ts';
import { demoMeetingId } from './demo-meeting.data.ts';

/**
 * Demo activities of the demo meeting: one of each registration situation — open with a
 * conditional form, under review with a paid type, group registration v2 and v1, not started, closed,
 * full, private — with fixed ids the web tests and the README rely on. Each takes place on a day of
 * the meeting (which the demo seed moves into the coming weeks, demo-dates.ts) at a time of day in the
 * meeting's zone; registration windows are relative to the seed time, so they are open (or not yet,
 * or no longer) now.
 */

/** Fixed ids ("demo" in hex, then a = activity, b = source, c = price, d = form, e = question). */
export const demoActivityIds = {
  forum: '64656d6f00000000000a0001',
  workshop: '64656d6f00000000000a0002',
  hackathon: '64656d6f00000000000a0003',
  tour: '64656d6f00000000000a0004',
  party: '64656d6f00000000000a0005',
  breakfast: '64656d6f00000000000a0006',
  dinner: '64656d6f00000000000a0007',
  backstage: '64656d6f00000000000a0008',
} as const;

/** The forum's registration channel "Partner newsletter" (max 100). */
export const demoSourceId = '64656d6f00000000000b0001';

/** Ticket type ids: `c0` + activity number (2 digits) + type number (2 digits). */
export const demoPriceIds = {
  forumStandard: '64656d6f00000000000c0101',
  forumStudent: '64656d6f00000000000c0102',
  workshopStudent: '64656d6f00000000000c0201',
  workshopProfessional: '64656d6f00000000000c0202',
  hackathonDeveloper: '64656d6f00000000000c0301',
  hackathonDesigner: '64656d6f00000000000c0302',
  tour: '64656d6f00000000000c0401',
  party: '64656d6f00000000000c0501',
  breakfast: '64656d6f00000000000c0601',
  dinner: '64656d6f00000000000c0701',
  backstage: '64656d6f00000000000c0801',
} as const;

/** Form ids: `d0` + activity number (forms of the forum, workshop, hackathon and tour). */
export const demoFormIds = {
  forum: '64656d6f00000000000d0001',
  workshop: '64656d6f00000000000d0002',
  hackathon: '64656d6f00000000000d0003',
  tour: '64656d6f00000000000d0004',
} as const;

/** Phone (E.164) of the demo meeting's organiser staff (check-in and review, §6). */
export const demoStaffPhone = '+8613900139000';

const day = 24 * 3600 * 1000;

/** Question id: `e` + activity number (2 digits) + question number (2 digits). */
function questionId(activity: number, question: number): string {
  return `64656d6f00000000000e${String(activity).padStart(2, '0')}${String(question).padStart(2, '0')}`;
}

/** Name and phone questions (required), the minimum of every demo form. */
function nameAndPhone(activity: number) {
  return [
    {
      id: questionId(activity, 1),
      type: 'text' as const,
      field: 'name' as const,
      isRequired: 1 as const,
      title: { en: 'Name', zh: '姓名' },
    },
    {
      id: questionId(activity, 2),
      type: 'phone' as const,
      field: 'phone' as const,
      isRequired: 1 as const,
      title: { en: 'Mobile phone', zh: '手机号' },
    },
  ];
}

/**
 * Inserts the demo activities, their ticket types, the forum's source, the forms and the organiser
 * staff of the demo meeting, and sets the meeting's `activities` count (listed ones). Activities
 * fall on the meeting's days; a meeting too close or past (a data folder seeded before the demo
 * moved) gets them on days from {@link demoLeadDays} after `now` instead. Does nothing
 * when the demo meeting does not exist or its first demo activity already does (so a second run,
 * or a database seeded earlier, is left as it is).
 * @returns the number of activities inserted (0 when skipped)
 */
export async function seedDemoActivities(db: Database, now: Date = new Date()): Promise<number> {
  const [meeting] = await db
    .select({ id: meetings.id, start: meetings.start, timeZone: meetings.timeZone })
    .from(meetings)
    .where(eq(meetings.id, demoMeetingId))
    .limit(1);
  if (!meeting) return 0;
  const [existing] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.id, demoActivityIds.forum), eq(activities.meetingId, demoMeetingId)))
    .limit(1);
  if (existing) return 0;

  // Registration windows from the next full hour (deadlines read 16:00, not 15:16).
  const hour = 3600_000;
  const t = Math.ceil(now.getTime() / hour) * hour;
  const at = (offset: number) => new Date(t + offset);
  // Days of the meeting: `on(1, '14:00')` is 14:00 on its second day, in its zone. Deadlines close
  // before the first day, which is at least demoLeadDays ahead.
  const zone = meeting.timeZone;
  const firstDay =
    meeting.start.getTime() >= now.getTime() + (demoLeadDays - 1) * day
      ? dateIn(meeting.start, zone)
      : dateIn(new Date(now.getTime() + demoLeadDays * day), zone);
  const on = (dayIndex: number, time: string) => meetingDayAt(firstDay, dayIndex, time, zone);
  const closes = on(-3, '18:00');
  const meetingId = demoMeetingId;
  const ids = demoActivityIds;

  await inTransaction(db, async (tx) => {
    await insertActivity(tx, {
      id: ids.forum,
      meetingId,
      title: { en: 'Opening forum', zh: '开幕论坛' },
      description: {
        en: 'The opening forum of the camp: keynotes, the programme of the week and the people behind it.\nDoors open 30 minutes before the start.',
        zh: '营地开幕论坛：主题演讲、本周日程介绍以及幕后团队。\n开始前 30 分钟入场。',
      },
      address: { en: 'Main stage, Ziegeleipark Mildenberg', zh: '米尔登贝格砖厂公园 主舞台' },
      registrationStart: at(-day),
      deadline: on(-4, '18:00'),
      start: on(0, '14:00'),
      end: on(0, '17:00'),
      max: 300,
      weight: 80,
      prices: [
        { id: demoPriceIds.forumStandard, title: { en: 'Standard', zh: '普通票' }, total: 300 },
        { id: demoPriceIds.forumStudent, title: { en: 'Student', zh: '学生票' }, total: 50 },
      ],
      sources: [{ id: demoSourceId, title: 'Partner newsletter', max: 100 }],
      formId: demoFormIds.forum,
      questions: [
        ...nameAndPhone(1),
        {
          id: questionId(1, 3),
          type: 'email',
          field: 'email',
          title: { en: 'Email', zh: '邮箱' },
        },
        { id: questionId(1, 4), type: 'text', field: 'company', title: { en: 'Company', zh: '公司' } },
        { id: questionId(1, 5), type: 'text', field: 'job', title: { en: 'Job title', zh: '职位' } },
        {
          id: questionId(1, 6),
          type: 'radio',
          title: { en: 'How did you hear about us?', zh: '您是如何了解到我们的？' },
          options: [
            { id: 'ad', title: { en: 'An advertisement', zh: '广告' } },
            { id: 'friend', title: { en: 'A friend', zh: '朋友介绍' } },
            { id: 'other', title: { en: 'Other', zh: '其他' } },
          ],
        },
        {
          id: questionId(1, 7),
          type: 'text',
          isRequired: 1,
          title: { en: 'Please specify', zh: '请说明' },
          condition: { question_id: questionId(1, 6), option_ids: ['other'] },
        },
        {
          id: questionId(1, 8),
          type: 'text',
          isRequired: 1,
          title: { en: 'School', zh: '学校' },
          condition: { price_ids: [demoPriceIds.forumStudent] },
        },
        {
          id: questionId(1, 9),
          type: 'activity',
          title: { en: 'Also register for', zh: '同时报名' },
          options: [
            {
              id: 'workshop',
              title: { en: 'Hardware hacking workshop', zh: '硬件黑客工作坊' },
              activity_id: ids.workshop,
            },
            { id: 'backstage', title: { en: 'Backstage tour', zh: '后台参观' }, activity_id: ids.backstage },
          ],
        },
      ],
    });
    await insertActivity(tx, {
      id: ids.workshop,
      meetingId,
      title: { en: 'Hardware hacking workshop', zh: '硬件黑客工作坊' },
      description: {
        en: 'Solder your own badge add-on. Places are few: registrations are reviewed.',
        zh: '亲手焊接你的徽章扩展板。名额有限，报名需审核。',
      },
      address: { en: 'Hardware hacking village', zh: '硬件黑客村' },
      registrationStart: at(-day),
      deadline: closes,
      start: on(1, '10:00'),
      end: on(1, '12:00'),
      max: 20,
      isReview: 1,
      enableResubmitAnswer: 1,
      weight: 70,
      prices: [
        { id: demoPriceIds.workshopStudent, title: { en: 'Student', zh: '学生票' }, total: 10 },
        {
          id: demoPriceIds.workshopProfessional,
          title: { en: 'Professional', zh: '专业票' },
          amount: 9900,
          total: 10,
        },
      ],
      formId: demoFormIds.workshop,
      questions: [
        ...nameAndPhone(2),
        {
          id: questionId(2, 3),
          type: 'id_number',
          field: 'id_number',
          isRequired: 1,
          title: { en: 'ID number', zh: '身份证号' },
        },
      ],
    });
    await insertActivity(tx, {
      id: ids.hackathon,
      meetingId,
      title: { en: 'Team hackathon', zh: '团队黑客松' },
      description: {
        en: 'Register your team of up to five and build something in 24 hours.',
        zh: '以最多五人的团队报名，在 24 小时内完成一个作品。',
      },
      address: { en: 'Hackcenter tent', zh: '黑客中心帐篷' },
      registrationStart: at(-day),
      deadline: closes,
      start: on(2, '18:00'),
      end: on(3, '18:00'),
      max: 60,
      enableAgent: 1,
      agentCheckoutVersion: 'v2',
      agentMaxMembers: 5,
      weight: 60,
      prices: [
        {
          id: demoPriceIds.hackathonDeveloper,
          title: { en: 'Developer', zh: '开发者' },
          total: 40,
          maxPerAgent: 4,
        },
        { id: demoPriceIds.hackathonDesigner, title: { en: 'Designer', zh: '设计师' }, total: 20 },
      ],
      formId: demoFormIds.hackathon,
      questions: [
        ...nameAndPhone(3),
        { id: questionId(3, 3), type: 'email', field: 'email', title: { en: 'Email', zh: '邮箱' } },
        {
          id: questionId(3, 4),
          scope: 'group',
          type: 'textarea',
          title: { en: 'Team description', zh: '团队介绍' },
        },
      ],
    });
    await insertActivity(tx, {
      id: ids.tour,
      meetingId,
      title: { en: 'Village tour', zh: '营地导览' },
      description: {
        en: 'A guided walk through the villages, for groups of up to ten.',
        zh: '村落导览，每组最多十人。',
      },
      address: { en: 'Meeting point: info desk', zh: '集合点：服务台' },
      registrationStart: at(-day),
      deadline: closes,
      start: on(1, '15:00'),
      end: on(1, '17:00'),
      max: 100,
      enableAgent: 1,
      agentCheckoutVersion: 'v1',
      agentMaxMembers: 10,
      weight: 50,
      prices: [{ id: demoPriceIds.tour, title: { en: 'Walker', zh: '参观者' } }],
      formId: demoFormIds.tour,
      questions: nameAndPhone(4),
    });
    await insertActivity(tx, {
      id: ids.party,
      meetingId,
      title: { en: 'Closing party', zh: '闭幕派对' },
      description: { en: 'Registration opens in three days.', zh: '报名三天后开放。' },
      address: { en: 'Main stage', zh: '主舞台' },
      registrationStart: at(3 * day),
      deadline: on(-1, '18:00'),
      start: on(4, '20:00'),
      end: on(5, '01:00'),
      max: 500,
      weight: 40,
      prices: [{ id: demoPriceIds.party }],
    });
    await insertActivity(tx, {
      id: ids.breakfast,
      meetingId,
      title: { en: 'Early bird breakfast', zh: '早鸟早餐' },
      description: { en: 'Registration has closed.', zh: '报名已截止。' },
      address: { en: 'Food court', zh: '美食广场' },
      registrationStart: at(-7 * day),
      deadline: at(-day),
      start: on(0, '08:00'),
      end: on(0, '10:00'),
      max: 80,
      weight: 30,
      prices: [{ id: demoPriceIds.breakfast }],
    });
    // Full: the totals are demo counts without tickets behind them (tickets need users).
    await insertActivity(tx, {
      id: ids.dinner,
      meetingId,
      title: { en: 'Speaker dinner', zh: '讲者晚宴' },
      description: { en: 'All places are taken.', zh: '名额已满。' },
      address: { en: 'Lakeside restaurant', zh: '湖畔餐厅' },
      registrationStart: at(-day),
      deadline: closes,
      start: on(0, '20:00'),
      end: on(0, '23:00'),
      max: 2,
      ticketTotal: 2,
      weight: 20,
      prices: [{ id: demoPriceIds.dinner, total: 2, soldTotal: 2 }],
    });
    await insertActivity(tx, {
      id: ids.backstage,
      meetingId,
      title: { en: 'Backstage tour', zh: '后台参观' },
      description: { en: 'Private: by invitation only.', zh: '私密活动：仅限受邀者。' },
      address: { en: 'Main stage, backstage', zh: '主舞台后台' },
      registrationStart: at(-day),
      deadline: closes,
      start: on(0, '18:00'),
      end: on(0, '19:00'),
      max: 15,
      privacy: 1,
      weight: 10,
      prices: [{ id: demoPriceIds.backstage }],
    });
    await insertStaff(tx, { meetingId, phone: demoStaffPhone, role: 'organiser' });
    // Listed activities (shown and public): all but the private backstage tour.
    await tx.update(meetings).set({ activities: 7 }).where(eq(meetings.id, meetingId));
  });
  return Object.keys(ids).length;
}
