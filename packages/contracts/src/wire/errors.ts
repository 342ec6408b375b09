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
  /** Extra answer data, e.g. the WeChat 4260 hand-back (§8). */
  data: z.record(z.string(), z.unknown()).optional(),
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
  /** 403: the Authorization token is unknown, expired, revoked or for another meeting (§8). */
  tokenInvalid: 'token.invalid',
  /** 401: the call needs a logged-in user and none is given. */
  loginRequired: 'login.required',
  /** 403 on an object the user may not touch (§6 'the current user has no permission'). */
  noPermission: 'no_permission',
  /** 429 'Do not operate frequently!' with Retry-After (§8). */
  tooFrequent: 'too_frequent',
  /** 400 'Invalid Code' (§8): wrong, expired, used, other purpose or address, or dead after 5 tries. */
  codeInvalid: 'code.invalid',
  /** 502 'Sending code failed' (§8). */
  codeSendFailed: 'code.send_failed',
  /** 400 invalid phone number for its region. */
  phoneInvalid: 'phone.invalid',
  emailInvalid: 'email.invalid',
  /** 409 the phone or e-mail already belongs to another user (§5). */
  phoneTaken: 'phone.taken',
  emailTaken: 'email.taken',
  /** 401 'Incorrect account or password' (§8). */
  accountOrPasswordIncorrect: 'account.password_incorrect',
  /** 401 'Login invalid' (§8): stale or forged /tokens/phone/v2 signature, failed third-party login. */
  loginInvalid: 'login.invalid',
  /** 403 the account is disabled. */
  accountDisabled: 'account.disabled',
  /** WeChat login hand-back (§8 4260): the identity needs a phone bound before a session is given. */
  wechatBindRequired: 4260,
  /** 400 'upload failed' cases: bad token, wrong type, too large, too many pixels. */
  uploadTokenInvalid: 'upload.token_invalid',
  uploadTypeRejected: 'upload.type_rejected',
  uploadTooLarge: 'upload.too_large',
  /** 404 the login provider is not configured on this server. */
  providerNotConfigured: 'provider.not_configured',
  unsupportedMediaType: 'unsupported_media_type',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
