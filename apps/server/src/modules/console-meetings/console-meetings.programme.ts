import { randomUUID } from 'node:crypto';
import type {
  ConsoleProgramme,
  ConsoleProgrammeActivity,
  ConsoleRoom,
  ConsoleSession,
  ConsoleSpeaker,
  RoomInput,
  SchedulePreview,
  SessionInput,
  SpeakerInput,
} from '@app/contracts';
import { toWireId } from '@app/contracts';
import { localize } from '@app/domain';
import { ICalCalendar } from 'ical-generator';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { flag, unix } from '../../db/wire.ts';
import { notFound } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { findMeetingById } from '../meetings/meetings.repository.ts';
import { requireCan } from '../roles/roles.service.ts';
import { exportSchedule, type ImportSummary, importSchedule } from '../schedule/schedule.service.ts';
import {
  deleteRoom,
  findActivityIds,
  findRoom,
  findSession,
  findSpeaker,
  findSpeakerIds,
  insertRoom,
  insertSession,
  insertSpeaker,
  isRoomNameTaken,
  listProgrammeActivities,
  listRooms,
  listSessions,
  listSpeakers,
  markSessionDeleted,
  markSpeakerDeleted,
  nextRoomPosition,
  type RoomRow,
  replaceSessionActivities,
  replaceSessionSpeakers,
  type SessionActivityLink,
  type SessionInsert,
  type SessionWithLinks,
  type SpeakerRow,
  updatedAtMs,
  updateRoom,
  updateSession,
  updateSpeaker,
} from './console-meetings.repository.ts';
import { readScheduleFile } from './console-meetings.schedule-file.ts';
import {
  alreadyUsed,
  type ConsoleMeetingsDeps,
  invalidField,
  staleWrite,
} from './console-meetings.service.ts';

/**
 * The console's programme (§3 Agenda, Speaker; schedule interchange): import a frab/pretalx schedule
 * JSON after a preview, export it and as iCalendar, and edit sessions, speakers and rooms by hand.
 * Every call needs `programme.edit`; every write is audited and clears the public response cache.
 */

type Caller = { userId: string; meetingId: string };

async function requireProgramme(deps: ConsoleMeetingsDeps, input: Caller): Promise<void> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'programme.edit' });
}

function toPreview(summary: ImportSummary): SchedulePreview {
  const list = (kind: 'sessions' | 'speakers' | 'rooms' | 'tracks') => ({
    ...(summary.changes?.[kind] ?? { added: [], changed: [], removed: [] }),
    unchanged: summary[kind].unchanged,
  });
  return {
    sessions: list('sessions'),
    speakers: list('speakers'),
    rooms: list('rooms'),
    tracks: list('tracks'),
  };
}

/**
 * POST …/programme/preview: what importing the file would add, change and remove, by name; runs the
 * import's own code in a transaction that is rolled back, so nothing is written.
 * @throws 403 no_permission; 400 invalid_schedule with `data.errors` by line; 404 not_found
 */
export async function previewSchedule(
  deps: ConsoleMeetingsDeps,
  input: Caller & { text: string },
): Promise<SchedulePreview> {
  await requireProgramme(deps, input);
  const document = readScheduleFile(input.text);
  const summary = await importSchedule(
    { db: deps.db },
    { document, meetingId: input.meetingId, dryRun: true },
  );
  return toPreview(summary);
}

/**
 * POST …/programme/import: imports the file into the meeting (importSchedule, the code of `npm run
 * import`), audited, all or nothing. @returns what was added, changed and removed
 * @throws 403 no_permission; 400 invalid_schedule with `data.errors` by line (nothing changed); 404
 */
export async function applySchedule(
  deps: ConsoleMeetingsDeps,
  input: Caller & { text: string },
): Promise<SchedulePreview> {
  await requireProgramme(deps, input);
  const document = readScheduleFile(input.text);
  const preview = await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action: 'programme.edit', entity: 'schedule' },
    async (tx) => {
      const summary = await importSchedule(
        { db: tx },
        { document, meetingId: input.meetingId, withChanges: true },
      );
      const result = toPreview(summary);
      return { result, before: null, after: result };
    },
  );
  deps.cache.clear();
  return preview;
}

