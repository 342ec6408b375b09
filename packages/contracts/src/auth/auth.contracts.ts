import { z } from 'zod';
import { LoginResult } from '../users/users.contracts.ts';
import { resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Verification codes, code and password logins, the developer outbox (§7 Login, §5, §8).
 * Every call here is public: it is how a visitor gets a token in the first place.
 */

/** What a code proves: a login (also sign-up), binding a phone/e-mail to an account, or changing it. */
export const CodePurpose = z.enum(['login', 'bind', 'change']);
export type CodePurpose = z.infer<typeof CodePurpose>;

/** Seconds a code stays valid (10 minutes). */
export const codeLifetimeSeconds = 600;
/** Seconds before a new code may be sent to the same address. */
export const codeResendSeconds = 60;

/** Phone as typed: spaces, dashes, '+<code>' and full-width digits are accepted and normalised. */
const PhoneInput = z.string().trim().min(1).max(textLimits.phone);
/** Calling code without '+', default '86' (mainland China). */
const AreaCode = z.string().trim().max(textLimits.areaCode).default('86');
const EmailInput = z.string().trim().min(1).max(textLimits.email);
/** The code as typed (6 digits; full-width digits are accepted). */
const CodeInput = z.string().trim().min(1).max(textLimits.code);
/** UI language of the message (e.g. 'zh', 'en'); default: the meeting's first enabled language. */
const Lang = z.string().trim().max(textLimits.languageCode).optional();

/** Answer of the send-code calls: the code's lifetime and when the next one may be asked for (seconds). */
export const CodeSent = z.object({
  ok: z.literal(1),
  expires_in: z.number().int(),
  resend_after: z.number().int(),
});
export type CodeSent = z.infer<typeof CodeSent>;

/** Answer of the check-code calls when the code is right. */
export const CodeValid = z.object({ valid: z.literal(1) });

export const SendTextCodeBody = z.object({
  phone: PhoneInput,
  area_code: AreaCode,
  meeting_id: ObjectIdString,
  purpose: CodePurpose.default('login'),
  lang: Lang,
});
export type SendTextCodeBody = z.infer<typeof SendTextCodeBody>;

export const sendTextCode = defineRoute({
  method: 'POST',
  path: '/texts/code',
  summary:
    'Sends a 6-digit SMS code (10 minutes, single use) for a purpose. Same answer for every valid phone. 400 phone.invalid, 404 meeting, 429 too_frequent (Retry-After). The SMS is queued: a provider failure is retried and shows in the outbox, never in this answer.',
  spec: '§7 Login, §5',
  tags: ['auth'],
  isPublic: true,
  body: SendTextCodeBody,
  response: CodeSent,
});

export const checkTextCode = defineRoute({
  method: 'GET',
  path: '/texts/phone/:phone/code/:code',
  summary:
    'Checks an SMS code without using it; a wrong try counts towards the five allowed. 400 code.invalid (Invalid Code), 429 too_frequent.',
  spec: '§7 Login',
  tags: ['auth'],
  isPublic: true,
  params: z.object({ phone: PhoneInput, code: CodeInput }),
  querystring: z.object({ area_code: AreaCode, purpose: CodePurpose.default('login') }),
  response: CodeValid,
});

export const SendMailCodeBody = z.object({
  email: EmailInput,
  meeting_id: ObjectIdString,
  purpose: CodePurpose.default('login'),
  lang: Lang,
});
export type SendMailCodeBody = z.infer<typeof SendMailCodeBody>;

export const sendMailCode = defineRoute({
  method: 'POST',
  path: '/mails/code',
  summary:
    'Sends a 6-digit code by e-mail (10 minutes, single use) for a purpose. 400 email.invalid, 404 meeting, 429 too_frequent. The mail is queued like the SMS code.',
  spec: '§7 Login, §5',
  tags: ['auth'],
  isPublic: true,
  body: SendMailCodeBody,
  response: CodeSent,
});

export const checkMailCode = defineRoute({
  method: 'GET',
  path: '/mails/:email/code/:code',
  summary: 'Checks an e-mail code without using it. 400 code.invalid, 429 too_frequent.',
  spec: '§7 Login',
  tags: ['auth'],
  isPublic: true,
  params: z.object({ email: EmailInput, code: CodeInput }),
  querystring: z.object({ purpose: CodePurpose.default('login') }),
  response: CodeValid,
});

export const PhoneLoginBody = z.object({
  phone: PhoneInput,
  area_code: AreaCode,
  code: CodeInput,
  meeting_id: ObjectIdString,
});

export const loginByPhone = defineRoute({
  method: 'POST',
  path: '/tokens/phone',
  summary:
    'Logs in with a phone and its SMS code (purpose login); the account is created on first login. 400 phone.invalid / code.invalid, 429 too_frequent.',
  spec: '§7 Login, §2 /login',
  tags: ['auth'],
  isPublic: true,
  body: PhoneLoginBody,
  response: LoginResult,
});

export const PhoneTokenBody = z.object({
  phone: PhoneInput,
  area_code: AreaCode,
  meeting_id: ObjectIdString,
  /** Unix time of the signature, seconds (13 digits: milliseconds, §9). */
  timestamp: z.union([
    z
      .string()
      .trim()
      .regex(/^\d{1,13}$/),
    z.number().int().nonnegative(),
  ]),
  /** hex HMAC-SHA256 (see wire/phone-token.ts). */
  sign: z.string().trim().max(textLimits.token),
});
export type PhoneTokenBody = z.infer<typeof PhoneTokenBody>;

export const loginByPhoneToken = defineRoute({
  method: 'POST',
  path: '/tokens/phone/v2',
  summary:
    'Logs in a phone vouched for by a trusted embedder (mini-program web view) without a code: `sign` = hex HMAC-SHA256(PHONE_TOKEN_SALT, "<E.164>:<timestamp>"). 401 login.invalid when stale, forged or replayed; 403 login.method_disabled when the meeting switched phone login off.',
  spec: '§7 Login, §5 phone-token signature',
  tags: ['auth'],
  isPublic: true,
  body: PhoneTokenBody,
  response: LoginResult,
});

export const EmailLoginBody = z.object({
  email: EmailInput,
  code: CodeInput,
  meeting_id: ObjectIdString,
});

export const loginByEmail = defineRoute({
  method: 'POST',
  path: '/tokens/email',
  summary:
    'Logs in with an e-mail and its mail code (purpose login); the account is created on first login. 400 email.invalid / code.invalid, 429 too_frequent.',
  spec: '§7 Login, §2 /login',
  tags: ['auth'],
  isPublic: true,
  body: EmailLoginBody,
  response: LoginResult,
});

export const ExhibitorLoginBody = z.object({
  account: z.string().trim().min(1).max(textLimits.account),
  password: z.string().min(1).max(textLimits.password),
  meeting_id: ObjectIdString,
});

export const loginByExhibitorAccount = defineRoute({
  method: 'POST',
  path: '/tokens/exhibitor',
  summary:
    'Logs in with an exhibitor account and password of the meeting. 401 account.password_incorrect (Incorrect account or password), 429 too_frequent.',
  spec: '§7 Login, §6 Exhibitor',
  tags: ['auth'],
  isPublic: true,
  body: ExhibitorLoginBody,
  response: LoginResult,
});

/** One message of the developer outbox. */
export const OutboxMessage = z.object({
  channel: z.enum(['sms', 'mail']),
  /** E.164 phone or e-mail address. */
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  /** Unix seconds. */
  created: UnixSeconds,
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const listOutboxTexts = defineRoute({
  method: 'GET',
  path: '/texts',
  summary:
    'The local outbox: the latest 50 SMS and e-mails, newest first. Exists only when NODE_ENV is not production or DEV_OUTBOX=1 (404 otherwise).',
  spec: '§7 Login',
  tags: ['auth'],
  isPublic: true,
  response: resultsOf(OutboxMessage),
});
