import {
  type CheckCredentialBody,
  CredentialError,
  type CredentialKind,
  type CredentialRule,
  credentialKinds,
  ocrUnsupportedMessage,
  type RecognisedIdCard,
  type SaveUserCredentialBody,
  toWireId,
  type UserCredential,
} from '@app/contracts';
import { maskIdNumber, parseIdNumber } from '@app/domain/contact';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { uniqueViolation, violatedConstraintOf } from '../../db/pg-errors.ts';
import { flag, unix } from '../../db/wire.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { type LimitRule, rateLimitsFor } from '../../plugins/rate-limit.ts';
import type { OcrProvider } from '../../providers/ocr/ocr.ts';
import { readAll, type Storage } from '../../providers/storage/storage.ts';
import { isUploadKey, originalStorageKey } from '../media/media.keys.ts';
import { deleteUploadFiles } from '../media/media.service.ts';
import { requireCan } from '../roles/roles.service.ts';
import { idNumberHash, idNumberKeys, sealIdNumber } from './credentials.keys.ts';
import {
  type CredentialRow,
  type CredentialSettingsRow,
  countByKind,
  defaultRetentionDays,
  deleteExpired,
  findMeetingEnd,
  findSettings,
  findUploadOwner,
  findUserCredential,
  isNumberHeldByOther,
  isRealNameMissing,
  upsertUserCredential,
} from './credentials.repository.ts';

export type CredentialDeps = { db: Database; config: Config };
export type OcrDeps = CredentialDeps & { storage: Storage; ocr: OcrProvider };

/** The rule of a meeting without a settings row: real-name off, every kind, 30 days. */
export const defaultCredentialSettings = {
  required: 0,
  kinds: [...credentialKinds],
  retentionDays: defaultRetentionDays,
};

/**
 * POST /meetings/{id}/credential and POST /user_credentials together: 10 a minute per user (both
 * answers tell whether a number is taken).
 */
export const credentialCheckLimit: LimitRule = { name: 'credential-check', points: 10, durationSeconds: 60 };
/** GET /ocrs/idcard: 10 recognitions a minute per user (each runs Tesseract or a paid cloud call). */
export const ocrLimit: LimitRule = { name: 'ocr-idcard', points: 10, durationSeconds: 60 };

/** 400 id_number.invalid 'Invalid ID number' (§8). */
export const idNumberInvalid = () => badRequest(CredentialError.invalid, 'Invalid ID number');
/** 409 id_number.exists 'ID number already exists' (§8). */
export const idNumberExists = () => new AppError(409, CredentialError.exists, 'ID number already exists');

/** 409 credential.required: a real-name meeting's registration needs the caller's credential first. */
export const credentialRequired = () =>
  new AppError(409, CredentialError.required, 'Real-name registration: add your ID document first');

/**
 * Refuses a registration of `userId` in a meeting that requires real-name registration (§3
 * Registrant ID number) when they have not given their credential (POST /user_credentials).
 * Used by POST /tickets; organisers' own entries (input_by_admin) do not pass here.
 * @throws 409 credential.required
 */
export async function requireRealNameCredential(
  db: Database,
  meetingId: string,
  userId: string,
): Promise<void> {
  if (await isRealNameMissing(db, meetingId, userId)) throw credentialRequired();
}

/** The rule in force (defaults when never set). */
export function ruleOf(row: CredentialSettingsRow | null): typeof defaultCredentialSettings {
  return row
    ? { required: row.required, kinds: row.kinds as CredentialKind[], retentionDays: row.retentionDays }
    : defaultCredentialSettings;
}

/** When a meeting's credentials are deleted: its end + `retentionDays` days. */
export function purgeAfterOf(meetingEnd: Date, retentionDays: number): Date {
  return new Date(meetingEnd.getTime() + retentionDays * 86_400_000);
}

/** Mask for display of a stored number (passports keep their first 2 and last 2 characters). */
function maskOf(kind: string, number: string): string {
  if (kind !== 'passport') return maskIdNumber(number);
  return number.length <= 4
    ? '*'.repeat(number.length)
    : `${number.slice(0, 2)}${'*'.repeat(number.length - 4)}${number.slice(-2)}`;
}

