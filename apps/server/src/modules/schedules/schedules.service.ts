import { randomBytes } from 'node:crypto';
import type { CalendarFeed, CreateSlotBody, ScheduleEntry, ScheduleListQuerystring } from '@app/contracts';
import { appointmentWindow } from '@app/domain/appointments';
import { base32nopad } from '@scure/base';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { exclusionViolation, violatedConstraintOf } from '../../db/pg-errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unix } from '../../db/wire.ts';
import { noPermission, notFound } from '../../errors.ts';
import { lockSchedule } from '../appointments/appointments.repository.ts';
import { personalCalendarEvents } from '../bookmarks/bookmarks.calendar.ts';
import { findBinding, findExhibitorOfEnterprise } from '../exhibitors/exhibitors.repository.ts';
import { publicBase, publicLink } from '../shared/public-links.ts';
import { findUserById } from '../users/users.repository.ts';
import { renderCalendar } from './schedules.calendar.ts';
import { slotBooked, slotOverlap, slotTimeRefused } from './schedules.errors.ts';
import {
  type CalendarFeedRow,
  countScheduleRows,
  ensureCalendarFeed,
  findCalendarEntryRows,
  findCalendarFeedByToken,
  findScheduleRows,
  insertScheduleRow,
  isSlotHeld,
  markScheduleDeleted,
  replaceCalendarFeedToken,
  type ScheduleFilter,
  type ScheduleRow,
} from './schedules.repository.ts';
import { toWireScheduleEntries } from './schedules.serializer.ts';

type Deps = { db: Database };
type FeedDeps = { db: Database; config: Pick<Config, 'PUBLIC_URL'> };

/** Default and largest page of GET /meeting/schedules. */
const defaultLimit = 50;
/** At most this many entries (the latest) in one iCalendar feed. */
const calendarEntryLimit = 2000;

type ListInput = ScheduleListQuerystring & { userId: string; now?: Date };

/**
 * Which rows a GET /meeting/schedules call may see (§7 Meetings, §3 Schedule, §6):
 * - `enterprise_id`: that enterprise's live slots starting after now (anyone logged in); their
 *   holding requests are shown only to that enterprise's bound exhibitor;
 * - `type=exhibitor`: the entries and slots of the enterprise the caller is bound to;
 * - otherwise the caller's own entries.
 * @throws 403 no_permission (type=exhibitor without a binding in the meeting)
 */
async function listScope(
  db: Database,
  input: ListInput,
  now: Date,
): Promise<{ filter: ScheduleFilter; isSlotOwner: boolean }> {
  const narrow = (kinds: ScheduleRow['kind'][]) =>
    input.kind ? kinds.filter((k) => k === input.kind) : kinds;
  const common = { meetingId: input.meeting_id, history: input.history, now };
  if (input.enterprise_id) {
    const binding = await findBinding(db, input.userId, input.meeting_id);
    return {
      filter: {
        ...common,
        owner: { enterpriseId: input.enterprise_id },
        kinds: narrow(['slot']),
        startsAfter: now,
      },
      isSlotOwner: binding?.enterpriseId === input.enterprise_id,
    };
  }
  if (input.type === 'exhibitor') {
    const binding = await findBinding(db, input.userId, input.meeting_id);
    if (!binding?.enterpriseId) throw noPermission();
    return {
      filter: {
        ...common,
        owner: { enterpriseId: binding.enterpriseId },
        kinds: narrow(['appointment', 'slot']),
      },
      isSlotOwner: true,
    };
  }
  return {
    filter: { ...common, owner: { userId: input.userId }, kinds: narrow(['appointment']) },
    isSlotOwner: false,
  };
}

/**
 * GET /meeting/schedules (§7 Meetings, §3 Schedule): schedule entries and slots in a
 * meeting, soonest first (history=1: ended ones, latest first; history=0: those not ended yet),
 * `limit` (default 50) and `skip`. See listScope for whose rows; entries embed their appointment,
 * slots say is_booked. Times are unix seconds.
 * @throws 403 no_permission (type=exhibitor without a binding)
 */
export async function listSchedules(deps: Deps, input: ListInput): Promise<ScheduleEntry[]> {
  const now = input.now ?? new Date();
  const { filter, isSlotOwner } = await listScope(deps.db, input, now);
  const rows = await findScheduleRows(deps.db, filter, {
    limit: input.limit ?? defaultLimit,
    skip: input.skip ?? 0,
  });
  return toWireScheduleEntries(deps.db, rows, { userId: input.userId, now: unix(now), isSlotOwner });
}

/**
 * GET /meeting/schedules/count: how many rows listSchedules would list with the same filters.
 * @throws 403 no_permission (type=exhibitor without a binding)
 */
export async function countSchedules(deps: Deps, input: ListInput): Promise<{ total: number }> {
  const now = input.now ?? new Date();
  const { filter } = await listScope(deps.db, input, now);
  return { total: await countScheduleRows(deps.db, filter) };
}

/**
 * POST /enterprises/{id}/schedules (§7 Enterprises schedules, §5): the enterprise's bound
 * exhibitor in `body.meeting_id` publishes a bookable slot, typed as a date and two wall times in an
 * IANA zone and stored as UTC instants. Published slots of one enterprise never overlap: the
 * exclusion constraint decides, so two overlapping publishes at once give exactly one slot.
 * @throws 403 no_permission (not bound to this enterprise in the meeting); 404 not_found (the
 *   enterprise does not exhibit there); 400 appointment.date_required / time_required /
 *   time_zone_invalid / time_nonexistent / start_past / same_time / end_before_start;
 *   409 schedule.overlap
 */
