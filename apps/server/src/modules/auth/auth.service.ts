import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { LoginResult } from '@app/contracts';
import { phoneTokenSignature } from '@app/contracts/wire/phone-token.ts';
import { toMilliseconds } from '@app/domain';
import { normaliseEmail, normalisePhone } from '@app/domain/contact';
import { hash, verify } from '@node-rs/argon2';
import { type Config, loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type LimitRule, rateLimitsFor } from '../../plugins/rate-limit.ts';
import { consumeCode, limitCodeChecks } from '../codes/codes.service.ts';
import { assertLoginMethodOn } from '../oauth/sso.service.ts';
import { countAttempt, type ThrottleRule } from '../throttle/throttle.service.ts';
import { emailInvalid, phoneInvalid } from '../users/users.errors.ts';
import { findUserById, insertUserIfFree, type UserRow } from '../users/users.repository.ts';
import { findOrCreateUserByEmail, findOrCreateUserByPhone, signIn } from '../users/users.service.ts';
import { accountOrPasswordIncorrect, loginInvalid, phoneTokenNotConfigured } from './auth.errors.ts';
import {
  type ExhibitorAccountRow,
  findExhibitorAccount,
  insertExhibitorAccountIfAbsent,
  lockExhibitorAccount,
  prunePhoneTokenUses,
  recordPhoneTokenUse,
  setExhibitorAccountUser,
} from './auth.repository.ts';

/**
 * The logins of §7 that end in a session without a third party: phone + SMS code, e-mail + mail
 * code, the signed code-less phone login of trusted embedders (/tokens/phone/v2) and exhibitor
 * account + password. Each ends with signIn (users.service.ts), which answers LoginResult.
 */

type Deps = { db: Database; config: Config };

/** Who is logging in from where: for the session record and the per-IP limits. */
type Caller = { deviceId: string | null; userAgent: string | null; ip: string };

/**
 * Exhibitor logins per IP, a 15-minute window (bounds the argon2 work one caller causes). Nothing
 * counts per account alone: wrong passwords are throttled by passwordThrottle instead.
 */
