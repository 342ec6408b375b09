import {
  type ConsoleMeeting,
  type CreateMeetingBody,
  ErrorCode,
  type MeetingConfig,
  type MeetingExhibition,
  type MeetingSettingsInput,
  type UpdateMeetingBody,
} from '@app/contracts';
import { isLanguage } from '@app/domain';
import type { ResponseCache } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { AppError, notFound } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { findMeetingById } from '../meetings/meetings.repository.ts';
import { toWireMeeting } from '../meetings/meetings.serializer.ts';
import { insertMeetingRole } from '../roles/roles.repository.ts';
import { addressOfUser, requireAdmin, requireCan } from '../roles/roles.service.ts';
import { importSchedule } from '../schedule/schedule.service.ts';
import { isTimeZone } from '../schedule/schedule.time.ts';
import {
  countMeetingTickets,
  insertMeetingRow,
  isDomainTaken,
  type MeetingInsert,
  type MeetingRow,
  updatedAtMs,
  updateMeetingRow,
} from './console-meetings.repository.ts';
import { readScheduleFile } from './console-meetings.schedule-file.ts';

/** What the console's meeting calls need: the database, the admin lists, the public response cache. */
export type ConsoleMeetingsDeps = {
  db: Database;
  config: Pick<Config, 'ADMIN_PHONES' | 'ADMIN_EMAILS'>;
  cache: Pick<ResponseCache, 'clear'>;
};

/** 400 validation_failed naming one body field (`body/<path>`). */
export function invalidField(path: string, message: string): AppError {
  return new AppError(400, ErrorCode.validation, `${path}: ${message}`, [{ path: `body/${path}`, message }]);
}

/** 409 conflict.stale: the record was saved by someone else since the caller read it. */
export function staleWrite(): AppError {
  return new AppError(409, ErrorCode.staleWrite, 'changed by someone else, reload');
}

/** 409 conflict.already_used naming the unique field taken. */
export function alreadyUsed(path: string, message: string): AppError {
  return new AppError(409, ErrorCode.alreadyUsed, message, [{ path: `body/${path}`, message }]);
}

/** A meeting row in its console wire form: §3 fields, `updated_at_ms`, `tickets_total`. */
export function toConsoleMeeting(row: MeetingRow, ticketsTotal: number): ConsoleMeeting {
  return { ...toWireMeeting(row), updated_at_ms: updatedAtMs(row.updatedAt), tickets_total: ticketsTotal };
}

async function answer(db: Database, row: MeetingRow): Promise<ConsoleMeeting> {
  return toConsoleMeeting(row, await countMeetingTickets(db, row.id));
}

const hostnamePattern =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const colourPattern = /^#[0-9a-f]{6}$/i;

/**
 * The normalised domain (lower-case host name) of an input, null to clear it.
 * @throws 400 validation_failed naming body/domain for a malformed host name; 409 conflict.already_used
 *   naming body/domain when another live meeting uses it
 */
async function checkedDomain(db: Database, domain: string, meetingId: string | null): Promise<string | null> {
  const value = domain.trim().toLowerCase();
  if (value === '') return null;
  if (!hostnamePattern.test(value)) {
    throw invalidField('domain', 'expected a host name such as expo.example.com');
  }
  if (await isDomainTaken(db, value, meetingId)) {
    throw alreadyUsed('domain', `The domain ${value} is already used by another meeting`);
  }
  return value;
}

