import { createHash, randomBytes } from 'node:crypto';
import {
  type ConsoleSpeakerInvitation,
  type ConsoleSpeakerInvitationQuerystring,
  type CreatedSpeakerInvitation,
  type CreateSpeakerInvitationBody,
  ErrorCode,
  type LocalizedText,
  type Speaker,
  type SpeakerInvitationView,
  type SpeakerProfileBody,
  toWireId,
} from '@app/contracts';
import { isLanguage, localize } from '@app/domain';
import { normaliseEmail, normalisePhone } from '@app/domain/contact';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unix, wireIdOrNull } from '../../db/wire.ts';
import { AppError, noPermission, notFound } from '../../errors.ts';
import { escapeHtml } from '../../plugins/dev-outbox.ts';
import type { MailProvider } from '../../providers/mail/mail.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { firstImageNotOwnUpload } from '../media/media.ownership.ts';
import { queueMail, queueSms } from '../messages/messages.service.ts';
import { moderateText, queueForReview } from '../moderation/moderation.service.ts';
import { notificationChannels, recordNotification } from '../notifications/notifications.service.ts';
import { requireCan } from '../roles/roles.service.ts';
import { publicLink } from '../shared/public-links.ts';
import { findSpeakerInMeeting } from '../speakers/speakers.repository.ts';
import { toWireSpeaker } from '../speakers/speakers.serializer.ts';
import { emailInvalid, phoneInvalid } from '../users/users.errors.ts';
import { findUserByEmail, findUserById, findUserByPhone } from '../users/users.repository.ts';
import { invitationTexts } from './speaker-invitations.messages.ts';
import {
  type ConsoleInvitationRow,
  findConsoleInvitations,
  findInvitationByHash,
  findInvitationById,
  findInvitationInMeeting,
  findMeetingTitle,
  findSpeakerRow,
  insertInvitation,
  linkSpeaker,
  lockSpeaker,
  revokePendingOfSpeaker,
  type SpeakerInvitationRow,
  updateInvitation,
  updateSpeakerFields,
} from './speaker-invitations.repository.ts';

export type SpeakerInvitationDeps = {
  db: Database;
  config: Config;
  jobs: JobQueue;
  sms: Pick<SmsProvider, 'name'>;
  mail: Pick<MailProvider, 'name'>;
};

/** How long an invitation link stays valid: 14 days, in milliseconds. */
export const invitationLifetimeMs = 14 * 24 * 3600 * 1000;

/** §8 'The temporary link has expired' (410): expired while pending, or revoked. */
const invitationExpired = () =>
  new AppError(410, ErrorCode.speakerInvitationExpired, 'The temporary link has expired');
/** 409: the invitation was already accepted or declined, or the speaker is someone else's. */
const invitationAnswered = () =>
  new AppError(409, ErrorCode.speakerInvitationAnswered, 'This invitation has already been answered');

/** A new link token: 32 random bytes, base64url (43 characters); only its SHA-256 is stored. */
function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** SHA-256 (hex) of a link token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 'expired' for a pending invitation past its expiry, else the stored status. */
function effectiveStatus(row: SpeakerInvitationRow, now: Date): ConsoleSpeakerInvitation['status'] {
  return row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status;
}

function toConsoleInvitation(row: ConsoleInvitationRow, now: Date): ConsoleSpeakerInvitation {
  return {
    _id: toWireId(row.id),
    speaker_id: toWireId(row.speakerId),
    speaker_name: row.speakerName,
    phone: row.phone,
    email: row.email,
    status: effectiveStatus(row, now),
    responded_user_id: wireIdOrNull(row.respondedUserId),
    responded_username: row.respondedUsername,
    responded: row.respondedAt ? unix(row.respondedAt) : null,
    expires: unix(row.expiresAt),
    created: unix(row.createdAt),
  };
}

/**
 * The invitation page's link. The token travels as `invitation_token`: a `token` query parameter is
 * the app's own session hand-over (§2 routing rules) and would be consumed as a login.
 */
function inviteLink(config: Config, meetingId: string, token: string): string {
  return publicLink(config, '/#/meeting/speaker/invite', { meeting_id: meetingId, invitation_token: token });
}

/** The meeting's default message language: its first enabled language, else English. */
function meetingLanguage(config: unknown): string {
  const enabled = (config as { language?: Record<string, number> } | null)?.language ?? {};
  return Object.keys(enabled).find((key) => enabled[key] === 1) ?? 'en';
}

