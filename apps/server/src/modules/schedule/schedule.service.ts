import { ErrorCode, invalidObjectIdMessage, isObjectId } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { AppError, notFound } from '../../errors.ts';
import { deepEqual, type LocalizedValue } from './schedule.document.ts';
import { buildScheduleDocument, type ScheduleDocument } from './schedule.export-mapping.ts';
import { type ImportPlan, planImport, validateScheduleDocument } from './schedule.import-mapping.ts';
import {
  type AgendaInsert,
  type AgendaSpeakerRow,
  analyzeProgrammeTables,
  deleteRooms,
  deleteTracks,
  findImportedMeetingIds,
  findMeeting,
  findProgrammeForExport,
  findProgrammeForImport,
  insertChunkSize,
  insertMeeting,
  inTransaction,
  markAgendasDeleted,
  markSpeakersDeleted,
  type RoomInsert,
  replaceAgendaSpeakers,
  type SpeakerInsert,
  type StoredProgramme,
  type TrackInsert,
  updateMeeting,
  upsertAgendas,
  upsertRooms,
  upsertSpeakers,
  upsertTracks,
} from './schedule.repository.ts';

export type { ScheduleDocument } from './schedule.export-mapping.ts';

type Deps = { db: Database };

/** What one import did to one kind of row. `created + updated + unchanged` is the number in the file. */
export type ChangeCounts = { created: number; updated: number; unchanged: number; removed: number };

/** The result of importSchedule, printed by the CLI. */
export type ImportSummary = {
  meetingId: string;
  /** True when the import created the meeting (no meeting id given and none imported with that acronym). */
  isMeetingCreated: boolean;
  sessions: ChangeCounts;
  speakers: ChangeCounts;
  rooms: ChangeCounts;
  tracks: ChangeCounts;
  /** Names of what was (or, in a dry run, would be) added, changed and removed; only when asked. */
  changes?: ImportChanges;
};

/** Names (session: title) of the rows an import adds, changes and removes, per kind. */
export type ChangeNames = { added: string[]; changed: string[]; removed: string[] };
export type ImportChanges = Record<'sessions' | 'speakers' | 'rooms' | 'tracks', ChangeNames>;

/** Thrown inside a dry run's transaction to roll it back, carrying what the run would have done. */
class DryRunRollback extends Error {
  constructor(readonly summary: ImportSummary) {
    super('dry run');
  }
}

/** A session title's display text: English, else the first value (§3). */
function labelOf(title: LocalizedValue): string {
  if (typeof title === 'string') return title;
  return title.en ?? Object.values(title)[0] ?? '';
}

const invalidSchedule = 'invalid_schedule';

const roomKeys = 'position isListed guid slug type description capacity extra'.split(' ');
const trackKeys = ['position', 'slug', 'color'] as const;
const speakerKeys = 'name externalId code guid photo biography links extra deleted'.split(' ');
const agendaKeys =
  'roomId trackId externalId code title subtitle abstract description type language start end sourceDate url slug logo recordingLicense doNotRecord links attachments extra deleted'.split(
    ' ',
  );

function isSame(existing: object, row: object, keys: readonly string[]): boolean {
  const left = existing as Record<string, unknown>;
  const right = row as Record<string, unknown>;
  return keys.every((key) => deepEqual(left[key] ?? null, right[key] ?? null));
}

const counts = (): ChangeCounts => ({ created: 0, updated: 0, unchanged: 0, removed: 0 });

/**
 * Imports a frab/pretalx schedule-JSON document (c3voc schema) into a meeting (schedule
 * interchange), idempotently and in one transaction:
 * - sessions by (meeting, event guid), speakers by source key (guid, code, id or name), rooms and
 *   tracks by name; re-importing updates rows in place and keeps their ids;
 * - sessions missing from the file are soft-deleted (deleted = 1; a GET by id shows /204), a guid
 *   that comes back is undeleted; imported speakers missing from the file are soft-deleted; rooms
 *   and tracks missing from the file are deleted;
 * - without `meetingId` the meeting holding a schedule with the same acronym (ignoring case) is
 *   updated, or a new one is created from the conference (title `{ en }`, description, acronym, time
 *   zone, start/end, schedule meta); with `meetingId` that meeting is updated. An existing meeting
 *   keeps its title, description, acronym and time zone: only its schedule meta and start/end change
 *   (start: the conference start date at midnight in its time zone; end: the latest of the end date's
 *   midnight, the last day_end and the last session's end).
 * @param input.document the parsed JSON file
 * @param input.onProgress called with (sessions written, sessions in the file) as the import advances
 * @param input.withChanges also answer the names of what is added, changed and removed (`changes`)
 * @param input.dryRun run every step, then roll back: nothing is written (implies withChanges); the
 *   console's preview before an import
 * @returns created/updated/unchanged/removed counts per kind and the meeting id
 * @throws 400 invalid_schedule (details name each JSON path), 400 invalid_object_id, 404 not_found for
 *   an unknown or deleted meeting, 409 ambiguous_meeting when several meetings share the acronym
 */
