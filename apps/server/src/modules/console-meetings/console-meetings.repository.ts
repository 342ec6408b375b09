import { and, asc, count, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { activities } from '../activities/activities.tables.ts';
import { agendaActivities, agendaSpeakers, agendas, rooms } from '../agendas/agendas.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { speakers } from '../speakers/speakers.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';

/**
 * Reads and writes of the console's meetings and programme screens (DESIGN §7). Edits carry the
 * `updated_at` the caller read, in unix milliseconds: an update matches only while the row still has
 * it (optimistic concurrency) and moves it on by at least a millisecond, so two saves within one
 * millisecond still tell apart.
 */

export type MeetingRow = typeof meetings.$inferSelect;
export type MeetingInsert = typeof meetings.$inferInsert;
export type SessionRow = typeof agendas.$inferSelect;
export type SessionInsert = typeof agendas.$inferInsert;
export type SpeakerRow = typeof speakers.$inferSelect;
export type SpeakerInsert = typeof speakers.$inferInsert;
export type RoomRow = typeof rooms.$inferSelect;
export type RoomInsert = typeof rooms.$inferInsert;

/** `updated_at` in whole unix milliseconds equals `ms` (the driver's Date keeps milliseconds, truncated). */
const updatedAtIs = (column: PgColumn, ms: number): SQL =>
  sql`floor(extract(epoch from ${column}) * 1000)::bigint = ${ms}`;
/** The next `updated_at`: now, and always at least a millisecond past the previous one. */
const nextUpdatedAt = (column: PgColumn): SQL =>
  sql`greatest(now(), date_trunc('milliseconds', ${column}) + interval '1 millisecond')`;

/** Unix milliseconds of an `updated_at` (the concurrency token sent on the wire). */
export function updatedAtMs(date: Date): number {
  return date.getTime();
}

/** Inserts a meeting and returns it. */
export async function insertMeetingRow(db: Database, row: MeetingInsert): Promise<MeetingRow> {
  const [inserted] = await db.insert(meetings).values(row).returning();
  if (!inserted) throw new Error('meeting insert returned nothing');
  return inserted;
}

/**
 * Updates a meeting only while its `updated_at` is still `expectedMs` (undefined: unconditionally) and
 * bumps it. @returns the updated row, or undefined when the token no longer matches (or no such row).
 */
export async function updateMeetingRow(
  db: Database,
  id: string,
  patch: Partial<MeetingInsert>,
  expectedMs: number | undefined,
): Promise<MeetingRow | undefined> {
  const where =
    expectedMs === undefined
      ? eq(meetings.id, id)
      : and(eq(meetings.id, id), updatedAtIs(meetings.updatedAt, expectedMs));
  const [row] = await db
    .update(meetings)
    .set({ ...patch, updatedAt: nextUpdatedAt(meetings.updatedAt) })
    .where(where)
    .returning();
  return row;
}

/** Whether a live (not deleted) meeting other than `exceptId` uses `domain`. */
export async function isDomainTaken(db: Database, domain: string, exceptId: string | null): Promise<boolean> {
  const conditions = [eq(meetings.domain, domain), eq(meetings.deleted, 0)];
  if (exceptId) conditions.push(ne(meetings.id, exceptId));
  const [row] = await db
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/** Tickets of a meeting that are not deleted (any status). */
export async function countMeetingTickets(db: Database, meetingId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tickets)
    .where(and(eq(tickets.meetingId, meetingId), eq(tickets.deleted, 0)));
  return Number(row?.n ?? 0);
}

/* ---------------------------------------------------------------- programme */

/** A meeting's live sessions by start, with their speakers' ids in order and their placed activities. */
export async function listSessions(db: Database, meetingId: string): Promise<SessionWithLinks[]> {
  const rows = await db
    .select()
    .from(agendas)
    .where(and(eq(agendas.meetingId, meetingId), eq(agendas.deleted, 0)))
    .orderBy(asc(agendas.start), asc(agendas.id));
  const ids = rows.map((row) => row.id);
  const links = await speakerLinksOf(db, ids);
  const placed = await activityLinksOf(db, ids);
  return rows.map((row) => ({
    ...row,
    speakerIds: links.get(row.id) ?? [],
    activities: placed.get(row.id) ?? [],
  }));
}

/** An activity placed on a session (§3 Agenda: activities, each with enable_show). */
export type SessionActivityLink = { activityId: string; enableShow: number };
export type SessionWithLinks = SessionRow & { speakerIds: string[]; activities: SessionActivityLink[] };

/** The non-deleted activities placed on each session, in the order they were placed. */
async function activityLinksOf(
  db: Database,
  sessionIds: string[],
): Promise<Map<string, SessionActivityLink[]>> {
  const out = new Map<string, SessionActivityLink[]>();
  if (sessionIds.length === 0) return out;
  const links = await db
    .select({
      agendaId: agendaActivities.agendaId,
      activityId: agendaActivities.activityId,
      enableShow: agendaActivities.enableShow,
    })
    .from(agendaActivities)
    .innerJoin(activities, eq(activities.id, agendaActivities.activityId))
    .where(and(inArray(agendaActivities.agendaId, sessionIds), eq(activities.deleted, 0)))
    .orderBy(
      asc(agendaActivities.agendaId),
      asc(agendaActivities.createdAt),
      asc(agendaActivities.activityId),
    );
  for (const link of links) {
    const list = out.get(link.agendaId) ?? [];
    list.push({ activityId: link.activityId, enableShow: link.enableShow });
    out.set(link.agendaId, list);
  }
  return out;
}

/**
 * Replaces the activities placed on a session. Rows of activities kept keep their `created_at` (the
 * placing order); new ones are stamped one millisecond apart in the given order. Placements of deleted
 * activities (which the editor does not see) stay, so a restored activity is back on its session.
 */
export async function replaceSessionActivities(
  db: Database,
  sessionId: string,
  links: SessionActivityLink[],
): Promise<void> {
  const kept = links.map((link) => link.activityId);
  await db
    .delete(agendaActivities)
    .where(
      and(
        eq(agendaActivities.agendaId, sessionId),
        inArray(
          agendaActivities.activityId,
          db.select({ id: activities.id }).from(activities).where(eq(activities.deleted, 0)),
        ),
        ...(kept.length > 0 ? [notInArray(agendaActivities.activityId, kept)] : []),
      ),
    );
  if (links.length === 0) return;
  const now = Date.now();
  await db
    .insert(agendaActivities)
    .values(
      links.map((link, index) => ({
        agendaId: sessionId,
        activityId: link.activityId,
        enableShow: link.enableShow,
        createdAt: new Date(now + index),
      })),
    )
    .onConflictDoUpdate({
      target: [agendaActivities.agendaId, agendaActivities.activityId],
      set: { enableShow: sql`excluded.enable_show` },
    });
}

/** Ids among `ids` that are live (not deleted) activities of the meeting. */
export async function findActivityIds(db: Database, meetingId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.meetingId, meetingId), inArray(activities.id, ids), eq(activities.deleted, 0)));
  return rows.map((row) => row.id);
}

