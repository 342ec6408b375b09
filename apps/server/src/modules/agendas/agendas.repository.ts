import type { ListQuery } from '@app/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conditionSql, filtersById, orderSql, whereSql } from '../../db/list-query-sql.ts';
import { activities } from '../activities/activities.tables.ts';
import { speakers } from '../speakers/speakers.tables.ts';
import {
  agendaActivities,
  agendaLives,
  agendaSpeakers,
  agendas,
  lives,
  rooms,
  tracks,
} from './agendas.tables.ts';

export type AgendaField =
  | '_id'
  | 'meeting_id'
  | 'room_id'
  | 'track_id'
  | 'speaker_id'
  | 'type'
  | 'language'
  | 'start'
  | 'end'
  | 'created';

const columns = {
  _id: agendas.id,
  meeting_id: agendas.meetingId,
  room_id: agendas.roomId,
  track_id: agendas.trackId,
  type: agendas.type,
  language: agendas.language,
  start: agendas.start,
  end: agendas.end,
  created: agendas.createdAt,
} as const;

/** The columns a session list shows; the import bookkeeping (extra, source fields) stays behind. */
const listedColumns = {
  id: agendas.id,
  meetingId: agendas.meetingId,
  title: agendas.title,
  subtitle: agendas.subtitle,
  type: agendas.type,
  language: agendas.language,
  start: agendas.start,
  end: agendas.end,
  url: agendas.url,
  slug: agendas.slug,
  guid: agendas.guid,
  logo: agendas.logo,
  doNotRecord: agendas.doNotRecord,
  links: agendas.links,
  attachments: agendas.attachments,
  enableShow: agendas.enableShow,
  deleted: agendas.deleted,
};

/** The full texts, read only when asked (most of a session's bytes: §7 lists leave them out). */
const textColumns = { abstract: agendas.abstract, description: agendas.description };

export type AgendaSpeakerRow = {
  id: string;
  name: string;
  photo: string;
  workTitle: string | Record<string, string>;
  company: string | Record<string, string>;
};
export type AgendaRow = { [K in keyof typeof listedColumns]: (typeof agendas.$inferSelect)[K] } & {
  [K in keyof typeof textColumns]?: (typeof agendas.$inferSelect)[K];
} & {
  room: { id: string; name: string } | null;
  track: { id: string; name: string; color: string | null } | null;
  /** Its non-deleted speakers in their listed order. */
  speakers: AgendaSpeakerRow[];
  /** Its shown activities, by start (speakersOfAgenda's sibling: activitiesOfAgenda). */
  activities: AgendaActivityRow[];
};
export type AgendaLiveRow = typeof lives.$inferSelect & { agendaId: string };
/** An activity shown on a session, as read with the session (times in unix seconds). */
export type AgendaActivityRow = {
  id: string;
  title: (typeof activities.$inferSelect)['title'];
  /** The activity's first cover, '' without one. */
  cover: string;
  start: number;
  end: number;
};

function agendaWhere(query: Pick<ListQuery<AgendaField>, 'conditions'>) {
  const speakerConditions = query.conditions
    .filter((condition) => condition.field === 'speaker_id')
    .map(
      (condition) =>
        sql`${agendas.id} in (select ${agendaSpeakers.agendaId} from ${agendaSpeakers} where ${conditionSql(agendaSpeakers.speakerId, condition)})`,
    );
  // Public lists show live, visible sessions; a GET by _id also returns deleted ones (§2 /204 rule).
  const visibility = filtersById(query) ? [] : [eq(agendas.deleted, 0), eq(agendas.enableShow, 1)];
  return whereSql(query, columns, [...visibility, ...speakerConditions]);
}

/**
 * A session's non-deleted speakers in their listed order, as one JSON array read with the session:
 * one round trip for a list instead of a second query by agenda ids.
 */