/**
 * Sends the link by e-mail or SMS (queued in `tx`, so it goes out only if the write commits). When the
 * address already belongs to an account, that account's choices for 'speaker.invitation' decide
 * whether the mail or SMS goes out, and an in-app notice is recorded whose query carries only the
 * invitation's id (never the link's token): the page reads it by id for that logged-in account.
 */
async function sendInvitation(
  tx: Database,
  deps: SpeakerInvitationDeps,
  input: { row: SpeakerInvitationRow; speakerName: string; link: string; lang: string | undefined },
): Promise<void> {
  const { row } = input;
  const meeting = await findMeetingTitle(tx, row.meetingId);
  const language = input.lang ?? meetingLanguage(meeting?.config);
  const meetingTitle = localize((meeting?.title ?? '') as LocalizedText, language);
  const texts = invitationTexts(language, {
    meeting: meetingTitle,
    name: input.speakerName,
    link: input.link,
  });
  const user = row.email
    ? await findUserByEmail(tx, row.email)
    : row.phone
      ? await findUserByPhone(tx, row.phone)
      : undefined;
  const channels = user
    ? await notificationChannels(tx, user.id, 'speaker.invitation')
    : { mail: true, sms: true };
  const queueDeps = { ...deps, db: tx };
  if (row.email && channels.mail) {
    const html = `<!doctype html><html lang="${escapeHtml(texts.language)}" dir="${texts.language === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:system-ui,sans-serif;color:#222">
${texts.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`;
    await queueMail(queueDeps, {
      message: { to: row.email, subject: texts.subject, text: `${texts.lines.join('\n\n')}\n`, html },
      meetingId: row.meetingId,
    });
  } else if (!row.email && row.phone && channels.sms) {
    await queueSms(queueDeps, {
      message: {
        to: row.phone,
        text: texts.lines.join(' '),
        templateParams: { meeting: meetingTitle.slice(0, 20), name: input.speakerName.slice(0, 20) },
      },
      meetingId: row.meetingId,
    });
  }
  if (user) {
    await recordNotification(tx, {
      userId: user.id,
      meetingId: row.meetingId,
      kind: 'speaker.invitation',
      values: { meeting: meetingTitle, name: input.speakerName },
      path: '/meeting/speaker/invite',
      query: { meeting_id: row.meetingId, invitation_id: row.id },
    });
  }
}

/** The message language asked for: one of the twenty (§ languages), else 400 validation_failed. */
function messageLanguage(lang: string | undefined): string | undefined {
  if (lang === undefined || lang === '') return undefined;
  if (!isLanguage(lang)) {
    throw new AppError(400, ErrorCode.validation, 'lang must be one of the supported languages', [
      { path: 'body/lang', message: 'lang must be one of the supported languages' },
    ]);
  }
  return lang;
}

/** The invited contact: exactly one of phone (E.164 with area_code, default 86) or e-mail. */
function contactOf(body: CreateSpeakerInvitationBody): { phone: string | null; email: string | null } {
  const hasPhone = Boolean(body.phone);
  const hasEmail = Boolean(body.email);
  if (hasPhone === hasEmail) {
    throw new AppError(400, ErrorCode.validation, 'Give a phone or an e-mail (one of them)');
  }
  if (hasPhone) {
    const phone = normalisePhone(body.phone ?? '', body.area_code || '86');
    if (!phone) throw phoneInvalid();
    return { phone: phone.e164, email: null };
  }
  const email = normaliseEmail(body.email ?? '');
  if (!email) throw emailInvalid();
  return { phone: null, email };
}

/**
 * POST /console/meetings/{meeting_id}/speakers/{speaker_id}/invitations (§2 /meeting/speaker/invite,
 * §6; programme.edit): invites a live speaker of the meeting by phone or e-mail. One transaction:
 * the speaker row is locked, older pending invitations of the speaker are revoked, the new one is
 * stored (token hash only, expires in 14 days) and the message queued. Answers the row with its link.
 * @throws 403 no_permission; 404 not_found (speaker); 400 validation_failed / phone.invalid /
 *   email.invalid; 409 speaker_invitation.answered (the speaker is already linked to an account)
 */