/** GET …/programme/schedule.json: the schedule export. @throws 403 no_permission; 404 not_found */
export async function exportProgrammeJson(
  deps: ConsoleMeetingsDeps,
  input: Caller,
): Promise<Record<string, unknown>> {
  await requireProgramme(deps, input);
  return (await exportSchedule({ db: deps.db }, { meetingId: input.meetingId })) as unknown as Record<
    string,
    unknown
  >;
}

/**
 * GET …/programme/calendar.ics: the shown sessions as an iCalendar document (ical-generator), one
 * event per session with its room as location; instants in UTC.
 * @throws 403 no_permission; 404 not_found
 */
export async function exportProgrammeCalendar(
  deps: ConsoleMeetingsDeps,
  input: Caller & { publicBase: string },
): Promise<string> {
  await requireProgramme(deps, input);
  const meeting = await findMeetingById(deps.db, input.meetingId);
  if (!meeting) throw notFound('Meeting');
  const [sessions, rooms] = await Promise.all([
    listSessions(deps.db, meeting.id),
    listRooms(deps.db, meeting.id),
  ]);
  const roomNames = new Map(rooms.map((room) => [room.id, room.name]));
  const host = new URL(input.publicBase).host || 'localhost';
  const calendar = new ICalCalendar({
    name: localize(meeting.title),
    prodId: { company: host, product: 'programme' },
  });
  for (const session of sessions) {
    if (session.enableShow !== 1) continue;
    calendar.createEvent({
      id: `${session.id}@${host}`,
      start: session.start,
      end: session.end,
      summary: localize(session.title),
      description: localize(session.abstract) || null,
      location: session.roomId ? (roomNames.get(session.roomId) ?? null) : null,
    });
  }
  return calendar.toString();
}

function toConsoleSession(row: SessionWithLinks): ConsoleSession {
  return {
    _id: toWireId(row.id),
    title: row.title,
    abstract: row.abstract,
    type: row.type,
    start: unix(row.start),
    end: unix(row.end),
    room_id: row.roomId,
    speaker_ids: row.speakerIds,
    activities: row.activities.map((link) => ({
      activity_id: link.activityId,
      enable_show: flag(link.enableShow),
    })),
    enable_show: flag(row.enableShow),
    updated_at_ms: updatedAtMs(row.updatedAt),
  };
}

function toConsoleSpeaker(row: SpeakerRow): ConsoleSpeaker {
  return {
    _id: toWireId(row.id),
    name: row.name,
    work_title: row.workTitle,
    company: row.company,
    photo: row.photo,
    biography: row.biography,
    updated_at_ms: updatedAtMs(row.updatedAt),
  };
}

function toConsoleRoom(row: RoomRow): ConsoleRoom {
  return { _id: toWireId(row.id), name: row.name, capacity: row.capacity, position: row.position };
}

function toProgrammeActivity(
  row: Awaited<ReturnType<typeof listProgrammeActivities>>[number],
): ConsoleProgrammeActivity {
  return {
    _id: toWireId(row.id),
    title: row.title,
    start: unix(row.start),
    end: unix(row.end),
    enable_show: flag(row.enableShow),
    privacy: flag(row.privacy),
  };
}

/**
 * GET …/programme: sessions by start (with their placed activities), speakers, rooms, and the
 * meeting's live activities for the session editor's picker (programme.edit suffices: an editor may
 * lack activity.edit, which the activities console needs). @throws 403 no_permission
 */
export async function getProgramme(deps: ConsoleMeetingsDeps, input: Caller): Promise<ConsoleProgramme> {
  await requireProgramme(deps, input);
  const [sessions, speakers, rooms, activities] = await Promise.all([
    listSessions(deps.db, input.meetingId),
    listSpeakers(deps.db, input.meetingId),
    listRooms(deps.db, input.meetingId),
    listProgrammeActivities(deps.db, input.meetingId),
  ]);
  return {
    sessions: sessions.map(toConsoleSession),
    speakers: speakers.map(toConsoleSpeaker),
    rooms: rooms.map(toConsoleRoom),
    activities: activities.map(toProgrammeActivity),
  };
}