export async function createSlot(
  deps: Deps,
  input: { userId: string; enterpriseId: string; body: CreateSlotBody; now?: Date },
): Promise<ScheduleEntry> {
  const now = input.now ?? new Date();
  const meetingId = input.body.meeting_id;
  const binding = await findBinding(deps.db, input.userId, meetingId);
  if (binding?.enterpriseId !== input.enterpriseId) throw noPermission();
  const exhibitor = await findExhibitorOfEnterprise(deps.db, meetingId, input.enterpriseId);
  if (!exhibitor || exhibitor.deleted === 1) throw notFound('Exhibitor');
  const window = appointmentWindow({
    date: input.body.date,
    startTime: input.body.start_time,
    endTime: input.body.end_time,
    timeZone: input.body.timezone,
    now: unix(now),
  });
  if (!window.ok) throw slotTimeRefused(window.refusal);
  let row: ScheduleRow;
  try {
    row = await insertScheduleRow(deps.db, {
      id: newId(),
      meetingId,
      kind: 'slot',
      enterpriseId: input.enterpriseId,
      start: new Date(window.start * 1000),
      end: new Date(window.end * 1000),
      timezone: input.body.timezone,
    });
  } catch (error) {
    if (violatedConstraintOf(error, exclusionViolation) === 'schedules_slot_no_overlap') throw slotOverlap();
    throw error;
  }
  const [entry] = await toWireScheduleEntries(deps.db, [row], {
    userId: input.userId,
    now: unix(now),
    isSlotOwner: true,
  });
  if (!entry) throw new Error('slot serialisation returned nothing');
  return entry;
}

/**
 * DELETE /enterprises/{id}/schedules/{schedule_id} (§7 Enterprises schedules): the bound
 * exhibitor withdraws a published slot. One transaction: the slot row is locked first (a booking of
 * it locks the same row), then a live request holding it is looked for, so withdrawing and booking
 * never both succeed.
 * @throws 404 not_found (no such live slot of this enterprise); 403 no_permission (not its bound
 *   exhibitor); 409 schedule.booked (an applying or accepted request holds it)
 */
export async function deleteSlot(
  deps: Deps,
  input: { userId: string; enterpriseId: string; scheduleId: string },
): Promise<{ deleted: 1 }> {
  return inTransaction(deps.db, async (tx) => {
    const slot = await lockSchedule(tx, input.scheduleId);
    if (slot?.kind !== 'slot' || slot.deleted === 1 || slot.enterpriseId !== input.enterpriseId) {
      throw notFound('Schedule');
    }
    const binding = await findBinding(tx, input.userId, slot.meetingId);
    if (binding?.enterpriseId !== input.enterpriseId) throw noPermission();
    if (await isSlotHeld(tx, slot.id)) throw slotBooked();
    await markScheduleDeleted(tx, slot.id);
    return { deleted: 1 as const };
  });
}

/** A new feed secret: 32 random bytes, base32 without padding, lower-case (52 characters). */
function newFeedToken(): string {
  return base32nopad.encode(randomBytes(32)).toLowerCase();
}

function toWireFeed(config: Pick<Config, 'PUBLIC_URL'>, row: CalendarFeedRow): CalendarFeed {
  const url = publicLink(config, `/api/calendars/${row.token}.ics`);
  return { url, webcal_url: url.replace(/^https?:\/\//, 'webcal://'), created: unix(row.createdAt) };
}

/**
 * GET /meeting/schedules/calendar: the caller's secret feed address
 * (`${PUBLIC_URL}/api/calendars/<secret>.ics` and its webcal:// twin), created on the first call;
 * concurrent first calls answer the same address.
 */
export async function getCalendarFeed(deps: FeedDeps, input: { userId: string }): Promise<CalendarFeed> {
  const row = await ensureCalendarFeed(deps.db, { userId: input.userId, token: newFeedToken() });
  return toWireFeed(deps.config, row);
}

/**
 * POST /meeting/schedules/calendar: a new secret for the caller's feed; the old
 * address answers 404 from now on.
 */
export async function resetCalendarFeed(deps: FeedDeps, input: { userId: string }): Promise<CalendarFeed> {
  const row = await replaceCalendarFeedToken(deps.db, { userId: input.userId, token: newFeedToken() });
  return toWireFeed(deps.config, row);
}

/**
 * GET /api/calendars/{secret}.ics (public): the secret's owner's schedule as an
 * iCalendar document — their own entries in every meeting and the entries of each enterprise they
 * are bound to there, plus their bookmarked sessions and registered activities (§2 /my/schedules);
 * deleted ones left out (see renderCalendar for the events).
 * @throws 404 not_found (unknown or replaced secret)
 */
export async function getCalendarFile(deps: FeedDeps, input: { file: string }): Promise<string> {
  const token = input.file.replace(/\.ics$/, '').toLowerCase();
  const feed = await findCalendarFeedByToken(deps.db, token);
  if (!feed) throw notFound('Calendar');
  const user = await findUserById(deps.db, feed.userId);
  const language = user?.language ?? null;
  const [entries, events] = await Promise.all([
    findCalendarEntryRows(deps.db, { userId: feed.userId, limit: calendarEntryLimit }),
    personalCalendarEvents(deps.db, { userId: feed.userId, language }),
  ]);
  return renderCalendar({
    userId: feed.userId,
    language,
    publicBase: publicBase(deps.config),
    entries,
    events,
  });
}
