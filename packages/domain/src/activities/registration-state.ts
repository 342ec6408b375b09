/**
 * Activity registration state (§4 Activity registration): one pure function used by
 * the server before it registers and by the client to show the button, badge and dialogs.
 * Times are unix seconds; 0 means "not set" for registration_start and deadline (§3).
 */

/** The activity fields the state depends on (wire names). */
export type RegistrationActivity = {
  registration_start: number;
  /** 0 = no deadline. */
  deadline: number;
  /** 0 = no limit. */
  max: number;
  ticket_total: number;
  is_review: 0 | 1;
  enable_resubmit_answer: 0 | 1;
  enable_deadline_answer: 0 | 1;
  enable_registration_entrance?: 0 | 1;
};

/** The registration channel in use, if any (`max` 0 = no limit). */
export type RegistrationSource = { max: number; signup_total: number; deleted?: 0 | 1 };

/** The caller's own ticket for the activity, if any. */
export type RegistrationTicket = { status: 0 | 1 | 2 | 3 };

/** Whether a new registration can be made now. */
export type RegistrationAvailability =
  | 'open'
  | 'not_started'
  | 'closed'
  | 'full'
  | 'source_full'
  | 'disabled';

/** The caller's own registration as the product names it (§4 user-facing states). */
export type RegistrationStanding =
  | 'none'
  | 'under_review'
  | 'review_pending'
  | 'rejected'
  | 'registered'
  | 'successful';

/** Acknowledge-only dialog keys (§8 'know' dialogs and sign-up messages). */
export type RegistrationRefusal =
  | 'registration.not_started'
  | 'registration.closed'
  | 'signup.failed.max'
  | 'source.invalid'
  | 'registration.failed'
  | 'ticket.sign_up_once';

export type RegistrationState = {
  availability: RegistrationAvailability;
  standing: RegistrationStanding;
  /** A new registration may be submitted. */
  canRegister: boolean;
  /** The caller's answers may be submitted again (§4 resubmission rule). */
  canResubmit: boolean;
  /** Why a new registration is refused (the dialog to show), or null when it is allowed. */
  refusal: RegistrationRefusal | null;
  /** Places left (max − ticket_total, or the source's), null when unlimited. */
  placesLeft: number | null;
};

export type RegistrationStateInput = {
  activity: RegistrationActivity;
  source?: RegistrationSource | null;
  ticket?: RegistrationTicket | null;
  /** Unix seconds. */
  now: number;
  /** The mobile entry right after submitting: a ticket under review shows "review pending". */
  isJustSubmitted?: boolean;
};

function standingOf(
  ticket: RegistrationTicket | null | undefined,
  isJustSubmitted: boolean,
): RegistrationStanding {
  if (!ticket) return 'none';
  switch (ticket.status) {
    case 0:
      return isJustSubmitted ? 'review_pending' : 'under_review';
    case 1:
      return 'registered';
    case 2:
      return 'rejected';
    case 3:
      return 'successful';
  }
}

/** Places left of a limit (`max` 0 = none): null when unlimited, never negative. */
function left(max: number, taken: number): number | null {
  return max > 0 ? Math.max(0, max - taken) : null;
}

/**
 * The registration state of an activity for one caller at `now`:
 * - not started while registration_start > now; closed once now > deadline (deadline 0 = none);
 * - full when ticket_total ≥ max (max 0 = none) or the source's signup_total ≥ its max;
 * - a caller holding a ticket cannot register again ('Please only sign up once.');
 * - resubmission is allowed only before the deadline with enable_resubmit_answer, or at any time with
 *   enable_deadline_answer; never after a check-in (status 3).
 * Precedence of refusals: disabled entrance, not started, closed, already registered, full, source full.
 */
export function registrationState(input: RegistrationStateInput): RegistrationState {
  const { activity, source, ticket, now } = input;
  const standing = standingOf(ticket, input.isJustSubmitted ?? false);
  const isBeforeStart = activity.registration_start > 0 && now < activity.registration_start;
  const isAfterDeadline = activity.deadline > 0 && now > activity.deadline;
  const activityLeft = left(activity.max, activity.ticket_total);
  const sourceLeft = source && source.deleted !== 1 ? left(source.max, source.signup_total) : null;
  const placesLeft =
    activityLeft === null
      ? sourceLeft
      : sourceLeft === null
        ? activityLeft
        : Math.min(activityLeft, sourceLeft);

  let availability: RegistrationAvailability = 'open';
  if (activity.enable_registration_entrance === 0) availability = 'disabled';
  else if (isBeforeStart) availability = 'not_started';
  else if (isAfterDeadline) availability = 'closed';
  else if (activityLeft === 0) availability = 'full';
  else if (source?.deleted === 1 || sourceLeft === 0) availability = 'source_full';

  const refusalOf: Record<RegistrationAvailability, RegistrationRefusal | null> = {
    open: null,
    disabled: 'registration.failed',
    not_started: 'registration.not_started',
    closed: 'registration.closed',
    full: 'signup.failed.max',
    source_full: 'source.invalid',
  };
  const isHolder = standing !== 'none';
  let refusal = refusalOf[availability];
  if (isHolder && (availability === 'open' || availability === 'full' || availability === 'source_full')) {
    refusal = 'ticket.sign_up_once';
  }

  const canResubmit =
    isHolder &&
    ticket?.status !== 3 &&
    (activity.enable_deadline_answer === 1 || (activity.enable_resubmit_answer === 1 && !isAfterDeadline));

  return {
    availability,
    standing,
    canRegister: refusal === null,
    canResubmit,
    refusal,
    placesLeft,
  };
}
