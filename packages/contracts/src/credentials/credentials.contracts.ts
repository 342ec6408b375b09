import { z } from 'zod';
import { Flag, UnixSeconds } from '../wire/common.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Real-name credentials (§3 Registrant ID number; §5 "ID number valid and unique; ID recognition
 * supports only mainland China ID cards and Hong Kong/Macao/Taiwan residence permits"; §7 POST
 * /user_credentials, POST /meetings/{id}/credential, GET /meeting/credentials/count, GET
 * /ocrs/idcard). Numbers never travel back in full: the caller sees a mask.
 */

/** Kinds of identity document a meeting may accept. */
export const credentialKinds = [
  'mainland',
  'hong_kong_permit',
  'macao_permit',
  'taiwan_permit',
  'passport',
] as const;
export const CredentialKind = z.enum(credentialKinds);
export type CredentialKind = z.infer<typeof CredentialKind>;

/** Limits of the credential inputs. */
export const credentialLimits = {
  nameMax: 60,
  /** Longest number accepted before normalising (spaces allowed). */
  numberMax: 40,
  retentionDaysMax: 3650,
} as const;

/** Error codes of credentials and ID recognition (the number codes are shared with registration). */
export const CredentialError = {
  /** 400 'Invalid ID number' (wrong check digit, date, region or format; or not the chosen kind). */
  invalid: 'id_number.invalid',
  /** 409 'ID number already exists' (another participant of the meeting holds it). */
  exists: 'id_number.exists',
  /** 409 registration refused: the meeting requires real-name registration and the caller has no credential (§3 Registrant ID number). */
  required: 'credential.required',
  /** 400 the meeting does not accept this kind of document. */
  kindNotAccepted: 'credential.kind_not_accepted',
  /** 422 §5: the photo is not a mainland ID card or HK/Macao/Taiwan residence permit. */
  ocrUnsupported: 'ocr.unsupported',
  /** 503 no recognition available on this server: type the number in. */
  ocrUnavailable: 'ocr.unavailable',
} as const;

/** The §5 message of a refused recognition. */
export const ocrUnsupportedMessage =
  'ID recognition supports only mainland China ID cards and Hong Kong/Macao/Taiwan residence permits';

/** A credential as its owner sees it: the number masked ('110***********1234'). */
export const UserCredential = z.object({
  _id: WireId,
  meeting_id: WireId,
  kind: CredentialKind,
  name: z.string(),
  /** Passports: ISO 3166-1 alpha-3 issuing country; '' otherwise. */
  country: z.string(),
  number_mask: z.string(),
  /** 'manual' or 'ocr'. */
  source: z.enum(['manual', 'ocr']),
  created: UnixSeconds,
  updated: UnixSeconds,
});
export type UserCredential = z.infer<typeof UserCredential>;

/** A meeting's real-name rule as participants see it. */
export const CredentialRule = z.object({
  required: Flag,
  kinds: z.array(CredentialKind),
});
export type CredentialRule = z.infer<typeof CredentialRule>;

const Name = z.string().trim().min(1).max(credentialLimits.nameMax);
const NumberText = z.string().trim().min(1).max(credentialLimits.numberMax);
/** ISO 3166-1 alpha-3, upper case (passports). */
const Country = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/));

/** Body of POST /user_credentials. `country` is required for passports. */
export const SaveUserCredentialBody = z.strictObject({
  meeting_id: ObjectIdString,
  kind: CredentialKind,
  name: Name,
  number: NumberText,
  country: Country.optional(),
  source: z.enum(['manual', 'ocr']).optional(),
});
export type SaveUserCredentialBody = z.infer<typeof SaveUserCredentialBody>;

