import { createHash, randomBytes } from 'node:crypto';
import { ConsoleExhibitorsError, type PasswordLinkInfo, passwordLinkHours, toWireId } from '@app/contracts';
import { localize } from '@app/domain';
import { hash } from '@node-rs/argon2';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unix } from '../../db/wire.ts';
import { AppError, notFound } from '../../errors.ts';
import type { MailProvider } from '../../providers/mail/mail.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import { fill, messageCatalogue } from '../codes/codes.messages.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { queueMail, queueSms } from '../messages/messages.service.ts';
import { publicLink } from '../shared/public-links.ts';
import { countAttempt, type ThrottleRule } from '../throttle/throttle.service.ts';
import {
  findPasswordToken,
  insertPasswordToken,
  markPasswordTokenUsed,
  type PasswordTokenRow,
  retirePasswordTokens,
  revokeExhibitorAccountAccess,
  setAccountPasswordHash,
} from './console-exhibitors.repository.ts';

/**
 * One-time links that let an exhibitor account set its password (§6 Exhibitor): sent by SMS and mail
 * through the job queue when an organiser approves an application or resets a password. The token is
 * 32 random bytes (base64url) shown only in the link; the database keeps its SHA-256. A link works
 * once, for 72 hours, and a newer link of the account retires the older ones.
 */

/** What sending a link needs: the transaction's database, the queue and the providers' names. */
export type LinkDeps = {
  db: Database;
  config: Pick<Config, 'PUBLIC_URL'>;
  jobs: JobQueue;
  sms: Pick<SmsProvider, 'name'>;
  mail: Pick<MailProvider, 'name'>;
};