function checkedConfig(
  input: NonNullable<MeetingSettingsInput['config']>,
  base: MeetingConfig,
): MeetingConfig {
  for (const key of ['theme_color', 'main_button_color'] as const) {
    const value = input[key];
    if (value !== undefined && value !== '' && !colourPattern.test(value)) {
      throw invalidField(`config/${key}`, 'expected a colour #rrggbb');
    }
  }
  const config: MeetingConfig = { ...base };
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) Object.assign(config, { [key]: value });
  }
  if (input.language !== undefined) {
    const unknown = Object.keys(input.language).find((code) => !isLanguage(code));
    if (unknown) throw invalidField('config/language', `unknown language ${unknown}`);
    const enabled = Object.fromEntries(Object.entries(input.language).filter(([, on]) => on === 1));
    if (Object.keys(enabled).length === 0)
      throw invalidField('config/language', 'enable at least one language');
    config.language = enabled;
  }
  for (const key of ['theme_color', 'main_button_color'] as const) {
    const value = config[key];
    if (value) config[key] = value.toLowerCase();
  }
  return config;
}

function mergedExhibition(
  input: NonNullable<MeetingSettingsInput['exhibition']>,
  base: MeetingExhibition,
): MeetingExhibition {
  const exhibition: MeetingExhibition = { ...base };
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) Object.assign(exhibition, { [key]: value });
  }
  return exhibition;
}

/**
 * The columns an input of §3 fields sets on top of `base` (the stored meeting, or defaults), checked:
 * host name and its uniqueness, IANA time zone, end ≥ start, colours #rrggbb, languages among the
 * twenty. @throws 400 validation_failed naming the field; 409 conflict.already_used (body/domain)
 */
async function settingsPatch(
  db: Database,
  input: MeetingSettingsInput,
  base: Pick<MeetingRow, 'start' | 'end' | 'config' | 'exhibition'>,
  meetingId: string | null,
): Promise<Partial<MeetingInsert>> {
  const patch: Partial<MeetingInsert> = {};
  if (input.title !== undefined) {
    const texts = typeof input.title === 'string' ? [input.title] : Object.values(input.title);
    if (!texts.some((text) => text.trim() !== '')) throw invalidField('title', 'This is a required field');
    patch.title = input.title;
  }
  if (input.domain !== undefined) patch.domain = await checkedDomain(db, input.domain, meetingId);
  if (input.time_zone !== undefined) {
    if (!isTimeZone(input.time_zone) || input.time_zone.trim() === '') {
      throw invalidField('time_zone', 'expected an IANA time zone such as Asia/Shanghai');
    }
    patch.timeZone = input.time_zone;
  }
  if (input.start !== undefined) patch.start = new Date(input.start * 1000);
  if (input.end !== undefined) patch.end = new Date(input.end * 1000);
  const start = patch.start ?? base.start;
  const end = patch.end ?? base.end;
  if (end.getTime() < start.getTime()) throw invalidField('end', 'the end is before the start');
  if (input.cover !== undefined) patch.cover = input.cover;
  if (input.limits !== undefined) patch.limitsType = input.limits.type;
  if (input.allow_guest_view !== undefined) patch.allowGuestView = input.allow_guest_view;
  if (input.appointments !== undefined) patch.appointments = input.appointments;
  if (input.config !== undefined) patch.config = checkedConfig(input.config, base.config);
  if (input.exhibition !== undefined) patch.exhibition = mergedExhibition(input.exhibition, base.exhibition);
  return patch;
}

/** The settings of a meeting that a copy takes (§3; not its domain, title, dates or programme). */
function copiedSettings(source: MeetingRow): Partial<MeetingInsert> {
  return {
    timeZone: source.timeZone,
    cover: source.cover,
    limitsType: source.limitsType,
    allowGuestView: source.allowGuestView,
    appointments: source.appointments,
    config: source.config,
    exhibition: source.exhibition,
    venue: source.venue,
  };
}

function dayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * POST /console/meetings (platform administrators, DESIGN §7 `platform.*`): creates a meeting
 * - blank: from the fields (title required; start and end default to today);
 * - schedule: from a frab/pretalx schedule JSON file, imported with the code `npm run import` runs
 *   (title and time zone from the file unless given);
 * - copy: with the settings (config, exhibition, cover, access, time zone) of `copy_from`, which the
 *   caller must be able to read; the body's fields override.
 * The creator's phone (else e-mail) becomes the meeting's owner in the same transaction, with the
 * audit row. @returns the meeting in its console form
 * @throws 403 no_permission (not an administrator, or `copy_from` not readable); 400 validation_failed
 *   naming the field, invalid_schedule with `data.errors` by line; 404 not_found (copy_from); 409
 *   conflict.already_used naming body/domain
 */