/** Runs an audited programme write and clears the public cache. */
async function programmeWrite<T>(
  deps: ConsoleMeetingsDeps,
  input: Caller & { entity: string; entityId?: string },
  work: (tx: Database) => Promise<{ result: T; before?: unknown; after?: unknown; entityId?: string }>,
): Promise<T> {
  const result = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'programme.edit',
      entity: input.entity,
      entityId: input.entityId ?? null,
    },
    work,
  );
  deps.cache.clear();
  return result;
}

function speakerIdsOf(value: SessionInput['speaker_ids']): string[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : value === '' ? [] : value.split(',');
  return [...new Set(list)];
}

/**
 * The activities a session body places, one entry per activity (the last one sent wins), or undefined
 * when the body leaves them as they are. @throws 400 validation_failed naming body/activities when one
 * is not a live activity of the meeting (§3 Agenda: a session links its own meeting's activities)
 */
async function activityLinksOf(
  tx: Database,
  meetingId: string,
  value: SessionInput['activities'],
): Promise<SessionActivityLink[] | undefined> {
  if (value === undefined) return undefined;
  const byId = new Map<string, number>();
  for (const item of value === '' ? [] : value) byId.set(item.activity_id, item.enable_show);
  const known = await findActivityIds(tx, meetingId, [...byId.keys()]);
  if (known.length !== byId.size) throw invalidField('activities', 'not an activity of this meeting');
  return [...byId].map(([activityId, enableShow]) => ({ activityId, enableShow }));
}

/**
 * Checks a session's room, speakers and activities belong to the meeting and its times; returns its
 * columns and links.
 */
async function sessionColumns(
  tx: Database,
  meetingId: string,
  body: SessionInput,
): Promise<{
  patch: Partial<SessionInsert>;
  speakerIds: string[] | undefined;
  activityLinks: SessionActivityLink[] | undefined;
}> {
  if (body.end < body.start) throw invalidField('end', 'the end is before the start');
  const patch: Partial<SessionInsert> = {
    title: body.title,
    start: new Date(body.start * 1000),
    end: new Date(body.end * 1000),
  };
  if (body.abstract !== undefined) patch.abstract = body.abstract;
  if (body.type !== undefined) patch.type = body.type;
  if (body.enable_show !== undefined) patch.enableShow = body.enable_show;
  if (body.room_id !== undefined) {
    if (body.room_id !== '' && !(await findRoom(tx, meetingId, body.room_id))) {
      throw invalidField('room_id', 'not a room of this meeting');
    }
    patch.roomId = body.room_id === '' ? null : body.room_id;
  }
  const speakerIds = speakerIdsOf(body.speaker_ids);
  if (speakerIds) {
    const known = await findSpeakerIds(tx, meetingId, speakerIds);
    if (known.length !== speakerIds.length)
      throw invalidField('speaker_ids', 'not a speaker of this meeting');
  }
  const activityLinks = await activityLinksOf(tx, meetingId, body.activities);
  return { patch, speakerIds, activityLinks };
}

/**
 * POST …/sessions: adds a session by hand (a new guid; the export includes it), with the activities
 * placed on it when `activities` is given.
 * @throws 403 no_permission; 400 validation_failed (end before start, room, speaker or activity of
 * another meeting)
 */
export async function createSession(
  deps: ConsoleMeetingsDeps,
  input: Caller & { body: SessionInput },
): Promise<ConsoleSession> {
  await requireProgramme(deps, input);
  const id = newId();
  return programmeWrite(deps, { ...input, entity: 'session', entityId: id }, async (tx) => {
    const { patch, speakerIds, activityLinks } = await sessionColumns(tx, input.meetingId, input.body);
    await insertSession(tx, {
      id,
      meetingId: input.meetingId,
      guid: randomUUID(),
      title: input.body.title,
      start: new Date(input.body.start * 1000),
      end: new Date(input.body.end * 1000),
      ...patch,
    });
    if (speakerIds) await replaceSessionSpeakers(tx, id, speakerIds);
    if (activityLinks) await replaceSessionActivities(tx, id, activityLinks);
    const row = await findSession(tx, input.meetingId, id);
    if (!row) throw notFound('Session');
    const after = toConsoleSession(row);
    return { result: after, before: null, after };
  });
}

