import type { Ticket } from '@app/contracts';
import { type RegistrationStanding, type RegistrationState, registrationState } from '@app/domain';

/** Catalogue key (namespace `tickets`) of each registration standing (§4 user-facing states). */
export const standingKeys = {
  none: 'standing.registered',
  under_review: 'standing.underReview',
  review_pending: 'standing.reviewPending',
  rejected: 'standing.rejected',
  registered: 'standing.registered',
  successful: 'standing.successful',
} as const satisfies Record<RegistrationStanding, string>;

/**
 * The registration state of the caller's own ticket (the shared rule of @app/domain): its standing and
 * whether the answers may be submitted again. The embedded activity carries only what the ticket list
 * gives; capacity fields do not matter for a holder's standing or resubmission.
 */
export function ticketRegistrationState(ticket: Ticket, now: number): RegistrationState | null {
  const activity = ticket.activity;
  if (!activity) return null;
  return registrationState({
    activity: {
      registration_start: 0,
      deadline: activity.deadline,
      max: 0,
      ticket_total: 0,
      is_review: activity.is_review,
      enable_resubmit_answer: activity.enable_resubmit_answer,
      enable_deadline_answer: activity.enable_deadline_answer,
    },
    ticket: { status: ticket.status },
    now,
  });
}
