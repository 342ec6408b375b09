import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/transaction.ts';
import { activities, activityPrices } from '../modules/activities/activities.tables.ts';
import { agendas } from '../modules/agendas/agendas.tables.ts';
import { agendaBookmarks } from '../modules/bookmarks/bookmarks.tables.ts';
import { categories } from '../modules/categories/categories.tables.ts';
import type { MembershipLevel } from '../modules/participants/participants.tables.ts';
import { meetingUserProfiles } from '../modules/participants/participants.tables.ts';
import { newTicketCode } from '../modules/tickets/tickets.service.ts';
import { tickets } from '../modules/tickets/tickets.tables.ts';
import { users } from '../modules/users/users.tables.ts';
import { demoMeetingId } from './demo-meeting.data.ts';

type DemoPerson = {
  username: string;
  title: string;
  company: string;
  tags: string[];
  level: MembershipLevel | null;
  introduction: string;
  /** Index into the meeting's industries (weight order). */
  industry: number;
  /** Indexes into the meeting's sessions (start order) they bookmark. */
  sessions: number[];
  special?: string;
};

/** Phones (E.164) of the demo people: +86 139 0013 95xx, outside the demo staff and admin numbers. */
const phoneOf = (index: number) => `+861390013${String(9500 + index)}`;

const people: DemoPerson[] = [
  {
    username: '林晓雯 Lin Xiaowen',
    title: 'Head of Automation',
    company: 'Hangzhou Robotics Co.',
    tags: ['AI', 'Robots', 'Sourcing'],
    level: 'senior',
    introduction: 'Looking for vision-guided picking partners.',
    industry: 0,
    sessions: [0, 1],
  },
  {
    username: 'Amelia Hart',
    title: 'Procurement Lead',
    company: 'Northwind Retail',
    tags: ['Sourcing', 'Logistics'],
    level: 'primer',
    introduction: 'Buying packaging and warehouse automation for 40 stores.',
    industry: 1,
    sessions: [1, 2],
  },
  {
    username: 'Kenji Watanabe',
    title: 'CTO',
    company: 'Kaizen Systems',
    tags: ['AI', 'IoT'],
    level: 'council',
    introduction: 'Edge AI for factories. Happy to talk partnerships.',
    industry: 0,
    sessions: [0, 2],
  },
  {
    username: 'Fatima Al-Sayed',
    title: 'Investment Director',
    company: 'Gulf Ventures',
    tags: ['Investment', 'AI'],
    level: 'senior_council',
    introduction: 'Meeting founders in robotics and logistics.',
    industry: 2,
    sessions: [0],
  },
  {
    username: 'Carlos Mendes',
    title: 'Export Manager',
    company: 'Lusitana Textiles',
    tags: ['Textiles', 'Export'],
    level: null,
    introduction: 'Sustainable fabrics; looking for distributors in Asia.',
    industry: 1,
    sessions: [3],
  },
  {
    username: 'Nguyễn Minh Anh',
    title: 'Founder',
    company: 'Saigon Smart Farm',
    tags: ['IoT', 'Agritech'],
    level: 'primer',
    introduction: 'Sensors for greenhouses.',
    industry: 2,
    sessions: [2, 3],
  },
  {
    username: '王建国 Wang Jianguo',
    title: 'Deputy Director',
    company: 'Municipal Trade Bureau',
    tags: ['Policy'],
    level: 'council',
    introduction: 'Trade promotion and investment policy.',
    industry: 2,
    sessions: [0],
    special: 'Official',
  },
  {
    username: 'Olivia Brandt',
    title: 'Product Manager',
    company: 'Brandt Logistics',
    tags: ['Logistics', 'Robots'],
    level: 'senior',
    introduction: 'Autonomous forklifts, pilot sites wanted.',
    industry: 0,
    sessions: [1],
  },
];

