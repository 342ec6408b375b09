import type { CheckInResult, Ticket } from '@app/contracts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../errors.ts';
import type { RolesDeps } from '../roles/roles.service.ts';
import { checkinNotApproved } from './tickets.errors.ts';
import {
  checkInTicket,
  findScan,
  findTicket,
  insertScan,
  type ScanRow,
  type TicketRow,
} from './tickets.repository.ts';
import { normaliseTicketCode, toWireTickets } from './tickets.service.ts';
import { requireStaff, ticketOfMeeting } from './tickets.staff.ts';

/**
 * PUT /tickets/{id}/approve (§4 "check-in by an approve call"): staff of the session's meeting
 * (checkin or organiser) check a ticket in with its code. One transaction: a known `scan_key`
 * answers its stored result again (a retried request checks in once); else 1 → 3 with
 * checked_in_at = now in one conditional update; an already checked-in ticket answers is_first 0
 * with its first time. @throws 403 no_permission; 404 not_found (id, meeting or code);
 * 409 checkin.not_approved (status 0 or 2).
 */
export async function checkIn(
  deps: RolesDeps,
  input: { userId: string; meetingId: string | null; ticketId: string; code: string; scanKey: string },
): Promise<CheckInResult> {
  const { db } = deps;
  await requireStaff(deps, input.userId, input.meetingId, 'ticket.checkin');
  const ticket = await ticketOfMeeting(db, input.ticketId, input.meetingId);
  if (ticket.code !== normaliseTicketCode(input.code)) throw notFound('ticket');
  const answer = async (row: TicketRow, isFirst: 0 | 1): Promise<CheckInResult> => {
    const [wire] = await toWireTickets(db, [row], 'staff', false);
    return { ticket: wire as Ticket, is_first: isFirst, checked_in_at: wire?.checked_in_at ?? 0 };
  };
  type Outcome = { row: TicketRow; isFirst: 0 | 1 } | { stored: ScanRow | undefined };
  const result = await inTransaction(db, async (tx): Promise<Outcome> => {
    const stored = await findScan(tx, input.scanKey);
    if (stored) return { stored };
    let row: TicketRow | undefined = await checkInTicket(tx, ticket.id, input.userId);
    let isFirst: 0 | 1 = 1;
    if (!row) {
      const current = await findTicket(tx, ticket.id);
      if (!current || current.deleted === 1) throw notFound('ticket');
      if (current.status !== 3) throw checkinNotApproved();
      row = current;
      isFirst = 0;
    }
    const checkedIn: TicketRow = row;
    const isRecorded = await insertScan(tx, {
      scanKey: input.scanKey,
      ticketId: ticket.id,
      staffUserId: input.userId,
      isFirst,
    });
    // A concurrent retry with the same key recorded first: answer what it recorded.
    return isRecorded ? { row: checkedIn, isFirst } : { stored: await findScan(tx, input.scanKey) };
  });
  if ('row' in result) return answer(result.row, result.isFirst);
  if (!result.stored || result.stored.ticketId !== ticket.id) throw notFound('ticket');
  const current = (await findTicket(db, ticket.id)) as TicketRow;
  return answer(current, result.stored.isFirst === 1 ? 1 : 0);
}