/**
 * The number as stored and compared (§5 "ID number valid"): mainland and permit numbers through
 * parseIdNumber, whose kind must be the chosen one; passports [A-Z0-9]{5,20} (spaces dropped,
 * upper-cased) with an ISO alpha-3 country. @throws 400 id_number.invalid
 */
export function normaliseNumber(input: {
  kind: CredentialKind;
  number: string;
  country?: string | undefined;
}): {
  number: string;
  country: string;
} {
  if (input.kind === 'passport') {
    const number = input.number.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
    if (!/^[A-Z0-9]{5,20}$/.test(number) || !input.country) throw idNumberInvalid();
    return { number, country: input.country };
  }
  const parsed = parseIdNumber(input.number);
  if (!parsed || parsed.kind !== input.kind) throw idNumberInvalid();
  return { number: parsed.normalised, country: '' };
}

/** Meeting end and rule, with the kind checked. @throws 404 not_found; 400 credential.kind_not_accepted */
async function meetingRule(db: Database, meetingId: string, kind?: CredentialKind) {
  const meeting = await findMeetingEnd(db, meetingId);
  if (!meeting) throw notFound('Meeting');
  const rule = ruleOf(await findSettings(db, meetingId));
  if (kind && !rule.kinds.includes(kind)) {
    throw badRequest(CredentialError.kindNotAccepted, 'This kind of ID is not accepted by the meeting');
  }
  return { end: meeting.end, rule };
}

/** The owner's view of a stored credential. */
export function toUserCredential(row: CredentialRow): UserCredential {
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    kind: row.kind as CredentialKind,
    name: row.name,
    country: row.country,
    number_mask: row.numberMask,
    source: row.source === 'ocr' ? 'ocr' : 'manual',
    created: unix(row.createdAt),
    updated: unix(row.updatedAt),
  };
}

/**
 * POST /user_credentials (§3 Registrant ID number, §5 valid and unique): creates or replaces the
 * caller's credential — number sealed, blind index, mask, purge_after = meeting end + retention as
 * of now (the purge itself reads the meeting's current end and rule). Uniqueness is the unique
 * index's: of two concurrent submissions of one number, one wins. Shares the check's rate limit
 * ({@link credentialCheckLimit}, same user key): both answers tell whether a number is taken.
 * @throws 400 id_number.invalid / credential.kind_not_accepted; 404 not_found (no such meeting, or
 *   deleted); 409 id_number.exists; 429 too_frequent
 */
export async function saveUserCredential(
  deps: CredentialDeps,
  input: { userId: string; body: SaveUserCredentialBody },
): Promise<{ credential: UserCredential }> {
  const { body } = input;
  // Same bucket as the check: a 409 here answers the same question (is this number held here?).
  await rateLimitsFor(deps.config).consumeAll([{ rule: credentialCheckLimit, key: input.userId }]);
  const { end, rule } = await meetingRule(deps.db, body.meeting_id, body.kind);
  const { number, country } = normaliseNumber(body);
  const keys = idNumberKeys(deps.config);
  try {
    const row = await upsertUserCredential(deps.db, {
      id: newId(),
      meetingId: body.meeting_id,
      userId: input.userId,
      kind: body.kind,
      name: body.name,
      country,
      numberSealed: sealIdNumber(keys, number),
      numberHash: idNumberHash(keys, { kind: body.kind, country, number }),
      numberMask: maskOf(body.kind, number),
      source: body.source ?? 'manual',
      purgeAfter: purgeAfterOf(end, rule.retentionDays),
    });
    return { credential: toUserCredential(row) };
  } catch (error) {
    if (violatedConstraintOf(error, uniqueViolation) === 'user_credentials_meeting_number_uq')
      throw idNumberExists();
    throw error;
  }
}

/**
 * POST /meetings/{id}/credential: the same checks as saving, nothing stored; the caller's own
 * credential does not count as taken. Rate-limited per user ({@link credentialCheckLimit}).
 * @throws 400 id_number.invalid / credential.kind_not_accepted; 404; 409 id_number.exists; 429 too_frequent
 */
