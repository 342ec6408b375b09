import { createHash } from 'node:crypto';
import { ErrorCode } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { moderationProviderOf } from '../../providers/moderation/create-moderation-provider.ts';
import { isMeaningless } from '../../providers/moderation/meaningless.ts';
import {
  isModerationCategory,
  type ModerationCategory,
  type ModerationProvider,
  type ModerationVerdict,
} from '../../providers/moderation/moderation.ts';
import { normalizeText, patternForm } from '../../providers/moderation/normalize.ts';
import { WordMatcher } from '../../providers/moderation/word-matcher.ts';
import {
  deletePost,
  findActiveBan,
  floodWindows,
  listMeetingWords,
  prunePosts,
  recordPost,
  upsertQueueItem,
} from './moderation.repository.ts';
import { moderationItems } from './moderation.tables.ts';

export type { ModerationCategory } from '../../providers/moderation/moderation.ts';

/** The kinds of user-written items that go through moderation (§5 sensitive content). */
export type ModeratedKind =
  | 'question'
  | 'answer'
  | 'inquiry'
  | 'inquiry_message'
  | 'demand'
  | 'demand_comment'
  | 'thread'
  | 'thread_reply'
  | 'profile'
  | 'live_chat';

/** Every ModeratedKind, for validating a kind that comes from a request. */
export const moderatedKinds: readonly ModeratedKind[] = [
  'question',
  'answer',
  'inquiry',
  'inquiry_message',
  'demand',
  'demand_comment',
  'thread',
  'thread_reply',
  'profile',
  'live_chat',
];

/** What the caller stores: visible, or review (store with moderation_state 'review' and queueForReview). */
export type ModerationOutcome = { state: 'visible' | 'review'; category: ModerationCategory | null };

/** 400 content.sensitive naming the §5 category (the client shows `moderation:refused.<category>`). */
export const contentSensitive = (category: ModerationCategory) =>
  new AppError(400, ErrorCode.contentSensitive, `Sensitive content: ${category}`, undefined, {
    data: { category },
  });

/** 403 moderation.banned: the organiser blocked this user from posting in the meeting. */
export const moderationBanned = () =>
  new AppError(403, ErrorCode.moderationBanned, 'You are blocked from posting in this meeting');

/** A meeting's own word list, compiled: refused words by category and allow-list words. */
type MeetingWords = { matcher: WordMatcher; allowed: ReadonlySet<string> };

/** Meeting word lists stay cached this long at most (another process may have written). */
const meetingWordsTtlMs = 60_000;
/**
 * Compiled word lists per database (tests run many apps in one process, each on its own database
 * with the same demo meeting ids), then per meeting: the 2,000 most recently read stay.
 */
const meetingWordsCaches = new WeakMap<Database, LRUCache<string, MeetingWords>>();

function meetingWordsCacheOf(db: Database): LRUCache<string, MeetingWords> {
  let cache = meetingWordsCaches.get(db);
  if (!cache) {
    cache = new LRUCache({ max: 2000, ttl: meetingWordsTtlMs });
    meetingWordsCaches.set(db, cache);
  }
  return cache;
}

/** The meeting's compiled word list, cached per meeting until written (invalidateMeetingWords) or 60 s. */
export async function meetingWordsOf(db: Database, meetingId: string): Promise<MeetingWords> {
  const cache = meetingWordsCacheOf(db);
  const cached = cache.get(meetingId);
  if (cached) return cached;
  const rows = await listMeetingWords(db, meetingId);
  const allowed = new Set<string>();
  const entries: { word: string; category: ModerationCategory }[] = [];
  for (const row of rows) {
    if (row.allow === 1) allowed.add(patternForm(row.word).trim());
    else if (isModerationCategory(row.category)) entries.push({ word: row.word, category: row.category });
  }
  const words: MeetingWords = { matcher: new WordMatcher(entries), allowed };
  cache.set(meetingId, words);
  return words;
}

/** Drops the cached word list of a meeting of this database (after any write to it). */
export function invalidateMeetingWords(db: Database, meetingId: string): void {
  meetingWordsCaches.get(db)?.delete(meetingId);
}

/**
 * One text through the meeting's checks, without the ban and flood checks (which need a user):
 * meaningless, the meeting's words (its allow-list overrides the provider's local baseline), then the
 * provider. A provider error becomes 'review' (never lose the post, never 5xx). Used by moderateText
 * and by the console's "test a text" box.
 */
export async function checkOneText(
  deps: { db: Database; provider: ModerationProvider },
  meetingId: string,
  text: string,
): Promise<ModerationVerdict> {
  if (isMeaningless(text)) return { verdict: 'reject', category: 'meaningless' };
  const words = await meetingWordsOf(deps.db, meetingId);
  const normalized = normalizeText(text);
  const own = words.matcher.find(normalized)[0];
  if (own) return { verdict: 'reject', category: own.category, labels: [own.word] };
  let verdict: ModerationVerdict;
  try {
    verdict = await deps.provider.checkText(text);
  } catch {
    return { verdict: 'review', labels: ['provider_error'] };
  }
  if (verdict.verdict === 'reject' && words.allowed.size > 0 && verdict.labels?.length) {
    // The organiser allowed the listed word(s) that made the provider refuse (local baseline lists).
    if (verdict.labels.every((label) => words.allowed.has(patternForm(label).trim())))
      return { verdict: 'allow' };
  }
  if (verdict.verdict === 'reject' && !verdict.category) return { verdict: 'review', labels: verdict.labels };
  return verdict;
}

