import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activities } from '../activities/activities.tables.ts';
import { agendas } from '../agendas/agendas.tables.ts';
import { agendaBookmarks } from '../bookmarks/bookmarks.tables.ts';
import { categories } from '../categories/categories.tables.ts';
import { enterprises, reactions } from '../enterprises/enterprises.tables.ts';
import { friendships } from '../friends/friends.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { users } from '../users/users.tables.ts';
import { type MembershipLevel, meetingUserProfiles } from './participants.tables.ts';

/** Rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A person joined with their meeting profile and industry, as the directory and user page read it. */
export type PersonRow = {
  userId: string;
  username: string;
  avatar: string;
  workTitle: string;
  workCompany: string;
  phone: string | null;
  areaCode: string | null;
  email: string | null;
  exposure: number;
  cardExchange: number;
  specialIdentity: number;
  specialIdentityLabel: string;
  membershipLevel: MembershipLevel | null;
  tags: string[];
  industryId: string | null;
  industryTitle: unknown;
  introduction: string;
};

const personColumns = {
  userId: users.id,
  username: users.username,
  avatar: users.avatar,
  workTitle: users.workTitle,
  workCompany: users.workCompany,
  phone: users.phone,
  areaCode: users.areaCode,
  email: users.email,
  exposure: sql<number>`coalesce(${meetingUserProfiles.exposure}, 0)`,
  cardExchange: sql<number>`coalesce(${meetingUserProfiles.cardExchange}, 1)`,
  specialIdentity: sql<number>`coalesce(${meetingUserProfiles.specialIdentity}, 0)`,
  specialIdentityLabel: sql<string>`coalesce(${meetingUserProfiles.specialIdentityLabel}, '')`,
  membershipLevel: meetingUserProfiles.membershipLevel,
  tags: sql<string[]>`coalesce(${meetingUserProfiles.tags}, '{}'::text[])`,
  industryId: meetingUserProfiles.industryId,
  industryTitle: categories.title,
  introduction: sql<string>`coalesce(${meetingUserProfiles.introduction}, '')`,
};

/** Escapes LIKE wildcards so a keyword matches literally. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type DirectoryFilter = {
  meetingId: string;
  industryId?: string | undefined;
  tag?: string | undefined;
  company?: string | undefined;
  keyword?: string | undefined;
};

/** WHERE of the directory: exposed (exposure 1) live users of the meeting, with the filters. */
function directoryWhere(filter: DirectoryFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    eq(meetingUserProfiles.meetingId, filter.meetingId),
    eq(meetingUserProfiles.exposure, 1),
    eq(users.deleted, 0),
    sql`${users.disabledAt} is null`,
    // Shown only while registered (§6): a cancelled registration takes the person out of the list.
    participantOfMeetingSql(filter.meetingId, meetingUserProfiles.userId),
  ];
  if (filter.industryId) parts.push(eq(meetingUserProfiles.industryId, filter.industryId));
  if (filter.tag) parts.push(sql`${meetingUserProfiles.tags} @> array[${filter.tag}]::text[]`);
  if (filter.company) parts.push(sql`${users.workCompany} ilike ${likeContains(filter.company)}`);
  if (filter.keyword) {
    const like = likeContains(filter.keyword);
    parts.push(
      sql`(${users.username} ilike ${like} or ${users.workCompany} ilike ${like} or ${users.workTitle} ilike ${like} or exists (select 1 from unnest(${meetingUserProfiles.tags}) t where t ilike ${like}))`,
    );
  }
  return and(...parts);
}

/** One page of the directory (§2 /meeting/connection), newest profile first. */
export async function findDirectoryPage(
  db: Database,
  filter: DirectoryFilter,
  page: { skip: number; limit: number },
): Promise<PersonRow[]> {
  return db
    .select(personColumns)
    .from(meetingUserProfiles)
    .innerJoin(users, eq(users.id, meetingUserProfiles.userId))
    .leftJoin(categories, eq(categories.id, meetingUserProfiles.industryId))
    .where(directoryWhere(filter))
    .orderBy(sql`${meetingUserProfiles.updatedAt} desc`, meetingUserProfiles.userId)
    .limit(page.limit)
    .offset(page.skip);
}