export const exhibitorLoginLimits = {
  ip: { name: 'auth.exhibitor.ip', points: 30, durationSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

/**
 * Wrong passwords (§8 'Incorrect account or password') are throttled, never locked
 * (throttle.service.ts): per account and IP 5 free failures, then waits of 1 s, 2 s, 4 s … up to an
 * hour; per IP 30 free failures likewise; per account from any IP 50 free failures, then doubling
 * waits of at most 15 minutes, remembered for a day. Ten wrong passwords from a stranger delay the
 * stranger; the exhibitor from another IP logs in at once. An account takes at most about
 * 50 + 96 guesses a day however many IPs guess.
 */
export const passwordThrottle = {
  pair: {
    scope: 'password.pair',
    freeFailures: 5,
    maxDelaySeconds: 60 * 60,
    forgetAfterSeconds: 60 * 60,
    onSuccess: 'reset',
  },
  ip: {
    scope: 'password.ip',
    freeFailures: 30,
    maxDelaySeconds: 60 * 60,
    forgetAfterSeconds: 60 * 60,
    onSuccess: 'give_back',
  },
  account: {
    scope: 'password.account',
    freeFailures: 50,
    maxDelaySeconds: 15 * 60,
    forgetAfterSeconds: 24 * 60 * 60,
    onSuccess: 'give_back',
  },
} satisfies Record<string, ThrottleRule>;

/** Code-less phone logins per IP (a signature cannot be guessed; this bounds the work a caller causes). */
export const phoneTokenLimit: LimitRule = {
  name: 'auth.phone_token.ip',
  points: 30,
  durationSeconds: 10 * 60,
};

/**
 * POST /tokens/phone: uses a `login` SMS code of the phone, then signs in the phone's user (created on
 * first login).
 * @throws 400 phone.invalid / code.invalid, 429 too_frequent, 404 meeting, 403 account.disabled,
 *   403 login.method_disabled (the meeting switched phone login off; the code stays unused)
 */
export async function loginWithPhoneCode(
  deps: Deps,
  input: Caller & { phone: string; areaCode: string; code: string; meetingId: string },
): Promise<LoginResult> {
  await assertLoginMethodOn(deps.db, input.meetingId, 'phone');
  const phone = normalisePhone(input.phone, input.areaCode);
  if (!phone) throw phoneInvalid();
  await limitCodeChecks(deps, { ip: input.ip });
  await consumeCode(deps, {
    channel: 'sms',
    address: phone.e164,
    purpose: 'login',
    code: input.code,
    ip: input.ip,
  });
  const user = await findOrCreateUserByPhone(deps.db, phone);
  return signIn(deps, { ...input, user, method: 'phone' });
}

/**
 * POST /tokens/email: uses a `login` mail code of the e-mail, then signs in its user (created on first
 * login).
 * @throws 400 email.invalid / code.invalid, 429 too_frequent, 404 meeting, 403 account.disabled,
 *   403 login.method_disabled (the meeting switched e-mail login off; the code stays unused)
 */
export async function loginWithEmailCode(
  deps: Deps,
  input: Caller & { email: string; code: string; meetingId: string },
): Promise<LoginResult> {
  await assertLoginMethodOn(deps.db, input.meetingId, 'email');
  const email = normaliseEmail(input.email);
  if (!email) throw emailInvalid();
  await limitCodeChecks(deps, { ip: input.ip });
  await consumeCode(deps, {
    channel: 'mail',
    address: email,
    purpose: 'login',
    code: input.code,
    ip: input.ip,
  });
  const user = await findOrCreateUserByEmail(deps.db, email);
  return signIn(deps, { ...input, user, method: 'email' });
}

const publicDefaultPhoneTokenSalt = loadConfig({}).PHONE_TOKEN_SALT;

/**
 * POST /tokens/phone/v2 (§5): signs in a phone without a code when the request carries
 * `sign` = hex HMAC-SHA256(PHONE_TOKEN_SALT, "<E.164>:<timestamp>") (wire/phone-token.ts). Refused as
 * 401 login.invalid when the timestamp is more than PHONE_TOKEN_MAX_SKEW_SECONDS from the server
 * clock (either way), the signature does not match (compared in constant time), or the signature was
 * used before (recorded in phone_token_uses). In production the public default salt disables it.
 *
 * @param input.timestamp unix seconds, or milliseconds when 13 digits (§9), exactly as signed
 * @throws 401 login.invalid, 400 phone.invalid, 429 too_frequent, 404 provider.not_configured,
 *   403 login.method_disabled (the meeting switched phone login off)
 */
export async function loginWithPhoneToken(
  deps: Deps,
  input: Caller & {
    phone: string;
    areaCode: string;
    meetingId: string;
    timestamp: string | number;
    sign: string;
  },
): Promise<LoginResult> {
  const { config } = deps;
  if (config.NODE_ENV === 'production' && config.PHONE_TOKEN_SALT === publicDefaultPhoneTokenSalt) {
    throw phoneTokenNotConfigured();
  }
  // A signed hand-over signs a phone in: the meeting's phone switch governs it (§7 Login).
  await assertLoginMethodOn(deps.db, input.meetingId, 'phone');
  await rateLimitsFor(config).consumeAll([{ rule: phoneTokenLimit, key: input.ip }]);
  const phone = normalisePhone(input.phone, input.areaCode);
  if (!phone) throw phoneInvalid();

  const timestamp = String(input.timestamp).trim();
  const skewMs = Math.abs(Date.now() - toMilliseconds(Number(timestamp)));
  if (!/^\d{1,13}$/.test(timestamp) || skewMs > config.PHONE_TOKEN_MAX_SKEW_SECONDS * 1000)
    throw loginInvalid();

  const sign = input.sign.trim().toLowerCase();
  const expected = phoneTokenSignature({ salt: config.PHONE_TOKEN_SALT, e164: phone.e164, timestamp });
  if (
    !/^[0-9a-f]{64}$/.test(sign) ||
    !timingSafeEqual(Buffer.from(sign, 'hex'), Buffer.from(expected, 'hex'))
  ) {
    throw loginInvalid();
  }
  await prunePhoneTokenUses(deps.db, 2 * config.PHONE_TOKEN_MAX_SKEW_SECONDS);
  if (!(await recordPhoneTokenUse(deps.db, sign))) throw loginInvalid();

  const user = await findOrCreateUserByPhone(deps.db, phone);
  return signIn(deps, { ...input, user, method: 'phone_v2' });
}

/** An exhibitor login name as stored: NFKC, trimmed, lower-cased. */
export function normaliseAccountName(account: string): string {
  return account.normalize('NFKC').trim().toLowerCase();
}

let dummyHash: Promise<string> | undefined;

/**
 * An argon2id hash of a random password, with the same parameters as real ones: unknown accounts are
 * verified against it, so they cost the same time as a wrong password.
 */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  return dummyHash;
}

async function isPasswordRight(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The user an exhibitor account signs in as, created (username = account) and linked on first login. */
async function exhibitorUser(db: Database, account: ExhibitorAccountRow): Promise<UserRow> {
  if (account.userId) {
    const user = await findUserById(db, account.userId);
    if (user) return user;
  }
  return inTransaction(db, async (tx) => {
    const locked = await lockExhibitorAccount(tx, account.id);
    if (locked?.userId) {
      const user = await findUserById(tx, locked.userId);
      if (user) return user;
    }
    const user = await insertUserIfFree(tx, { id: newId(), username: account.account });
    if (!user) throw new Error('could not create the user of an exhibitor account');
    await setExhibitorAccountUser(tx, account.id, user.id);
    return user;
  });
}

/**
 * POST /tokens/exhibitor (§7 Login, §6 Exhibitor): account + password of the meeting's exhibitor
 * account (argon2id). An unknown or disabled account and a wrong password get the same 401 after the
 * same work. The account's user is created on its first login.
 * @throws 401 account.password_incorrect, 429 too_frequent (per account and per IP), 403 account.disabled,
 *   403 login.method_disabled (the meeting switched exhibitor login off)
 */
export async function loginWithExhibitorAccount(
  deps: Deps,
  input: Caller & { account: string; password: string; meetingId: string },
): Promise<LoginResult> {
  await assertLoginMethodOn(deps.db, input.meetingId, 'exhibitor');
  const account = await verifyExhibitorAccount(deps, input);
  const user = await exhibitorUser(deps.db, account);
  return signIn(deps, { ...input, user, method: 'exhibitor' });
}

/**
 * Checks an exhibitor account's password (argon2id) under the login limits (exhibitorLoginLimits,
 * passwordThrottle), for the login and for binding the account to a logged-in user
 * (POST /exhibitor/bindings, §6). Unknown, disabled and wrong-password accounts cost the same work,
 * get the same error and are throttled alike.
 * @returns the account row
 * @throws 401 account.password_incorrect, 429 too_frequent with Retry-After (per IP; per account and
 *   IP or per account while the throttle makes them wait)
 */
export async function verifyExhibitorAccount(
  deps: Deps,
  input: { ip: string; account: string; password: string; meetingId: string },
): Promise<ExhibitorAccountRow> {
  const accountName = normaliseAccountName(input.account);
  await rateLimitsFor(deps.config).consumeAll([{ rule: exhibitorLoginLimits.ip, key: input.ip }]);
  const accountKey = `${input.meetingId}:${accountName}`;
  const attempt = await countAttempt(deps, [
    { rule: passwordThrottle.pair, key: `${accountKey}|${input.ip}` },
    { rule: passwordThrottle.ip, key: input.ip },
    { rule: passwordThrottle.account, key: accountKey },
  ]);
  const account = await findExhibitorAccount(deps.db, input.meetingId, accountName);
  const isUsable = account !== undefined && account.enabled === 1;
  const isRight = await isPasswordRight(
    isUsable ? account.passwordHash : await dummyPasswordHash(),
    input.password,
  );
  if (!isUsable || !isRight) throw accountOrPasswordIncorrect();
  await attempt.succeeded();
  return account;
}

/**
 * Adds an exhibitor account to a meeting with an argon2id hash of its password (seed, organiser
 * tools). Does nothing when the meeting already has an account of that name.
 * @returns the new account's id, or undefined when it existed
 */
export async function createExhibitorAccount(
  deps: { db: Database },
  input: { meetingId: string; account: string; password: string; enterpriseId?: string | null },
): Promise<string | undefined> {
  const row = await insertExhibitorAccountIfAbsent(deps.db, {
    id: newId(),
    meetingId: input.meetingId,
    account: normaliseAccountName(input.account),
    passwordHash: await hash(input.password),
    enterpriseId: input.enterpriseId ?? null,
  });
  return row?.id;
}
