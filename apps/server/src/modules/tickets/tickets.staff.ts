import type { StaffStatus } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { can } from '../roles/roles.permissions.ts';
import { meetingAccess, type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { findTicket, type TicketRow } from './tickets.repository.ts';

/**
 * GET /tickets/staff (§6): the caller's staff roles in a meeting (their phone or e-mail's grants on
 * meeting_roles, or a platform administrator) so the app offers check-in to staff only: 'checkin' when
 * they may check tickets in, 'organiser' when they may also review registrations. An empty list for
 * anyone else.
 */
export async function getStaffStatus(
  deps: RolesDeps,
  input: { userId: string; meetingId: string },
): Promise<StaffStatus> {
  const access = await meetingAccess(deps, input.userId, input.meetingId);
  const roles: StaffStatus['roles'] = [];
  if (can(access, 'ticket.checkin')) roles.push('checkin');
  if (can(access, 'registration.review')) roles.push('organiser');
  return { is_staff: roles.length > 0 ? 1 : 0, roles };
}

/**
 * The staff check of the tickets calls (§6, DESIGN §7): the caller may do `action` in the meeting.
 * @throws 403 no_permission otherwise (also without a meeting).
 */
export async function requireStaff(
  deps: RolesDeps,
  userId: string,
  meetingId: string | null,
  action: 'ticket.checkin' | 'registration.review' | 'activity.edit',
): Promise<void> {
  await requireCan(deps, { userId, meetingId, action });
}

/** A live ticket of the meeting by id. @throws 404 not_found. */
export async function ticketOfMeeting(
  db: Database,
  ticketId: string,
  meetingId: string | null,
): Promise<TicketRow> {
  const ticket = await findTicket(db, ticketId);
  if (!ticket || ticket.deleted === 1 || ticket.meetingId !== meetingId) throw notFound('ticket');
  return ticket;
}
