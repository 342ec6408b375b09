import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api/client.ts';

/** Catalogue key (namespace `console-exhibitors`, under `errors.`) of each code this area's calls answer. */
const keys: Record<string, string> = {
  'conflict.stale': 'errors.stale',
  'conflict.already_used': 'errors.accountTaken',
  'exhibitor_application.reviewed': 'errors.reviewed',
  'exhibitor.no_contact': 'errors.noContact',
  no_permission: 'errors.noPermission',
  'email.invalid': 'errors.emailInvalid',
  validation_failed: 'errors.validation',
  not_found: 'errors.notFound',
};

/** The message of a failed call of this area in the current language, by its code; else 'request failed'. */
export function consoleExhibitorsErrorMessage(error: unknown, t: TFunction<'console-exhibitors'>): string {
  const key = error instanceof ApiError ? keys[String(error.code)] : undefined;
  return t((key ?? 'errors.requestFailed') as 'errors.requestFailed');
}

/** Whether a failed call was 409 conflict.stale (someone saved in between: reload). */
export function isStale(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'conflict.stale';
}
