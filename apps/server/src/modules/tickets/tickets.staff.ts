import type { StaffStatus } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { noPermission, notFound } from '../../errors.ts';
import { findUserById } from '../users/users.repository.ts';
import { findStaffRoles, findTicket, type StaffRole, type TicketRow } from './tickets.repository.ts';

/** The meeting's staff list (§6: roles held by an account's phone on meeting_staff). */

/**
 * GET /tickets/staff (§6): the caller's staff roles in a meeting — their account's
 * phone on meeting_staff — so the app offers check-in to staff only. An empty list for anyone else.
 */
export async function getStaffStatus(
  { db }: { db: Database },
  input: { userId: string; meetingId: string },
): Promise<StaffStatus> {
  const roles = await staffRolesOf(db, input.userId, input.meetingId);
  return { is_staff: roles.length > 0 ? 1 : 0, roles: [...new Set(roles)] };
}

/** The roles a user's phone holds on a meeting's staff list (§6); none without a phone. */
export async function staffRolesOf(db: Database, userId: string, meetingId: string): Promise<StaffRole[]> {
  const user = await findUserById(db, userId);
  return user?.phone ? findStaffRoles(db, meetingId, user.phone) : [];
}

/**
 * The caller's staff roles in a meeting (§6: their account's phone on meeting_staff).
 * @throws 403 no_permission when they hold none of `roles`.
 */
export async function requireStaff(
  db: Database,
  userId: string,
  meetingId: string | null,
  roles: StaffRole[],
): Promise<void> {
  if (!meetingId) throw noPermission();
  const held = await staffRolesOf(db, userId, meetingId);
  if (!held.some((role) => roles.includes(role))) throw noPermission();
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
