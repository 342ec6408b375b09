import type { RegistrationRefusal } from '@app/domain';
import type { ProblemKey } from './problems.ts';

/** The `errors.*` key of each refusal of registrationState (acknowledge-only dialogs, §8). */
export const refusalKeys: Record<RegistrationRefusal, ProblemKey> = {
  'registration.not_started': 'notStarted',
  'registration.closed': 'closed',
  'signup.failed.max': 'full',
  'source.invalid': 'sourceInvalid',
  'registration.failed': 'failed',
  'ticket.sign_up_once': 'signUpOnce',
};