/**
 * A few exposed participants of the demo meeting (§3 Exposure setting, membership levels, User work)
 * so /meeting/connection and the recommendations have content: each with an approved ticket for the
 * meeting's first activity, tags, an industry, a level, an introduction and some bookmarked sessions;
 * one has a special identity (§6). Does nothing when the first of them exists or the meeting has no
 * activity. @returns how many people were added
 */
export async function seedDemoPeople(db: Database): Promise<number> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, phoneOf(0)))
    .limit(1);
  if (existing) return 0;
  const [activity] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.meetingId, demoMeetingId), eq(activities.deleted, 0)))
    .orderBy(asc(activities.id))
    .limit(1);
  if (!activity) return 0;
  const [price] = await db
    .select({ id: activityPrices.id })
    .from(activityPrices)
    .where(eq(activityPrices.activityId, activity.id))
    .orderBy(asc(activityPrices.id))
    .limit(1);
  if (!price) return 0;
  const industries = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.meetingId, demoMeetingId),
        eq(categories.type, 'industry'),
        eq(categories.deleted, 0),
      ),
    )
    .orderBy(sql`${categories.weight} desc`, asc(categories.id))
    .limit(3);
  const sessions = await db
    .select({ id: agendas.id })
    .from(agendas)
    .where(eq(agendas.meetingId, demoMeetingId))
    .orderBy(asc(agendas.start), asc(agendas.id))
    .limit(4);
  const userIds = people.map(() => newId());
  // One transaction: the tickets and the activity's and ticket type's totals move together
  // (tickets = sold_total = ticket_total, §4 full / sold out), or nothing is written.
  await inTransaction(db, (tx) =>
    writePeople(tx, { activityId: activity.id, priceId: price.id, userIds, industries, sessions }),
  );
  return people.length;
}

/** Writes the demo people, their tickets (with the totals), profiles and bookmarks in `tx`. */
async function writePeople(
  db: Database,
  input: {
    activityId: string;
    priceId: string;
    userIds: string[];
    industries: { id: string }[];
    sessions: { id: string }[];
  },
): Promise<void> {
  const { userIds, industries, sessions } = input;
  const activity = { id: input.activityId };
  const price = { id: input.priceId };
  await db.insert(users).values(
    people.map((person, index) => ({
      id: userIds[index] as string,
      username: person.username,
      phone: phoneOf(index),
      areaCode: '86',
      email: `demo-person-${index}@example.org`,
      workTitle: person.title,
      workCompany: person.company,
    })),
  );
  await db.insert(tickets).values(
    people.map((_, index) => ({
      id: newId(),
      meetingId: demoMeetingId,
      activityId: activity.id,
      priceId: price.id,
      userId: userIds[index] as string,
      status: 1,
      code: newTicketCode(),
    })),
  );
  await db
    .update(activities)
    .set({ ticketTotal: sql`${activities.ticketTotal} + ${people.length}` })
    .where(eq(activities.id, activity.id));
  await db
    .update(activityPrices)
    .set({ soldTotal: sql`${activityPrices.soldTotal} + ${people.length}` })
    .where(eq(activityPrices.id, price.id));
  await db.insert(meetingUserProfiles).values(
    people.map((person, index) => ({
      meetingId: demoMeetingId,
      userId: userIds[index] as string,
      exposure: 1,
      cardExchange: person.special ? 0 : 1,
      specialIdentity: person.special ? 1 : 0,
      specialIdentityLabel: person.special ?? '',
      membershipLevel: person.level,
      tags: person.tags,
      industryId: industries[person.industry % Math.max(industries.length, 1)]?.id ?? null,
      introduction: person.introduction,
    })),
  );
  const bookmarks = people.flatMap((person, index) =>
    person.sessions
      .map((s) => sessions[s]?.id)
      .filter((id): id is string => id !== undefined)
      .map((agendaId) => ({ userId: userIds[index] as string, agendaId, meetingId: demoMeetingId })),
  );
  if (bookmarks.length > 0) await db.insert(agendaBookmarks).values(bookmarks).onConflictDoNothing();
}
