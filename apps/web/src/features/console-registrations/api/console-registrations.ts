import type {
  AddRegistrantBody,
  addRegistrant,
  assignSeat,
  assignSeats,
  BulkResult,
  bulkReviewRegistrations,
  CheckinList,
  ConsoleRegistration,
  exportRegistrations,
  getRegistration,
  getRegistrationOptions,
  ImportResult,
  importRegistrants,
  listCheckins,
  listRegistrations,
  RegistrationDetail,
  RegistrationList,
  RegistrationOptions,
  reviewRegistration,
} from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { type RequestBody, serializeQuery } from '../../../lib/api/client.ts';
import { downloadFile } from '../../../lib/api/download-file.ts';

/**
 * The console's registrations calls (DESIGN §7) under /console/meetings/{meeting_id}/: the table,
 * one registration, review one or many (counted first), hand entry, seats, import, export and the
 * check-in list. 403 no_permission without registration.read / .review / .edit / .export; edits send
 * the `updated_at` (unix ms) they read and get 409 conflict.stale when it changed.
 */

/** The table's filters, as the address and the queries hold them ('' = any). */
export type RegistrationFilters = {
  status: string;
  activity_id: string;
  price_id: string;
  source_id: string;
  checked_in: string;
  input_by_admin: string;
  q: string;
};

export const emptyFilters: RegistrationFilters = {
  status: '',
  activity_id: '',
  price_id: '',
  source_id: '',
  checked_in: '',
  input_by_admin: '',
  q: '',
};

/** Rows a page of the table shows. */
export const pageSize = 50;

const defined = (filters: Partial<RegistrationFilters>) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '' && value !== undefined));

export const registrationsKey = (meetingId: string) => ['console-registrations', meetingId] as const;

/** GET …/registrations: one page of the filtered table, with the number matching. */
export const registrationsQuery = (meetingId: string, filters: RegistrationFilters, page: number) =>
  queryOptions({
    queryKey: [...registrationsKey(meetingId), 'list', filters, page],
    queryFn: () =>
      api.get<RegistrationList>(
        fillPath<typeof listRegistrations>('/console/meetings/:meeting_id/registrations', {
          meeting_id: meetingId,
        }),
        { ...defined(filters), limit: pageSize, skip: page * pageSize },
      ),
    placeholderData: keepPreviousData,
  });

/** GET …/registration-options: activities with their types, channels and questions. */
export const optionsQuery = (meetingId: string) =>
  queryOptions({
    queryKey: [...registrationsKey(meetingId), 'options'],
    queryFn: () =>
      api.get<RegistrationOptions>(
        fillPath<typeof getRegistrationOptions>('/console/meetings/:meeting_id/registration-options', {
          meeting_id: meetingId,
        }),
      ),
    staleTime: 60_000,
  });

/** GET …/registrations/{id}: one registration with its answers. */
export const registrationQuery = (meetingId: string, id: string) =>
  queryOptions({
    queryKey: [...registrationsKey(meetingId), 'one', id],
    queryFn: () =>
      api.get<RegistrationDetail>(
        fillPath<typeof getRegistration>('/console/meetings/:meeting_id/registrations/:id', {
          meeting_id: meetingId,
          id,
        }),
      ),
    staleTime: 0,
  });

/** GET …/checkins: approved registrations with the check-in counts. */
export const checkinsQuery = (
  meetingId: string,
  filters: { activity_id: string; checked_in: string; q: string },
  page: number,
) =>
  queryOptions({
    queryKey: [...registrationsKey(meetingId), 'checkins', filters, page],
    queryFn: () =>
      api.get<CheckinList>(
        fillPath<typeof listCheckins>('/console/meetings/:meeting_id/checkins', { meeting_id: meetingId }),
        { ...defined(filters), limit: pageSize, skip: page * pageSize },
      ),
    placeholderData: keepPreviousData,
  });

/** PUT …/registrations/{id}/review: approve (1) or reject (2) with a reason. */
export function reviewOne(
  meetingId: string,
  registration: ConsoleRegistration,
  status: 1 | 2,
  reason: string,
): Promise<ConsoleRegistration> {
  return api.put<ConsoleRegistration>(
    fillPath<typeof reviewRegistration>('/console/meetings/:meeting_id/registrations/:id/review', {
      meeting_id: meetingId,
      id: registration._id.$id,
    }),
    { status, reason: status === 2 ? reason : undefined, updated_at: registration.updated_at },
  );
}

/** What a bulk review selects: the ids ticked, or everything under review matching the filters. */
export type BulkSelection = { ids: string[] } | { filters: RegistrationFilters };