export async function importSchedule(
  deps: Deps,
  input: {
    document: unknown;
    meetingId?: string;
    onProgress?: (done: number, total: number) => void;
    withChanges?: boolean;
    dryRun?: boolean;
  },
): Promise<ImportSummary> {
  const validated = validateScheduleDocument(input.document);
  if (!validated.ok) {
    const [first] = validated.issues;
    const more = validated.issues.length > 1 ? ` (and ${validated.issues.length - 1} more)` : '';
    throw new AppError(
      400,
      invalidSchedule,
      `Invalid schedule: ${first?.path}: ${first?.message}${more}`,
      validated.issues.slice(0, 100),
    );
  }
  if (input.meetingId !== undefined && !isObjectId(input.meetingId)) {
    throw new AppError(400, ErrorCode.invalidObjectId, invalidObjectIdMessage(input.meetingId));
  }
  const plan = planImport(validated.value);
  const report = input.onProgress ?? (() => {});
  const total = plan.sessions.length;

  const run = inTransaction(deps.db, async (db) => {
    const { meetingId, isMeetingCreated } = await saveMeeting(db, plan, input.meetingId);
    report(0, total);
    const stored = await findProgrammeForImport(db, meetingId);
    const rooms = await saveRooms(db, meetingId, plan, stored);
    const tracks = await saveTracks(db, meetingId, plan, stored);
    const speakers = await saveSpeakers(db, meetingId, plan, stored);
    const sessions = await saveSessions(db, meetingId, plan, stored, { rooms, tracks, speakers }, report);
    // Deletions last: sessions first release their rooms and tracks.
    await markAgendasDeleted(db, sessions.removedIds);
    await markSpeakersDeleted(db, speakers.removedIds);
    await deleteRooms(db, rooms.removedIds);
    await deleteTracks(db, tracks.removedIds);
    const result: ImportSummary = {
      meetingId,
      isMeetingCreated,
      sessions: sessions.counts,
      speakers: speakers.counts,
      rooms: rooms.counts,
      tracks: tracks.counts,
    };
    if (input.withChanges || input.dryRun) {
      result.changes = {
        sessions: sessions.names,
        speakers: speakers.names,
        rooms: rooms.names,
        tracks: tracks.names,
      };
    }
    if (input.dryRun) throw new DryRunRollback(result);
    return result;
  });
  let summary: ImportSummary;
  try {
    summary = await run;
  } catch (error) {
    if (error instanceof DryRunRollback) return error.summary;
    throw error;
  }
  // Fresh planner statistics after a bulk write: PGlite runs no autovacuum, and without them the
  // planner guesses one row per table and picks nested loops (measured 4.6 → 2.7 ms for a session
  // list's speakers). Outside the transaction: ANALYZE needs no atomicity and must see the commit.
  await analyzeProgrammeTables(deps.db);
  report(total, total);
  return summary;
}

async function saveMeeting(
  db: Database,
  plan: ImportPlan,
  meetingId: string | undefined,
): Promise<{ meetingId: string; isMeetingCreated: boolean }> {
  const { meeting } = plan;
  // An existing meeting keeps its own title, description, acronym and time zone (admins edit and
  // translate them); the import owns its programme, its schedule meta and its start/end.
  const programme = { schedule: meeting.schedule, start: meeting.start, end: meeting.end };
  if (meetingId !== undefined) {
    const existing = await findMeeting(db, meetingId);
    if (!existing || existing.deleted === 1) {
      throw new AppError(404, ErrorCode.notFound, `Meeting ${meetingId} not found`);
    }
    await updateMeeting(db, meetingId, programme);
    return { meetingId, isMeetingCreated: false };
  }
  const matches = meeting.acronym === '' ? [] : await findImportedMeetingIds(db, meeting.acronym);
  if (matches.length > 1) {
    throw new AppError(
      409,
      'ambiguous_meeting',
      `Several meetings hold a schedule with acronym "${meeting.acronym}" (${matches.join(', ')}); give the meeting id`,
    );
  }
  const [match] = matches;
  if (match) {
    await updateMeeting(db, match, programme);
    return { meetingId: match, isMeetingCreated: false };
  }
  const id = newId();
  await insertMeeting(db, {
    id,
    title: meeting.title,
    description: meeting.description,
    acronym: meeting.acronym,
    timeZone: meeting.timeZone,
    ...programme,
  });
  return { meetingId: id, isMeetingCreated: true };
}

