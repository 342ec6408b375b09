import type {
  ActivitySource,
  createTickets,
  FormAnswers,
  getStaffStatus,
  listActivitySources,
  listTickets,
  StaffStatus,
  Ticket,
  TicketMemberInput,
  updateTicket,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';
import { bracketBody } from '../../../lib/api/bracket-body.ts';
import { getStoredSource } from '../../../lib/session.ts';
import { storedInvite } from './invite.ts';

const ticketsPath = contractPath<typeof listTickets>('/tickets');

/** GET /tickets: the caller's own tickets in the meeting (newest first), optionally of one activity. */
export const myTicketsQueryOptions = (meetingId: string, activityId?: string) => ({
  queryKey: ['activities', 'my-tickets', meetingId, activityId ?? ''] as const,
  queryFn: () =>
    api.list<Ticket>(ticketsPath, { meeting_id: meetingId, activity_id: activityId, limit: 200 }),
  staleTime: 10_000,
});

/** The caller's tickets, fetched only when logged in (anonymous visitors hold none). */
export const useMyTickets = (meetingId: string, isLoggedIn: boolean, activityId?: string) =>
  useQuery({ ...myTicketsQueryOptions(meetingId, activityId), enabled: isLoggedIn });

/**
 * Whether the caller is on the meeting's staff list (§6), to offer them the check-in page:
 * GET /tickets/staff. Asked only when logged in.
 */
export const useIsMeetingStaff = (meetingId: string, isLoggedIn: boolean) =>
  useQuery({
    queryKey: ['activities', 'is-staff', meetingId] as const,
    queryFn: async () =>
      (
        await api.get<StaffStatus>(contractPath<typeof getStaffStatus>('/tickets/staff'), {
          meeting_id: meetingId,
        })
      ).is_staff === 1,
    enabled: isLoggedIn,
    staleTime: 5 * 60_000,
  });

/**
 * The stored source (§7 "POST to /tickets … add source_id from the stored source") when it is one of
 * this activity's channels: a channel remembered from another activity's link is left out rather than
 * refused as source.invalid.
 */
export async function storedSourceId(activityId: string): Promise<string | undefined> {
  const source = getStoredSource();
  if (!source || !/^[0-9a-f]{24}$/i.test(source)) return undefined;
  const sources = await api
    .list<ActivitySource>(fillPath<typeof listActivitySources>('/activities/:id/sources', { id: activityId }))
    .catch(() => [] as ActivitySource[]);
  return sources.some((item) => item._id.$id === source) ? source : undefined;
}

/**
 * POST /tickets, one registration: the ticket type with the version shown (4340 when it changed),
 * the visible answers and the stored source. Answers the created ticket. Errors (§8): 409
 * registration.not_started / registration.closed / signup.failed.max / ticket.sold_out /
 * source.invalid / ticket.sign_up_once / phone.registered / email.registered / id_number.exists /
 * 4340; 400 form.required / price.invalid / price.deleted / id_number.invalid / payment.unavailable;
 * 403 activity.invitation_required / activity.invitation_invalid (a private activity, §6: the
 * invitation code the visitor came with is sent along).
 */
export async function registerTicket(input: {
  activityId: string;
  priceId: string | null;
  priceVersion: number | undefined;
  data: FormAnswers;
}): Promise<Ticket> {
  const tickets = await api.post<Ticket[]>(
    contractPath<typeof createTickets>('/tickets'),
    bracketBody({
      activity_id: input.activityId,
      price_id: input.priceId ?? undefined,
      price_version: input.priceVersion,
      source_id: await storedSourceId(input.activityId),
      data: input.data,
      invite: storedInvite(input.activityId),
    }),
  );
  const ticket = tickets[0];
  if (!ticket) throw new Error('POST /tickets answered no ticket');
  return ticket;
}

/**
 * POST /tickets, a group batch (§5): every member of `members` is registered, or none. Errors as
 * above plus 4029, agent.limit_exceeded, agent.price_limit, agent.duplicate_*.
 */
export async function registerMembers(input: {
  activityId: string;
  agentId: string;
  members: TicketMemberInput[];
}): Promise<Ticket[]> {
  const sourceId = await storedSourceId(input.activityId);
  return api.post<Ticket[]>(
    contractPath<typeof createTickets>('/tickets'),
    bracketBody({
      activity_id: input.activityId,
      agent_id: input.agentId,
      source_id: sourceId,
      invite: storedInvite(input.activityId),
      members: input.members.map((member) => ({
        price_id: member.price_id,
        price_version: member.price_version,
        data: member.data,
      })),
    }),
  );
}

/** PUT /tickets/{id}: the holder or the group leader edits a ticket's answers (§4 resubmission). */
export function updateTicketAnswers(ticketId: string, data: FormAnswers): Promise<Ticket> {
  return api.put<Ticket>(
    fillPath<typeof updateTicket>('/tickets/:id', { id: ticketId }),
    bracketBody({ data }),
  );
}