/** How many people the directory lists with `filter`. */
export async function countDirectory(db: Database, filter: DirectoryFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(meetingUserProfiles)
    .innerJoin(users, eq(users.id, meetingUserProfiles.userId))
    .where(directoryWhere(filter));
  return row?.total ?? 0;
}

/** A person with whether they are still a participant of the meeting (an approved ticket, §6). */
export type PersonWithParticipation = PersonRow & { participant: boolean };

/**
 * People by id with their profile in `meetingId` (defaults when none) and whether they still hold an
 * approved ticket there; live users only: never deleted, never disabled (`disabled_at` set) unless
 * `includeDisabled` (the console, which manages every account of its meeting).
 */
export async function findPeople(
  db: Database,
  meetingId: string,
  userIds: string[],
  options: { includeDisabled?: boolean } = {},
): Promise<PersonWithParticipation[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      ...personColumns,
      participant: sql<boolean>`${participantOfMeetingSql(meetingId, users.id)}`,
    })
    .from(users)
    .leftJoin(
      meetingUserProfiles,
      and(eq(meetingUserProfiles.userId, users.id), eq(meetingUserProfiles.meetingId, meetingId)),
    )
    .leftJoin(categories, eq(categories.id, meetingUserProfiles.industryId))
    .where(
      and(
        inArray(users.id, userIds),
        eq(users.deleted, 0),
        options.includeDisabled ? undefined : sql`${users.disabledAt} is null`,
      ),
    );
  return rows.map((row) => ({ ...row, participant: row.participant === true }));
}

export type ProfileChanges = Partial<{
  exposure: 0 | 1;
  cardExchange: 0 | 1;
  specialIdentity: 0 | 1;
  specialIdentityLabel: string;
  membershipLevel: MembershipLevel | null;
  tags: string[];
  industryId: string | null;
  introduction: string;
}>;

/** Creates or updates the meeting profile (one statement, safe under concurrency). */
export async function upsertProfile(
  db: Database,
  meetingId: string,
  userId: string,
  changes: ProfileChanges,
): Promise<void> {
  await db
    .insert(meetingUserProfiles)
    .values({ meetingId, userId, ...changes })
    .onConflictDoUpdate({
      target: [meetingUserProfiles.meetingId, meetingUserProfiles.userId],
      set: { ...changes, updatedAt: sql`now()` },
    });
}

/** Whether `industryId` is a live industry category of the meeting. */
export async function isMeetingIndustry(
  db: Database,
  meetingId: string,
  industryId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.id, industryId),
        eq(categories.meetingId, meetingId),
        eq(categories.type, 'industry'),
        eq(categories.deleted, 0),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** SQL: `userIdColumn` is a participant of the meeting (an approved ticket, §6). */
export function participantOfMeetingSql(
  meetingId: string,
  userIdColumn: SQL | typeof users.id | typeof meetingUserProfiles.userId,
): SQL {
  return sql`exists (select 1 from ${tickets} where ${tickets.userId} = ${userIdColumn} and ${tickets.meetingId} = ${meetingId} and ${tickets.status} in (1, 3) and ${tickets.deleted} = 0)`;
}

/** SQL: `userIdColumn` belongs to the meeting's people: a participant or someone with a profile there. */
export function memberOfMeetingSql(meetingId: string, userIdColumn: SQL | typeof users.id): SQL {
  return sql`(${participantOfMeetingSql(meetingId, userIdColumn)} or exists (select 1 from ${meetingUserProfiles} where ${meetingUserProfiles.userId} = ${userIdColumn} and ${meetingUserProfiles.meetingId} = ${meetingId}))`;
}

// ————— Recommendations —————

/** A scored candidate: how much the viewer shares with them. */
export type ScoredCandidate = {
  userId: string;
  score: number;
  sameIndustry: boolean;
  sharedTags: string[];
  sessions: number;
  activities: number;
  exhibitors: number;
};

/** Weights of the shared things in a recommendation's score. */
export const recommendationWeights = { industry: 3, tag: 2, session: 2, activity: 1, exhibitor: 1 } as const;

