import type { ListQuery } from '@app/contracts';
import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { filtersById, orderSql, whereSql } from '../../db/list-query-sql.ts';
import { agendaSpeakers, agendas } from '../agendas/agendas.tables.ts';
import { speakers } from './speakers.tables.ts';

export type SpeakerField = '_id' | 'meeting_id' | 'category_id' | 'user_id' | 'weight' | 'name' | 'created';
export type SpeakerRow = typeof speakers.$inferSelect & { agendasTotal: number };

const columns = {
  _id: speakers.id,
  meeting_id: speakers.meetingId,
  category_id: speakers.categoryId,
  user_id: speakers.userId,
  weight: speakers.weight,
  name: speakers.name,
  created: speakers.createdAt,
} as const;

/** Escapes LIKE wildcards so a keyword matches literally. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function speakerWhere(query: Pick<ListQuery<SpeakerField>, 'conditions'>, keyword: string | undefined) {
  const pattern = keyword?.trim() ? likePattern(keyword.trim()) : undefined;
  return whereSql(query, columns, [
    filtersById(query) ? undefined : eq(speakers.deleted, 0),
    pattern
      ? or(
          ilike(speakers.name, pattern),
          sql`${speakers.workTitle}::text ilike ${pattern}`,
          sql`${speakers.company}::text ilike ${pattern}`,
        )
      : undefined,
  ]);
}

// Drizzle renders columns unqualified when a query has one table, which would make `id` inside the
// subquery mean agendas.id: the outer speaker id is spelled out with its table.
const agendasTotal = sql<number>`(
  select count(*)::int from ${agendaSpeakers}
  join ${agendas} on ${agendas.id} = ${agendaSpeakers.agendaId}
  where ${agendaSpeakers.speakerId} = "speakers"."id" and ${agendas.deleted} = 0 and ${agendas.enableShow} = 1
)`;

/**
 * Speakers matching a parsed list query and an optional keyword (case-insensitive substring of name,
 * work title or company), each with the number of shown sessions they speak in.
 */
export async function findSpeakers(
  db: Database,
  query: ListQuery<SpeakerField>,
  keyword?: string,
): Promise<SpeakerRow[]> {
  const rows = await db
    .select({ speaker: speakers, agendasTotal })
    .from(speakers)
    .where(speakerWhere(query, keyword))
    .orderBy(...orderSql(query.sort, columns, speakers.id))
    .limit(query.limit)
    .offset(query.skip);
  return rows.map((row) => ({ ...row.speaker, agendasTotal: Number(row.agendasTotal) }));
}

/** Number of speakers matching the conditions and keyword. */
export async function countSpeakers(
  db: Database,
  query: Pick<ListQuery<SpeakerField>, 'conditions'>,
  keyword?: string,
): Promise<number> {
  const rows = await db.select({ total: count() }).from(speakers).where(speakerWhere(query, keyword));
  return rows[0]?.total ?? 0;
}

/** One speaker of a meeting (deleted ones included, for the /204 rule), or undefined. */
export async function findSpeakerInMeeting(
  db: Database,
  meetingId: string,
  speakerId: string,
): Promise<SpeakerRow | undefined> {
  const rows = await db
    .select({ speaker: speakers, agendasTotal })
    .from(speakers)
    .where(and(eq(speakers.id, speakerId), eq(speakers.meetingId, meetingId)))
    .limit(1);
  const row = rows[0];
  return row ? { ...row.speaker, agendasTotal: Number(row.agendasTotal) } : undefined;
}
