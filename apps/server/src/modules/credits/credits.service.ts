import {
  type ActivityCredits,
  type ClaimUnionCodeBody,
  CreditsError,
  type MyUnionCode,
  type TicketCredits,
  toWireId,
} from '@app/contracts';
import { localize } from '@app/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation, violatedConstraintOf } from '../../db/pg-errors.ts';
import { unix } from '../../db/wire.ts';
import { AppError, notFound } from '../../errors.ts';
import { type LimitRule, rateLimitsFor } from '../../plugins/rate-limit.ts';
import { renderCertificatePdf } from './credits.certificate.ts';
import {
  type ActivityCreditsRow,
  type CreditTicketRow,
  claimCode,
  findActivity,
  findCodeByText,
  findCodeOfTicket,
  findCodesOfUser,
  findCredits,
  findLiveTicket,
  findMeetingTimeZone,
  findMeetingTitle,
  findUserTickets,
  hasCodes,
  type UnionCodeRow,
} from './credits.repository.ts';

/**
 * Credits and union codes of an attendee (§7 GET /activities/{id}/credits, PUT
 * /activity/attendees/unioncode, GET /activity/unioncodes). A ticket earns the activity's credits
 * when the activity awards them (enabled, more than 0) and the ticket was checked in (status 3).
 */

export type CreditsDeps = { db: Database; config: Config };

/**
 * PUT /activity/attendees/unioncode: 20 tries per 10 minutes per user, so codes cannot be guessed by
 * trying many (an attendee enters one code, perhaps after a typo or two).
 */
export const unionCodeClaimLimit: LimitRule = { name: 'unioncode-claim', points: 20, durationSeconds: 600 };

/** Tenths as printed: 15 → '1.5', 20 → '2'. */
export function creditsText(tenths: number): string {
  return tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
}

/** The certificate number of a ticket: 'CR-' and the last 12 hex digits of its id, upper case. */
export function certificateNumber(ticketId: string): string {
  return `CR-${ticketId.slice(-12).toUpperCase()}`;
}

/** Whether an activity's credits row awards anything. */
function awards(row: ActivityCreditsRow | undefined): row is ActivityCreditsRow {
  return row !== undefined && row.enabled === 1 && row.creditsTenths > 0;
}

/** Whether a ticket has earned the credits: the activity awards them and the ticket was checked in. */
function hasEarned(row: ActivityCreditsRow | undefined, ticket: CreditTicketRow): boolean {
  return awards(row) && ticket.status === 3;
}

function ticketCredits(activityId: string, row: ActivityCreditsRow | undefined, ticket: CreditTicketRow) {
  const earned = hasEarned(row, ticket);
  return {
    ticket_id: toWireId(ticket.id),
    name: ticket.name,
    earned: earned ? 1 : 0,
    checked_in_at: ticket.checkedInAt ? unix(ticket.checkedInAt) : null,
    approved: approvedStatuses.includes(ticket.status) ? 1 : 0,
    certificate_number: earned ? certificateNumber(ticket.id) : null,
    certificate_url: earned
      ? `/api/activities/${activityId}/credits/certificate?ticket_id=${ticket.id}`
      : null,
  } satisfies TicketCredits;
}

/**
 * GET /activities/{id}/credits: the activity's credits and the caller's tickets with their standing;
 * the top level repeats the first earned ticket (else the first ticket).
 * @throws 404 not_found (no such activity).
 */
export async function getActivityCredits(
  deps: CreditsDeps,
  input: { userId: string; activityId: string },
): Promise<ActivityCredits> {
  const activity = await findActivity(deps.db, input.activityId);
  if (!activity) throw notFound('Activity');
  const row = await findCredits(deps.db, activity.id);
  const tickets = (await findUserTickets(deps.db, input.userId, activity.id)).map((ticket) =>
    ticketCredits(activity.id, row, ticket),
  );
  const first = tickets.find((ticket) => ticket.earned === 1) ?? tickets[0];
  return {
    activity_id: toWireId(activity.id),
    enabled: awards(row) ? 1 : 0,
    credits: awards(row) ? row.creditsTenths / 10 : 0,
    credits_tenths: awards(row) ? row.creditsTenths : 0,
    certificate_title: row?.certificateTitle ?? '',
    earned: first?.earned ?? 0,
    ticket_id: first?.ticket_id ?? null,
    checked_in_at: first?.checked_in_at ?? null,
    certificate_number: first?.certificate_number ?? null,
    certificate_url: first?.certificate_url ?? null,
    tickets,
    union_codes: (await hasCodes(deps.db, activity.id)) ? 1 : 0,
  };
}

/**
 * GET /activities/{id}/credits/certificate?ticket_id: the certificate PDF of one of the caller's
 * tickets, in `language` (the certificate title, signer and activity title in it; labels in Chinese
 * and English). @returns the bytes and a file name.
 * @throws 404 not_found (no such activity, or not the caller's live ticket of it); 409
 * credits.not_earned (not checked in, or the activity awards no credits).
 */