/** A meeting's live activities by start, as the session editor's picker shows them. */
export async function listProgrammeActivities(
  db: Database,
  meetingId: string,
): Promise<
  Pick<typeof activities.$inferSelect, 'id' | 'title' | 'start' | 'end' | 'enableShow' | 'privacy'>[]
> {
  return db
    .select({
      id: activities.id,
      title: activities.title,
      start: activities.start,
      end: activities.end,
      enableShow: activities.enableShow,
      privacy: activities.privacy,
    })
    .from(activities)
    .where(and(eq(activities.meetingId, meetingId), eq(activities.deleted, 0)))
    .orderBy(asc(activities.start), asc(activities.id));
}

async function speakerLinksOf(db: Database, sessionIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (sessionIds.length === 0) return out;
  const links = await db
    .select({ agendaId: agendaSpeakers.agendaId, speakerId: agendaSpeakers.speakerId })
    .from(agendaSpeakers)
    .innerJoin(speakers, eq(speakers.id, agendaSpeakers.speakerId))
    .where(and(inArray(agendaSpeakers.agendaId, sessionIds), eq(speakers.deleted, 0)))
    .orderBy(asc(agendaSpeakers.agendaId), asc(agendaSpeakers.position));
  for (const link of links) {
    const list = out.get(link.agendaId) ?? [];
    list.push(link.speakerId);
    out.set(link.agendaId, list);
  }
  return out;
}