export async function checkCredential(
  deps: CredentialDeps,
  input: { userId: string; meetingId: string; body: CheckCredentialBody },
): Promise<{ valid: 1; kind: CredentialKind; number_mask: string }> {
  await rateLimitsFor(deps.config).consumeAll([{ rule: credentialCheckLimit, key: input.userId }]);
  await meetingRule(deps.db, input.meetingId, input.body.kind);
  const { number, country } = normaliseNumber(input.body);
  const numberHash = idNumberHash(idNumberKeys(deps.config), { kind: input.body.kind, country, number });
  if (await isNumberHeldByOther(deps.db, { meetingId: input.meetingId, userId: input.userId, numberHash })) {
    throw idNumberExists();
  }
  return { valid: 1, kind: input.body.kind, number_mask: maskOf(input.body.kind, number) };
}

/**
 * GET /meeting/credentials/count: the caller's own (0/1), or with `all` the meeting's total.
 * @throws 403 no_permission (all=1 without credentials.read)
 */
export async function countCredentials(
  deps: CredentialDeps,
  input: { userId: string; meetingId: string; all: boolean },
): Promise<{ total: number }> {
  if (input.all) {
    await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'credentials.read' });
    let total = 0;
    for (const value of (await countByKind(deps.db, input.meetingId)).values()) total += value;
    return { total };
  }
  return { total: (await findUserCredential(deps.db, input.meetingId, input.userId)) ? 1 : 0 };
}

/** GET /user_credentials/mine: the caller's credential (masked) and the meeting's rule. @throws 404 */
export async function myCredential(
  deps: CredentialDeps,
  input: { userId: string; meetingId: string },
): Promise<{ credential: UserCredential | null; rule: CredentialRule }> {
  const { rule } = await meetingRule(deps.db, input.meetingId);
  const row = await findUserCredential(deps.db, input.meetingId, input.userId);
  return {
    credential: row ? toUserCredential(row) : null,
    rule: { required: flag(rule.required), kinds: rule.kinds },
  };
}

/**
 * GET /ocrs/idcard (§5, §7): recognises the caller's own uploaded photo (image bucket) with the
 * configured provider, then deletes the photo whatever the answer (deleteUploadFiles: the original,
 * its web copies, the row marked) — a card photo is read once and never kept. The result is only a
 * proposal the person confirms. Recognitions share a process-wide cap (withRunCap): when it stays
 * full the answer is 503 ocr.unavailable, type it in.
 * @throws 404 not_found (not an upload key of the caller, or already read); 422 ocr.unsupported (§5
 *   message); 503 ocr.unavailable; 429 too_frequent
 */
export async function recogniseUploadedIdCard(
  deps: OcrDeps,
  input: { userId: string; key: string },
): Promise<RecognisedIdCard> {
  if (!isUploadKey(input.key)) throw notFound('Upload');
  const upload = await findUploadOwner(deps.db, 'image', input.key);
  if (!upload || upload.userId !== input.userId) throw notFound('Upload');
  try {
    await rateLimitsFor(deps.config).consumeAll([{ rule: ocrLimit, key: input.userId }]);
    const object = await deps.storage.get(originalStorageKey('image', input.key));
    if (!object) throw notFound('Upload');
    const outcome = await deps.ocr.recogniseIdCard(await readAll(object.body));
    if (outcome.status === 'unavailable') {
      throw new AppError(
        503,
        CredentialError.ocrUnavailable,
        'ID recognition is not available, please type it in',
      );
    }
    if (outcome.status === 'busy') {
      throw new AppError(503, CredentialError.ocrUnavailable, 'ID recognition is busy, please type it in');
    }
    if (outcome.status === 'refused')
      throw new AppError(422, CredentialError.ocrUnsupported, ocrUnsupportedMessage);
    return outcome.card;
  } finally {
    await deleteUploadFiles(deps, { bucket: 'image', key: input.key });
  }
}

/**
 * The retention purge (§3 "deleted a set number of days after the meeting"): deletes the credentials
 * of meetings whose current end + current retention days lies before `now`; answers rows deleted.
 */
export async function purgeExpiredCredentials(db: Database, now: Date): Promise<number> {
  return deleteExpired(db, now);
}
