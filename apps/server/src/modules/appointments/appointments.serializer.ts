import type { Appointment, AppointmentActionName } from '@app/contracts';
import { toWireId } from '@app/contracts';
import {
  type AppointmentAction,
  type AppointmentRole,
  type AppointmentStatus,
  appointmentStateNames,
  appointmentTransition,
  isAppointmentPending,
  unixToZoned,
} from '@app/domain/appointments';
import type { Database } from '../../db/client.ts';
import { flag, unix, wireIdOrNull } from '../../db/wire.ts';
import {
  type AppointmentRow,
  type AppointmentUserRow,
  findAppointmentUsers,
  findEnterpriseCards,
  findExhibitorBooths,
} from './appointments.repository.ts';

export type { AppointmentRow } from './appointments.repository.ts';
export { findAppointmentsByIds } from './appointments.repository.ts';

/** Every action, in the order the client shows its buttons. */
const allActions: AppointmentAction[] = ['accept', 'ignore', 'cancel', 'delete'];

/** The viewer's side of an appointment: the requester, else the exhibitor (§6). */
export function roleOf(row: AppointmentRow, userId: string): AppointmentRole {
  return row.requesterUserId === userId ? 'requester' : 'exhibitor';
}

/**
 * What `role` may do with the appointment at `now` (unix seconds): each action the domain state
 * machine answers ok for (accept asked as if the time were free; the database decides that).
 */
export function actionsOf(row: AppointmentRow, role: AppointmentRole, now: number): AppointmentActionName[] {
  const status = row.status as AppointmentStatus;
  const end = unix(row.end);
  return allActions.filter(
    (action) => appointmentTransition({ status, action, role, now, end, isSlotTaken: false }).ok,
  );
}

type EnterpriseCard = { id: string; title: string | Record<string, string>; logo: string };

/** One row on the wire, given its looked-up requester, enterprise and booth. */
function toWire(
  row: AppointmentRow,
  viewer: { userId: string; now: number },
  context: { user: AppointmentUserRow | undefined; enterprise: EnterpriseCard | undefined; booth: string },
): Appointment {
  const role = roleOf(row, viewer.userId);
  const status = row.status as AppointmentStatus;
  const start = unix(row.start);
  const end = unix(row.end);
  const from = unixToZoned(start, row.timezone);
  const to = unixToZoned(end, row.timezone);
  const showContact = role === 'exhibitor' && status === 1;
  const user = context.user;
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    enterprise_id: toWireId(row.enterpriseId),
    user_id: toWireId(row.requesterUserId),
    schedule_id: wireIdOrNull(row.scheduleId),
    start,
    end,
    timezone: row.timezone,
    date: from.date,
    start_time: from.time,
    end_time: to.time,
    mode: row.mode,
    booth: row.booth,
    matter: row.matter,
    reason: row.reason,
    status,
    state: appointmentStateNames[status],
    is_forced: flag(row.isForced),
    is_pending: isAppointmentPending({ status, end }, viewer.now) ? 1 : 0,
    role,
    actions: actionsOf(row, role, viewer.now),
    cancelled_by: row.cancelledBy ?? null,
    requester: {
      _id: toWireId(row.requesterUserId),
      username: user?.username ?? '',
      avatar: user?.avatar ?? '',
      work: { title: user?.workTitle ?? '', company: user?.workCompany ?? '' },
      phone: showContact ? (user?.phone ?? '') : '',
      email: showContact ? (user?.email ?? '') : '',
    },
    enterprise: {
      _id: toWireId(row.enterpriseId),
      title: context.enterprise?.title ?? '',
      logo: context.enterprise?.logo ?? '',
      booth: context.booth,
    },
    created: unix(row.createdAt),
    updated: unix(row.updatedAt),
  };
}

/**
 * Appointment rows as `viewer` sees them (§4, §7 Appointments; contract `Appointment`), in the
 * rows' order. `viewer.now` is unix seconds. Per row: `role` is 'requester' when the viewer sent it,
 * else 'exhibitor'; `actions` are those the domain state machine allows that role now; date and
 * times are wall-clock values in the row's zone; the requester's phone (E.164) and e-mail are shown
 * only to the exhibitor side of an accepted appointment ('' otherwise); the enterprise carries its
 * booth at that meeting ('' when none). Three batched reads whatever the number of rows (users,
 * enterprises, booths), none when `rows` is empty.
 */
export async function toWireAppointments(
  db: Database,
  rows: AppointmentRow[],
  viewer: { userId: string; now: number },
): Promise<Appointment[]> {
  if (rows.length === 0) return [];
  const unique = (values: string[]) => [...new Set(values)];
  const enterpriseIds = unique(rows.map((r) => r.enterpriseId));
  const [users, enterprises, booths] = await Promise.all([
    findAppointmentUsers(db, unique(rows.map((r) => r.requesterUserId))),
    findEnterpriseCards(db, enterpriseIds),
    findExhibitorBooths(db, unique(rows.map((r) => r.meetingId)), enterpriseIds),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const enterpriseById = new Map(enterprises.map((e) => [e.id, e]));
  const boothOf = new Map(booths.map((b) => [`${b.meetingId}/${b.enterpriseId}`, b.booth]));
  return rows.map((row) =>
    toWire(row, viewer, {
      user: userById.get(row.requesterUserId),
      enterprise: enterpriseById.get(row.enterpriseId),
      booth: boothOf.get(`${row.meetingId}/${row.enterpriseId}`) ?? '',
    }),
  );
}
