import { z } from 'zod';
import { Flag, LocalizedText, resultsOf, UnixSeconds } from '../wire/common.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Credits and union codes of an attendee (§7 GET /activities/{id}/credits, PUT
 * /activity/attendees/unioncode, GET /activity/unioncodes). An activity may award credits (stored in
 * tenths: 15 = 1.5) to every ticket of the caller that was checked in (tickets.status 3); an earned
 * ticket has a certificate PDF. A union code is a partner's code the organiser imported for an
 * activity; an attendee enters one on their ticket, each code is used once and a ticket holds one.
 */

/** Error codes of credits and union codes (besides ErrorCode's validation_failed / not_found). */
export const CreditsError = {
  /** 409 the ticket has not earned credits (not checked in, or the activity awards none). */
  notEarned: 'credits.not_earned',
  /** 404 no such union code for the ticket's activity. */
  codeUnknown: 'unioncode.not_found',
  /** 409 the code was already used by another ticket. */
  codeUsed: 'unioncode.used',
  /** 409 the ticket already holds another union code. */
  ticketHasCode: 'unioncode.ticket_has_code',
  /** 409 the ticket is not approved (under review or rejected); only registered (1) or checked-in (3) tickets take a code. */
  ticketNotApproved: 'unioncode.ticket_not_approved',
} as const;

/** Limits of union codes (characters, rows). */
export const unionCodeLimits = {
  /** Longest code, in characters. */
  codeMax: 64,
  /** Longest partner name, in characters. */
  partnerMax: 100,
  /** Most codes one import may hold. */
  importMaxRows: 20_000,
  /** Largest import file, in bytes (before base64). */
  importMaxBytes: 2 * 1024 * 1024,
} as const;

/** One ticket of the caller for the activity with its credit standing. */
export const TicketCredits = z.object({
  ticket_id: WireId,
  /** The registrant's name on the ticket (printed on the certificate). */
  name: z.string(),
  /** 1 when the ticket was checked in and the activity awards credits. */
  earned: Flag,
  checked_in_at: UnixSeconds.nullable(),
  /** 1 when the registration is approved (§4 status 1 or 3): only then does it take a union code. */
  approved: Flag,
  /** Printed on the certificate (e.g. CR-5F3A…); null until earned. */
  certificate_number: z.string().nullable(),
  /** `/api/activities/{id}/credits/certificate?ticket_id=…` (needs the caller's token); null until earned. */
  certificate_url: z.string().nullable(),
});
export type TicketCredits = z.infer<typeof TicketCredits>;

/**
 * GET /activities/{id}/credits: what the activity awards and the caller's standing. The top-level
 * `earned`, `checked_in_at`, `certificate_*` and `ticket_id` describe the caller's first earned ticket
 * (else their first ticket); `tickets` lists every live ticket of theirs for the activity.
 */
export const ActivityCredits = z.object({
  activity_id: WireId,
  /** 1 when the activity awards credits. */
  enabled: Flag,
  /** Credits as a decimal number (one decimal place), e.g. 1.5. */
  credits: z.number(),
  /** The same in tenths (15 = 1.5). */
  credits_tenths: z.number().int().nonnegative(),
  /** What the credits are called ('CME credits'); '' for the default wording. */
  certificate_title: LocalizedText,
  earned: Flag,
  ticket_id: WireId.nullable(),
  checked_in_at: UnixSeconds.nullable(),
  certificate_number: z.string().nullable(),
  certificate_url: z.string().nullable(),
  tickets: z.array(TicketCredits),
  /** 1 when the organiser imported union codes for the activity (the ticket page offers the field). */
  union_codes: Flag,
});
export type ActivityCredits = z.infer<typeof ActivityCredits>;

export const getActivityCredits = defineRoute({
  method: 'GET',
  path: '/activities/:id/credits',
  summary:
    "The caller's credits for the activity: amount, earned 0/1 (a ticket of theirs checked in), check-in time, certificate number and link. 404 not_found (no such activity).",
  spec: '§7 Activities',
  tags: ['activities'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  response: ActivityCredits,
});

export const getCreditsCertificate = defineRoute({
  method: 'GET',
  path: '/activities/:id/credits/certificate',
  summary:
    "The credits certificate of one of the caller's checked-in tickets as a PDF (name, activity, credits, date, number, signer; CJK text embedded). 404 not_found (not the caller's ticket of this activity); 409 credits.not_earned.",
  spec: '§7 Activities',
  tags: ['activities'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  querystring: z.object({ ticket_id: ObjectIdString, lang: z.string().max(8).optional() }),
  response: z.unknown(),
});

/** A union code as its holder sees it. */
export const MyUnionCode = z.object({
  _id: WireId,
  activity_id: WireId,
  ticket_id: WireId,
  code: z.string(),
  partner: z.string(),
  used_at: UnixSeconds,
});
export type MyUnionCode = z.infer<typeof MyUnionCode>;

export const ClaimUnionCodeBody = z.strictObject({
  ticket_id: ObjectIdString,
  code: z.string().trim().min(1).max(unionCodeLimits.codeMax),
});
export type ClaimUnionCodeBody = z.infer<typeof ClaimUnionCodeBody>;

export const claimUnionCode = defineRoute({
  method: 'PUT',
  path: '/activity/attendees/unioncode',
  summary:
    "Enters a partner's union code on one of the caller's tickets; each code is used once (one conditional update, so of parallel claims one wins). The same code again on the same ticket answers 200. 400 validation_failed; 404 not_found (not the caller's live ticket) / unioncode.not_found; 409 unioncode.used / unioncode.ticket_has_code / unioncode.ticket_not_approved (ticket under review or rejected); 429 too_frequent (20 tries per 10 minutes per user). Codes match after NFKC, trimming and upper-casing; a code whose ticket was rejected or deleted is free again.",
  spec: '§7 Tickets',
  tags: ['tickets'],
  isPublic: false,
  body: ClaimUnionCodeBody,
  response: z.object({ code: MyUnionCode }),
});

export const listMyUnionCodes = defineRoute({
  method: 'GET',
  path: '/activity/unioncodes',
  summary:
    "The union codes held by the caller's live tickets, of one activity when `activity_id` is given (organisers use the console list). 400 validation_failed.",
  spec: '§7 Tickets',
  tags: ['tickets'],
  isPublic: false,
  querystring: z.object({ activity_id: ObjectIdString.optional() }),
  response: resultsOf(MyUnionCode),
});