/**
 * The best `limit` candidates for `viewerId` in `meetingId` (§1 recommendations): exposed (exposure 1)
 * live users other than the viewer and their connected friends, scored by the shared industry (3),
 * tags (2 each), bookmarked sessions (2 each), registered activities (1 each) and liked exhibitors
 * (1 each); only people sharing something (score > 0) and still registered. One statement: each shared kind is an
 * aggregate over the viewer's own few items, joined to the exposed profiles of the meeting.
 */
export async function findRecommendationCandidates(
  db: Database,
  input: { meetingId: string; viewerId: string; industryId: string | null; tags: string[]; limit: number },
): Promise<ScoredCandidate[]> {
  const { meetingId, viewerId } = input;
  const w = recommendationWeights;
  const tags = input.tags.map((tag) => tag.toLowerCase());
  const tagArray = sql`array[${sql.join(
    tags.map((tag) => sql`${tag}`),
    sql`, `,
  )}]::text[]`;
  const rows = await rowsOf<{
    user_id: string;
    score: number;
    same_industry: boolean;
    shared_tags: string[] | null;
    sessions: number;
    activities: number;
    exhibitors: number;
  }>(
    db,
    sql`
    with
      my_sessions as (
        select ${agendaBookmarks.agendaId} as id from ${agendaBookmarks}
        where ${agendaBookmarks.userId} = ${viewerId} and ${agendaBookmarks.meetingId} = ${meetingId}
      ),
      shared_sessions as (
        select b.user_id, count(*)::int as n from agenda_bookmarks b
        where b.agenda_id in (select id from my_sessions) and b.user_id <> ${viewerId}
        group by b.user_id
      ),
      my_activities as (
        select distinct ${tickets.activityId} as id from ${tickets}
        where ${tickets.userId} = ${viewerId} and ${tickets.meetingId} = ${meetingId}
          and ${tickets.status} in (1, 3) and ${tickets.deleted} = 0
      ),
      shared_activities as (
        select d.user_id, count(*)::int as n from (
          select distinct t.user_id, t.activity_id from tickets t
          where t.activity_id in (select id from my_activities) and t.status in (1, 3) and t.deleted = 0
            and t.user_id is not null and t.user_id <> ${viewerId}
        ) d
        group by d.user_id
      ),
      my_likes as (
        select ${reactions.targetId} as id, ${reactions.targetType} as type from ${reactions}
        where ${reactions.userId} = ${viewerId} and ${reactions.kind} = 'like'
          and ${reactions.targetType} in ('enterprise', 'exhibitor')
      ),
      shared_likes as (
        select r.user_id, count(*)::int as n from reactions r
        join my_likes m on m.id = r.target_id and m.type = r.target_type
        where r.kind = 'like' and r.user_id <> ${viewerId}
        group by r.user_id
      ),
      -- Each candidate's shared tags are counted once (a lateral), the titles listed for the best few only.
      scored as (
        select p.user_id,
          (${input.industryId !== null ? sql`p.industry_id is not distinct from ${input.industryId}` : sql`false`}) as same_industry,
          ${tags.length > 0 ? sql`coalesce(tg.n, 0)` : sql`0`} as tag_n,
          coalesce(s.n, 0) as sessions, coalesce(a.n, 0) as activities, coalesce(l.n, 0) as exhibitors,
          p.updated_at
        from meeting_user_profiles p
        ${
          tags.length > 0
            ? sql`left join lateral (select count(*)::int as n from unnest(p.tags) t where lower(t) = any(${tagArray})) tg on true`
            : sql``
        }
        left join shared_sessions s on s.user_id = p.user_id
        left join shared_activities a on a.user_id = p.user_id
        left join shared_likes l on l.user_id = p.user_id
        where p.meeting_id = ${meetingId} and p.exposure = 1 and p.user_id <> ${viewerId}
      )
    , ranked as (
      select sc.user_id, sc.same_industry, sc.sessions, sc.activities, sc.exhibitors, sc.updated_at,
        ((case when sc.same_industry then ${w.industry} else 0 end)
          + ${w.tag} * sc.tag_n + ${w.session} * sc.sessions
          + ${w.activity} * sc.activities + ${w.exhibitor} * sc.exhibitors)::int as score
      from scored sc
      join users u on u.id = sc.user_id and u.deleted = 0 and u.disabled_at is null
      where (sc.same_industry or sc.tag_n > 0 or sc.sessions > 0 or sc.activities > 0 or sc.exhibitors > 0)
        and not exists (select 1 from ${friendships} f where f.user_id = ${viewerId} and f.friend_id = sc.user_id)
      order by score desc, sc.updated_at desc, sc.user_id
      limit ${input.limit * 4}
    )
    -- Still registered (§6): checked on the best few only, a cancelled registration is rare.
    select r.user_id, r.score, r.same_industry, r.sessions, r.activities, r.exhibitors,
      ${
        tags.length > 0
          ? sql`array(select t from meeting_user_profiles p2, unnest(p2.tags) t where p2.meeting_id = ${meetingId} and p2.user_id = r.user_id and lower(t) = any(${tagArray}))`
          : sql`'{}'::text[]`
      } as shared_tags
    from ranked r
    where exists (select 1 from tickets t where t.user_id = r.user_id and t.meeting_id = ${meetingId} and t.status in (1, 3) and t.deleted = 0)
    order by r.score desc, r.updated_at desc, r.user_id
    limit ${input.limit}`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    score: Number(row.score),
    sameIndustry: row.same_industry === true,
    sharedTags: row.shared_tags ?? [],
    sessions: Number(row.sessions),
    activities: Number(row.activities),
    exhibitors: Number(row.exhibitors),
  }));
}