/** One live session of a meeting with its speakers' ids and placed activities, or undefined. */
export async function findSession(
  db: Database,
  meetingId: string,
  id: string,
): Promise<SessionWithLinks | undefined> {
  const [row] = await db
    .select()
    .from(agendas)
    .where(and(eq(agendas.meetingId, meetingId), eq(agendas.id, id), eq(agendas.deleted, 0)))
    .limit(1);
  if (!row) return undefined;
  const links = await speakerLinksOf(db, [row.id]);
  const placed = await activityLinksOf(db, [row.id]);
  return { ...row, speakerIds: links.get(row.id) ?? [], activities: placed.get(row.id) ?? [] };
}

/** Inserts a session. */
export async function insertSession(db: Database, row: SessionInsert): Promise<void> {
  await db.insert(agendas).values(row);
}

/** Updates a live session while its `updated_at` is `expectedMs`; @returns whether a row changed. */
export async function updateSession(
  db: Database,
  input: { meetingId: string; id: string; expectedMs: number; patch: Partial<SessionInsert> },
): Promise<boolean> {
  const rows = await db
    .update(agendas)
    .set({ ...input.patch, updatedAt: nextUpdatedAt(agendas.updatedAt) })
    .where(
      and(
        eq(agendas.meetingId, input.meetingId),
        eq(agendas.id, input.id),
        eq(agendas.deleted, 0),
        updatedAtIs(agendas.updatedAt, input.expectedMs),
      ),
    )
    .returning({ id: agendas.id });
  return rows.length > 0;
}

/** Soft-deletes a live session; @returns whether it existed. */
export async function markSessionDeleted(db: Database, meetingId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(agendas)
    .set({ deleted: 1, updatedAt: nextUpdatedAt(agendas.updatedAt) })
    .where(and(eq(agendas.meetingId, meetingId), eq(agendas.id, id), eq(agendas.deleted, 0)))
    .returning({ id: agendas.id });
  return rows.length > 0;
}

/** Replaces a session's speakers with `speakerIds`, in that order. */
export async function replaceSessionSpeakers(
  db: Database,
  sessionId: string,
  speakerIds: string[],
): Promise<void> {
  await db.delete(agendaSpeakers).where(eq(agendaSpeakers.agendaId, sessionId));
  if (speakerIds.length === 0) return;
  await db
    .insert(agendaSpeakers)
    .values(speakerIds.map((speakerId, position) => ({ agendaId: sessionId, speakerId, position })));
}

/** A meeting's live speakers, by weight then name. */
export async function listSpeakers(db: Database, meetingId: string): Promise<SpeakerRow[]> {
  return db
    .select()
    .from(speakers)
    .where(and(eq(speakers.meetingId, meetingId), eq(speakers.deleted, 0)))
    .orderBy(asc(speakers.weight), asc(speakers.name), asc(speakers.id));
}

/** Ids among `ids` that are live speakers of the meeting. */
export async function findSpeakerIds(db: Database, meetingId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: speakers.id })
    .from(speakers)
    .where(and(eq(speakers.meetingId, meetingId), inArray(speakers.id, ids), eq(speakers.deleted, 0)));
  return rows.map((row) => row.id);
}