export async function createMeeting(
  deps: ConsoleMeetingsDeps,
  input: { userId: string; body: CreateMeetingBody },
): Promise<ConsoleMeeting> {
  await requireAdmin(deps, input.userId);
  const { source, schedule, copy_from: copyFrom, ...fields } = input.body;
  let document: unknown;
  let base: Partial<MeetingInsert> = {};
  if (source === 'schedule') {
    if (!schedule) throw invalidField('schedule', 'This is a required field');
    document = readScheduleFile(schedule);
    const conference = (document as { schedule: { conference: { title: string; time_zone_name?: string } } })
      .schedule.conference;
    base = { title: { en: conference.title }, timeZone: conference.time_zone_name ?? 'UTC' };
  } else if (source === 'copy') {
    if (!copyFrom) throw invalidField('copy_from', 'This is a required field');
    await requireCan(deps, { userId: input.userId, meetingId: copyFrom, action: 'meeting.read' });
    const copied = await findMeetingById(deps.db, copyFrom);
    if (!copied) throw notFound('Meeting');
    base = copiedSettings(copied);
  }
  if (source !== 'schedule' && fields.title === undefined)
    throw invalidField('title', 'This is a required field');
  const today = dayStart(new Date());
  const defaults = {
    start: today,
    end: new Date(today.getTime() + 86_400_000 - 1000),
    config: (base.config ?? {}) as MeetingConfig,
    exhibition: (base.exhibition ?? {}) as MeetingExhibition,
  };
  const patch = await settingsPatch(deps.db, fields, defaults, null);
  const address = await addressOfUser(deps.db, input.userId);
  const id = newId();
  const created = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: id,
      action: 'platform.meetings',
      entity: 'meeting',
      entityId: id,
    },
    async (tx) => {
      await insertMeetingRow(tx, {
        id,
        title: '',
        start: defaults.start,
        end: defaults.end,
        ...base,
        ...patch,
      });
      if (address && (address.phone || address.email)) {
        await insertMeetingRole(tx, {
          id: newId(),
          meetingId: id,
          role: 'owner',
          ...(address.phone ? { phone: address.phone } : { email: address.email }),
          invitedBy: input.userId,
        });
      }
      if (document !== undefined) await importSchedule({ db: tx }, { document, meetingId: id });
      const row = await findMeetingById(tx, id);
      if (!row) throw new Error('created meeting not found');
      const after = toConsoleMeeting(row, 0);
      return { result: after, before: null, after: { source, copy_from: copyFrom ?? null, ...after } };
    },
  );
  deps.cache.clear();
  return created;
}

/**
 * GET /console/meetings/{meeting_id}: the meeting's settings (deleted ones too, for restoring).
 * @throws 403 no_permission (needs meeting.read); 404 not_found
 */
export async function getMeeting(
  deps: ConsoleMeetingsDeps,
  input: { userId: string; meetingId: string },
): Promise<ConsoleMeeting> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'meeting.read' });
  const row = await findMeetingById(deps.db, input.meetingId);
  if (!row) throw notFound('Meeting');
  return answer(deps.db, row);
}

/**
 * Runs one audited change of a meeting guarded by its `updated_at` (`expectedMs`; undefined: none).
 * @throws 404 not_found; 409 conflict.stale when the meeting changed since it was read
 */