/** What saving one kind of row produced: counts, row id by identity (name or source key), ids to remove. */
type Saved = { counts: ChangeCounts; names: ChangeNames; idByKey: Map<string, string>; removedIds: string[] };

const names = (): ChangeNames => ({ added: [], changed: [], removed: [] });

async function saveRooms(
  db: Database,
  meetingId: string,
  plan: ImportPlan,
  stored: StoredProgramme,
): Promise<Saved> {
  const result: Saved = { counts: counts(), names: names(), idByKey: new Map(), removedIds: [] };
  const existingByName = new Map(stored.rooms.map((room) => [room.name, room]));
  const rows: RoomInsert[] = [];
  for (const room of plan.rooms) {
    const existing = existingByName.get(room.name);
    // A room only named inside days keeps what conference.rooms said about it earlier.
    const described = room.listed ?? {
      guid: existing?.guid ?? null,
      slug: existing?.slug ?? null,
      type: existing?.type ?? null,
      description: existing?.description ?? null,
      capacity: existing?.capacity ?? null,
      extra: existing?.extra ?? {},
    };
    const row = {
      id: existing?.id ?? newId(),
      meetingId,
      name: room.name,
      position: room.position,
      isListed: room.isListed,
      ...described,
    };
    result.idByKey.set(room.name, row.id);
    tally(result, rows, row, existing, roomKeys, room.name);
  }
  await upsertRooms(db, rows, roomKeys);
  const planned = new Set(plan.rooms.map((room) => room.name));
  const removedRooms = stored.rooms.filter((room) => !planned.has(room.name));
  result.removedIds = removedRooms.map((room) => room.id);
  result.names.removed = removedRooms.map((room) => room.name);
  result.counts.removed = result.removedIds.length;
  return result;
}

async function saveTracks(
  db: Database,
  meetingId: string,
  plan: ImportPlan,
  stored: StoredProgramme,
): Promise<Saved> {
  const result: Saved = { counts: counts(), names: names(), idByKey: new Map(), removedIds: [] };
  const existingByName = new Map(stored.tracks.map((track) => [track.name, track]));
  const rows: TrackInsert[] = [];
  for (const track of plan.tracks) {
    const existing = existingByName.get(track.name);
    // Slug and colour come from conference.tracks; without them a track keeps what it has.
    const row = {
      id: existing?.id ?? newId(),
      meetingId,
      name: track.name,
      position: track.position,
      slug: track.slug !== undefined ? track.slug : (existing?.slug ?? null),
      color: track.color !== undefined ? track.color : (existing?.color ?? null),
    };
    result.idByKey.set(track.name, row.id);
    tally(result, rows, row, existing, trackKeys, track.name);
  }
  await upsertTracks(db, rows, trackKeys);
  const planned = new Set(plan.tracks.map((track) => track.name));
  const removedTracks = stored.tracks.filter((track) => !planned.has(track.name));
  result.removedIds = removedTracks.map((track) => track.id);
  result.names.removed = removedTracks.map((track) => track.name);
  result.counts.removed = result.removedIds.length;
  return result;
}

async function saveSpeakers(
  db: Database,
  meetingId: string,
  plan: ImportPlan,
  stored: StoredProgramme,
): Promise<Saved> {
  const result: Saved = { counts: counts(), names: names(), idByKey: new Map(), removedIds: [] };
  const existingByKey = new Map(stored.speakers.map((speaker) => [speaker.sourceKey ?? '', speaker]));
  const rows: SpeakerInsert[] = [];
  for (const speaker of plan.speakers) {
    const existing = existingByKey.get(speaker.sourceKey);
    const { keepStored, ...fields } = speaker;
    const row = { id: existing?.id ?? newId(), meetingId, ...fields, deleted: 0 };
    if (existing) for (const column of keepStored) Object.assign(row, { [column]: existing[column] });
    result.idByKey.set(speaker.sourceKey, row.id);
    tally(result, rows, row, existing, speakerKeys, speaker.name);
  }
  await upsertSpeakers(db, rows, speakerKeys);
  const planned = new Set(plan.speakers.map((speaker) => speaker.sourceKey));
  const removedSpeakers = stored.speakers.filter(
    (speaker) => speaker.deleted === 0 && !planned.has(speaker.sourceKey ?? ''),
  );
  result.removedIds = removedSpeakers.map((speaker) => speaker.id);
  result.names.removed = removedSpeakers.map((speaker) => speaker.name);
  result.counts.removed = result.removedIds.length;
  return result;
}

