import { zonedToUnix } from '@app/domain/appointments';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { exclusionViolation, violatedConstraintOf } from '../db/pg-errors.ts';
import { insertSchedules } from '../modules/appointments/appointments.repository.ts';
import { exhibitorAccounts } from '../modules/auth/auth.tables.ts';
import { meetings } from '../modules/meetings/meetings.tables.ts';
import { hasFutureSlot, type NewScheduleRow } from '../modules/schedules/schedules.repository.ts';
import { demoMeetingId } from './demo-meeting.data.ts';

/** The zone of the demo slots (the demo exhibitor's booth clock). */
export const demoSlotTimeZone = 'Asia/Shanghai';
/** Wall times of each day's demo slots in {@link demoSlotTimeZone}. */
export const demoSlotTimes: readonly [string, string][] = [
  ['10:00', '10:30'],
  ['10:30', '11:00'],
  ['14:00', '14:30'],
  ['14:30', '15:00'],
];
/** Days that get slots: the meeting's first three (dates in the slots' zone). */
const demoSlotDays = 3;

/** 'YYYY-MM-DD' of the day `days` after `now`'s date in `timeZone`. */
function dateAfter(now: Date, days: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const day = new Date(Date.UTC(part('year'), part('month') - 1, part('day') + days));
  return day.toISOString().slice(0, 10);
}

/** The date `days` after `date` ('YYYY-MM-DD'), plain calendar arithmetic. */
function nextDays(date: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * Publishes bookable slots for the demo meeting's exhibitor account `demo-exhibitor`:
 * {@link demoSlotTimes} on each of the meeting's first {@link demoSlotDays} days (from tomorrow
 * instead when the meeting starts today or has begun), so the demo booking form has times to pick
 * while the exhibition is on. Runs at every start-up and does nothing when the account (or its enterprise) is
 * missing or the enterprise already has a live slot starting after `now`; a data folder from before,
 * or one whose slots have passed, gets fresh ones. One lookup when there is nothing to do.
 * @returns the number of slots published (0 when skipped)
 */
export async function seedDemoSchedules(db: Database, now: Date = new Date()): Promise<number> {
  const [account] = await db
    .select({ enterpriseId: exhibitorAccounts.enterpriseId })
    .from(exhibitorAccounts)
    .where(
      and(
        eq(exhibitorAccounts.meetingId, demoMeetingId),
        eq(exhibitorAccounts.account, 'demo-exhibitor'),
        isNotNull(exhibitorAccounts.enterpriseId),
      ),
    )
    .limit(1);
  const enterpriseId = account?.enterpriseId;
  if (!enterpriseId) return 0;
  if (await hasFutureSlot(db, { meetingId: demoMeetingId, enterpriseId, now })) return 0;
  const [meeting] = await db
    .select({ start: meetings.start })
    .from(meetings)
    .where(eq(meetings.id, demoMeetingId))
    .limit(1);
  const tomorrow = dateAfter(now, 1, demoSlotTimeZone);
  const meetingDay = meeting ? dateAfter(meeting.start, 0, demoSlotTimeZone) : tomorrow;
  const first = meetingDay > tomorrow ? meetingDay : tomorrow;
  const rows: NewScheduleRow[] = [];
  for (let day = 0; day < demoSlotDays; day += 1) {
    const date = nextDays(first, day);
    for (const [from, to] of demoSlotTimes) {
      const start = zonedToUnix(date, from, demoSlotTimeZone);
      const end = zonedToUnix(date, to, demoSlotTimeZone);
      if (!start.ok || !end.ok || start.at * 1000 <= now.getTime()) continue;
      rows.push({
        id: newId(),
        meetingId: demoMeetingId,
        kind: 'slot',
        enterpriseId,
        start: new Date(start.at * 1000),
        end: new Date(end.at * 1000),
        timezone: demoSlotTimeZone,
      });
    }
  }
  try {
    await insertSchedules(db, rows);
  } catch (error) {
    // Another process published them at the same moment (or a slot the exhibitor made overlaps):
    // the demo has slots either way.
    if (violatedConstraintOf(error, exclusionViolation) === 'schedules_slot_no_overlap') return 0;
    throw error;
  }
  return rows.length;
}
