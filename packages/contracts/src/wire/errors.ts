import { z } from 'zod';

/**
 * Error body of every failed call: `{ code, message }` (DESIGN §3). `code` is the spec's numeric code
 * where §8 names one (4029, 4340, 12000 …) and a stable string key otherwise; `details` optionally
 * lists the offending fields.
 */
export const ErrorBody = z.object({
  code: z.union([z.string(), z.number()]),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Stable error codes used across the API (string keys; numeric §8 codes arrive with their issues). */
export const ErrorCode = {
  validation: 'validation_failed',
  invalidObjectId: 'invalid_object_id',
  invalidQuery: 'invalid_query',
  limitTooLarge: 'limit_too_large',
  apikeyMissing: 'apikey_missing',
  apikeyInvalid: 'apikey_invalid',
  apikeyExpired: 'apikey_expired',
  notFound: 'not_found',
  tokenInvalid: 'token.invalid',
  unsupportedMediaType: 'unsupported_media_type',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
