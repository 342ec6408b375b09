import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { copilotFaqs, copilotSettings } from '../modules/copilot/copilot.tables.ts';
import { meetings } from '../modules/meetings/meetings.tables.ts';
import { demoMeetingId } from './demo-meeting.data.ts';

/**
 * The demo meeting's copilot (§1 copilot; §3 Meeting.exhibition enable_copilot, copilot_name,
 * copilot_prologue_*; §9 example questions): switched on with a name, a prologue and three example
 * questions in English and three in Chinese, its settings (limits, the organiser's contact the
 * refusal points to) and a few FAQ entries in both languages. Fixed FAQ ids, so the copilot's
 * evaluation set (modules/copilot/eval) cites them. Does nothing when the demo meeting is missing or
 * its copilot settings exist (an organiser's edits are kept).
 * @returns whether it seeded
 */
export async function seedDemoCopilot(db: Database): Promise<boolean> {
  const [meeting] = await db
    .select({ exhibition: meetings.exhibition })
    .from(meetings)
    .where(eq(meetings.id, demoMeetingId));
  if (!meeting) return false;
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(copilotSettings)
    .where(eq(copilotSettings.meetingId, demoMeetingId));
  if (Number(existing?.n ?? 0) > 0) return false;
  await inTransaction(db, async (tx) => {
    await tx
      .update(meetings)
      .set({ exhibition: { ...(meeting.exhibition ?? {}), ...demoCopilotExhibition } })
      .where(eq(meetings.id, demoMeetingId));
    await tx.insert(copilotSettings).values({
      meetingId: demoMeetingId,
      userDailyRequests: 30,
      meetingDailyTokens: 2_000_000,
      currency: 'CNY',
      contact: demoCopilotContact,
    });
    await tx
      .insert(copilotFaqs)
      .values(demoCopilotFaqs.map((faq) => ({ ...faq, meetingId: demoMeetingId, enabled: 1 })));
  });
  return true;
}

/** What the copilot's refusal points to (the demo contact page's addresses). */
export const demoCopilotContact =
  'info@camp.example.org · +49 30 0000 0000 (24 h) · the info desk at the main entrance';

/** The copilot's texts in meetings.exhibition (§3): plain strings, so both languages in each. */
export const demoCopilotExhibition = {
  enable_copilot: 1,
  copilot_name: 'Camp Copilot 营地助手',
  copilot_prologue_title: 'Ask about the camp · 关于营地，尽管问',
  copilot_prologue_description:
    'Talks, speakers, exhibitors, free meeting slots, registration, tickets and invoices — answered from the camp’s own data. 演讲、讲者、展商、洽谈时段、报名、门票与发票，答案都来自营地自己的资料。',
  copilot_prologue_questions: [
    'When is the card10 Badge talk?',
    'Which exhibitors make EV chargers?',
    'How do I register for the hardware hacking workshop?',
    '开幕式几点开始？',
    '哪些展商做充电桩？',
    '我的门票在哪里查看？',
  ],
};

/** Fixed id of a demo FAQ entry: "copilot" in hex, then 0f + two digits. */
const faqId = (n: number) => `636f70696c6f740000000f${String(n).padStart(2, '0')}`;

/** The organiser's FAQ entries of the demo (one language each). */
export const demoCopilotFaqs = [
  {
    id: faqId(1),
    language: 'en',
    question: 'Where do I find my ticket?',
    answer:
      'After your registration is confirmed, your ticket with its QR code is under My > Tickets in the app. Show it at the Info Dome to get your wristband.',
    weight: 90,
  },
  {
    id: faqId(2),
    language: 'zh',
    question: '我的门票在哪里？',
    answer: '报名确认后，带二维码的门票在应用的「我的 > 门票」中。请在信息穹顶出示门票领取手环。',
    weight: 90,
  },
  {
    id: faqId(3),
    language: 'en',
    question: 'How do I get an invoice?',
    answer:
      'Open My > Invoices, choose the paid order and fill in your company details; the invoice is sent by e-mail and stays available there.',
    weight: 80,
  },
  {
    id: faqId(4),
    language: 'zh',
    question: '如何申请发票？',
    answer: '在「我的 > 发票」中选择已支付的订单并填写开票信息，发票会通过邮件发送，也可以在那里随时查看。',
    weight: 80,
  },
  {
    id: faqId(5),
    language: 'en',
    question: 'Is there Wi-Fi on the camp site?',
    answer:
      'Yes: the network "camp2019" covers the villages and both stages; the NOC tent next to the Hackcenter helps with problems.',
    weight: 50,
  },
  {
    id: faqId(6),
    language: 'zh',
    question: '营地有 Wi-Fi 无线网络吗？',
    answer: '有：名为 "camp2019" 的无线网络覆盖各村落和两座舞台；遇到问题请到黑客中心旁的网络运维帐篷求助。',
    weight: 50,
  },
  {
    id: faqId(7),
    language: 'en',
    question: 'Can I bring my dog?',
    answer: 'Dogs on a leash are welcome; please keep them away from the stages and the food court.',
    weight: 10,
  },
  {
    id: faqId(8),
    language: 'zh',
    question: '可以带宠物狗吗？',
    answer: '欢迎牵绳的狗狗入营；请勿带入舞台区和美食广场。',
    weight: 10,
  },
];
