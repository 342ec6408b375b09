import { z } from 'zod';
import { CountResponse, Flag, LocalizedText, resultsOf } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { peopleLimits } from '../wire/people-limits.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * People of a meeting (§2 /meeting/connection, /meeting/user; §3 Exposure setting, membership levels,
 * User work; §6 contacts for connected friends only; §7 Users and Meetings calls). A participant
 * chooses to be shown (exposure 1) in the meeting's directory and recommendations; hidden people are
 * never listed nor recommended. Contacts (phone, area code, e-mail) go to the user themself and to
 * connected friends only.
 */

/** Membership levels (§3), set by the organiser; null for none. */
export const MembershipLevel = z.enum(['primer', 'senior', 'council', 'senior_council']);
export type MembershipLevel = z.infer<typeof MembershipLevel>;

/** Where the viewer stands with a person (§4 Connection application). */
export const PersonConnection = z.enum(['self', 'connected', 'submitted', 'received', 'none']);
export type PersonConnection = z.infer<typeof PersonConnection>;

export { peopleLimits };

/** One tag: trimmed, 1–20 characters, no line breaks or commas (a comma separates tags in CSV). */
export const PersonTag = z
  .string()
  .trim()
  .min(1)
  .max(peopleLimits.tag)
  .regex(/^[^\r\n,]+$/, 'A tag has no commas or line breaks');

/**
 * ≤ 10 tags, duplicates (case-insensitive) removed in order. A form body cannot carry an empty list,
 * so '' stands for "no tags", and a single `tags=a` arrives as a string: one tag.
 */
