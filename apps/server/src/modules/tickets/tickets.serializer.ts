import type { LocalizedText, Ticket, TicketStatus } from '@app/contracts';
import { toWireId } from '@app/contracts';
import { maskIdNumber } from '@app/domain/contact';
import { flag, unix, wireIdOrNull } from '../../db/wire.ts';
import type { ActivityRow, TicketRow } from './tickets.repository.ts';

/**
 * Who is looking at a ticket (§7 Tickets):
 * - 'owner': the holder or their group leader — everything, the code included;
 * - 'participant': the participant list — name masked, contacts null, form {}, code '';
 * - 'staff': a check-in lookup — name, type, status, checked_in_at and code; contacts null, form {}.
 */
export type TicketView = 'owner' | 'participant' | 'staff';

/** What toWireTicket needs besides the row. */
export type WireTicketOptions = {
  view: TicketView;
  /** The ticket type's title ('' when unknown). */
  priceTitle: LocalizedText;
  /** Embedded (`with_activity=1`) when given, with the id of its form (null when none). */
  activity?: { row: ActivityRow; formId: string | null };
};

/** A name for the participant list: first character and '*' ('' stays ''). */
export function maskName(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? `${first}*` : '';
}

/** The national digits of a stored E.164 phone given its area code ('+8613800138000', '86' → '13800138000'). */
export function nationalOf(e164: string, areaCode: string | null): string {
  const digits = e164.replace(/^\+/, '');
  return areaCode && digits.startsWith(areaCode) ? digits.slice(areaCode.length) : digits;
}

/** The activity as a ticket embeds it (contract TicketActivity). */
export type WireTicketActivity = NonNullable<Ticket['activity']>;

/** The activity as a ticket embeds it (TicketActivity). Times are unix seconds; no deadline = 0. */
export function toWireTicketActivity(row: ActivityRow, formId: string | null): WireTicketActivity {
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    title: row.title,
    covers: row.covers,
    address: row.address,
    start: unix(row.start),
    end: unix(row.end),
    offline: flag(row.offline),
    deadline: row.deadline ? unix(row.deadline) : 0,
    is_review: flag(row.isReview),
    enable_resubmit_answer: flag(row.enableResubmitAnswer),
    enable_deadline_answer: flag(row.enableDeadlineAnswer),
    form_id: wireIdOrNull(formId),
  };
}

/**
 * A ticket row in wire form (contract Ticket) as `options.view` may see it. `phone` is the national
 * digits with `area_code`; `id_number` is always masked (first 3 and last 4 kept); `amount` in cents;
 * times in unix seconds, `checked_in_at` 0 when not checked in. Used by the tickets module and by
 * the agents module for group members (view 'owner' for the leader).
 */
export function toWireTicket(row: TicketRow, options: WireTicketOptions): Ticket {
  const isOwner = options.view === 'owner';
  const name = options.view === 'participant' ? maskName(row.name) : row.name;
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    activity_id: toWireId(row.activityId),
    price_id: toWireId(row.priceId),
    source_id: wireIdOrNull(row.sourceId),
    user_id: wireIdOrNull(row.userId),
    agent_id: wireIdOrNull(row.agentId),
    status: row.status as TicketStatus,
    input_by_admin: flag(row.inputByAdmin),
    name,
    phone: isOwner && row.phone ? nationalOf(row.phone, row.areaCode) : null,
    area_code: isOwner && row.phone ? row.areaCode : null,
    email: isOwner ? row.email : null,
    id_number: isOwner && row.idNumber ? maskIdNumber(row.idNumber) : null,
    job: options.view === 'participant' ? '' : row.job,
    company: options.view === 'participant' ? '' : row.company,
    form: isOwner ? row.answers : {},
    amount: row.amount,
    code: options.view === 'participant' ? '' : row.code,
    checked_in_at: row.checkedInAt ? unix(row.checkedInAt) : 0,
    created: unix(row.createdAt),
    price_title: options.priceTitle,
    seat_number: options.view === 'participant' ? '' : row.seatNumber,
    review_reason: isOwner ? row.reviewReason : '',
    ...(options.activity
      ? { activity: toWireTicketActivity(options.activity.row, options.activity.formId) }
      : {}),
  };
}
