import type {
  ConsoleMeeting,
  ConsoleReceptionGuestList,
  ConsoleReceptionStaff,
  consoleGetMeeting,
  createConsoleReceptionGuest,
  createConsoleReceptionPhase,
  deleteConsoleReceptionGuest,
  deleteConsoleReceptionPhase,
  exportConsoleReceptionGuests,
  getConsoleReceptionBoard,
  importConsoleReceptionGuests,
  listConsoleReceptionGuests,
  listConsoleReceptionPhases,
  listConsoleReceptionStaff,
  ReceptionBoard,
  ReceptionGuest,
  ReceptionImportReport,
  ReceptionPhase,
  reorderConsoleReceptionPhases,
  setConsoleReceptionStatus,
  updateConsoleReceptionGuest,
  updateConsoleReceptionPhase,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { bracketBody, type NestedValue } from '../../../lib/api/bracket-body.ts';
import { downloadFile } from '../../../lib/api/download-file.ts';

/**
 * The console's reception calls (DESIGN §7), typed from console-reception.contracts.ts: guests,
 * receptionists, import and export, phases with their forms, the board (reception.manage; the board
 * also reception.desk). Answers with `results` arrive unwrapped (the client's rule).
 */

/** Query keys of this area; every write refreshes `all(meetingId)`. */
export const receptionKeys = {
  all: (meetingId: string) => ['console', 'reception', meetingId] as const,
  guests: (meetingId: string, filters: GuestFilters, limit: number) =>
    ['console', 'reception', meetingId, 'guests', filters, limit] as const,
  phases: (meetingId: string) => ['console', 'reception', meetingId, 'phases'] as const,
  staff: (meetingId: string) => ['console', 'reception', meetingId, 'staff'] as const,
  board: (meetingId: string) => ['console', 'reception', meetingId, 'board'] as const,
};

/** Filters of the guest list ('' = not filtered). */
export type GuestFilters = { keyword: string; phaseId: string; status: string; staff: string };

const m = (meetingId: string) => ({ meeting_id: meetingId });

/** GET …/reception/guests: a page of guests (first `limit`). 403 no_permission. */
export const guestsQueryOptions = (meetingId: string, filters: GuestFilters, limit: number) =>
  queryOptions({
    queryKey: receptionKeys.guests(meetingId, filters, limit),
    queryFn: () =>
      api.get<ConsoleReceptionGuestList>(
        fillPath<typeof listConsoleReceptionGuests>(
          '/console/meetings/:meeting_id/reception/guests',
          m(meetingId),
        ),
        {
          keyword: filters.keyword || undefined,
          phase_id: filters.phaseId || undefined,
          status: filters.phaseId && filters.status ? filters.status : undefined,
          staff_user_id: filters.staff || undefined,
          limit,
        },
      ),
    placeholderData: (previous) => previous,
  });

/** GET …/reception/phases: the phases in order with forms and counts. */
export const phasesQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: receptionKeys.phases(meetingId),
    queryFn: () =>
      api.list<ReceptionPhase>(
        fillPath<typeof listConsoleReceptionPhases>(
          '/console/meetings/:meeting_id/reception/phases',
          m(meetingId),
        ),
      ),
  });

/** GET …/reception/staff: the meeting's receptionists with accounts. */
export const staffQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: receptionKeys.staff(meetingId),
    queryFn: () =>
      api.list<ConsoleReceptionStaff>(
        fillPath<typeof listConsoleReceptionStaff>(
          '/console/meetings/:meeting_id/reception/staff',
          m(meetingId),
        ),
      ),
  });

/** How often the board asks again, in ms. */
export const boardRefreshMs = 5_000;

/** GET …/reception/board, polled every 5 s. */
export const boardQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: receptionKeys.board(meetingId),
    queryFn: () =>
      api.get<ReceptionBoard>(
        fillPath<typeof getConsoleReceptionBoard>(
          '/console/meetings/:meeting_id/reception/board',
          m(meetingId),
        ),
      ),
    refetchInterval: boardRefreshMs,
  });

/** The fields of the guest dialog. */
export type GuestDraft = {
  name: string;
  title: string;
  description: string;
  photo: string;
  phone: string;
  areaCode: string;
  email: string;
  code: string;
  note: string;
  staffUserId: string;
  phaseIds: string[];
};

/**
 * POST (id null) or PUT …/reception/guests[/{id}]. An edit (`initial` = the draft the dialog opened
 * with) sends only the fields that changed — the PUT is a partial update — so a receptionist's edit
 * made while the dialog was open is not overwritten with the values it loaded (§3 Guest).
 * 400 phone.invalid / email.invalid; 404 reception.receptionist_not_found; 409 reception.guest_duplicate.
 */