export async function createInvitation(
  deps: SpeakerInvitationDeps,
  input: {
    userId: string;
    meetingId: string;
    speakerId: string;
    body: CreateSpeakerInvitationBody;
    now?: Date;
  },
): Promise<CreatedSpeakerInvitation> {
  const now = input.now ?? new Date();
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'programme.edit' });
  const contact = contactOf(input.body);
  const lang = messageLanguage(input.body.lang);
  const { token, hash } = newToken();
  const link = inviteLink(deps.config, input.meetingId, token);
  const row = await inTransaction(deps.db, async (tx) => {
    const speaker = await lockSpeaker(tx, input.speakerId);
    if (!speaker || speaker.meetingId !== input.meetingId || speaker.deleted === 1) throw notFound('Speaker');
    if (speaker.userId) throw invitationAnswered();
    const inserted = await insertInvitation(tx, {
      id: newId(),
      meetingId: input.meetingId,
      speakerId: speaker.id,
      ...contact,
      tokenHash: hash,
      invitedByUserId: input.userId,
      // One clock for both ends: the database's now() of the transaction may already be a second later.
      createdAt: now,
      expiresAt: new Date(now.getTime() + invitationLifetimeMs),
    });
    await revokePendingOfSpeaker(tx, speaker.id, inserted.id);
    await sendInvitation(tx, deps, { row: inserted, speakerName: speaker.name, link, lang });
    return { ...inserted, speakerName: speaker.name, respondedUsername: null };
  });
  return { ...toConsoleInvitation(row, now), link };
}

/**
 * GET /console/meetings/{meeting_id}/speaker-invitations (programme.edit): the meeting's invitations,
 * newest first (`limit` ≤ 200, default 50), optionally of one speaker; a pending one past its expiry
 * reads 'expired'. @throws 403 no_permission
 */
export async function listInvitations(
  deps: SpeakerInvitationDeps,
  input: { userId: string; meetingId: string; query: ConsoleSpeakerInvitationQuerystring; now?: Date },
): Promise<{ items: ConsoleSpeakerInvitation[]; total: number }> {
  const now = input.now ?? new Date();
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'programme.edit' });
  const { rows, total } = await findConsoleInvitations(deps.db, {
    meetingId: input.meetingId,
    speakerId: input.query.speaker_id,
    limit: input.query.limit ?? 50,
    skip: input.query.skip ?? 0,
  });
  return { items: rows.map((row) => toConsoleInvitation(row, now)), total };
}

async function consoleRow(db: Database, meetingId: string, id: string): Promise<ConsoleInvitationRow> {
  const { rows } = await findConsoleInvitations(db, { meetingId, id, limit: 1, skip: 0 });
  const row = rows[0];
  if (!row) throw notFound('Invitation');
  return row;
}

/**
 * DELETE /console/meetings/{meeting_id}/speaker-invitations/{id} (programme.edit): revokes a pending
 * invitation (expired ones included); its link answers 410 from then on.
 * @throws 403 no_permission; 404 not_found; 409 speaker_invitation.answered (accepted, declined or revoked)
 */
export async function revokeInvitation(
  deps: SpeakerInvitationDeps,
  input: { userId: string; meetingId: string; id: string; now?: Date },
): Promise<ConsoleSpeakerInvitation> {
  const now = input.now ?? new Date();
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'programme.edit' });
  await inTransaction(deps.db, async (tx) => {
    const row = await findInvitationInMeeting(tx, input.meetingId, input.id);
    if (!row) throw notFound('Invitation');
    if (row.status !== 'pending') throw invitationAnswered();
    await updateInvitation(tx, row.id, { status: 'revoked' });
  });
  return toConsoleInvitation(await consoleRow(deps.db, input.meetingId, input.id), now);
}

/**
 * POST /console/meetings/{meeting_id}/speaker-invitations/{id}/resend (programme.edit): a new
 * invitation to the same contact (new id, new link, 14 days) replaces the pending (or expired) one,
 * which is revoked, so the old link answers 410 speaker_invitation.expired. Locks the speaker first,
 * then the invitation (the order every writer here uses), and re-checks it under the lock.
 * @throws 403 no_permission; 404 not_found; 400 validation_failed (lang); 409 speaker_invitation.answered
 */
export async function resendInvitation(
  deps: SpeakerInvitationDeps,
  input: { userId: string; meetingId: string; id: string; lang?: string | undefined; now?: Date },
): Promise<CreatedSpeakerInvitation> {
  const now = input.now ?? new Date();
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'programme.edit' });
  const lang = messageLanguage(input.lang);
  const { token, hash } = newToken();
  const link = inviteLink(deps.config, input.meetingId, token);
  const row = await inTransaction(deps.db, async (tx) => {
    const peek = await findInvitationInMeeting(tx, input.meetingId, input.id, false);
    if (!peek) throw notFound('Invitation');
    const speaker = await lockSpeaker(tx, peek.speakerId);
    if (!speaker || speaker.deleted === 1) throw notFound('Speaker');
    const old = await findInvitationInMeeting(tx, input.meetingId, input.id);
    if (!old) throw notFound('Invitation');
    if (old.status !== 'pending') throw invitationAnswered();
    if (speaker.userId) throw invitationAnswered();
    await updateInvitation(tx, old.id, { status: 'revoked' });
    const inserted = await insertInvitation(tx, {
      id: newId(),
      meetingId: old.meetingId,
      speakerId: speaker.id,
      phone: old.phone,
      email: old.email,
      tokenHash: hash,
      invitedByUserId: input.userId,
      // One clock for both ends: the database's now() of the transaction may already be a second later.
      createdAt: now,
      expiresAt: new Date(now.getTime() + invitationLifetimeMs),
    });
    await sendInvitation(tx, deps, { row: inserted, speakerName: speaker.name, link, lang });
    return { ...inserted, speakerName: speaker.name, respondedUsername: null };
  });
  return { ...toConsoleInvitation(row, now), link };
}

