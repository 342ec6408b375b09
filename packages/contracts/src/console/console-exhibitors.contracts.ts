import { z } from 'zod';
import { Flag, LocalizedText, localizedTextInput, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The organiser console's exhibitors area (DESIGN §7, §6, §9): the inbox of applications to exhibit
 * (POST /meetings/{id}/exhibitor/apply) with approval — which makes the enterprise, its exhibitor row
 * and an exhibitor account whose password is set through a one-time link — or rejection with a
 * reason; the meeting's enterprises, exhibitors and products (weights, show/hide, booth, group,
 * industry); industries and exhibitor groups (categories, weight descending, §9); password resets;
 * and the appointments overview (§4 states) with its CSV export.
 *
 * Conventions of this area: lists answer `{ items, total? }` (not `results`: the web client unwraps
 * `results` and would drop the totals); edits carry the `updated_at_ms` (unix milliseconds) they read
 * and a stale one is refused with 409 `conflict.stale`; a caller without the right gets 403
 * `no_permission` (exhibitor.manage, or appointment.read for the overview).
 *
 * The public pair GET/POST /exhibitor/password_links/{token} (the page where an exhibitor sets the
 * password) is declared here too, beside the calls that send its links.
 */

/** Error codes of this area (besides ErrorCode's validation_failed, no_permission, conflict.*). */
export const ConsoleExhibitorsError = {
  /** 409 an application that was already approved or rejected (approving twice). */
  applicationReviewed: 'exhibitor_application.reviewed',
  /** 409 a password reset for an exhibitor with no phone or e-mail to send the link to. */
  noContact: 'exhibitor.no_contact',
  /** 410 a password link that was used, or is older than 72 hours (§8 'The temporary link has expired'). */
  passwordLinkExpired: 'password_link.expired',
} as const;

/** Hours a password link stays valid. */
export const passwordLinkHours = 72;
/** Length limits of an exhibitor account's password (characters). */
export const exhibitorPasswordLength = { min: 8, max: textLimits.password } as const;

const MeetingParams = z.object({ meeting_id: ObjectIdString });
const MeetingItemParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString });
/** The unix milliseconds of `updated_at` an edit read (optimistic concurrency). */
const UpdatedAtMs = z.coerce.number().int().min(0);
const Weight = z.coerce.number().int().min(-1_000_000).max(1_000_000);
/** An optional category id in a form body: '' clears it. */
const CategoryRef = z.union([ObjectIdString, z.literal('')]);
/** A UI language for the messages sent (SMS, mail), e.g. 'en', 'zh'. */
const Lang = z.string().trim().max(8).optional();

// ————— Applications —————

/** Application states: 0 waiting for review, 1 approved, 2 rejected. */
export const applicationStatuses = [0, 1, 2] as const;

/** One application to exhibit as the inbox lists it. */
export const ConsoleExhibitorApplication = z.object({
  _id: WireId,
  company: z.string(),
  contact_name: z.string(),
  phone: z.string(),
  email: z.string(),
  message: z.string(),
  /** 0 waiting, 1 approved, 2 rejected. */
  status: z.number().int(),
  reason: z.string(),
  /** The enterprise made on approval. */
  enterprise_id: WireId.nullable(),
  /** The exhibitor account made on approval (its login name). */
  account: z.string().nullable(),
  reviewed_at: UnixSeconds.nullable(),
  created: UnixSeconds,
});
export type ConsoleExhibitorApplication = z.infer<typeof ConsoleExhibitorApplication>;

export const ApplicationCounts = z.object({
  waiting: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});
export type ApplicationCounts = z.infer<typeof ApplicationCounts>;

export const listExhibitorApplications = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/exhibitor_applications',
  summary:
    "A meeting's applications to exhibit, newest first (at most 500), filtered by `status` (0 waiting, 1 approved, 2 rejected), with the count of each status. 403 no_permission (exhibitor.manage).",
  spec: '§2 /meeting/apply, §6, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  querystring: z.object({ status: z.coerce.number().int().min(0).max(2).optional() }),
  response: z.object({ items: z.array(ConsoleExhibitorApplication), counts: ApplicationCounts }),
});

export const ApproveApplicationBody = z.strictObject({
  /** Login name of the new exhibitor account (stored NFKC, trimmed, lower-cased); default: the company. */
  account: z.string().trim().min(1).max(textLimits.account).optional(),
  /** Language of the SMS / mail sent to the applicant. */
  lang: Lang,
});
export type ApproveApplicationBody = z.infer<typeof ApproveApplicationBody>;