/**
 * PUT …/sessions/{id}: edits a session while it still has the `updated_at_ms` the caller read; with
 * `activities`, replaces the activities placed on it (§3 Agenda: activities, each with enable_show).
 * The audit row holds the session before → after, placements included; the public cache is cleared.
 * @throws 403 no_permission; 400 validation_failed (body/activities: an activity of another meeting or
 * deleted); 404 not_found; 409 conflict.stale
 */
export async function editSession(
  deps: ConsoleMeetingsDeps,
  input: Caller & { id: string; body: SessionInput & { updated_at_ms: number } },
): Promise<ConsoleSession> {
  await requireProgramme(deps, input);
  const { updated_at_ms: expectedMs, ...body } = input.body;
  return programmeWrite(deps, { ...input, entity: 'session', entityId: input.id }, async (tx) => {
    const before = await findSession(tx, input.meetingId, input.id);
    if (!before) throw notFound('Session');
    const { patch, speakerIds, activityLinks } = await sessionColumns(tx, input.meetingId, body);
    const isUpdated = await updateSession(tx, {
      meetingId: input.meetingId,
      id: input.id,
      expectedMs,
      patch,
    });
    if (!isUpdated) throw staleWrite();
    if (speakerIds) await replaceSessionSpeakers(tx, input.id, speakerIds);
    if (activityLinks) await replaceSessionActivities(tx, input.id, activityLinks);
    const row = await findSession(tx, input.meetingId, input.id);
    if (!row) throw notFound('Session');
    const after = toConsoleSession(row);
    return { result: after, before: toConsoleSession(before), after };
  });
}

/** DELETE …/sessions/{id}: soft delete. @throws 403 no_permission; 404 not_found */
export async function removeSession(
  deps: ConsoleMeetingsDeps,
  input: Caller & { id: string },
): Promise<{ ok: 1 }> {
  await requireProgramme(deps, input);
  return programmeWrite(deps, { ...input, entity: 'session', entityId: input.id }, async (tx) => {
    const before = await findSession(tx, input.meetingId, input.id);
    if (!before || !(await markSessionDeleted(tx, input.meetingId, input.id))) throw notFound('Session');
    return { result: { ok: 1 as const }, before: toConsoleSession(before), after: null };
  });
}

function speakerColumns(body: SpeakerInput) {
  return {
    name: body.name,
    ...(body.work_title !== undefined ? { workTitle: body.work_title } : {}),
    ...(body.company !== undefined ? { company: body.company } : {}),
    ...(body.photo !== undefined ? { photo: body.photo } : {}),
    ...(body.biography !== undefined ? { biography: body.biography } : {}),
  };
}

/** POST …/speakers: adds a speaker by hand (no source key: re-imports leave them alone). @throws 403 */
export async function createSpeaker(
  deps: ConsoleMeetingsDeps,
  input: Caller & { body: SpeakerInput },
): Promise<ConsoleSpeaker> {
  await requireProgramme(deps, input);
  const id = newId();
  return programmeWrite(deps, { ...input, entity: 'speaker', entityId: id }, async (tx) => {
    const row = await insertSpeaker(tx, { id, meetingId: input.meetingId, ...speakerColumns(input.body) });
    const after = toConsoleSpeaker(row);
    return { result: after, before: null, after };
  });
}

