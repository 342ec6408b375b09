import type {
  ConsoleProgramme,
  ConsoleRoom,
  ConsoleSession,
  ConsoleSpeaker,
  consoleCreateRoom,
  consoleCreateSession,
  consoleCreateSpeaker,
  consoleDeleteRoom,
  consoleDeleteSession,
  consoleDeleteSpeaker,
  consoleExportCalendar,
  consoleExportSchedule,
  consoleGetProgramme,
  consoleImportSchedule,
  consolePreviewSchedule,
  consoleUpdateRoom,
  consoleUpdateSession,
  consoleUpdateSpeaker,
  RoomInput,
  SchedulePreview,
  SessionInput,
  SpeakerInput,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { bracketBody, type NestedValue } from '../../../lib/api/bracket-body.ts';

const base = (meetingId: string) => ({ meeting_id: meetingId });

/** Query key of a meeting's programme lists. */
export const programmeKey = (meetingId: string) => ['console', 'programme', meetingId] as const;

/** GET …/programme: sessions by start, speakers, rooms. 403 no_permission (programme.edit). */
export const programmeQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: programmeKey(meetingId),
    queryFn: () =>
      api.get<ConsoleProgramme>(
        fillPath<typeof consoleGetProgramme>('/console/meetings/:meeting_id/programme', base(meetingId)),
      ),
  });

/** POST …/programme/preview: what the file would add, change, remove; nothing written. 400 invalid_schedule. */
export function previewSchedule(meetingId: string, schedule: string): Promise<SchedulePreview> {
  return api.post<SchedulePreview>(
    fillPath<typeof consolePreviewSchedule>(
      '/console/meetings/:meeting_id/programme/preview',
      base(meetingId),
    ),
    { schedule },
  );
}

/** POST …/programme/import: imports the file. 400 invalid_schedule (`data.errors` by line), nothing changed. */
export function importSchedule(meetingId: string, schedule: string): Promise<SchedulePreview> {
  return api.post<SchedulePreview>(
    fillPath<typeof consoleImportSchedule>('/console/meetings/:meeting_id/programme/import', base(meetingId)),
    { schedule },
  );
}

/** GET …/programme/schedule.json: the export document (saved by the screen as a file). */
export function fetchScheduleJson(meetingId: string): Promise<unknown> {
  return api.get<unknown>(
    fillPath<typeof consoleExportSchedule>(
      '/console/meetings/:meeting_id/programme/schedule.json',
      base(meetingId),
    ),
  );
}

/** GET …/programme/calendar.ics: the iCalendar text (saved by the screen as a file). */
export function fetchCalendar(meetingId: string): Promise<string> {
  return api.get<string>(
    fillPath<typeof consoleExportCalendar>(
      '/console/meetings/:meeting_id/programme/calendar.ics',
      base(meetingId),
    ),
  );
}

const nested = (value: object) => bracketBody(value as Record<string, NestedValue>);

/** POST …/sessions. 400 validation_failed; 403. `speaker_ids` travels as a comma list. */
export function createSession(meetingId: string, body: SessionInput): Promise<ConsoleSession> {
  return api.post<ConsoleSession>(
    fillPath<typeof consoleCreateSession>('/console/meetings/:meeting_id/sessions', base(meetingId)),
    nested(body),
  );
}

/** PUT …/sessions/{id}. 400; 403; 404; 409 conflict.stale. */
export function updateSession(
  meetingId: string,
  id: string,
  body: SessionInput & { updated_at_ms: number },
): Promise<ConsoleSession> {
  return api.put<ConsoleSession>(
    fillPath<typeof consoleUpdateSession>('/console/meetings/:meeting_id/sessions/:id', {
      ...base(meetingId),
      id,
    }),
    nested(body),
  );
}

/** DELETE …/sessions/{id}. */
export function deleteSession(meetingId: string, id: string): Promise<{ ok: 1 }> {
  return api.delete<{ ok: 1 }>(
    fillPath<typeof consoleDeleteSession>('/console/meetings/:meeting_id/sessions/:id', {
      ...base(meetingId),
      id,
    }),
  );
}

/** POST …/speakers. */
export function createSpeaker(meetingId: string, body: SpeakerInput): Promise<ConsoleSpeaker> {
  return api.post<ConsoleSpeaker>(
    fillPath<typeof consoleCreateSpeaker>('/console/meetings/:meeting_id/speakers', base(meetingId)),
    nested(body),
  );
}

/** PUT …/speakers/{id}. 409 conflict.stale. */
export function updateSpeaker(
  meetingId: string,
  id: string,
  body: SpeakerInput & { updated_at_ms: number },
): Promise<ConsoleSpeaker> {
  return api.put<ConsoleSpeaker>(
    fillPath<typeof consoleUpdateSpeaker>('/console/meetings/:meeting_id/speakers/:id', {
      ...base(meetingId),
      id,
    }),
    nested(body),
  );
}

/** DELETE …/speakers/{id}. */
export function deleteSpeaker(meetingId: string, id: string): Promise<{ ok: 1 }> {
  return api.delete<{ ok: 1 }>(
    fillPath<typeof consoleDeleteSpeaker>('/console/meetings/:meeting_id/speakers/:id', {
      ...base(meetingId),
      id,
    }),
  );
}

/** POST …/rooms. 409 conflict.already_used (body/name). */
export function createRoom(meetingId: string, body: RoomInput): Promise<ConsoleRoom> {
  return api.post<ConsoleRoom>(
    fillPath<typeof consoleCreateRoom>('/console/meetings/:meeting_id/rooms', base(meetingId)),
    nested(body),
  );
}

/** PUT …/rooms/{id}. 409 conflict.already_used (body/name). */
export function updateRoom(meetingId: string, id: string, body: RoomInput): Promise<ConsoleRoom> {
  return api.put<ConsoleRoom>(
    fillPath<typeof consoleUpdateRoom>('/console/meetings/:meeting_id/rooms/:id', { ...base(meetingId), id }),
    nested(body),
  );
}

/** DELETE …/rooms/{id}. */
export function deleteRoom(meetingId: string, id: string): Promise<{ ok: 1 }> {
  return api.delete<{ ok: 1 }>(
    fillPath<typeof consoleDeleteRoom>('/console/meetings/:meeting_id/rooms/:id', { ...base(meetingId), id }),
  );
}