async function saveSessions(
  db: Database,
  meetingId: string,
  plan: ImportPlan,
  stored: StoredProgramme,
  saved: { rooms: Saved; tracks: Saved; speakers: Saved },
  report: (done: number, total: number) => void,
): Promise<{ counts: ChangeCounts; names: ChangeNames; removedIds: string[] }> {
  const result = { counts: counts(), names: names(), removedIds: [] as string[] };
  const existingByGuid = new Map(stored.agendas.map((agenda) => [agenda.guid, agenda]));
  const storedLinks = new Map<string, AgendaSpeakerRow[]>();
  for (const link of stored.links) {
    const list = storedLinks.get(link.agendaId) ?? [];
    list.push(link);
    storedLinks.set(link.agendaId, list);
  }
  const rows: AgendaInsert[] = [];
  const links: AgendaSpeakerRow[] = [];
  const linkAgendaIds: string[] = [];
  for (const session of plan.sessions) {
    const { roomName, trackName, persons, ...fields } = session;
    const existing = existingByGuid.get(session.guid);
    const row = {
      id: existing?.id ?? newId(),
      meetingId,
      ...fields,
      roomId: saved.rooms.idByKey.get(roomName) ?? null,
      trackId: trackName ? (saved.tracks.idByKey.get(trackName) ?? null) : null,
      deleted: 0,
    };
    const rowLinks = persons.map((person) => ({
      agendaId: row.id,
      speakerId: saved.speakers.idByKey.get(person.sourceKey) ?? '',
      position: person.position,
      extra: person.extra,
    }));
    const before = (existing ? (storedLinks.get(existing.id) ?? []) : []).sort(
      (a, b) => a.position - b.position,
    );
    const isLinksSame = deepEqual(before, rowLinks);
    const isRowSame = existing !== undefined && isSame(existing, row, agendaKeys);
    if (!existing) {
      result.counts.created += 1;
      result.names.added.push(labelOf(session.title));
    } else if (isRowSame && isLinksSame) result.counts.unchanged += 1;
    else {
      result.counts.updated += 1;
      result.names.changed.push(labelOf(session.title));
    }
    if (!isRowSame) rows.push(row);
    if (!isLinksSame) {
      linkAgendaIds.push(row.id);
      links.push(...rowLinks);
    }
  }

  const total = plan.sessions.length;
  let done = total - rows.length;
  report(done, total);
  // About twenty batches, so the progress line moves; never more rows than a statement can bind.
  const chunkSize = Math.min(insertChunkSize, Math.max(25, Math.ceil(rows.length / 20)));
  for (let i = 0; i < rows.length; i += chunkSize) {
    const chunk = rows.slice(i, i + chunkSize);
    await upsertAgendas(db, chunk, agendaKeys);
    done += chunk.length;
    report(done, total);
  }
  await replaceAgendaSpeakers(db, linkAgendaIds, links);

  const planned = new Set(plan.sessions.map((session) => session.guid));
  const removedAgendas = stored.agendas.filter((agenda) => agenda.deleted === 0 && !planned.has(agenda.guid));
  result.removedIds = removedAgendas.map((agenda) => agenda.id);
  result.names.removed = removedAgendas.map((agenda) => labelOf(agenda.title));
  result.counts.removed = result.removedIds.length;
  return result;
}

function tally<R extends object>(
  saved: Pick<Saved, 'counts' | 'names'>,
  rows: R[],
  row: R,
  existing: object | undefined,
  keys: readonly string[],
  name: string,
): void {
  const { counts } = saved;
  if (!existing) {
    counts.created += 1;
    saved.names.added.push(name);
    rows.push(row);
  } else if (isSame(existing, row, keys)) {
    counts.unchanged += 1;
  } else {
    counts.updated += 1;
    saved.names.changed.push(name);
    rows.push(row);
  }
}

/**
 * GET /meetings/{id}/schedule.json (schedule interchange): the meeting's programme as a
 * c3voc schedule-JSON document — every non-deleted session (hidden ones included), its persons,
 * rooms, tracks and day boundaries, with what the import kept in `extra` given back. Valid against
 * `fixtures/schedule-json.schema.json`: values the source wrote invalidly are normalised (see
 * schedule.export-mapping.ts).
 * @throws 404 not_found when the meeting does not exist or is deleted
 */
export async function exportSchedule(deps: Deps, input: { meetingId: string }): Promise<ScheduleDocument> {
  const meeting = await findMeeting(deps.db, input.meetingId);
  if (!meeting || meeting.deleted === 1) throw notFound('Meeting');
  const programme = await findProgrammeForExport(deps.db, meeting.id);
  return buildScheduleDocument({
    meeting,
    rooms: programme.rooms,
    tracks: programme.tracks,
    sessions: programme.agendas,
    speakers: programme.speakers,
    links: programme.links,
  });
}