/** hex SHA-256 of a token, as `exhibitor_password_tokens.token_hash` keeps it. */
export function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Makes a new link for an account (inside the caller's transaction), retiring its earlier ones.
 * @returns the token (43 base64url characters) and the absolute link of the web page
 *   `/#/meeting/exhibitor/password?key=…&meeting_id=…`
 */
export async function createPasswordLink(
  deps: { db: Database; config: Pick<Config, 'PUBLIC_URL'> },
  input: { exhibitorAccountId: string; meetingId: string; now?: Date },
): Promise<{ token: string; link: string }> {
  const token = randomBytes(32).toString('base64url');
  const now = input.now ?? new Date();
  await retirePasswordTokens(deps.db, input.exhibitorAccountId);
  await insertPasswordToken(deps.db, {
    tokenHash: tokenHashOf(token),
    exhibitorAccountId: input.exhibitorAccountId,
    expiresAt: new Date(now.getTime() + passwordLinkHours * 3_600_000),
  });
  // `key`, not `token`: the web app takes a `token` query parameter as a session (§2).
  const link = publicLink(deps.config, '/#/meeting/exhibitor/password', {
    key: token,
    meeting_id: input.meetingId,
  });
  return { token, link };
}

/**
 * A request URL fit for the access log: the secret of a password link (`/exhibitor/password_links/
 * {token}`) replaced by `…`, since a logged token would let anyone who reads the logs set the
 * account's password for 72 hours. Other URLs are returned as they are.
 */
export function loggableUrl(url: string): string {
  return url.replace(/(\/exhibitor\/password_links\/)[^/?#]+/, '$1…');
}

type MessageKey = 'approved' | 'rejected' | 'password';

/**
 * Queues the `exhibitorApplication.<key>` message (messages.json) to a phone (SMS) and an e-mail (mail)
 * in the caller's transaction, in `language` (English per missing key).
 * @returns the addresses written to
 */
export async function sendExhibitorMessage(
  deps: LinkDeps,
  input: {
    key: MessageKey;
    language: string;
    meetingId: string;
    phone: string | null;
    email: string | null;
    values: Record<string, string>;
  },
): Promise<string[]> {
  const section = messageCatalogue(input.language).exhibitorApplication;
  const english = messageCatalogue('en').exhibitorApplication;
  const text = (key: MessageKey | `${MessageKey}Subject`) => section?.[key] ?? english?.[key] ?? '';
  const values = { hours: String(passwordLinkHours), ...input.values };
  const sentTo: string[] = [];
  if (input.phone) {
    await queueSms(deps, {
      message: { to: input.phone, text: fill(text(input.key), values), templateParams: values },
      meetingId: input.meetingId,
    });
    sentTo.push(input.phone);
  }
  if (input.email) {
    await queueMail(deps, {
      message: {
        to: input.email,
        subject: fill(text(`${input.key}Subject`), values),
        text: fill(text(input.key), values),
      },
      meetingId: input.meetingId,
    });
    sentTo.push(input.email);
  }
  return sentTo;
}

/** The meeting title in a language, for messages. */
export function meetingTitleIn(title: string | Record<string, string>, language: string): string {
  return localize(title, language);
}

/**
 * Wrong password links per IP (GET and POST): 5 free failures (unknown, used or expired tokens), then
 * doubling waits of at most an hour. Only wrong tokens are counted and only they wait: a usable
 * token is never refused, so strangers behind the exhibitor's IP (a venue's Wi-Fi) cannot lock the
 * exhibitor out. Tokens have 256 bits, so guessing is hopeless anyway; this bounds the work a
 * scanner causes.
 */
export const passwordLinkThrottle = {
  ip: {
    scope: 'password_link.ip',
    freeFailures: 5,
    maxDelaySeconds: 60 * 60,
    forgetAfterSeconds: 60 * 60,
    onSuccess: 'give_back',
  },
} satisfies Record<string, ThrottleRule>;

const linkExpired = () =>
  new AppError(410, ConsoleExhibitorsError.passwordLinkExpired, 'The temporary link has expired');

/** The link's row when it can still be used. @throws 404 not_found, 410 password_link.expired */
function usableLink(row: PasswordTokenRow | undefined, now: number): PasswordTokenRow {
  if (!row) throw notFound('Password link');
  if (row.usedAt || row.expiresAt.getTime() <= now) throw linkExpired();
  return row;
}

/**
 * The usable link of a token; a wrong one is counted under passwordLinkThrottle and refused.
 * @throws 404 not_found, 410 password_link.expired, 429 too_frequent (wrong tokens only)
 */
async function linkOf(
  deps: { db: Database; config: Config },
  input: { token: string; ip: string },
): Promise<PasswordTokenRow> {
  const row = await findPasswordToken(deps.db, tokenHashOf(input.token));
  const now = Date.now();
  if (row && !row.usedAt && row.expiresAt.getTime() > now) return row;
  await countAttempt(deps, [{ rule: passwordLinkThrottle.ip, key: input.ip }]);
  return usableLink(row, now);
}

/**
 * GET /exhibitor/password_links/{token} (public): the account and meeting a link is for.
 * @throws 404 not_found (unknown token), 410 password_link.expired (used, replaced or expired),
 *   429 too_frequent (wrong tokens from the IP, passwordLinkThrottle)
 */
export async function getPasswordLink(
  deps: { db: Database; config: Config },
  input: { token: string; ip: string },
): Promise<PasswordLinkInfo> {
  const row = await linkOf(deps, input);
  return {
    account: row.account,
    meeting: { _id: toWireId(row.meetingId), title: row.meetingTitle },
    expires: unix(row.expiresAt),
  };
}

/**
 * POST /exhibitor/password_links/{token} (public): sets the account's password (argon2id) and marks
 * the link used in one transaction (the link row is locked, so two concurrent posts set it once).
 * A new password ends what the old one opened, in the same transaction: the account's exhibitor
 * sessions are revoked and every user's binding to it removed (a reset is how an organiser takes an
 * account back from whoever learnt its password; colleagues log in or bind again with the new one).
 * A wrong token is counted per IP under passwordLinkThrottle; a usable one is never throttled.
 * @returns the account name and its meeting (to log in with POST /tokens/exhibitor)
 * @throws 404 not_found, 410 password_link.expired, 429 too_frequent
 */
export async function setPasswordByLink(
  deps: { db: Database; config: Config },
  input: { token: string; password: string; ip: string },
): Promise<{ account: string; meeting_id: { $id: string } }> {
  const tokenHash = tokenHashOf(input.token);
  await linkOf(deps, input);
  const passwordHash = await hash(input.password);
  const row = await inTransaction(deps.db, async (tx) => {
    const locked = usableLink(await findPasswordToken(tx, tokenHash, true), Date.now());
    await setAccountPasswordHash(tx, locked.accountId, passwordHash);
    await revokeExhibitorAccountAccess(tx, { id: locked.accountId, userId: locked.accountUserId });
    await markPasswordTokenUsed(tx, tokenHash);
    return locked;
  });
  return { account: row.account, meeting_id: toWireId(row.meetingId) };
}
