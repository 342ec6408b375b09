import { createHmac, randomInt } from 'node:crypto';
import { type CodePurpose, type CodeSent, codeLifetimeSeconds, codeResendSeconds } from '@app/contracts';
import { enabledLanguages, localize } from '@app/domain';
import { normaliseEmail, normalisePhone } from '@app/domain/contact';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../errors.ts';
import { type LimitRule, rateLimitsFor } from '../../plugins/rate-limit.ts';
import type { MailProvider } from '../../providers/mail/mail.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { findLiveMeetingById } from '../meetings/meetings.repository.ts';
import { deliverMessageJob, queueMail, queueSms } from '../messages/messages.service.ts';
import { countAttempt, type ThrottleEntry, type ThrottleRule } from '../throttle/throttle.service.ts';
import { emailInvalid, phoneInvalid } from '../users/users.errors.ts';
import { codeInvalid } from './codes.errors.ts';
import { codeMail, codeSmsText } from './codes.messages.ts';
import { type CodeKey, hasLiveCode, replaceCode, useLiveCode } from './codes.repository.ts';

/**
 * Verification codes (§7 Login, §5): 6 digits from the CSPRNG, stored only as an
 * HMAC, 10 minutes, single use, bound to channel + address + purpose, the newest code of a key
 * replacing older ones; wrong tries throttled per address and IP (codeThrottle). Sending never looks up users, so known and unknown
 * addresses get the same answer in the same time.
 */

export type CodeChannel = 'sms' | 'mail';

/**
 * Wrong codes (§8 'Invalid Code') are throttled, never locked (throttle.service.ts): per address and
 * IP 5 free failures, then waits of 1 s, 2 s, 4 s … up to an hour; per IP 30 free failures (a venue's
 * shared network) likewise; per address from any IP 20 free failures, then doubling waits of at most
 * 15 minutes, remembered for a day. A stranger's wrong codes delay the stranger; the owner from
 * another IP logs in at once. Guessing a 6-digit code that lives 10 minutes stays infeasible: an
 * address takes about 20 + 96 compared tries a day whatever the number of IPs (≈ 1 in 8,600 per day
 * even if a code were live all day), and each IP only a handful.
 */
export const codeThrottle = {
  pair: {
    scope: 'code.pair',
    freeFailures: 5,
    maxDelaySeconds: 60 * 60,
    forgetAfterSeconds: 60 * 60,
    onSuccess: 'reset',
  },
  ip: {
    scope: 'code.ip',
    freeFailures: 30,
    maxDelaySeconds: 60 * 60,
    forgetAfterSeconds: 60 * 60,
    onSuccess: 'give_back',
  },
  address: {
    scope: 'code.address',
    freeFailures: 20,
    maxDelaySeconds: 15 * 60,
    forgetAfterSeconds: 24 * 60 * 60,
    onSuccess: 'give_back',
  },
} satisfies Record<string, ThrottleRule>;

/** The throttle entries of a try of a code of `channel:address` from an IP. */
export function codeThrottleEntries(key: Pick<CodeKey, 'channel' | 'address'>, ip: string): ThrottleEntry[] {
  const address = `${key.channel}:${key.address}`;
  return [
    { rule: codeThrottle.pair, key: `${address}|${ip}` },
    { rule: codeThrottle.ip, key: ip },
    { rule: codeThrottle.address, key: address },
  ];
}

/** Sending: per address one per resend interval and ten a day; per number prefix 30 an hour. */
export const sendLimits = {
  addressResend: { name: 'code.send.address', points: 1, durationSeconds: codeResendSeconds },
  addressDaily: { name: 'code.send.address.day', points: 10, durationSeconds: 24 * 60 * 60 },
  phonePrefix: { name: 'code.send.prefix', points: 30, durationSeconds: 60 * 60 },
} satisfies Record<string, LimitRule>;

/** Sending per IP: CODE_SENDS_PER_IP_HOURLY an hour (a venue's visitors share one address). */
export function sendLimitPerIp(config: Config): LimitRule {
  return { name: 'code.send.ip', points: config.CODE_SENDS_PER_IP_HOURLY, durationSeconds: 60 * 60 };
}

/**
 * Checking and using codes through the API: per IP, CODE_CHECKS_PER_IP_10_MIN in a 10-minute
 * window. Nothing counts per address alone: a stranger's calls must not lock the owner out (wrong
 * codes are throttled by codeThrottle).
 */