/** The live invitation of a token, or the refusal: 404 unknown; 410 revoked or pending past expiry. */
function checkLive(row: SpeakerInvitationRow | undefined, now: Date): SpeakerInvitationRow {
  if (!row) throw notFound('Invitation');
  if (row.status === 'revoked' || effectiveStatus(row, now) === 'expired') throw invitationExpired();
  return row;
}

async function viewOf(
  db: Database,
  row: SpeakerInvitationRow,
  viewerId: string | null,
): Promise<SpeakerInvitationView> {
  const [speaker, meeting] = await Promise.all([
    findSpeakerInMeeting(db, row.meetingId, row.speakerId),
    findMeetingTitle(db, row.meetingId),
  ]);
  if (!speaker || speaker.deleted === 1) throw notFound('Speaker');
  return {
    meeting_id: toWireId(row.meetingId),
    meeting_title: (meeting?.title ?? '') as LocalizedText,
    speaker: toWireSpeaker(speaker),
    status: row.status,
    expires: unix(row.expiresAt),
    is_linked_to_me: viewerId !== null && row.status === 'accepted' && speaker.userId === viewerId ? 1 : 0,
  };
}

/**
 * GET /speaker/invitations/{token} (§2 /meeting/speaker/invite; public): the speaker, the meeting's
 * title and the status; `is_linked_to_me` when the caller is the account it linked.
 * @throws 404 not_found (unknown token, or the speaker was deleted); 410 speaker_invitation.expired
 *   (expired, revoked, or replaced by a resend)
 */
export async function getInvitation(
  deps: { db: Database },
  input: { token: string; viewerId: string | null; now?: Date },
): Promise<SpeakerInvitationView> {
  const now = input.now ?? new Date();
  const row = checkLive(await findInvitationByHash(deps.db, hashToken(input.token)), now);
  return viewOf(deps.db, row, input.viewerId);
}

/** 403 no_permission: the invitation went to a phone or e-mail that is not the caller's. */
const notTheInvitee = () =>
  new AppError(
    403,
    ErrorCode.noPermission,
    'This invitation was sent to another phone number or e-mail address: log in with that one to answer it',
  );

/**
 * §6 only the invited person answers: the caller's account must hold the invitation's phone or
 * e-mail (both are stored only once proven by a code). @throws 403 no_permission
 */
async function requireInvitee(db: Database, row: SpeakerInvitationRow, userId: string): Promise<void> {
  const user = await findUserById(db, userId);
  const matches =
    user !== undefined &&
    user.deleted === 0 &&
    ((row.email !== null && user.email === row.email) || (row.phone !== null && user.phone === row.phone));
  if (!matches) throw notTheInvitee();
}

/**
 * GET /user/speaker-invitations/{id} (§2 /meeting/speaker/invite, §6; login required): the
 * invitation of the notification centre's link, for the account it was sent to.
 * @throws 404 not_found; 403 no_permission (sent to another phone or e-mail); 410 speaker_invitation.expired
 */
export async function getMyInvitation(
  deps: { db: Database },
  input: { id: string; userId: string; now?: Date },
): Promise<SpeakerInvitationView> {
  const now = input.now ?? new Date();
  const row = await findInvitationById(deps.db, input.id);
  if (!row) throw notFound('Invitation');
  await requireInvitee(deps.db, row, input.userId);
  return viewOf(deps.db, checkLive(row, now), input.userId);
}