/** POST …/registrations/review: counts (`dryRun`) or reviews the selection. */
export function reviewMany(
  meetingId: string,
  selection: BulkSelection,
  status: 1 | 2,
  reason: string,
  dryRun: boolean,
): Promise<BulkResult> {
  const picked: RequestBody =
    'ids' in selection
      ? { ids: selection.ids.join(',') }
      : (() => {
          const { status: _status, checked_in: _checkedIn, ...rest } = selection.filters;
          return defined(rest) as RequestBody;
        })();
  return api.post<BulkResult>(
    fillPath<typeof bulkReviewRegistrations>('/console/meetings/:meeting_id/registrations/review', {
      meeting_id: meetingId,
    }),
    { ...picked, status, reason: status === 2 && reason ? reason : undefined, dry_run: dryRun ? 1 : 0 },
  );
}

/** A hand entry's answers as qs-bracketed form fields (`data[q1]`, `data[q2][area_code]`). */
function answerFields(data: AddRegistrantBody['data']): RequestBody {
  const fields: RequestBody = {};
  for (const [id, value] of Object.entries(data)) {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) fields[`data[${id}][${i}]`] = item;
    } else if (value && typeof value === 'object') {
      for (const [key, part] of Object.entries(value)) fields[`data[${id}][${key}]`] = String(part);
    } else fields[`data[${id}]`] = value;
  }
  return fields;
}

/** POST …/registrations: adds a registrant by hand (input_by_admin). */
export function addByHand(meetingId: string, body: AddRegistrantBody): Promise<ConsoleRegistration> {
  return api.post<ConsoleRegistration>(
    fillPath<typeof addRegistrant>('/console/meetings/:meeting_id/registrations', { meeting_id: meetingId }),
    {
      activity_id: body.activity_id,
      price_id: body.price_id,
      source_id: body.source_id,
      seat_number: body.seat_number,
      ...answerFields(body.data),
    },
  );
}

/** PUT …/registrations/{id}/seat: sets or clears a seat. */
export function setSeat(meetingId: string, registration: ConsoleRegistration, seat: string) {
  return api.put<ConsoleRegistration>(
    fillPath<typeof assignSeat>('/console/meetings/:meeting_id/registrations/:id/seat', {
      meeting_id: meetingId,
      id: registration._id.$id,
    }),
    { seat_number: seat, updated_at: registration.updated_at },
  );
}

/** POST …/registrations/seats: numbers a ticket type's seats (`dryRun` counts). */
export function numberSeats(
  meetingId: string,
  input: { priceId: string; start: number; prefix: string; onlyEmpty: boolean },
  dryRun: boolean,
): Promise<BulkResult> {
  return api.post<BulkResult>(
    fillPath<typeof assignSeats>('/console/meetings/:meeting_id/registrations/seats', {
      meeting_id: meetingId,
    }),
    {
      price_id: input.priceId,
      start: input.start,
      prefix: input.prefix || undefined,
      only_empty: input.onlyEmpty ? 1 : 0,
      dry_run: dryRun ? 1 : 0,
    },
  );
}

/** The file's bytes as base64 (in slices, so a large file does not overflow the call stack). */
export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** POST …/registrations/import: checks (`dryRun`) or imports a CSV / XLSX file. */
export async function importFile(
  meetingId: string,
  input: { activityId: string; sourceId: string; file: File },
  dryRun: boolean,
): Promise<ImportResult> {
  return api.post<ImportResult>(
    fillPath<typeof importRegistrants>('/console/meetings/:meeting_id/registrations/import', {
      meeting_id: meetingId,
    }),
    {
      activity_id: input.activityId,
      source_id: input.sourceId || undefined,
      format: /\.xlsx$/i.test(input.file.name) ? 'xlsx' : 'csv',
      file: await fileBase64(input.file),
      dry_run: dryRun ? 1 : 0,
    },
  );
}

/**
 * GET …/registrations/export as a file the browser saves: signed like every call (Apikey,
 * Authorization), read as a blob — the typed client reads answers as text. @throws ApiError.
 */
export async function downloadExport(
  meetingId: string,
  filters: RegistrationFilters,
  format: 'csv' | 'xlsx',
  language: string,
): Promise<void> {
  const path = fillPath<typeof exportRegistrations>('/console/meetings/:meeting_id/registrations/export', {
    meeting_id: meetingId,
  });
  const query = serializeQuery({ ...defined(filters), format, lang: language });
  await downloadFile(`${path}?${query}`, `registrations.${format}`);
}
