import { ApiError } from '../../../lib/api/client.ts';

/**
 * What a failed registration call means for the screen (§8 sign-up and group messages): an
 * acknowledge-only dialog, a message beside a field, or a toast; `activities` catalogue keys.
 */
export type RegistrationProblem =
  | { kind: 'dialog'; key: ProblemKey; shouldRefetch: boolean }
  | { kind: 'field'; key: ProblemKey; questionType: 'phone' | 'email' | 'id_number' }
  | { kind: 'required'; questionIds: string[] }
  | { kind: 'toast'; key: ProblemKey | null };

/** Keys under `errors.` in the `activities` catalogue. */
export type ProblemKey =
  | 'notStarted'
  | 'closed'
  | 'full'
  | 'sourceInvalid'
  | 'signUpOnce'
  | 'failed'
  | 'soldOut'
  | 'priceInvalid'
  | 'priceDeleted'
  | 'phoneRegistered'
  | 'emailRegistered'
  | 'idNumberExists'
  | 'idNumberInvalid'
  | 'phoneInvalid'
  | 'emailInvalid'
  | 'formRequired'
  | 'paymentUnavailable'
  | 'resubmitNotAllowed'
  | 'deadlinePassed'
  | 'insufficientQuantity'
  | 'priceUpdated'
  | 'agentNotEnabled'
  | 'agentInfoRequired'
  | 'agentLimitExceeded'
  | 'agentPriceLimit'
  | 'duplicatePhone'
  | 'duplicateEmail'
  | 'duplicateIdNumber'
  | 'notFound'
  | 'invitationRequired'
  | 'invitationInvalid'
  | 'couponInvalid'
  | 'couponExpired'
  | 'couponLimit'
  | 'couponNotApplicable';

const dialogs: Record<string, [ProblemKey, boolean]> = {
  'registration.not_started': ['notStarted', false],
  'registration.closed': ['closed', true],
  'signup.failed.max': ['full', true],
  'source.invalid': ['sourceInvalid', false],
  'ticket.sign_up_once': ['signUpOnce', true],
  'registration.failed': ['failed', true],
  'ticket.sold_out': ['soldOut', true],
  'price.invalid': ['priceInvalid', true],
  'price.deleted': ['priceDeleted', true],
  'payment.unavailable': ['paymentUnavailable', true],
  'registration.resubmit_not_allowed': ['resubmitNotAllowed', true],
  'registration.deadline_passed': ['deadlinePassed', true],
  '4029': ['insufficientQuantity', true],
  '4340': ['priceUpdated', true],
  'agent.not_enabled': ['agentNotEnabled', false],
  'agent.info_required': ['agentInfoRequired', false],
  'agent.limit_exceeded': ['agentLimitExceeded', true],
  'agent.price_limit': ['agentPriceLimit', true],
  'agent.duplicate_phone': ['duplicatePhone', false],
  'agent.duplicate_email': ['duplicateEmail', false],
  'agent.duplicate_id_number': ['duplicateIdNumber', false],
  not_found: ['notFound', true],
  // §6 private activities: no invitation, or a link that is forged or expired.
  'activity.invitation_required': ['invitationRequired', false],
  'activity.invitation_invalid': ['invitationInvalid', false],
  // §3 Registrant coupon code, refused at checkout (the form shows it under the code when it can).
  'coupon.invalid': ['couponInvalid', false],
  'coupon.expired': ['couponExpired', true],
  'coupon.limit': ['couponLimit', true],
  'coupon.not_applicable': ['couponNotApplicable', false],
};

const fields: Record<string, [ProblemKey, 'phone' | 'email' | 'id_number']> = {
  'phone.invalid': ['phoneInvalid', 'phone'],
  'phone.registered': ['phoneRegistered', 'phone'],
  'email.invalid': ['emailInvalid', 'email'],
  'email.registered': ['emailRegistered', 'email'],
  'id_number.invalid': ['idNumberInvalid', 'id_number'],
  'id_number.exists': ['idNumberExists', 'id_number'],
};

/** The question id a `details[].path` names (`data.<id>`, `members.0.data.<id>` or the bare id). */
function questionIdOf(path: string): string {
  const parts = path.split(/[.[\]]+/).filter(Boolean);
  return parts[parts.length - 1] ?? path;
}

export function registrationProblem(error: unknown): RegistrationProblem {
  if (!(error instanceof ApiError)) return { kind: 'toast', key: null };
  const code = String(error.code);
  if (code === 'form.required') {
    // The client keeps `data` of an error body; per-question details, when the server puts them there.
    const details = Array.isArray(error.data?.details) ? (error.data.details as { path: string }[]) : [];
    const ids = details.map((detail) => questionIdOf(String(detail.path)));
    return { kind: 'required', questionIds: ids };
  }
  const field = fields[code];
  if (field) return { kind: 'field', key: field[0], questionType: field[1] };
  const dialog = dialogs[code];
  if (dialog) return { kind: 'dialog', key: dialog[0], shouldRefetch: dialog[1] };
  return { kind: 'toast', key: null };
}
