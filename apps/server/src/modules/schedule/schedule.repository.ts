import { and, asc, eq, getTableColumns, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { agendaSpeakers, agendas, rooms, tracks } from '../agendas/agendas.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { speakers } from '../speakers/speakers.tables.ts';

/** Rows as the schedule import/export reads and writes them. */
export type MeetingRow = typeof meetings.$inferSelect;
export type MeetingInsert = typeof meetings.$inferInsert;
export type RoomRow = typeof rooms.$inferSelect;
export type RoomInsert = typeof rooms.$inferInsert;
export type TrackRow = typeof tracks.$inferSelect;
export type TrackInsert = typeof tracks.$inferInsert;
export type AgendaRow = typeof agendas.$inferSelect;
export type AgendaInsert = typeof agendas.$inferInsert;
export type SpeakerRow = typeof speakers.$inferSelect;
export type SpeakerInsert = typeof speakers.$inferInsert;
export type AgendaSpeakerRow = typeof agendaSpeakers.$inferSelect;

/** Rows per INSERT: far below PostgreSQL's 65,535 bind parameters for the widest table (agendas). */
export const insertChunkSize = 250;

export { inTransaction } from '../../db/transaction.ts';

/** Refreshes planner statistics of the programme tables (ANALYZE), after an import. */
export async function analyzeProgrammeTables(db: Database): Promise<void> {
  await db.execute(sql`analyze ${agendas}, ${agendaSpeakers}, ${speakers}, ${rooms}, ${tracks}`);
}

/** One meeting by id (deleted ones too), or undefined. */
export async function findMeeting(db: Database, id: string): Promise<MeetingRow | undefined> {
  const [row] = await db.select().from(meetings).where(eq(meetings.id, id)).limit(1);
  return row;
}

/**
 * Ids of non-deleted meetings holding an imported schedule (schedule meta set) whose acronym equals
 * `acronym` ignoring case (`Camp2019` and the export's `camp2019` are one conference), oldest first.
 */
export async function findImportedMeetingIds(db: Database, acronym: string): Promise<string[]> {
  const rows = await db
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      and(
        sql`lower(${meetings.acronym}) = lower(${acronym})`,
        eq(meetings.deleted, 0),
        isNotNull(meetings.schedule),
      ),
    )
    .orderBy(asc(meetings.createdAt));
  return rows.map((row) => row.id);
}

/** Inserts one meeting. */
export async function insertMeeting(db: Database, row: MeetingInsert): Promise<void> {
  await db.insert(meetings).values(row);
}

/** Updates fields of one meeting and its updated_at. */
export async function updateMeeting(db: Database, id: string, patch: Partial<MeetingInsert>): Promise<void> {
  await db
    .update(meetings)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(meetings.id, id));
}

/** Everything of a meeting's programme the importer compares against (deleted sessions and speakers too). */
export type StoredProgramme = {
  rooms: RoomRow[];
  tracks: TrackRow[];
  agendas: AgendaRow[];
  /** Imported speakers only (source_key set); speakers entered by hand are not the importer's. */
  speakers: SpeakerRow[];
  links: AgendaSpeakerRow[];
};

/** Speaker ↔ session links (with their position and person extras) of the sessions matching `where`. */
function findSpeakerLinks(db: Database, where: SQL | undefined) {
  return db
    .select({
      agendaId: agendaSpeakers.agendaId,
      speakerId: agendaSpeakers.speakerId,
      position: agendaSpeakers.position,
      extra: agendaSpeakers.extra,
    })
    .from(agendaSpeakers)
    .innerJoin(agendas, eq(agendas.id, agendaSpeakers.agendaId))
    .where(where);
}

/** Loads a meeting's rooms, tracks, sessions, imported speakers and their links, for an import's diff. */
export async function findProgrammeForImport(db: Database, meetingId: string): Promise<StoredProgramme> {
  const [roomRows, trackRows, agendaRows, speakerRows, linkRows] = await Promise.all([
    db.select().from(rooms).where(eq(rooms.meetingId, meetingId)).orderBy(asc(rooms.position)),
    db.select().from(tracks).where(eq(tracks.meetingId, meetingId)).orderBy(asc(tracks.position)),
    db.select().from(agendas).where(eq(agendas.meetingId, meetingId)),
    db
      .select()
      .from(speakers)
      .where(and(eq(speakers.meetingId, meetingId), isNotNull(speakers.sourceKey))),
    findSpeakerLinks(db, eq(agendas.meetingId, meetingId)),
  ]);
  return { rooms: roomRows, tracks: trackRows, agendas: agendaRows, speakers: speakerRows, links: linkRows };
}

/**
 * Loads what an export writes: rooms and tracks in position order, the non-deleted sessions, their
 * non-deleted speakers (hand-entered ones included) and the links between them.
 */
