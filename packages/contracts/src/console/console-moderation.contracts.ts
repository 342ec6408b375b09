import { z } from 'zod';
import { ModeratedKindWire, ModerationCategoryWire } from '../moderation/moderation.contracts.ts';
import { UnixSeconds } from '../wire/common.ts';
import { ObjectIdString } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The console's moderation area (§5 sensitive content; DESIGN §7): the review queue of flagged and
 * reported items (approve / block / unblock / delete, ban the author), the meeting's own word lists
 * with a "test a text" box, and the bans. Reads need community.read, writes community.moderate; every
 * write is in the audit log.
 */

const MeetingParams = z.object({ meeting_id: ObjectIdString });
const MeetingItemParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString });
const base = '/console/meetings/:meeting_id/moderation';

/** 0 or 1 from a form-encoded body ('0' / '1') or JSON. */
const FormFlag = z.coerce
  .number()
  .int()
  .min(0)
  .max(1)
  .transform((value) => (value === 1 ? 1 : 0) as 0 | 1);

/** A queue row's decision state: waiting, or how the organiser decided. */
export const moderationItemStates = ['pending', 'approved', 'blocked', 'deleted'] as const;
export const ModerationItemState = z.enum(moderationItemStates);
export type ModerationItemState = z.infer<typeof ModerationItemState>;

/** What an organiser does with a queued item. */
export const moderationActions = ['approve', 'block', 'unblock', 'delete'] as const;
export const ModerationAction = z.enum(moderationActions);
export type ModerationAction = z.infer<typeof ModerationAction>;

const UserRef = z.object({ _id: ObjectIdString, username: z.string() }).nullable();

/** One queued item with its text, author, reason and reports, as the console lists it. */
export const ModerationQueueItem = z.object({
  _id: ObjectIdString,
  kind: ModeratedKindWire,
  target_id: ObjectIdString,
  /** The item's text as its module describes it ('' when the item is gone). */
  text: z.string(),
  /** An app link (path + query) that opens the item; null when none. */
  link: z.string().nullable(),
  author: UserRef,
  /** 'provider' when the check was unsure, 'report' when users reported it. */
  source: z.enum(['provider', 'report']),
  category: ModerationCategoryWire.nullable(),
  reports_count: z.number().int().nonnegative(),
  /** The reasons reporters gave (a §5 category or 'other'), most frequent first. */
  reasons: z.array(z.string()),
  state: ModerationItemState,
  /** 1 when the author is banned from posting in the meeting. */
  author_banned: z.union([z.literal(0), z.literal(1)]),
  created: UnixSeconds,
  updated: UnixSeconds,
  resolved_at: UnixSeconds.nullable(),
});
export type ModerationQueueItem = z.infer<typeof ModerationQueueItem>;