/**
 * Checks user-written texts (empty ones skipped) with the meeting's provider + the meeting's own word lists,
 * flood and meaningless checks (§5 sensitive content). Throws 403 moderation.banned when the user is banned
 * from posting in the meeting, 400 content.sensitive (data: { category }) on reject, 429 too_frequent never
 * (flood is a category: the same text ≥ 3 times in 10 minutes, or more than 10 posts in 1 minute).
 * Returns 'review' when the provider is unsure: the caller stores the item with moderation_state 'review'
 * and calls queueForReview in the same transaction.
 */
export async function moderateText(
  deps: { db: Database; config: Config },
  subject: { meetingId: string; userId: string; kind: ModeratedKind; texts: string[] },
): Promise<ModerationOutcome> {
  if (await findActiveBan(deps.db, subject.meetingId, subject.userId)) throw moderationBanned();
  const texts = subject.texts.filter((text) => text.trim().length > 0);
  if (texts.length === 0) return { state: 'visible', category: null };
  const provider = moderationProviderOf(deps.config);
  let review: ModerationOutcome | null = null;
  for (const text of texts) {
    const verdict = await checkOneText({ db: deps.db, provider }, subject.meetingId, text);
    if (verdict.verdict === 'reject' && verdict.category) throw contentSensitive(verdict.category);
    if (verdict.verdict === 'review' && !review)
      review = { state: 'review', category: verdict.category ?? null };
  }
  // Profiles are not posts: their edits do not count towards the flood windows.
  if (subject.kind !== 'profile') {
    const textHash = createHash('sha256')
      .update(texts.map((text) => normalizeText(text)).join('\u0000'))
      .digest('hex');
    const post = await recordPost(deps.db, {
      meetingId: subject.meetingId,
      userId: subject.userId,
      textHash,
    });
    // A user's old rows go at their next post; about one post in 100 also clears everyone's (by index).
    if (Math.random() < 0.01) await prunePosts(deps.db);
    if (post.sameText > floodWindows.sameTextMax || post.lastMinute > floodWindows.perMinuteMax) {
      await deletePost(deps.db, post.id);
      throw contentSensitive('flood');
    }
  }
  return review ?? { state: 'visible', category: null };
}

/** Puts an item in the organiser's queue (source 'provider'); call inside the item's insert transaction. */
export async function queueForReview(
  tx: Database,
  item: {
    meetingId: string;
    kind: ModeratedKind;
    targetId: string;
    userId: string;
    category: ModerationCategory | null;
  },
): Promise<void> {
  await upsertQueueItem(tx, { ...item, source: 'provider' });
}

/**
 * Records a decision an organiser took outside the queue (a console block, unblock or delete of an
 * item) on the item's queue row, in the same transaction as the decision: a row still 'pending' would
 * otherwise let a later "approve" in the queue silently undo the console's block (§5). `state` is the
 * queue's word for it (block → 'blocked', unblock → 'approved', delete → 'deleted'); `userId` is the
 * organiser. No row (never flagged nor reported): nothing to do. Returns whether a row was resolved.
 */
export async function resolveQueueItem(
  tx: Database,
  input: {
    meetingId: string;
    kind: ModeratedKind;
    targetId: string;
    state: 'approved' | 'blocked' | 'deleted';
    userId: string;
  },
): Promise<boolean> {
  const rows = await tx
    .update(moderationItems)
    .set({ state: input.state, resolvedBy: input.userId, resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(moderationItems.meetingId, input.meetingId),
        eq(moderationItems.kind, input.kind),
        eq(moderationItems.targetId, input.targetId),
      ),
    )
    .returning({ id: moderationItems.id });
  return rows.length > 0;
}

/**
 * The image-moderation hook of uploads (§5 sensitive content): the provider's checkImage on an
 * uploaded image's stored bytes. A provider without an image check (the local one) allows; an unsure
 * answer or a provider error allows too (an image has no review state; organisers can still block the
 * item that shows it). Throws 400 content.sensitive (data: { category }) on reject; nothing is stored.
 */
export async function moderateImage(
  deps: { config: Config },
  image: { meetingId: string | null; userId: string; bytes: Uint8Array; mime: string },
): Promise<void> {
  const provider = moderationProviderOf(deps.config);
  if (!provider.checkImage) return;
  let verdict: ModerationVerdict;
  try {
    verdict = await provider.checkImage(image.bytes, image.mime);
  } catch {
    return;
  }
  if (verdict.verdict === 'reject') throw contentSensitive(verdict.category ?? 'harmful');
}