export async function creditsCertificate(
  deps: CreditsDeps,
  input: { userId: string; activityId: string; ticketId: string; language?: string },
): Promise<{ bytes: Buffer; fileName: string }> {
  const activity = await findActivity(deps.db, input.activityId);
  if (!activity) throw notFound('Activity');
  const ticket = await findLiveTicket(deps.db, input.ticketId);
  if (!ticket || ticket.userId !== input.userId || ticket.activityId !== activity.id)
    throw notFound('Ticket');
  const row = await findCredits(deps.db, activity.id);
  if (!hasEarned(row, ticket) || !row) {
    throw new AppError(409, CreditsError.notEarned, 'Credits are earned after check-in');
  }
  const language = input.language || 'zh';
  const number = certificateNumber(ticket.id);
  const bytes = await renderCertificatePdf({
    name: ticket.name,
    activityTitle: localize(activity.title, language),
    meetingTitle: localize(await findMeetingTitle(deps.db, activity.meetingId), language),
    creditsText: creditsText(row.creditsTenths),
    creditsTitle: localize(row.certificateTitle, language),
    signer: localize(row.signer, language),
    checkedInAt: ticket.checkedInAt ?? new Date(),
    timeZone: await findMeetingTimeZone(deps.db, activity.meetingId),
    number,
  });
  return { bytes, fileName: `certificate-${number}.pdf` };
}

/**
 * A union code as stored and as matched (§7 union codes): Unicode NFKC (full-width letters and digits
 * from a CJK input method become ASCII), trimmed, upper-cased. Import and claim both apply it, so
 * 'ａｂ１２ｃｄ' and ' ab12cd ' find the partner's 'AB12CD'. Inner spaces are kept.
 */
export function normalizeUnionCode(text: string): string {
  return text.normalize('NFKC').trim().toUpperCase();
}

/** Ticket statuses that take a union code (§4): registered (1, approved) and checked in (3). */
const approvedStatuses: readonly number[] = [1, 3];

function myCode(row: UnionCodeRow): MyUnionCode {
  return {
    _id: toWireId(row.id),
    activity_id: toWireId(row.activityId),
    ticket_id: toWireId(row.ticketId ?? ''),
    code: row.code,
    partner: row.partner,
    used_at: unix(row.usedAt ?? row.createdAt),
  };
}

/**
 * PUT /activity/attendees/unioncode: enters a union code on one of the caller's live, approved
 * tickets (§4 status 1 registered or 3 checked in; one under review or rejected is refused). The code
 * is normalised ({@link normalizeUnionCode}) as on import. The claim is one conditional update: the
 * code is free when no ticket holds it or its ticket was rejected or deleted — the release happens
 * here, atomically in that update, rather than in each path that rejects or deletes tickets (see
 * codeHeld in credits.repository.ts). Of parallel claims of one code exactly one wins; the partial
 * unique index on ticket_id keeps one code per ticket. The code the ticket already holds again
 * answers it (200).
 * Rate-limited per user ({@link unionCodeClaimLimit}).
 * @throws 404 not_found (not the caller's live ticket) / unioncode.not_found; 409 unioncode.used /
 * unioncode.ticket_has_code / unioncode.ticket_not_approved; 429 too_frequent.
 */
export async function claimUnionCode(
  deps: CreditsDeps,
  input: { userId: string; body: ClaimUnionCodeBody; now: Date },
): Promise<{ code: MyUnionCode }> {
  await rateLimitsFor(deps.config).consumeAll([{ rule: unionCodeClaimLimit, key: input.userId }]);
  const code = normalizeUnionCode(input.body.code);
  const ticket = await findLiveTicket(deps.db, input.body.ticket_id);
  if (!ticket || ticket.userId !== input.userId) throw notFound('Ticket');
  if (!approvedStatuses.includes(ticket.status)) {
    throw new AppError(
      409,
      CreditsError.ticketNotApproved,
      'A union code can be entered once the registration is approved',
    );
  }
  const held = await findCodeOfTicket(deps.db, ticket.id);
  if (held) {
    if (held.code === code) return { code: myCode(held) };
    throw new AppError(409, CreditsError.ticketHasCode, 'This ticket already has a union code');
  }
  let claimed: UnionCodeRow | undefined;
  try {
    claimed = await claimCode(deps.db, {
      activityId: ticket.activityId,
      code,
      ticketId: ticket.id,
      userId: input.userId,
      now: input.now,
    });
  } catch (error) {
    // Two different codes for one ticket at once: the index union_codes_ticket_uq lets one in.
    if (violatedConstraintOf(error, uniqueViolation) !== null) {
      throw new AppError(409, CreditsError.ticketHasCode, 'This ticket already has a union code');
    }
    throw error;
  }
  if (claimed) return { code: myCode(claimed) };
  const existing = await findCodeByText(deps.db, ticket.activityId, code);
  if (!existing) throw new AppError(404, CreditsError.codeUnknown, 'Union code not found');
  if (existing.ticketId === ticket.id) return { code: myCode(existing) };
  throw new AppError(409, CreditsError.codeUsed, 'This union code has already been used');
}

/** GET /activity/unioncodes: the codes the caller's live tickets hold (of one activity when given). */
export async function listMyUnionCodes(
  deps: CreditsDeps,
  input: { userId: string; activityId?: string },
): Promise<{ results: MyUnionCode[] }> {
  const rows = await findCodesOfUser(deps.db, input.userId, input.activityId);
  return { results: rows.map(myCode) };
}
