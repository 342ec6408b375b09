import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api/client.ts';

/** Catalogue key (namespace `console`, under `errors.`) of each code the console's own calls answer. */
const keys: Record<string, string> = {
  'team.last_owner': 'errors.lastOwner',
  no_permission: 'errors.noPermission',
  'phone.invalid': 'errors.phoneInvalid',
  'email.invalid': 'errors.emailInvalid',
  validation_failed: 'errors.validation',
  not_found: 'errors.notFound',
  too_frequent: 'errors.tooFrequent',
};

/** The message of a failed console call in the current language, by its code; else 'request failed'. */
export function consoleErrorMessage(error: unknown, t: TFunction<'console'>): string {
  const key = error instanceof ApiError ? keys[String(error.code)] : undefined;
  return t((key ?? 'errors.requestFailed') as 'errors.requestFailed');
}