/** PUT …/speakers/{id}. @throws 403 no_permission; 404 not_found; 409 conflict.stale */
export async function editSpeaker(
  deps: ConsoleMeetingsDeps,
  input: Caller & { id: string; body: SpeakerInput & { updated_at_ms: number } },
): Promise<ConsoleSpeaker> {
  await requireProgramme(deps, input);
  const { updated_at_ms: expectedMs, ...body } = input.body;
  return programmeWrite(deps, { ...input, entity: 'speaker', entityId: input.id }, async (tx) => {
    const before = await findSpeaker(tx, input.meetingId, input.id);
    if (!before) throw notFound('Speaker');
    const row = await updateSpeaker(tx, {
      meetingId: input.meetingId,
      id: input.id,
      expectedMs,
      patch: speakerColumns(body),
    });
    if (!row) throw staleWrite();
    const after = toConsoleSpeaker(row);
    return { result: after, before: toConsoleSpeaker(before), after };
  });
}

/** DELETE …/speakers/{id}: soft delete, off every session. @throws 403 no_permission; 404 not_found */
export async function removeSpeaker(
  deps: ConsoleMeetingsDeps,
  input: Caller & { id: string },
): Promise<{ ok: 1 }> {
  await requireProgramme(deps, input);
  return programmeWrite(deps, { ...input, entity: 'speaker', entityId: input.id }, async (tx) => {
    const before = await findSpeaker(tx, input.meetingId, input.id);
    if (!before || !(await markSpeakerDeleted(tx, input.meetingId, input.id))) throw notFound('Speaker');
    return { result: { ok: 1 as const }, before: toConsoleSpeaker(before), after: null };
  });
}

function roomColumns(body: RoomInput) {
  return {
    name: body.name,
    ...(body.capacity !== undefined ? { capacity: body.capacity === '' ? null : body.capacity } : {}),
    ...(body.position !== undefined ? { position: body.position } : {}),
  };
}

/** POST …/rooms. @throws 403 no_permission; 409 conflict.already_used naming body/name */
export async function createRoom(
  deps: ConsoleMeetingsDeps,
  input: Caller & { body: RoomInput },
): Promise<ConsoleRoom> {
  await requireProgramme(deps, input);
  const id = newId();
  return programmeWrite(deps, { ...input, entity: 'room', entityId: id }, async (tx) => {
    if (await isRoomNameTaken(tx, input.meetingId, input.body.name, null)) {
      throw alreadyUsed('name', `A room named ${input.body.name} exists`);
    }
    const row = await insertRoom(tx, {
      id,
      meetingId: input.meetingId,
      position: await nextRoomPosition(tx, input.meetingId),
      isListed: 1,
      ...roomColumns(input.body),
    });
    const after = toConsoleRoom(row);
    return { result: after, before: null, after };
  });
}

/** PUT …/rooms/{id}. @throws 403 no_permission; 404 not_found; 409 conflict.already_used (body/name) */
export async function editRoom(
  deps: ConsoleMeetingsDeps,
  input: Caller & { id: string; body: RoomInput },
): Promise<ConsoleRoom> {
  await requireProgramme(deps, input);
  return programmeWrite(deps, { ...input, entity: 'room', entityId: input.id }, async (tx) => {
    const before = await findRoom(tx, input.meetingId, input.id);
    if (!before) throw notFound('Room');
    if (await isRoomNameTaken(tx, input.meetingId, input.body.name, input.id)) {
      throw alreadyUsed('name', `A room named ${input.body.name} exists`);
    }
    const row = await updateRoom(tx, input.meetingId, input.id, roomColumns(input.body));
    if (!row) throw notFound('Room');
    const after = toConsoleRoom(row);
    return { result: after, before: toConsoleRoom(before), after };
  });
}

/** DELETE …/rooms/{id}: its sessions keep no room. @throws 403 no_permission; 404 not_found */
export async function removeRoom(
  deps: ConsoleMeetingsDeps,
  input: Caller & { id: string },
): Promise<{ ok: 1 }> {
  await requireProgramme(deps, input);
  return programmeWrite(deps, { ...input, entity: 'room', entityId: input.id }, async (tx) => {
    const before = await findRoom(tx, input.meetingId, input.id);
    if (!before || !(await deleteRoom(tx, input.meetingId, input.id))) throw notFound('Room');
    return { result: { ok: 1 as const }, before: toConsoleRoom(before), after: null };
  });
}
