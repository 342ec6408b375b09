import type {
  ConsoleMeeting,
  CreateMeetingBody,
  consoleArchiveMeeting,
  consoleCreateMeeting,
  consoleDeleteMeeting,
  consoleGetMeeting,
  consoleRestoreMeeting,
  consoleUpdateMeeting,
  MeetingSettingsInput,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';
import { bracketBody, type NestedValue } from '../../../lib/api/bracket-body.ts';

/** Query key of a meeting's console settings. */
export const meetingSettingsKey = (meetingId: string) => ['console', 'meeting-settings', meetingId] as const;

/** GET /console/meetings/{meeting_id}: §3 fields, updated_at_ms, tickets_total. 403 no_permission. */
export const meetingSettingsQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: meetingSettingsKey(meetingId),
    queryFn: () =>
      api.get<ConsoleMeeting>(
        fillPath<typeof consoleGetMeeting>('/console/meetings/:meeting_id', { meeting_id: meetingId }),
      ),
  });

const asNested = (value: object) => value as Record<string, NestedValue>;

/**
 * POST /console/meetings (administrators): blank, from a schedule file's text, or copying a
 * meeting's settings. Errors: 400 validation_failed / invalid_schedule (`data.errors` by line); 403
 * no_permission; 409 conflict.already_used (body/domain).
 */
export function createMeeting(body: CreateMeetingBody): Promise<ConsoleMeeting> {
  return api.post<ConsoleMeeting>(
    contractPath<typeof consoleCreateMeeting>('/console/meetings'),
    bracketBody(asNested(body)),
  );
}

/**
 * PUT /console/meetings/{meeting_id} with the `updated_at_ms` read. Errors: 400 validation_failed
 * naming the field; 403 no_permission; 409 conflict.stale, conflict.already_used (body/domain).
 */
export function updateMeeting(
  meetingId: string,
  updatedAtMs: number,
  fields: MeetingSettingsInput,
): Promise<ConsoleMeeting> {
  return api.put<ConsoleMeeting>(
    fillPath<typeof consoleUpdateMeeting>('/console/meetings/:meeting_id', { meeting_id: meetingId }),
    bracketBody({ ...asNested(fields), updated_at_ms: updatedAtMs }),
  );
}

/** POST …/archive: old 1 archives, 0 un-archives. Errors: 403 no_permission; 409 conflict.stale. */
export function archiveMeeting(meetingId: string, old: 0 | 1, updatedAtMs: number): Promise<ConsoleMeeting> {
  return api.post<ConsoleMeeting>(
    fillPath<typeof consoleArchiveMeeting>('/console/meetings/:meeting_id/archive', {
      meeting_id: meetingId,
    }),
    { old, updated_at_ms: updatedAtMs },
  );
}

/** DELETE /console/meetings/{meeting_id}: soft delete. Errors: 403; 409 meeting.not_archived. */
export function deleteMeeting(meetingId: string): Promise<ConsoleMeeting> {
  return api.delete<ConsoleMeeting>(
    fillPath<typeof consoleDeleteMeeting>('/console/meetings/:meeting_id', { meeting_id: meetingId }),
  );
}

/** POST …/restore. Errors: 403 no_permission; 409 conflict.already_used (body/domain). */
export function restoreMeeting(meetingId: string): Promise<ConsoleMeeting> {
  return api.post<ConsoleMeeting>(
    fillPath<typeof consoleRestoreMeeting>('/console/meetings/:meeting_id/restore', {
      meeting_id: meetingId,
    }),
  );
}