export function checkLimitPerIp(config: Config): LimitRule {
  return { name: 'code.check.ip', points: config.CODE_CHECKS_PER_IP_10_MIN, durationSeconds: 10 * 60 };
}

/** The whole server's daily budget of code messages per channel (SMS_DAILY_BUDGET, MAIL_DAILY_BUDGET). */
export function dailyBudgetRule(config: Config, channel: CodeChannel): LimitRule {
  return channel === 'sms'
    ? { name: 'code.send.budget.sms', points: config.SMS_DAILY_BUDGET, durationSeconds: 24 * 60 * 60 }
    : { name: 'code.send.budget.mail', points: config.MAIL_DAILY_BUDGET, durationSeconds: 24 * 60 * 60 };
}

/** hex HMAC-SHA256(AUTH_SECRET, `channel|address|purpose|code`): what is stored instead of the code. */
export function hashCode(secret: string, key: CodeKey, code: string): string {
  return createHmac('sha256', secret)
    .update(`${key.channel}|${key.address}|${key.purpose}|${code}`)
    .digest('hex');
}

/** A fresh 6-digit code from the CSPRNG (leading zeros kept). */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The code as typed, full-width digits folded; null unless exactly 6 digits. */
function typedCode(code: string): string | null {
  const text = code.normalize('NFKC').trim();
  return /^\d{6}$/.test(text) ? text : null;
}

/**
 * Counts a try under the code throttle (codeThrottle) and compares. Returns normally when the code
 * is right (the caller's own failed tries from this IP are forgotten), throws 400 code.invalid
 * otherwise, 429 too_frequent while a wait is owed (the code is then not compared).
 */
async function tryCode(
  deps: { db: Database; config: Config },
  key: CodeKey,
  code: string,
  isUse: boolean,
  ip: string,
): Promise<void> {
  const attempt = await countAttempt(deps, codeThrottleEntries(key, ip));
  const typed = typedCode(code);
  if (typed) {
    const codeHash = hashCode(deps.config.AUTH_SECRET, key, typed);
    const isRight = isUse
      ? await useLiveCode(deps.db, key, codeHash)
      : await hasLiveCode(deps.db, key, codeHash);
    if (isRight) {
      await attempt.succeeded();
      return;
    }
  }
  throw codeInvalid();
}

/**
 * Uses a code: succeeds once per code, atomically (of two concurrent correct uses exactly one wins).
 * For other modules (profile phone/e-mail change, sign-up, WeChat bind). Call it with the app's
 * database, not inside a transaction: the failed try is counted in a transaction of its own, which a
 * caller's rollback cannot erase.
 *
 * @param input.address normalised: E.164 phone or lower-cased e-mail
 * @param input.ip the caller's IP (request.ip), for the throttle
 * @throws 400 code.invalid when wrong, expired, used, replaced, for another purpose or address;
 *   429 too_frequent with Retry-After while the throttle makes this IP or address wait (codeThrottle)
 */
export async function consumeCode(
  deps: { db: Database; config: Config },
  input: {
    channel: 'sms' | 'mail';
    address: string;
    purpose: 'login' | 'bind' | 'change';
    code: string;
    ip: string;
  },
): Promise<void> {
  const { code, ip, ...key } = input;
  await tryCode(deps, key, code, true, ip);
}

/**
 * Checks a code without using it (GET /texts/phone/{phone}/code/{code}); a wrong try counts like one
 * of consumeCode.
 * @throws 400 code.invalid, 429 too_frequent
 */
export async function verifyCode(
  deps: { db: Database; config: Config },
  input: {
    channel: 'sms' | 'mail';
    address: string;
    purpose: 'login' | 'bind' | 'change';
    code: string;
    ip: string;
  },
): Promise<void> {
  const { code, ip, ...key } = input;
  await tryCode(deps, key, code, false, ip);
}

/**
 * The normalised address of a channel: E.164 for 'sms' (with the area code), lower-cased e-mail for
 * 'mail'.
 * @throws 400 phone.invalid / email.invalid
 */
export function normaliseAddress(channel: CodeChannel, address: string, areaCode = '86'): string {
  if (channel === 'sms') {
    const phone = normalisePhone(address, areaCode);
    if (!phone) throw phoneInvalid();
    return phone.e164;
  }
  const email = normaliseEmail(address);
  if (!email) throw emailInvalid();
  return email;
}

