import type { Ticket } from '@app/contracts';
import { inTransaction } from '../../db/transaction.ts';
import type { RolesDeps } from '../roles/roles.service.ts';
import { ticketNotReviewable } from './tickets.errors.ts';
import { changeStatus, lockAgent, moveCounters } from './tickets.repository.ts';
import { toWireTickets } from './tickets.service.ts';
import { requireStaff, ticketOfMeeting } from './tickets.staff.ts';

/**
 * PUT /tickets/{id}/attends (§7 Tickets, §4): an organiser of the session's meeting approves (1) or
 * rejects (2) a registration under review (0). A rejection frees its places in the same
 * transaction: the type's sold_total, the activity's ticket_total, the source's signup_total and
 * the group's members_total each go down by one.
 * @throws 403 no_permission (not an organiser); 404 not_found; 409 ticket.not_reviewable.
 */
export async function reviewTicket(
  deps: RolesDeps,
  input: { userId: string; meetingId: string | null; ticketId: string; status: 1 | 2 },
): Promise<Ticket> {
  const { db } = deps;
  await requireStaff(deps, input.userId, input.meetingId, 'registration.review');
  const ticket = await ticketOfMeeting(db, input.ticketId, input.meetingId);
  const row = await inTransaction(db, async (tx) => {
    if (ticket.agentId) await lockAgent(tx, ticket.agentId);
    const changed = await changeStatus(tx, ticket.id, 0, input.status);
    if (!changed) throw ticketNotReviewable();
    if (input.status === 2) {
      await moveCounters(tx, { priceId: changed.priceId, n: -1 });
      await moveCounters(tx, {
        activityId: changed.activityId,
        sourceId: changed.sourceId,
        agentId: changed.agentId,
        n: -1,
      });
    }
    return changed;
  });
  const [wire] = await toWireTickets(db, [row], 'owner', false);
  return wire as Ticket;
}