export const saveUserCredential = defineRoute({
  method: 'POST',
  path: '/user_credentials',
  summary:
    "Creates or replaces the caller's credential for a meeting (§3 Registrant ID number). The number is checked (mainland ID check digit, permits' prefix and check digit, passports [A-Z0-9]{5,20} with an ISO alpha-3 country) and must be unique in the meeting. 400 id_number.invalid 'Invalid ID number' / credential.kind_not_accepted / validation_failed; 401 login.required; 404 not_found (meeting unknown or deleted); 409 id_number.exists 'ID number already exists'; 429 too_frequent (shares the 10 a minute per user of POST /meetings/:id/credential: both tell whether a number is taken). Nothing is stored on a refusal.",
  spec: '§7 Users, §3 Registrant, §5, §8',
  tags: ['credentials'],
  isPublic: false,
  body: SaveUserCredentialBody,
  response: z.object({ credential: UserCredential }),
});

/** Body of POST /meetings/{id}/credential (check only). */
export const CheckCredentialBody = z.strictObject({
  kind: CredentialKind,
  number: NumberText,
  country: Country.optional(),
});
export type CheckCredentialBody = z.infer<typeof CheckCredentialBody>;

export const checkMeetingCredential = defineRoute({
  method: 'POST',
  path: '/meetings/:id/credential',
  summary:
    "Checks an ID number for the meeting without storing anything: valid and not held by another participant (the caller's own counts as free). 400 id_number.invalid / credential.kind_not_accepted; 409 id_number.exists; 429 too_frequent (10 a minute per user, shared with POST /user_credentials); 401 login.required; 404 not_found (meeting unknown or deleted).",
  spec: '§7 Meetings, §5, §8',
  tags: ['credentials'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: CheckCredentialBody,
  response: z.object({ valid: z.literal(1), kind: CredentialKind, number_mask: z.string() }),
});

export const countMeetingCredentials = defineRoute({
  method: 'GET',
  path: '/meeting/credentials/count',
  summary:
    "How many credentials: the caller's own in the meeting (0 or 1); with all=1 the meeting's total (needs credentials.read, 403 no_permission otherwise). 401 login.required.",
  spec: '§7 Meetings',
  tags: ['credentials'],
  isPublic: false,
  querystring: z.object({ meeting_id: ObjectIdString, all: z.enum(['0', '1']).optional() }),
  response: z.object({ total: z.number().int().nonnegative() }),
});

export const getMyCredential = defineRoute({
  method: 'GET',
  path: '/user_credentials/mine',
  summary:
    "The caller's credential for the meeting (masked) or null, with the meeting's rule (required, kinds). 401 login.required; 404 not_found (meeting).",
  spec: '§2 /credential, §3 Registrant',
  tags: ['credentials'],
  isPublic: false,
  querystring: z.object({ meeting_id: ObjectIdString }),
  response: z.object({ credential: UserCredential.nullable(), rule: CredentialRule }),
});

/** What recognition read from a card: the person confirms it before saving. */
export const RecognisedIdCard = z.object({
  kind: CredentialKind.exclude(['passport']),
  name: z.string(),
  number: z.string(),
});
export type RecognisedIdCard = z.infer<typeof RecognisedIdCard>;

export const recogniseIdCard = defineRoute({
  method: 'GET',
  path: '/ocrs/idcard',
  summary:
    "Reads name and number from the caller's uploaded photo (image bucket key) of a mainland ID card or HK/Macao/Taiwan residence permit. 422 ocr.unsupported (§5 message: another document or no card found); 503 ocr.unavailable (no recognition on this server, or every recognition slot busy: type it in); 404 not_found (no such upload of the caller, or its photo already read); 429 too_frequent (10 a minute); 401 login.required. The photo is deleted after this call whatever the answer (its file, its web copies; the upload row is kept without size or name): its URL no longer serves, and a new recognition needs a new upload.",
  spec: '§7 Activities GET /ocrs/idcard, §5',
  tags: ['credentials'],
  isPublic: false,
  querystring: z.object({ key: z.string().min(1).max(300), meeting_id: ObjectIdString.optional() }),
  response: RecognisedIdCard,
});