/**
 * Counts one check or use of a code through the API for the caller's IP (checkLimitPerIp).
 * @throws 429 too_frequent with Retry-After
 */
export async function limitCodeChecks(deps: { config: Config }, input: { ip: string }): Promise<void> {
  await rateLimitsFor(deps.config).consumeAll([{ rule: checkLimitPerIp(deps.config), key: input.ip }]);
}

/**
 * GET /texts/phone/{phone}/code/{code} and GET /mails/{email}/code/{code}: `{ valid: 1 }` when right.
 * @throws 400 phone.invalid / email.invalid / code.invalid, 429 too_frequent
 */
export async function checkCode(
  deps: { db: Database; config: Config },
  input: {
    channel: CodeChannel;
    address: string;
    areaCode?: string;
    purpose: CodePurpose;
    code: string;
    ip: string;
  },
): Promise<{ valid: 1 }> {
  const address = normaliseAddress(input.channel, input.address, input.areaCode);
  await limitCodeChecks(deps, { ip: input.ip });
  await verifyCode(deps, {
    channel: input.channel,
    address,
    purpose: input.purpose,
    code: input.code,
    ip: input.ip,
  });
  return { valid: 1 };
}

export type SendCodeDeps = {
  db: Database;
  config: Config;
  sms: SmsProvider;
  mail: MailProvider;
  jobs: JobQueue;
};

/**
 * POST /texts/code and POST /mails/code: sends a new code for a purpose, replacing the address's
 * earlier codes of that purpose. Limits (429 too_frequent with Retry-After): per address one per 60 s
 * and 10 a day; per IP 20 an hour; per phone-number prefix (E.164 without its last 4 digits) 30 an
 * hour; the server's daily SMS/mail budget. The text is in `lang` (without it, in the meeting's
 * first enabled language) when the messages catalogue has that language, else in English.
 * The message is queued, not sent, when this answers: a provider that refuses it or is down is
 * retried with back-off and, after the last try, the outbox row says `failed` with its answer.
 *
 * @returns `{ ok: 1, expires_in: 600, resend_after: 60 }` (seconds), the same for every address
 * @throws 400 phone.invalid / email.invalid, 404 meeting, 429 too_frequent
 */
export async function sendCode(
  deps: SendCodeDeps,
  input: {
    channel: CodeChannel;
    address: string;
    areaCode?: string;
    purpose: CodePurpose;
    meetingId: string;
    lang?: string | undefined;
    ip: string;
  },
): Promise<CodeSent> {
  const { channel, purpose } = input;
  const address = normaliseAddress(channel, input.address, input.areaCode);
  const meeting = await findLiveMeetingById(deps.db, input.meetingId);
  if (!meeting) throw notFound('Meeting');

  await rateLimitsFor(deps.config).consumeAll([
    { rule: sendLimits.addressResend, key: `${channel}:${address}` },
    { rule: sendLimits.addressDaily, key: `${channel}:${address}` },
    { rule: sendLimitPerIp(deps.config), key: input.ip },
    ...(channel === 'sms' ? [{ rule: sendLimits.phonePrefix, key: address.slice(0, -4) }] : []),
    { rule: dailyBudgetRule(deps.config, channel), key: 'all' },
  ]);

  const code = generateCode();
  const key: CodeKey = { channel, address, purpose };
  const language = input.lang || enabledLanguages(meeting.config.language)[0] || 'en';
  const text = {
    language,
    code,
    meeting: localize(meeting.title, language),
    minutes: codeLifetimeSeconds / 60,
  };
  // The code, its outbox row and the delivery job commit together; the provider is called by the
  // job (DESIGN §9), so an outage delays the message instead of failing the request.
  await inTransaction(deps.db, async (tx) => {
    await replaceCode(tx, {
      ...key,
      id: newId(),
      codeHash: hashCode(deps.config.AUTH_SECRET, key, code),
      meetingId: meeting.id,
      lifetimeSeconds: codeLifetimeSeconds,
    });
    const queueDeps = { ...deps, db: tx };
    if (channel === 'sms') {
      await queueSms(queueDeps, {
        message: { to: address, text: codeSmsText(text), templateParams: { code } },
        meetingId: meeting.id,
      });
    } else {
      await queueMail(queueDeps, { message: { to: address, ...codeMail(text) }, meetingId: meeting.id });
    }
  });
  deps.jobs.wake(deliverMessageJob);
  return { ok: 1, expires_in: codeLifetimeSeconds, resend_after: codeResendSeconds };
}
