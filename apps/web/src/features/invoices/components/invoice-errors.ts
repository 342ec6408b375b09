import type { InvoiceFieldError, InvoiceRequestInput } from '@app/domain/commerce';
import { ApiError } from '../../../lib/api/client.ts';

/** A field's problem as the form shows it: a catalogue key under `errors.`. */
export type FieldErrors = Partial<Record<keyof InvoiceRequestInput, string>>;

/** Fields whose 'invalid' problem has a message of its own (the others read `errors.invalid`). */
const ownInvalid = new Set(['taxpayer_number', 'mobile', 'email', 'bank_account', 'phone']);

/** The catalogue key of one field problem (§5 messages: required, invalid code, mobile …). */
export function errorKeyOf(error: Pick<InvoiceFieldError, 'path' | 'code'>): string {
  if (error.code === 'required') return 'errors.required';
  if (error.code === 'too_long') return 'errors.too_long';
  return ownInvalid.has(error.path) ? `errors.invalid_${error.path}` : 'errors.invalid';
}

/** Field problems of the browser-side check, keyed by field (first problem of each). */
export function fieldErrorsOf(errors: readonly InvoiceFieldError[]): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) result[error.path] ??= errorKeyOf(error);
  return result;
}

/**
 * Field problems of a server answer: 400 validation_failed lists each bad field in `details` (the
 * typed client keeps only code and message, so the message's `path: text` parts are read).
 */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const result: FieldErrors = {};
  for (const part of error.message.split('; ')) {
    const match = /^([a-z_]+): (.*)$/.exec(part);
    if (!match?.[1]) continue;
    const path = match[1] as keyof InvoiceRequestInput;
    result[path] = /required/i.test(match[2] ?? '')
      ? 'errors.required'
      : errorKeyOf({ path, code: 'invalid' });
  }
  return Object.keys(result).length > 0 ? result : null;
}