export const PersonTags = z
  .union([
    z.literal('').transform((): string[] => []),
    z.array(PersonTag).max(peopleLimits.tags),
    PersonTag.transform((tag): string[] => [tag]),
  ])
  .transform((tags: string[]) => {
    const seen = new Set<string>();
    return tags.filter((tag) => {
      const key = tag.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** An industry category (§7 /industry/categories). */
export const PersonIndustry = z.object({ _id: WireId, title: LocalizedText });

/** A person as the directory and recommendations show them (no contacts there). */
export const PersonCard = z.object({
  _id: WireId,
  username: z.string(),
  avatar: z.string(),
  /** §3 User work. */
  work: z.object({ title: z.string(), company: z.string() }),
  tags: z.array(z.string()),
  membership_level: MembershipLevel.nullable(),
  industry: PersonIndustry.nullable(),
  /** The organiser's wording of a special identity ('' for none, §6). */
  special_identity_label: z.string(),
  connection: PersonConnection,
});
export type PersonCard = z.infer<typeof PersonCard>;

/** Contact details (§6): filled only for the user themself and connected friends. */
export const PersonContact = z.object({
  /** E.164, e.g. '+8613800138000'. */
  phone: z.string(),
  area_code: z.string(),
  email: z.string(),
});
export type PersonContact = z.infer<typeof PersonContact>;

/** The user page (§2 /meeting/user). */
export const PersonPage = PersonCard.extend({
  introduction: z.string(),
  /** 1 when the person shows in the directory (for the owner's own page). */
  exposure: Flag,
  /** 1 when the person has a special identity (cards cannot be exchanged with them, §6). */
  special_identity: Flag,
  /** 1 when the person allows card exchange (§3). */
  card_exchange: Flag,
  /** Null unless self or connected (§6). */
  contact: PersonContact.nullable(),
});
export type PersonPage = z.infer<typeof PersonPage>;

/** Why a person is recommended: the shared industry, tags, sessions, activities or exhibitors. */
export const RecommendationReason = z.object({
  kind: z.enum(['industry', 'tags', 'session', 'activity', 'exhibitor']),
  /** The shared thing's title (industry, session, activity, exhibitor); null for tags. */
  title: LocalizedText.nullable(),
  /** The shared tags (kind 'tags'), else []. */
  tags: z.array(z.string()),
  /** How many of that kind are shared (sessions both bookmarked, …). */
  count: z.number().int().nonnegative(),
});
export type RecommendationReason = z.infer<typeof RecommendationReason>;

export const Recommendation = PersonCard.extend({
  /** Higher is a better match. */
  score: z.number().int().nonnegative(),
  reasons: z.array(RecommendationReason).min(1),
});
export type Recommendation = z.infer<typeof Recommendation>;

const UserIdParams = z.object({ user_id: ObjectIdString });

/**
 * Filters of the directory: industry, one tag, company, keyword (name, company, job title). An empty
 * `industry_id=` or `tag=` (a form left blank) means no filter.
 */
export const DirectoryQuerystring = z.object({
  industry_id: z.union([z.literal('').transform(() => undefined), ObjectIdString]).optional(),
  tag: z.union([z.literal('').transform(() => undefined), PersonTag]).optional(),
  company: z.string().trim().max(textLimits.title).optional(),
  keyword: z.string().trim().max(textLimits.keyword).optional(),
  skip: z.coerce.number().int().min(0).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(peopleLimits.pageSize).optional(),
});
export type DirectoryQuerystring = z.infer<typeof DirectoryQuerystring>;

export const listMeetingUsers = defineRoute({
  method: 'GET',
  path: '/meeting/users',
  summary:
    'People of the session meeting who chose to be shown (exposure 1), newest first; filters industry_id, tag, company, keyword; limit ≤ 50. Never hidden people; no contacts.',
  spec: '§2 /meeting/connection, §3 Exposure setting, §7 Meetings',
  tags: ['people'],
  isPublic: false,
  querystring: DirectoryQuerystring,
  response: resultsOf(PersonCard),
});

export const countMeetingUsers = defineRoute({
  method: 'GET',
  path: '/meeting/users/count',
  summary: 'How many people GET /meeting/users lists with the same filters.',
  spec: '§7 Meetings',
  tags: ['people'],
  isPublic: false,
  querystring: DirectoryQuerystring.omit({ skip: true, limit: true }),
  response: CountResponse,
});

export const getMeetingUser = defineRoute({
  method: 'GET',
  path: '/meeting/users/:user_id',
  summary:
    'The user page of a person in the session meeting: work, tags, membership level, industry, introduction, connection; contact only for self or connected friends. 404 not_found for a hidden person the viewer has no connection or pending application with.',
  spec: '§2 /meeting/user, §6',
  tags: ['people'],
  isPublic: false,
  params: UserIdParams,
  response: PersonPage,
});

export const ExposureSetting = z.object({
  exposure: Flag,
  /** Only for the user themself. */
  card_exchange: Flag.optional(),
});

export const getUserExposure = defineRoute({
  method: 'GET',
  path: '/meeting/users/exposure/:user_id',
  summary:
    "A person's exposure setting in the session meeting: {exposure, card_exchange} for yourself, {exposure} for another user.",
  spec: '§3 Exposure setting, §7 Meetings',
  tags: ['people'],
  isPublic: false,
  params: UserIdParams,
  response: ExposureSetting,
});

/** A 0/1 flag as a JSON or a form body sends it. */
export const PeopleFlagInput = z
  .union([z.literal(0), z.literal(1), z.enum(['0', '1'])])
  .transform((v) => Number(v) as 0 | 1);

export const UpdateExposureBody = z
  .strictObject({ exposure: PeopleFlagInput.optional(), card_exchange: PeopleFlagInput.optional() })
  .refine((body) => body.exposure !== undefined || body.card_exchange !== undefined, {
    message: 'This is a required field',
    path: ['exposure'],
  });

export const updateUserExposure = defineRoute({
  method: 'PUT',
  path: '/meeting/users/exposure',
  summary:
    'Set your own exposure (shown in the directory) and card exchange in the session meeting. Showing yourself needs participant registration: 403 participant.required.',
  spec: '§3 Exposure setting, §6, §7 Meetings',
  tags: ['people'],
  isPublic: false,
  body: UpdateExposureBody,
  response: ExposureSetting,
});

/** Your own people settings in one meeting (the profile's "People" section). */
export const MeetingProfileSettings = z.object({
  meeting_id: WireId,
  exposure: Flag,
  card_exchange: Flag,
  tags: z.array(z.string()),
  industry_id: WireId.nullable(),
  introduction: z.string(),
  membership_level: MembershipLevel.nullable(),
  special_identity_label: z.string(),
  /** 1 when you hold an approved ticket (needed to show yourself). */
  is_participant: Flag,
});
export type MeetingProfileSettings = z.infer<typeof MeetingProfileSettings>;

export const UpdateTagsBody = z.strictObject({ tags: PersonTags });

export const updateUserTags = defineRoute({
  method: 'PUT',
  path: '/users/:id/tag',
  summary:
    'Replace your own tags in the session meeting (≤ 10 tags of ≤ 20 characters). 403 no_permission for another user.',
  spec: '§7 Users',
  tags: ['people'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: UpdateTagsBody,
  response: MeetingProfileSettings,
});

export const UpdateMeetingProfileBody = z.strictObject({
  /** An industry of the meeting; null or '' (a form body) for none. */
  industry_id: z
    .union([ObjectIdString, z.literal('').transform(() => null)])
    .nullable()
    .optional(),
  introduction: z.string().trim().max(peopleLimits.introduction).optional(),
  tags: PersonTags.optional(),
});

export const getUserMeetingProfile = defineRoute({
  method: 'GET',
  path: '/users/:id/meetings/:meeting_id',
  summary: 'Your own people settings in a meeting (beyond spec). 403 no_permission for another user.',
  spec: '§3 Exposure setting',
  tags: ['people'],
  isPublic: false,
  params: z.object({ id: ObjectIdString, meeting_id: ObjectIdString }),
  response: MeetingProfileSettings,
});

export const updateUserMeetingProfile = defineRoute({
  method: 'PUT',
  path: '/users/:id/meetings/:meeting_id',
  summary:
    "Edit your own profile in a meeting: industry (one of the meeting's industry categories, else 400 validation_failed), introduction ≤ 500, tags. 403 no_permission for another user, 404 not_found for an unknown meeting.",
  spec: '§7 Users',
  tags: ['people'],
  isPublic: false,
  params: z.object({ id: ObjectIdString, meeting_id: ObjectIdString }),
  body: UpdateMeetingProfileBody,
  response: MeetingProfileSettings,
});

export const recommendUsers = defineRoute({
  method: 'GET',
  path: '/users/recommend',
  summary:
    'People to meet in the session meeting, best match first, each with its reasons (shared industry, tags, bookmarked sessions, registered activities, liked exhibitors). Never yourself, a connected friend or a hidden person. limit ≤ 20.',
  spec: '§1 recommendations and matching, §7 Users',
  tags: ['people'],
  isPublic: false,
  querystring: z.object({
    limit: z.coerce.number().int().min(1).max(peopleLimits.recommendations).optional(),
  }),
  response: resultsOf(Recommendation),
});