export const ModerationQueueQuery = z.object({
  /** pending items, or resolved ones (approved, blocked, deleted). */
  tab: z.enum(['pending', 'resolved']).default('pending'),
  kind: ModeratedKindWire.optional(),
  category: ModerationCategoryWire.optional(),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const listModerationQueue = defineRoute({
  method: 'GET',
  path: `${base}/queue`,
  summary:
    'The review queue of the meeting: pending or resolved items, filtered by kind and category, newest first.',
  spec: '§5 sensitive content',
  tags: ['console', 'moderation'],
  isPublic: false,
  params: MeetingParams,
  querystring: ModerationQueueQuery,
  response: z.object({ items: z.array(ModerationQueueItem), total: z.number().int().nonnegative() }),
});

export const decideModerationItem = defineRoute({
  method: 'PUT',
  path: `${base}/queue/:id`,
  summary:
    'Decides a queued item: approve (visible), block (hidden from everyone but its author), unblock (visible again) or delete (never shown). 404 not_found when the item is gone from its module.',
  spec: '§5 sensitive content',
  tags: ['console', 'moderation'],
  isPublic: false,
  params: MeetingItemParams,
  body: z.object({ action: ModerationAction }),
  response: ModerationQueueItem,
});

/** One entry of the meeting's word list: a refused word with its category, or an allow-list word. */
export const ModerationWord = z.object({
  _id: ObjectIdString,
  word: z.string(),
  /** The §5 category of a refused word; null for an allow-list word. */
  category: ModerationCategoryWire.nullable(),
  allow: z.union([z.literal(0), z.literal(1)]),
  created: UnixSeconds,
});
export type ModerationWord = z.infer<typeof ModerationWord>;

/** A word is 1–50 characters. */
export const moderationWordMax = 50;

export const listModerationWords = defineRoute({
  method: 'GET',
  path: `${base}/words`,
  summary: "The meeting's own word list (refused words by category and allow-list words), newest first.",
  spec: '§5 sensitive content',
  tags: ['console', 'moderation'],
  isPublic: false,
  params: MeetingParams,
  response: z.object({ items: z.array(ModerationWord) }),
});

export const AddModerationWordBody = z
  .object({
    word: z.string().trim().min(1).max(moderationWordMax),
    /** Bodies are form-encoded (§7): a missing or empty category is null. */
    category: z.preprocess(
      (value) => (value === '' ? null : value),
      ModerationCategoryWire.nullable().default(null),
    ),
    allow: FormFlag.default(0),
  })
  .refine((body) => (body.allow === 1) === (body.category === null), {
    message: 'A refused word names its category; an allow-list word names none',
    path: ['category'],
  });

export const addModerationWord = defineRoute({
  method: 'POST',
  path: `${base}/words`,
  summary:
    'Adds a refused word (with its §5 category) or an allow-list word (allow 1, no category) to the meeting. Saving the same word again replaces its category. 400 validation_failed for an empty word or a word without letters or digits.',
  spec: '§5 sensitive content',
  tags: ['console', 'moderation'],
  isPublic: false,
  params: MeetingParams,
  body: AddModerationWordBody,
  response: ModerationWord,
});

export const deleteModerationWord = defineRoute({
  method: 'DELETE',
  path: `${base}/words/:id`,
  summary: "Removes a word from the meeting's list. 404 not_found when it is not there.",
  spec: '§5 sensitive content',
  tags: ['console', 'moderation'],
  isPublic: false,
  params: MeetingItemParams,
  response: z.object({ ok: z.literal(1) }),
});

export const testModerationText = defineRoute({
  method: 'POST',
  path: `${base}/words/test`,
  summary:
    "What the meeting's checks answer for a text (meaningless, the meeting's words, the provider), without storing anything and without the flood check.",
  spec: '§5 sensitive content',
  tags: ['console', 'moderation'],
  isPublic: false,
  params: MeetingParams,
  body: z.object({ text: z.string().max(2000) }),
  response: z.object({
    verdict: z.enum(['allow', 'review', 'reject']),
    category: ModerationCategoryWire.nullable(),
    labels: z.array(z.string()),
  }),
});

/** A user blocked from posting in the meeting. */
export const ModerationBan = z.object({
  user: z.object({ _id: ObjectIdString, username: z.string() }),
  reason: z.string(),
  /** Unix seconds the ban ends; null for good. */
  until: UnixSeconds.nullable(),
  created: UnixSeconds,
});
export type ModerationBan = z.infer<typeof ModerationBan>;

export const listModerationBans = defineRoute({
  method: 'GET',
  path: `${base}/bans`,
  summary: 'Users blocked from posting in the meeting (bans in force), newest first.',
  spec: '§5 sensitive content',
  tags: ['console', 'moderation'],
  isPublic: false,
  params: MeetingParams,
  response: z.object({ items: z.array(ModerationBan) }),
});

export const banModerationUser = defineRoute({
  method: 'POST',
  path: `${base}/bans`,
  summary:
    'Blocks a user from posting in the meeting (403 moderation.banned on their next post) until `until` (unix seconds) or for good; banning again replaces the ban. 404 not_found for an unknown user.',
  spec: '§5 sensitive content',
  tags: ['console', 'moderation'],
  isPublic: false,
  params: MeetingParams,
  body: z.object({
    user_id: ObjectIdString,
    reason: z.string().trim().max(200).default(''),
    /**
     * Unix seconds between 1970 and 9999-12-31T23:59:59Z (dates the database can hold); missing or
     * empty for good.
     */
    until: z.preprocess(
      (value) => (value === '' || value === undefined || value === null ? null : Number(value)),
      UnixSeconds.min(0).max(253402300799).nullable(),
    ),
  }),
  response: ModerationBan,
});

export const liftModerationBan = defineRoute({
  method: 'DELETE',
  path: `${base}/bans/:id`,
  summary: 'Lifts the ban of a user (`id` is the user id). 404 not_found when the user is not banned.',
  spec: '§5 sensitive content',
  tags: ['console', 'moderation'],
  isPublic: false,
  params: MeetingItemParams,
  response: z.object({ ok: z.literal(1) }),
});
