import type { Appointment, ScheduleEntry } from '@app/contracts';
import { toWireId } from '@app/contracts';
import { unixToZoned } from '@app/domain/appointments';
import type { Database } from '../../db/client.ts';
import { flag, unix, wireIdOrNull } from '../../db/wire.ts';
import { findAppointmentsByIds } from '../appointments/appointments.repository.ts';
import { toWireAppointments } from '../appointments/appointments.serializer.ts';
import {
  type AppointmentRow,
  findLiveAppointmentsOfSlots,
  type ScheduleRow,
} from './schedules.repository.ts';

/** Who reads the entries: `now` in unix seconds; `isSlotOwner` when the viewer is the slots' exhibitor. */
export type ScheduleViewer = { userId: string; now: number; isSlotOwner: boolean };

/**
 * Schedule rows on the wire (contract `ScheduleEntry`, §3 Schedule), in the rows' order. Times are
 * unix seconds with date/start_time/end_time as wall-clock values in the row's zone. Entries
 * (kind 'appointment') carry their appointment and is_booked 1; slots carry is_booked 1 while an
 * applying or accepted request holds them, and that request only when `viewer.isSlotOwner`.
 * Batched: two reads for the appointments, then toWireAppointments' own three, whatever the count.
 */
export async function toWireScheduleEntries(
  db: Database,
  rows: ScheduleRow[],
  viewer: ScheduleViewer,
): Promise<ScheduleEntry[]> {
  if (rows.length === 0) return [];
  const entryAppointmentIds = [
    ...new Set(
      rows.flatMap((row) => (row.kind === 'appointment' && row.appointmentId ? [row.appointmentId] : [])),
    ),
  ];
  const slotIds = rows.filter((row) => row.kind === 'slot').map((row) => row.id);
  const [entryAppointments, slotHolders] = await Promise.all([
    findAppointmentsByIds(db, entryAppointmentIds),
    findLiveAppointmentsOfSlots(db, slotIds),
  ]);
  const holderOfSlot = new Map<string, AppointmentRow>();
  for (const holder of slotHolders) if (holder.scheduleId) holderOfSlot.set(holder.scheduleId, holder);
  const shown = new Map<string, AppointmentRow>();
  for (const row of entryAppointments) shown.set(row.id, row);
  if (viewer.isSlotOwner) for (const row of slotHolders) shown.set(row.id, row);
  const wireAppointments = await toWireAppointments(db, [...shown.values()], viewer);
  const wireById = new Map<string, Appointment>(wireAppointments.map((item) => [item._id.$id, item]));

  return rows.map((row) => {
    const start = unix(row.start);
    const end = unix(row.end);
    const from = unixToZoned(start, row.timezone);
    const to = unixToZoned(end, row.timezone);
    const holder = row.kind === 'slot' ? holderOfSlot.get(row.id) : undefined;
    const appointmentId =
      row.kind === 'appointment' ? row.appointmentId : viewer.isSlotOwner ? holder?.id : null;
    return {
      _id: toWireId(row.id),
      meeting_id: toWireId(row.meetingId),
      kind: row.kind,
      owner: row.userId ? 'user' : 'enterprise',
      user_id: wireIdOrNull(row.userId),
      enterprise_id: wireIdOrNull(row.enterpriseId),
      start,
      end,
      timezone: row.timezone,
      date: from.date,
      start_time: from.time,
      end_time: to.time,
      deleted: flag(row.deleted),
      is_booked: row.kind === 'appointment' || holder ? 1 : 0,
      appointment: appointmentId ? (wireById.get(appointmentId) ?? null) : null,
    };
  });
}