export const ApproveApplicationAnswer = z.object({
  application: ConsoleExhibitorApplication,
  enterprise_id: WireId,
  exhibitor_id: WireId,
  account: z.string(),
});
export type ApproveApplicationAnswer = z.infer<typeof ApproveApplicationAnswer>;

export const approveExhibitorApplication = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/exhibitor_applications/:id/approve',
  summary:
    "Approves a waiting application: creates the enterprise (titled with the company; the applicant's phone and e-mail are not published on it), its exhibitor row in the meeting and an exhibitor account, and sends the applicant (SMS, and mail when an e-mail was given) a one-time link, valid 72 hours, to set the password. 403 no_permission; 404 not_found; 409 exhibitor_application.reviewed (already approved or rejected); 409 conflict.already_used (the account name is taken in the meeting, details body/account).",
  spec: '§2 /meeting/apply, §6 Exhibitor, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  body: ApproveApplicationBody,
  response: ApproveApplicationAnswer,
});

export const RejectApplicationBody = z.strictObject({
  /** Why, shown to the applicant. */
  reason: z.string().trim().min(1).max(textLimits.freeText),
  lang: Lang,
});
export type RejectApplicationBody = z.infer<typeof RejectApplicationBody>;

export const rejectExhibitorApplication = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/exhibitor_applications/:id/reject',
  summary:
    'Rejects a waiting application with a reason, sent to the applicant by SMS (and mail when given). 400 validation_failed (no reason); 403 no_permission; 404 not_found; 409 exhibitor_application.reviewed.',
  spec: '§2 /meeting/apply, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  body: RejectApplicationBody,
  response: ConsoleExhibitorApplication,
});

// ————— Enterprises, exhibitors, products —————

/** One exhibitor of the meeting with its enterprise, as the console lists it (hidden ones included). */
export const ConsoleExhibitor = z.object({
  _id: WireId,
  enterprise_id: WireId,
  title: LocalizedText,
  logo: z.string(),
  description: LocalizedText,
  website: z.string(),
  phone: z.string(),
  email: z.string(),
  address: LocalizedText,
  booth: z.string(),
  /** The pavilion's order (§9: weight then created, descending); the enterprise's weight follows it. */
  weight: z.number().int(),
  /** 1 listed in the pavilion, 0 hidden by the organiser. */
  is_shown: Flag,
  exhibitor_group_category_id: WireId.nullable(),
  industry_category_id: WireId.nullable(),
  /** Login names of the enterprise's exhibitor accounts in the meeting. */
  accounts: z.array(z.string()),
  products_total: z.number().int(),
  /** Views of the exhibitor in the pavilion (§7 POST /exhibitors/{id}/views, folded by the views job). */
  views_total: z.number().int().nonnegative(),
  /** `updated_at` of the exhibitor row, unix ms: send it back with an exhibitor edit. */
  updated_at_ms: z.number().int(),
  /** `updated_at` of the enterprise, unix ms: send it back with an enterprise edit. */
  enterprise_updated_at_ms: z.number().int(),
  created: UnixSeconds,
});
export type ConsoleExhibitor = z.infer<typeof ConsoleExhibitor>;

export const listConsoleExhibitors = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/exhibitors',
  summary:
    "A meeting's exhibitors with their enterprises, shown and hidden, by weight then created (descending, §9), optionally those whose enterprise title contains `keyword`; `total` counts all matches. 403 no_permission (exhibitor.manage).",
  spec: '§9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  querystring: z.object({
    keyword: z.string().trim().max(textLimits.keyword).optional(),
    skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({ items: z.array(ConsoleExhibitor), total: z.number().int() }),
});

export const UpdateConsoleExhibitorBody = z.strictObject({
  updated_at_ms: UpdatedAtMs,
  booth: z.string().trim().max(textLimits.label).optional(),
  weight: Weight.optional(),
  is_shown: z.coerce.number().int().min(0).max(1).optional(),
  exhibitor_group_category_id: CategoryRef.optional(),
  industry_category_id: CategoryRef.optional(),
});
export type UpdateConsoleExhibitorBody = z.infer<typeof UpdateConsoleExhibitorBody>;

export const updateConsoleExhibitor = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/exhibitors/:id',
  summary:
    "Changes an exhibitor's booth, weight (also the enterprise's), visibility in the pavilion, exhibitor group or industry (categories of the meeting). 400 validation_failed (a category of another meeting or type); 403 no_permission; 404 not_found; 409 conflict.stale (changed by someone else since `updated_at_ms`).",
  spec: '§9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  body: UpdateConsoleExhibitorBody,
  response: ConsoleExhibitor,
});