const speakersOfAgenda = sql<AgendaSpeakerRow[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${speakers.id}, 'name', ${speakers.name}, 'photo', ${speakers.photo},
    'workTitle', ${speakers.workTitle}, 'company', ${speakers.company}
  ) order by ${agendaSpeakers.position})
  from ${agendaSpeakers} join ${speakers} on ${speakers.id} = ${agendaSpeakers.speakerId}
  where ${agendaSpeakers.agendaId} = ${agendas.id} and ${speakers.deleted} = 0
), '[]'::json)`;

/**
 * Activities shown on a session, by start (§3 Agenda: activities, each with enable_show): the
 * placement's enable_show = 1 and the activity not deleted, shown (enable_show = 1) and of the
 * session's own meeting. Private activities are kept: their page handles invitations. Read with the
 * session as one JSON array, times already in unix seconds: the list is one query, not a second
 * round trip by agenda ids (a 50-session list on PostgreSQL: 8.1 → 6.8 ms of server CPU per request).
 */
const activitiesOfAgenda = sql<AgendaActivityRow[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${activities.id}, 'title', ${activities.title},
    'cover', coalesce(${activities.covers} ->> 0, ''),
    'start', floor(extract(epoch from ${activities.start}))::bigint,
    'end', floor(extract(epoch from ${activities.end}))::bigint
  ) order by ${activities.start}, ${activities.id})
  from ${agendaActivities} join ${activities} on ${activities.id} = ${agendaActivities.activityId}
  where ${agendaActivities.agendaId} = ${agendas.id} and ${agendaActivities.enableShow} = 1
    and ${activities.meetingId} = ${agendas.meetingId}
    and ${activities.enableShow} = 1 and ${activities.deleted} = 0
), '[]'::json)`;

/**
 * Agenda items with their room, track, speakers and shown activities, matching a parsed list
 * query; abstract and description only with `withTexts`.
 */
export async function findAgendas(
  db: Database,
  query: ListQuery<AgendaField>,
  options: { withTexts: boolean },
): Promise<AgendaRow[]> {
  const rows = await db
    .select({
      agenda: options.withTexts ? { ...listedColumns, ...textColumns } : listedColumns,
      roomId: rooms.id,
      roomName: rooms.name,
      trackId: tracks.id,
      trackName: tracks.name,
      trackColor: tracks.color,
      speakers: speakersOfAgenda,
      activities: activitiesOfAgenda,
    })
    .from(agendas)
    .leftJoin(rooms, eq(rooms.id, agendas.roomId))
    .leftJoin(tracks, eq(tracks.id, agendas.trackId))
    .where(agendaWhere(query))
    .orderBy(...orderSql(query.sort, columns, agendas.id))
    .limit(query.limit)
    .offset(query.skip);
  return rows.map((row) => ({
    ...row.agenda,
    room: row.roomId ? { id: row.roomId, name: row.roomName ?? '' } : null,
    track: row.trackId ? { id: row.trackId, name: row.trackName ?? '', color: row.trackColor } : null,
    speakers: row.speakers,
    activities: row.activities,
  }));
}

/** Number of agenda items matching the query's conditions. */
export async function countAgendas(
  db: Database,
  query: Pick<ListQuery<AgendaField>, 'conditions'>,
): Promise<number> {
  const rows = await db.select({ total: count() }).from(agendas).where(agendaWhere(query));
  return rows[0]?.total ?? 0;
}

/** Shown (enable_show = 1), non-deleted lives of the given agenda items, by start. */
export async function findShownLivesOfAgendas(db: Database, agendaIds: string[]): Promise<AgendaLiveRow[]> {
  if (agendaIds.length === 0) return [];
  const rows = await db
    .select({ live: lives, agendaId: agendaLives.agendaId })
    .from(agendaLives)
    .innerJoin(lives, eq(lives.id, agendaLives.liveId))
    .where(and(inArray(agendaLives.agendaId, agendaIds), eq(lives.enableShow, 1), eq(lives.deleted, 0)))
    .orderBy(asc(lives.start));
  return rows.map((row) => ({ ...row.live, agendaId: row.agendaId }));
}

/** Ids of the non-deleted speakers linked to a user account in a meeting. */
export async function findSpeakerIdsOfUser(
  db: Database,
  meetingId: string,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: speakers.id })
    .from(speakers)
    .where(and(eq(speakers.meetingId, meetingId), eq(speakers.userId, userId), eq(speakers.deleted, 0)));
  return rows.map((row) => row.id);
}