export function saveGuest(
  meetingId: string,
  id: string | null,
  draft: GuestDraft,
  initial?: GuestDraft,
): Promise<ReceptionGuest> {
  const fields: Parameters<typeof bracketBody>[0] = {
    name: draft.name,
    title: draft.title,
    description: draft.description,
    photo: draft.photo,
    phone: draft.phone,
    area_code: draft.areaCode,
    email: draft.email,
    code: draft.code,
    note: draft.note,
    staff_user_id: draft.staffUserId,
    phase_ids: draft.phaseIds.length > 0 ? draft.phaseIds : '',
  };
  if (id && initial) {
    const same = (key: keyof GuestDraft) =>
      key === 'phaseIds'
        ? [...draft.phaseIds].sort().join() === [...initial.phaseIds].sort().join()
        : draft[key] === initial[key];
    const unchanged: [keyof GuestDraft, string[]][] = [
      ['name', ['name']],
      ['title', ['title']],
      ['description', ['description']],
      ['photo', ['photo']],
      ['email', ['email']],
      ['code', ['code']],
      ['note', ['note']],
      ['staffUserId', ['staff_user_id']],
      ['phaseIds', ['phase_ids']],
    ];
    for (const [key, wire] of unchanged) if (same(key)) for (const name of wire) delete fields[name];
    // The phone travels with its calling code: both or neither.
    if (same('phone') && same('areaCode')) {
      delete fields.phone;
      delete fields.area_code;
    }
  }
  const body = bracketBody(fields);
  return id
    ? api.put<ReceptionGuest>(
        fillPath<typeof updateConsoleReceptionGuest>('/console/meetings/:meeting_id/reception/guests/:id', {
          meeting_id: meetingId,
          id,
        }),
        body,
      )
    : api.post<ReceptionGuest>(
        fillPath<typeof createConsoleReceptionGuest>(
          '/console/meetings/:meeting_id/reception/guests',
          m(meetingId),
        ),
        body,
      );
}

/** DELETE …/reception/guests/{id}. 404 reception.guest_not_found. */
export function deleteGuest(meetingId: string, id: string): Promise<{ ok: 1 }> {
  return api.delete(
    fillPath<typeof deleteConsoleReceptionGuest>('/console/meetings/:meeting_id/reception/guests/:id', {
      meeting_id: meetingId,
      id,
    }),
  );
}

/** PUT …/reception/guests/{id}/phases/{phase_id}: the organiser's toggle (confirmed first). */
export function setStatus(
  meetingId: string,
  id: string,
  phaseId: string,
  status: 0 | 1,
): Promise<ReceptionGuest> {
  return api.put(
    fillPath<typeof setConsoleReceptionStatus>(
      '/console/meetings/:meeting_id/reception/guests/:id/phases/:phase_id',
      {
        meeting_id: meetingId,
        id,
        phase_id: phaseId,
      },
    ),
    { status },
  );
}

/** The file's bytes as base64 (in slices, so a large file does not overflow the call stack). */
async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** POST …/reception/import: the per-row report (`dryRun`), or the import. 400 reception.import_invalid. */
export async function importGuests(
  meetingId: string,
  file: File,
  dryRun: boolean,
): Promise<ReceptionImportReport> {
  return api.post<ReceptionImportReport>(
    fillPath<typeof importConsoleReceptionGuests>(
      '/console/meetings/:meeting_id/reception/import',
      m(meetingId),
    ),
    { file: await fileBase64(file), dry_run: dryRun ? 1 : 0 },
  );
}

/** GET …/reception/export as a file the browser saves (titles in `language`). */
export function downloadGuests(meetingId: string, language: string): Promise<void> {
  const path = fillPath<typeof exportConsoleReceptionGuests>(
    '/console/meetings/:meeting_id/reception/export',
    m(meetingId),
  );
  return downloadFile(`${path}?lang=${encodeURIComponent(language)}`, 'reception-guests.xlsx');
}

/** POST (id null) or PUT …/reception/phases[/{id}] with the whole form. 400 validation_failed. */
export function savePhase(
  meetingId: string,
  id: string | null,
  body: Record<string, NestedValue>,
): Promise<ReceptionPhase> {
  return id
    ? api.put<ReceptionPhase>(
        fillPath<typeof updateConsoleReceptionPhase>('/console/meetings/:meeting_id/reception/phases/:id', {
          meeting_id: meetingId,
          id,
        }),
        bracketBody(body),
      )
    : api.post<ReceptionPhase>(
        fillPath<typeof createConsoleReceptionPhase>(
          '/console/meetings/:meeting_id/reception/phases',
          m(meetingId),
        ),
        bracketBody(body),
      );
}

/** DELETE …/reception/phases/{id}. */
export function deletePhase(meetingId: string, id: string): Promise<{ ok: 1 }> {
  return api.delete(
    fillPath<typeof deleteConsoleReceptionPhase>('/console/meetings/:meeting_id/reception/phases/:id', {
      meeting_id: meetingId,
      id,
    }),
  );
}

/** PUT …/reception/phase-order: every phase once. */
export function reorderPhases(meetingId: string, ids: string[]): Promise<ReceptionPhase[]> {
  return api.put(
    fillPath<typeof reorderConsoleReceptionPhases>(
      '/console/meetings/:meeting_id/reception/phase-order',
      m(meetingId),
    ),
    bracketBody({ ids }),
  );
}

/** GET /console/meetings/{id}: the meeting's enabled languages (config.language) for phase titles. */
export const meetingQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['console', 'reception', 'meeting', meetingId] as const,
    queryFn: () =>
      api.get<ConsoleMeeting>(
        fillPath<typeof consoleGetMeeting>('/console/meetings/:meeting_id', { meeting_id: meetingId }),
      ),
    staleTime: 60_000,
  });