/** One live speaker of a meeting, or undefined. */
export async function findSpeaker(
  db: Database,
  meetingId: string,
  id: string,
): Promise<SpeakerRow | undefined> {
  const [row] = await db
    .select()
    .from(speakers)
    .where(and(eq(speakers.meetingId, meetingId), eq(speakers.id, id), eq(speakers.deleted, 0)))
    .limit(1);
  return row;
}

/** Inserts a speaker and returns it. */
export async function insertSpeaker(db: Database, row: SpeakerInsert): Promise<SpeakerRow> {
  const [inserted] = await db.insert(speakers).values(row).returning();
  if (!inserted) throw new Error('speaker insert returned nothing');
  return inserted;
}

/** Updates a live speaker while its `updated_at` is `expectedMs`; @returns the row, or undefined. */
export async function updateSpeaker(
  db: Database,
  input: { meetingId: string; id: string; expectedMs: number; patch: Partial<SpeakerInsert> },
): Promise<SpeakerRow | undefined> {
  const [row] = await db
    .update(speakers)
    .set({ ...input.patch, updatedAt: nextUpdatedAt(speakers.updatedAt) })
    .where(
      and(
        eq(speakers.meetingId, input.meetingId),
        eq(speakers.id, input.id),
        eq(speakers.deleted, 0),
        updatedAtIs(speakers.updatedAt, input.expectedMs),
      ),
    )
    .returning();
  return row;
}

/** Soft-deletes a live speaker and takes them off every session; @returns whether they existed. */
export async function markSpeakerDeleted(db: Database, meetingId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(speakers)
    .set({ deleted: 1, updatedAt: nextUpdatedAt(speakers.updatedAt) })
    .where(and(eq(speakers.meetingId, meetingId), eq(speakers.id, id), eq(speakers.deleted, 0)))
    .returning({ id: speakers.id });
  if (rows.length === 0) return false;
  await db.delete(agendaSpeakers).where(eq(agendaSpeakers.speakerId, id));
  return true;
}

/** A meeting's rooms in schedule order. */
export async function listRooms(db: Database, meetingId: string): Promise<RoomRow[]> {
  return db
    .select()
    .from(rooms)
    .where(eq(rooms.meetingId, meetingId))
    .orderBy(asc(rooms.position), asc(rooms.name));
}

/** One room of a meeting, or undefined. */
export async function findRoom(db: Database, meetingId: string, id: string): Promise<RoomRow | undefined> {
  const [row] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.meetingId, meetingId), eq(rooms.id, id)))
    .limit(1);
  return row;
}

/** Whether another room of the meeting has `name`. */
export async function isRoomNameTaken(
  db: Database,
  meetingId: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const conditions = [eq(rooms.meetingId, meetingId), eq(rooms.name, name)];
  if (exceptId) conditions.push(ne(rooms.id, exceptId));
  const [row] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/** Inserts a room and returns it. */
export async function insertRoom(db: Database, row: RoomInsert): Promise<RoomRow> {
  const [inserted] = await db.insert(rooms).values(row).returning();
  if (!inserted) throw new Error('room insert returned nothing');
  return inserted;
}

/** Updates a room; @returns the row, or undefined. */
export async function updateRoom(
  db: Database,
  meetingId: string,
  id: string,
  patch: Partial<RoomInsert>,
): Promise<RoomRow | undefined> {
  const [row] = await db
    .update(rooms)
    .set(patch)
    .where(and(eq(rooms.meetingId, meetingId), eq(rooms.id, id)))
    .returning();
  return row;
}

/** Deletes a room (its sessions keep no room); @returns whether it existed. */
export async function deleteRoom(db: Database, meetingId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(rooms)
    .where(and(eq(rooms.meetingId, meetingId), eq(rooms.id, id)))
    .returning({ id: rooms.id });
  return rows.length > 0;
}

/** The highest room position of a meeting plus one (a new room goes last). */
export async function nextRoomPosition(db: Database, meetingId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${rooms.position}), -1) + 1` })
    .from(rooms)
    .where(eq(rooms.meetingId, meetingId));
  return Number(row?.n ?? 0);
}
