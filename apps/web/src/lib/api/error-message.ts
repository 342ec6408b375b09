import type { TFunction } from 'i18next';
import { ApiError } from './client.ts';

/** Catalogue key (namespace `common`, under `errors.`) of each API error code the user can meet (§8). */
const keys: Record<string, string> = {
  too_frequent: 'errors.tooFrequent',
  'code.invalid': 'errors.codeInvalid',
  'code.send_failed': 'errors.codeSendFailed',
  'phone.invalid': 'errors.phoneInvalid',
  'email.invalid': 'errors.emailInvalid',
  'phone.taken': 'errors.phoneTaken',
  'email.taken': 'errors.emailTaken',
  'account.password_incorrect': 'errors.accountOrPasswordIncorrect',
  'login.invalid': 'errors.loginInvalid',
  'account.disabled': 'errors.accountDisabled',
  'token.invalid': 'token.invalid',
  no_permission: 'errors.noPermission',
  'upload.token_invalid': 'errors.uploadFailed',
  'upload.type_rejected': 'errors.uploadTypeRejected',
  'upload.too_large': 'errors.uploadTooLarge',
  timeout: 'states.errorDescription',
  network_error: 'states.errorDescription',
};

/**
 * The message to show for a failed call, in the current language: the spec's wording for known codes
 * ('Invalid Code', 'Do not operate frequently!' …), else 'Request failed'.
 */
export function apiErrorMessage(error: unknown, t: TFunction<'common'>): string {
  if (error instanceof ApiError) {
    const key = keys[String(error.code)];
    if (key) return t(key as 'errors.requestFailed');
  }
  return t('errors.requestFailed');
}