export const UpdateConsoleEnterpriseBody = z.strictObject({
  updated_at_ms: UpdatedAtMs,
  title: localizedTextInput(textLimits.title).optional(),
  logo: z.string().trim().max(textLimits.url).optional(),
  description: localizedTextInput(textLimits.description).optional(),
  website: z.string().trim().max(textLimits.url).optional(),
  phone: z.string().trim().max(textLimits.phone).optional(),
  email: z.string().trim().max(textLimits.email).optional(),
  address: localizedTextInput(textLimits.title).optional(),
});
export type UpdateConsoleEnterpriseBody = z.infer<typeof UpdateConsoleEnterpriseBody>;

export const updateConsoleEnterprise = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/enterprises/:id',
  summary:
    "Edits an enterprise that exhibits at the meeting (title, logo, description, website, phone, e-mail, address); answers the meeting's exhibitor row of it. 400 email.invalid; 403 no_permission; 404 not_found; 409 conflict.stale.",
  spec: '§3 Enterprise, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  body: UpdateConsoleEnterpriseBody,
  response: ConsoleExhibitor,
});

/** A product of an exhibiting enterprise as the console lists it. */
export const ConsoleProduct = z.object({
  _id: WireId,
  enterprise_id: WireId,
  title: LocalizedText,
  cover: z.string(),
  weight: z.number().int(),
  /** 1 shown; 0 hidden (`products.is_shown`: left out of public reads like a deleted one, restorable). */
  is_shown: Flag,
  updated_at_ms: z.number().int(),
  created: UnixSeconds,
});
export type ConsoleProduct = z.infer<typeof ConsoleProduct>;

export const listConsoleProducts = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/enterprises/:id/products',
  summary:
    "An exhibiting enterprise's products shown at the meeting (those for every meeting and those for this one), not deleted, hidden ones included, by weight then created (descending). 403 no_permission; 404 not_found.",
  spec: '§9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  response: z.object({ items: z.array(ConsoleProduct) }),
});

export const UpdateConsoleProductBody = z.strictObject({
  updated_at_ms: UpdatedAtMs,
  weight: Weight.optional(),
  is_shown: z.coerce.number().int().min(0).max(1).optional(),
});
export type UpdateConsoleProductBody = z.infer<typeof UpdateConsoleProductBody>;

export const updateConsoleProduct = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/products/:id',
  summary:
    "Changes a product's weight or shows / hides it. 403 no_permission; 404 not_found (not a product of an enterprise exhibiting at the meeting); 409 conflict.stale.",
  spec: '§9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  body: UpdateConsoleProductBody,
  response: ConsoleProduct,
});

export const ResetExhibitorPasswordAnswer = z.object({
  account: z.string(),
  /** Where the link went: masked phone and/or e-mail. */
  sent_to: z.array(z.string()),
});
export type ResetExhibitorPasswordAnswer = z.infer<typeof ResetExhibitorPasswordAnswer>;

export const resetExhibitorPassword = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/exhibitors/:id/password_reset',
  summary:
    "Sends a new one-time link (72 hours) to set the password of the exhibitor's account, to the phone and e-mail of its approved application (else the enterprise's); earlier links stop working. The password stays until the link is used. 403 no_permission; 404 not_found (no exhibitor, or no account); 409 exhibitor.no_contact.",
  spec: '§6 Exhibitor, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  body: z.strictObject({ lang: Lang }),
  response: ResetExhibitorPasswordAnswer,
});

// ————— Industries and exhibitor groups —————

export const consoleCategoryTypes = ['industry', 'exhibitor_group'] as const;
export const ConsoleCategoryType = z.enum(consoleCategoryTypes);
export type ConsoleCategoryType = z.infer<typeof ConsoleCategoryType>;

export const ConsoleCategory = z.object({
  _id: WireId,
  type: ConsoleCategoryType,
  title: LocalizedText,
  weight: z.number().int(),
  /** Exhibitors of the meeting in it. */
  exhibitors_total: z.number().int(),
  created: UnixSeconds,
});
export type ConsoleCategory = z.infer<typeof ConsoleCategory>;

export const listConsoleCategories = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/exhibitor_categories',
  summary:
    "The meeting's industries and exhibitor groups (optionally one `type`), weight descending then created (§7 Categories, §9). 403 no_permission (exhibitor.manage).",
  spec: '§7 Categories, §9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  querystring: z.object({ type: ConsoleCategoryType.optional() }),
  response: z.object({ items: z.array(ConsoleCategory) }),
});

export const CreateConsoleCategoryBody = z.strictObject({
  type: ConsoleCategoryType,
  title: localizedTextInput(textLimits.title),
  weight: Weight.default(0),
});
export type CreateConsoleCategoryBody = z.infer<typeof CreateConsoleCategoryBody>;