/** The first shared session, activity and liked exhibitor of each candidate (titles for the reasons). */
export async function findSharedTitles(
  db: Database,
  input: { meetingId: string; viewerId: string; userIds: string[] },
): Promise<Map<string, { session?: unknown; activity?: unknown; exhibitor?: unknown }>> {
  const out = new Map<string, { session?: unknown; activity?: unknown; exhibitor?: unknown }>();
  if (input.userIds.length === 0) return out;
  const ids = sql`(${sql.join(
    input.userIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const [sessions, acts, likes] = await Promise.all([
    rowsOf<{ user_id: string; title: unknown }>(
      db,
      sql`select distinct on (b.user_id) b.user_id, a.title from agenda_bookmarks b
        join agenda_bookmarks mine on mine.agenda_id = b.agenda_id and mine.user_id = ${input.viewerId}
        join ${agendas} a on a.id = b.agenda_id
        where b.user_id in ${ids} and b.meeting_id = ${input.meetingId}
        order by b.user_id, a.start`,
    ),
    rowsOf<{ user_id: string; title: unknown }>(
      db,
      sql`select distinct on (t.user_id) t.user_id, act.title from tickets t
        join tickets mine on mine.activity_id = t.activity_id and mine.user_id = ${input.viewerId}
          and mine.status in (1, 3) and mine.deleted = 0
        join ${activities} act on act.id = t.activity_id
        where t.user_id in ${ids} and t.meeting_id = ${input.meetingId} and t.status in (1, 3) and t.deleted = 0
        order by t.user_id, act.id`,
    ),
    rowsOf<{ user_id: string; title: unknown }>(
      db,
      sql`select distinct on (r.user_id) r.user_id, e.title from reactions r
        join reactions mine on mine.target_id = r.target_id and mine.target_type = r.target_type
          and mine.kind = 'like' and mine.user_id = ${input.viewerId}
        join ${enterprises} e on e.id = r.target_id
        where r.user_id in ${ids} and r.kind = 'like' and r.target_type = 'enterprise'
        order by r.user_id, e.id`,
    ),
  ]);
  const entry = (userId: string) => {
    let value = out.get(userId);
    if (!value) {
      value = {};
      out.set(userId, value);
    }
    return value;
  };
  for (const row of sessions) entry(row.user_id).session = row.title;
  for (const row of acts) entry(row.user_id).activity = row.title;
  for (const row of likes) entry(row.user_id).exhibitor = row.title;
  return out;
}

// ————— Console —————

export type ConsolePeopleFilter = {
  meetingId: string;
  keyword?: string | undefined;
  membershipLevel?: MembershipLevel | 'none' | undefined;
  specialIdentity?: '0' | '1' | undefined;
  exposure?: '0' | '1' | undefined;
};

export type ConsolePersonRow = PersonRow & { isParticipant: boolean; joinedAt: Date };

/**
 * The meeting's people for the console: approved ticket holders ∪ users with a profile row, with
 * profile fields (defaults when no row), newest first.
 */
export async function findConsolePeople(
  db: Database,
  filter: ConsolePeopleFilter,
  page: { skip: number; limit: number } | null,
): Promise<{ rows: ConsolePersonRow[]; total: number }> {
  const m = filter.meetingId;
  const parts: SQL[] = [sql`u.deleted = 0`];
  if (filter.keyword) {
    const like = likeContains(filter.keyword);
    parts.push(
      sql`(u.username ilike ${like} or u.phone ilike ${like} or u.email ilike ${like} or u.work_company ilike ${like})`,
    );
  }
  if (filter.membershipLevel === 'none') parts.push(sql`p.membership_level is null`);
  else if (filter.membershipLevel) parts.push(sql`p.membership_level = ${filter.membershipLevel}`);
  if (filter.specialIdentity)
    parts.push(sql`coalesce(p.special_identity, 0) = ${Number(filter.specialIdentity)}`);
  if (filter.exposure) parts.push(sql`coalesce(p.exposure, 0) = ${Number(filter.exposure)}`);
  const where = sql.join(parts, sql` and `);
  const base = sql`
    with members as (
      select user_id, min(created_at) as joined_at, bool_or(participant) as participant from (
        select t.user_id, t.created_at, true as participant from tickets t
          where t.meeting_id = ${m} and t.status in (1, 3) and t.deleted = 0 and t.user_id is not null
        union all
        select p.user_id, p.created_at, false from meeting_user_profiles p where p.meeting_id = ${m}
      ) x group by user_id
    )
    select u.id as "userId", u.username, u.avatar, u.work_title as "workTitle", u.work_company as "workCompany",
      u.phone, u.area_code as "areaCode", u.email,
      coalesce(p.exposure, 0) as exposure, coalesce(p.card_exchange, 1) as "cardExchange",
      coalesce(p.special_identity, 0) as "specialIdentity",
      coalesce(p.special_identity_label, '') as "specialIdentityLabel",
      p.membership_level as "membershipLevel", coalesce(p.tags, '{}'::text[]) as tags,
      p.industry_id as "industryId", null as "industryTitle", coalesce(p.introduction, '') as introduction,
      mem.participant as "isParticipant", mem.joined_at as "joinedAt", count(*) over () as total
    from members mem
    join users u on u.id = mem.user_id
    left join meeting_user_profiles p on p.meeting_id = ${m} and p.user_id = mem.user_id
    where ${where}
    order by mem.joined_at desc, u.id`;
  const query = page ? sql`${base} limit ${page.limit} offset ${page.skip}` : base;
  const rows = await rowsOf<ConsolePersonRow & { total: string | number; joinedAt: Date | string }>(
    db,
    query,
  );
  let total = rows.length > 0 ? Number(rows[0]?.total) : 0;
  if (rows.length === 0 && page && page.skip > 0) {
    const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${base}) c`);
    total = Number(count?.n ?? 0);
  }
  return {
    rows: rows.map((row) => ({
      ...row,
      exposure: Number(row.exposure),
      cardExchange: Number(row.cardExchange),
      specialIdentity: Number(row.specialIdentity),
      joinedAt: new Date(row.joinedAt),
    })),
    total,
  };
}

/** One console person (null when the user is not among the meeting's people). */
export async function findConsolePerson(
  db: Database,
  meetingId: string,
  userId: string,
): Promise<ConsolePersonRow | null> {
  const [person] = await findPeople(db, meetingId, [userId], { includeDisabled: true });
  if (!person) return null;
  const [member] = await rowsOf<{ participant: boolean; joined_at: Date | string }>(
    db,
    sql`select bool_or(participant) as participant, min(created_at) as joined_at from (
        select t.created_at, true as participant from tickets t
          where t.meeting_id = ${meetingId} and t.user_id = ${userId} and t.status in (1, 3) and t.deleted = 0
        union all
        select p.created_at, false from meeting_user_profiles p where p.meeting_id = ${meetingId} and p.user_id = ${userId}
      ) x`,
  );
  if (!member || member.joined_at === null) return null;
  return { ...person, isParticipant: member.participant === true, joinedAt: new Date(member.joined_at) };
}
