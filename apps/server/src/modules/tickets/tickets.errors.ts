import { ErrorCode } from '@app/contracts';
import type { RegistrationRefusal } from '@app/domain';
import type { AnswerProblem } from '@app/domain/forms';
import { AppError } from '../../errors.ts';

/**
 * Refusals of registration, edits, check-in and review (§8 sign-up and group messages).
 * Each is an AppError with the stable code the client maps to its dialog or field message.
 */

const refusalMessages: Record<RegistrationRefusal, string> = {
  'registration.not_started': 'Registration has not started yet',
  'registration.closed': 'Registration has ended',
  'signup.failed.max': 'Registration is full',
  'source.invalid': 'Registration channel is invalid or full',
  'registration.failed': 'Registration failed',
  'ticket.sign_up_once': 'Please only sign up once.',
};

/** 409 for a refusal of `registrationState` (not started, closed, full, source, disabled, twice). */
export const registrationRefused = (refusal: RegistrationRefusal) =>
  new AppError(409, refusal, refusalMessages[refusal]);

/** 409 'Please only sign up once.' */
export const signUpOnce = () => registrationRefused('ticket.sign_up_once');

/** 409 'Registration is full' (the activity's max). */
export const registrationFull = () => registrationRefused('signup.failed.max');

/** 409 'Registration channel is invalid or full'. */
export const sourceInvalid = () => registrationRefused('source.invalid');

/** 409 'The ticket is sold out' (one registration; groups get 4029). */
export const ticketSoldOut = () => new AppError(409, ErrorCode.ticketSoldOut, 'The ticket is sold out');

/** 409 §8 4029 for a group batch whose ticket type has too few left. */
export const insufficientQuantity = () =>
  new AppError(409, ErrorCode.insufficientQuantity, 'Insufficient remaining quantity of this ticket type');

/** 400 an unknown ticket type, or none chosen when the activity has several. */
export const priceInvalid = (message = 'Invalid ticket type') =>
  new AppError(400, ErrorCode.priceInvalid, message);

/** 400 the ticket type was deleted. */
export const priceDeleted = () =>
  new AppError(400, ErrorCode.priceDeleted, 'This ticket type has been deleted');

/** 409 §8 4340: the client showed an older version of the ticket type. */
export const priceUpdated = () =>
  new AppError(409, ErrorCode.priceUpdated, 'Ticket information has been updated, please select again');

/** 400 a paid ticket type sent to POST /tickets: paid types are bought through checkout (§4 Order). */
export const paymentUnavailable = () =>
  new AppError(400, ErrorCode.paymentUnavailable, 'Paid tickets are bought through checkout');

/** 409 the phone is already registered for this activity. */
export const phoneRegistered = () =>
  new AppError(409, ErrorCode.phoneRegistered, 'This phone number is already registered for this activity');

/** 409 the e-mail is already registered for this activity. */
export const emailRegistered = () =>
  new AppError(409, ErrorCode.emailRegistered, 'This e-mail is already registered for this activity');

/** 409 the ID number is already used for this activity. */
export const idNumberExists = () => new AppError(409, ErrorCode.idNumberExists, 'ID number already exists');

/** 409 the group's size cap (agent_max_members) would be exceeded. */
export const agentLimitExceeded = () =>
  new AppError(409, ErrorCode.agentLimitExceeded, 'Group size limit exceeded');

/** 409 the group would hold more of a type than its max_per_agent. */
export const agentPriceLimit = () => new AppError(409, ErrorCode.agentPriceLimit, 'limit per ticket reached');

/** 409 group registration is not offered by this activity. */
export const agentNotEnabled = () =>
  new AppError(409, ErrorCode.agentNotEnabled, 'Group registration is not available for this activity');

/** 409 two members of one batch share a phone, e-mail or ID number. */
export const agentDuplicate = (what: 'phone' | 'email' | 'id_number') => {
  const code = {
    phone: ErrorCode.agentDuplicatePhone,
    email: ErrorCode.agentDuplicateEmail,
    id_number: ErrorCode.agentDuplicateIdNumber,
  }[what];
  const label = { phone: 'phone number', email: 'e-mail', id_number: 'ID number' }[what];
  return new AppError(409, code, `Duplicate ${label} among the members`);
};

/** 409 resubmission refused (flag off, checked in). */
export const resubmitNotAllowed = () =>
  new AppError(409, ErrorCode.resubmitNotAllowed, 'Resubmission is not allowed');

/** 409 resubmission after the deadline. */
export const deadlinePassed = () =>
  new AppError(409, ErrorCode.deadlinePassed, 'The deadline for changes has passed');

/** 409 check-in of a ticket under review or rejected. */
export const checkinNotApproved = () =>
  new AppError(409, ErrorCode.checkinNotApproved, 'This registration has not been approved');

/** 409 review of a ticket that is not under review. */
export const ticketNotReviewable = () =>
  new AppError(409, ErrorCode.ticketNotReviewable, 'This registration is not under review');

const problemMessages: Record<AnswerProblem['key'], string> = {
  'form.required': 'This is a required field',
  'phone.invalid': 'Please enter a valid phone number',
  'email.invalid': 'Please enter a valid e-mail address',
  'id_number.invalid': 'Invalid ID number',
  'option.invalid': 'Invalid option',
  'option.disabled': 'This option is no longer available',
  'date.invalid': 'Invalid date',
  'price.invalid': 'Invalid ticket type',
  'text.too_long': 'Too long',
};

/**
 * 400 for answer problems (§5): any required field left empty → form.required 'Please fill out all
 * required fields in the form.' with every such question in details; otherwise the first problem's
 * own code (phone.invalid, email.invalid, id_number.invalid, option.invalid, price.invalid;
 * a disabled option is option.invalid, a bad date validation_failed, an answer longer than its
 * question takes validation_failed 'data/<question id>: at most 500 characters' with `max`, like a
 * contract's too-long text).
 */
export function answersRefused(problems: AnswerProblem[]): AppError {
  const required = problems.filter((p) => p.key === 'form.required');
  if (required.length > 0) {
    return new AppError(
      400,
      ErrorCode.formRequired,
      'Please fill out all required fields in the form.',
      required.map((p) => ({ path: p.questionId, message: problemMessages['form.required'] })),
    );
  }
  const first = problems[0] as AnswerProblem;
  if (first.key === 'text.too_long' && first.max !== undefined) {
    const message = `at most ${first.max} characters`;
    return new AppError(400, ErrorCode.validation, `Invalid request: data/${first.questionId}: ${message}`, [
      { path: `data/${first.questionId}`, message, max: first.max },
    ]);
  }
  const code =
    first.key === 'option.disabled'
      ? ErrorCode.optionInvalid
      : first.key === 'date.invalid'
        ? ErrorCode.validation
        : first.key;
  return new AppError(400, code, problemMessages[first.key], [
    { path: first.questionId, message: problemMessages[first.key] },
  ]);
}

/**
 * 403 a private activity without an invitation (§6 'Private events … need registration or
 * permission', with the no-permission message): neither an invitation code nor the caller's phone
 * or e-mail on the invite list.
 */
export const invitationRequired = () =>
  new AppError(403, ErrorCode.invitationRequired, 'the current user has no permission');

/** 403 an invitation code that is forged, altered or for another activity. */
export const invitationInvalid = () =>
  new AppError(403, ErrorCode.invitationInvalid, 'the current user has no permission');

/** 403 an expired invitation code (§8 'The temporary link has expired'). */
export const invitationExpired = () =>
  new AppError(403, ErrorCode.invitationInvalid, 'The temporary link has expired');