export async function findProgrammeForExport(
  db: Database,
  meetingId: string,
): Promise<Omit<StoredProgramme, 'speakers'> & { speakers: SpeakerRow[] }> {
  const liveAgendas = and(eq(agendas.meetingId, meetingId), eq(agendas.deleted, 0));
  const [roomRows, trackRows, agendaRows, linkRows, speakerRows] = await Promise.all([
    db
      .select()
      .from(rooms)
      .where(eq(rooms.meetingId, meetingId))
      .orderBy(asc(rooms.position), asc(rooms.name)),
    db
      .select()
      .from(tracks)
      .where(eq(tracks.meetingId, meetingId))
      .orderBy(asc(tracks.position), asc(tracks.name)),
    db.select().from(agendas).where(liveAgendas),
    findSpeakerLinks(db, liveAgendas),
    db
      .select()
      .from(speakers)
      .where(
        and(
          eq(speakers.deleted, 0),
          inArray(
            speakers.id,
            db
              .select({ id: agendaSpeakers.speakerId })
              .from(agendaSpeakers)
              .innerJoin(agendas, eq(agendas.id, agendaSpeakers.agendaId))
              .where(liveAgendas),
          ),
        ),
      ),
  ]);
  return { rooms: roomRows, tracks: trackRows, agendas: agendaRows, speakers: speakerRows, links: linkRows };
}

/**
 * INSERT … VALUES (…), (…) ON CONFLICT (target) DO UPDATE SET each of `updateKeys` to the proposed
 * value (and updated_at to now() when the table has it), in chunks of insertChunkSize rows.
 */
async function upsert<T extends PgTable>(
  db: Database,
  table: T,
  rows: T['$inferInsert'][],
  target: PgColumn[],
  updateKeys: readonly string[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const set: Record<string, SQL> = {};
  for (const key of updateKeys) {
    const column = columns[key];
    if (column) set[key] = sql.raw(`excluded."${column.name}"`);
  }
  if (columns.updatedAt) set.updatedAt = sql`now()`;
  for (let i = 0; i < rows.length; i += insertChunkSize) {
    await db
      .insert(table)
      .values(rows.slice(i, i + insertChunkSize))
      .onConflictDoUpdate({ target, set: set as never });
  }
}

/** Inserts or updates rooms by (meeting, name); `updateKeys` are the columns a conflict overwrites. */
export async function upsertRooms(
  db: Database,
  rows: RoomInsert[],
  updateKeys: readonly string[],
): Promise<void> {
  await upsert(db, rooms, rows, [rooms.meetingId, rooms.name], updateKeys);
}

/** Inserts or updates tracks by (meeting, name). */
export async function upsertTracks(
  db: Database,
  rows: TrackInsert[],
  updateKeys: readonly string[],
): Promise<void> {
  await upsert(db, tracks, rows, [tracks.meetingId, tracks.name], updateKeys);
}

/** Inserts or updates speakers by (meeting, source_key). */
export async function upsertSpeakers(
  db: Database,
  rows: SpeakerInsert[],
  updateKeys: readonly string[],
): Promise<void> {
  await upsert(db, speakers, rows, [speakers.meetingId, speakers.sourceKey], updateKeys);
}

/** Inserts or updates sessions by (meeting, guid). */
export async function upsertAgendas(
  db: Database,
  rows: AgendaInsert[],
  updateKeys: readonly string[],
): Promise<void> {
  await upsert(db, agendas, rows, [agendas.meetingId, agendas.guid], updateKeys);
}

/** Soft-deletes sessions (deleted = 1): a GET by id still finds them and opens /204 (§2). */
export async function markAgendasDeleted(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(agendas).set({ deleted: 1, updatedAt: sql`now()` }).where(inArray(agendas.id, ids));
}

/** Soft-deletes speakers (deleted = 1). */
export async function markSpeakersDeleted(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(speakers).set({ deleted: 1, updatedAt: sql`now()` }).where(inArray(speakers.id, ids));
}

/** Deletes rooms; sessions still pointing at them lose their room (room_id set null). */
export async function deleteRooms(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(rooms).where(inArray(rooms.id, ids));
}

/** Deletes tracks; sessions still pointing at them lose their track (track_id set null). */
export async function deleteTracks(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(tracks).where(inArray(tracks.id, ids));
}

/** Replaces the speaker links of the given sessions by `rows` (delete, then one batched insert). */
export async function replaceAgendaSpeakers(
  db: Database,
  agendaIds: string[],
  rows: AgendaSpeakerRow[],
): Promise<void> {
  for (let i = 0; i < agendaIds.length; i += insertChunkSize * 4) {
    await db
      .delete(agendaSpeakers)
      .where(inArray(agendaSpeakers.agendaId, agendaIds.slice(i, i + insertChunkSize * 4)));
  }
  for (let i = 0; i < rows.length; i += insertChunkSize * 4) {
    await db.insert(agendaSpeakers).values(rows.slice(i, i + insertChunkSize * 4));
  }
}