/**
 * POST /speaker/invitations/{token}/accept|decline and /user/speaker-invitations/{id}/accept|decline
 * (§2, §6; login required). Only the account holding the invited phone or e-mail may answer. One
 * transaction: the invitation is read unlocked, then the speaker row is locked and then the
 * invitation (the order createInvitation and resendInvitation use, so no two writers wait on each
 * other in a circle), and the invitation is checked again under its lock; two answers at once give
 * one answer and one 409. Accepting links the speaker to the caller (speakers.user_id).
 * @throws 404 not_found; 403 no_permission (not the invited phone or e-mail); 410
 *   speaker_invitation.expired; 409 speaker_invitation.answered (answered before, or the speaker is
 *   linked to another account)
 */
export async function answerInvitation(
  deps: { db: Database },
  input: ({ token: string } | { id: string }) & {
    userId: string;
    answer: 'accepted' | 'declined';
    now?: Date;
  },
): Promise<SpeakerInvitationView> {
  const now = input.now ?? new Date();
  const tokenHash = 'token' in input ? hashToken(input.token) : null;
  const row = await inTransaction(deps.db, async (tx) => {
    const peek = tokenHash
      ? await findInvitationByHash(tx, tokenHash)
      : await findInvitationById(tx, 'id' in input ? input.id : '');
    if (!peek) throw notFound('Invitation');
    await requireInvitee(tx, peek, input.userId);
    checkLive(peek, now);
    const speaker = await lockSpeaker(tx, peek.speakerId);
    if (!speaker || speaker.deleted === 1) throw notFound('Speaker');
    const found = checkLive(await findInvitationById(tx, peek.id, true), now);
    // A resend between the read and the lock replaced this link (the row is revoked then, 410 above).
    if (tokenHash && found.tokenHash !== tokenHash) throw invitationExpired();
    if (found.status !== 'pending') throw invitationAnswered();
    if (input.answer === 'accepted') {
      if (speaker.userId && speaker.userId !== input.userId) throw invitationAnswered();
      await linkSpeaker(tx, speaker.id, input.userId);
    }
    return updateInvitation(tx, found.id, {
      status: input.answer,
      respondedUserId: input.userId,
      respondedAt: now,
    });
  });
  return viewOf(deps.db, row, input.userId);
}

/**
 * PUT /meeting/speakers/{speaker_id}/profile (beyond spec, §6): the speaker's linked user edits their
 * bio, work title, company and photo; given texts replace the speaker's in every language, omitted
 * fields stay. The texts go through the meeting's moderation (§5, kind 'profile': refused → 400
 * content.sensitive, unsure → saved and queued for review); a new photo must be the caller's own jpg
 * or png upload (the current photo may be sent back unchanged, '' removes it).
 * @throws 404 not_found (no live speaker); 403 no_permission (not its linked user) / moderation.banned;
 *   400 content.sensitive / validation_failed (photo)
 */
export async function updateOwnSpeakerProfile(
  deps: { db: Database; config: Config },
  input: { userId: string; speakerId: string; body: SpeakerProfileBody },
): Promise<Speaker> {
  const { biography, work_title: workTitle, company, photo } = input.body;
  const current = await findSpeakerRow(deps.db, input.speakerId);
  if (!current || current.deleted === 1) throw notFound('Speaker');
  if (current.userId !== input.userId) throw noPermission();
  if (photo !== undefined && photo !== '' && photo !== current.photo) {
    const bad = await firstImageNotOwnUpload(deps.db, { userId: input.userId, urls: [photo] });
    if (bad >= 0) {
      const message = 'photo must be your own jpg or png upload';
      throw new AppError(400, ErrorCode.validation, message, [{ path: 'body/photo', message }]);
    }
  }
  const texts = [biography, workTitle, company].filter((text): text is string => text !== undefined);
  const outcome = await moderateText(deps, {
    meetingId: current.meetingId,
    userId: input.userId,
    kind: 'profile',
    texts,
  });
  return inTransaction(deps.db, async (tx) => {
    const speaker = await lockSpeaker(tx, input.speakerId);
    if (!speaker || speaker.deleted === 1) throw notFound('Speaker');
    if (speaker.userId !== input.userId) throw noPermission();
    await updateSpeakerFields(tx, speaker.id, {
      ...(biography !== undefined ? { biography } : {}),
      ...(workTitle !== undefined ? { workTitle } : {}),
      ...(company !== undefined ? { company } : {}),
      ...(photo !== undefined ? { photo } : {}),
    });
    if (outcome.state === 'review') {
      await queueForReview(tx, {
        meetingId: speaker.meetingId,
        kind: 'profile',
        targetId: input.userId,
        userId: input.userId,
        category: outcome.category,
      });
    }
    const updated = await findSpeakerInMeeting(tx, speaker.meetingId, speaker.id);
    if (!updated) throw notFound('Speaker');
    return toWireSpeaker(updated);
  });
}