export const createConsoleCategory = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/exhibitor_categories',
  summary: 'Adds an industry or an exhibitor group. 400 validation_failed (empty title); 403 no_permission.',
  spec: '§7 Categories, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  body: CreateConsoleCategoryBody,
  response: ConsoleCategory,
});

export const UpdateConsoleCategoryBody = z.strictObject({
  title: localizedTextInput(textLimits.title).optional(),
  weight: Weight.optional(),
});
export type UpdateConsoleCategoryBody = z.infer<typeof UpdateConsoleCategoryBody>;

export const updateConsoleCategory = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/exhibitor_categories/:id',
  summary: 'Renames an industry or exhibitor group or changes its weight. 403 no_permission; 404 not_found.',
  spec: '§7 Categories, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  body: UpdateConsoleCategoryBody,
  response: ConsoleCategory,
});

export const deleteConsoleCategory = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/exhibitor_categories/:id',
  summary:
    'Deletes an industry or exhibitor group (soft: public lists leave it out; exhibitors in it keep the id, shown as none). 403 no_permission; 404 not_found.',
  spec: '§7 Categories, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingItemParams,
  response: z.object({ ok: z.literal(1) }),
});

// ————— Appointments overview —————

/** Appointments per §4 state: applying (0), accepted (1), ignored (2), retracted (3), cancelled (4). */
export const AppointmentStateCounts = z.object({
  applying: z.number().int(),
  accepted: z.number().int(),
  ignored: z.number().int(),
  retracted: z.number().int(),
  cancelled: z.number().int(),
  total: z.number().int(),
});
export type AppointmentStateCounts = z.infer<typeof AppointmentStateCounts>;

export const AppointmentsOverview = z.object({
  states: AppointmentStateCounts,
  /** Per enterprise with at least one request, most requests first. */
  exhibitors: z.array(
    AppointmentStateCounts.extend({ enterprise_id: WireId, title: LocalizedText, booth: z.string() }),
  ),
});
export type AppointmentsOverview = z.infer<typeof AppointmentsOverview>;

export const getAppointmentsOverview = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/appointments/overview',
  summary:
    "The meeting's appointments (meeting requests) counted by §4 state, in all and per exhibitor. 403 no_permission (appointment.read).",
  spec: '§4 Appointment, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  response: AppointmentsOverview,
});

export const exportAppointments = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/appointments/export',
  summary:
    "The meeting's appointments as CSV (text/csv, UTF-8 with BOM): one line each, oldest first — id, exhibitor, requester, phone, e-mail, start and end (ISO 8601 UTC), time zone, mode, booth, matter, state, reason, created. 403 no_permission (appointment.read).",
  spec: '§4 Appointment, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  /** Language of the exhibitor titles (English fallback, §3). */
  querystring: z.object({ lang: Lang }),
  response: z.string(),
});

// ————— Public: the one-time password link —————

export const PasswordLinkParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

export const PasswordLinkInfo = z.object({
  account: z.string(),
  meeting: z.object({ _id: WireId, title: LocalizedText }),
  /** When the link stops working, unix seconds. */
  expires: UnixSeconds,
});
export type PasswordLinkInfo = z.infer<typeof PasswordLinkInfo>;

export const getPasswordLink = defineRoute({
  method: 'GET',
  path: '/exhibitor/password_links/:token',
  summary:
    'What a one-time password link is for: the exhibitor account and its meeting. 404 not_found (unknown token); 410 password_link.expired (used, replaced or older than 72 hours); 429 too_frequent (too many wrong tokens from the IP; a usable token is never refused).',
  spec: '§6 Exhibitor, §8 The temporary link has expired',
  tags: ['exhibitors'],
  isPublic: true,
  params: PasswordLinkParams,
  response: PasswordLinkInfo,
});

export const SetPasswordBody = z.strictObject({
  password: z.string().min(exhibitorPasswordLength.min).max(exhibitorPasswordLength.max),
});
export type SetPasswordBody = z.infer<typeof SetPasswordBody>;

export const setPasswordByLink = defineRoute({
  method: 'POST',
  path: '/exhibitor/password_links/:token',
  summary:
    "Sets the exhibitor account's password (argon2id) and uses up the link, in one transaction, which also revokes the account's exhibitor sessions and removes every binding to it (what the old password opened); the account then logs in with POST /tokens/exhibitor. Wrong tokens are throttled per IP; a usable token is never refused. 400 validation_failed (8–200 characters); 404 not_found; 410 password_link.expired; 429 too_frequent.",
  spec: '§6 Exhibitor, §8',
  tags: ['exhibitors'],
  isPublic: true,
  params: PasswordLinkParams,
  body: SetPasswordBody,
  response: z.object({ account: z.string(), meeting_id: WireId }),
});