async function changeMeeting(
  deps: ConsoleMeetingsDeps,
  input: { userId: string; meetingId: string; action: 'meeting.update' | 'meeting.archive'; what: string },
  expectedMs: number | undefined,
  makePatch: (tx: Database, before: MeetingRow) => Promise<Partial<MeetingInsert>>,
): Promise<ConsoleMeeting> {
  const result = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: input.action,
      entity: 'meeting',
      entityId: input.meetingId,
    },
    async (tx) => {
      const before = await findMeetingById(tx, input.meetingId);
      if (!before) throw notFound('Meeting');
      const patch = await makePatch(tx, before);
      const row = await updateMeetingRow(tx, input.meetingId, patch, expectedMs);
      if (!row) throw staleWrite();
      const after = await answer(tx, row);
      return {
        result: after,
        before: { what: input.what, ...toWireMeeting(before) },
        after: { what: input.what, ...after },
      };
    },
  );
  deps.cache.clear();
  return result;
}

/**
 * PUT /console/meetings/{meeting_id}: edits the meeting's §3 fields (config and exhibition merge into
 * what is stored). @throws 403 no_permission (meeting.update); 400 validation_failed naming the field;
 * 404 not_found; 409 conflict.stale, conflict.already_used naming body/domain
 */
export async function updateMeeting(
  deps: ConsoleMeetingsDeps,
  input: { userId: string; meetingId: string; body: UpdateMeetingBody },
): Promise<ConsoleMeeting> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'meeting.update' });
  const { updated_at_ms: expectedMs, ...fields } = input.body;
  return changeMeeting(
    deps,
    { ...input, action: 'meeting.update', what: 'update' },
    expectedMs,
    (tx, before) => settingsPatch(tx, fields, before, input.meetingId),
  );
}

/**
 * POST /console/meetings/{meeting_id}/archive: sets `old` (1 archived, 0 not).
 * @throws 403 no_permission (meeting.archive); 404 not_found; 409 conflict.stale
 */
export async function archiveMeeting(
  deps: ConsoleMeetingsDeps,
  input: { userId: string; meetingId: string; old: number; updatedAtMs: number },
): Promise<ConsoleMeeting> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'meeting.archive' });
  return changeMeeting(
    deps,
    { ...input, action: 'meeting.archive', what: input.old === 1 ? 'archive' : 'unarchive' },
    input.updatedAtMs,
    async () => ({ old: input.old }),
  );
}

/**
 * DELETE /console/meetings/{meeting_id}: soft delete (deleted 1; restorable). A meeting with tickets
 * must be archived first. @throws 403 no_permission (meeting.archive); 404 not_found; 409
 * meeting.not_archived
 */
export async function deleteMeeting(
  deps: ConsoleMeetingsDeps,
  input: { userId: string; meetingId: string },
): Promise<ConsoleMeeting> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'meeting.archive' });
  return changeMeeting(
    deps,
    { ...input, action: 'meeting.archive', what: 'delete' },
    undefined,
    async (tx, before) => {
      if (before.old === 0 && (await countMeetingTickets(tx, before.id)) > 0) {
        throw new AppError(
          409,
          ErrorCode.meetingNotArchived,
          'The meeting has registrations: archive it before deleting it',
        );
      }
      return { deleted: 1 };
    },
  );
}

/**
 * POST /console/meetings/{meeting_id}/restore: takes a meeting out of the bin (deleted 0).
 * @throws 403 no_permission (meeting.archive); 404 not_found; 409 conflict.already_used naming
 *   body/domain when a live meeting took its domain meanwhile
 */
export async function restoreMeeting(
  deps: ConsoleMeetingsDeps,
  input: { userId: string; meetingId: string },
): Promise<ConsoleMeeting> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'meeting.archive' });
  return changeMeeting(
    deps,
    { ...input, action: 'meeting.archive', what: 'restore' },
    undefined,
    async (tx, before) => {
      if (before.domain && (await isDomainTaken(tx, before.domain, before.id))) {
        throw alreadyUsed('domain', `The domain ${before.domain} is now used by another meeting`);
      }
      return { deleted: 0 };
    },
  );
}
