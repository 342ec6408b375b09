import { moderationCategoryValues } from '@app/contracts/wire/moderation.ts';

/**
 * The §5 sensitive-content categories a refusal names (the user sees `moderation:refused.<category>`).
 * The contracts' list (wire/moderation.ts); modules/moderation re-exports the type.
 */
export const moderationCategories = moderationCategoryValues;

/** One of the ten §5 categories. */
export type ModerationCategory = (typeof moderationCategories)[number];

/** True when `value` names one of the ten §5 categories. */
export function isModerationCategory(value: unknown): value is ModerationCategory {
  return typeof value === 'string' && (moderationCategories as readonly string[]).includes(value);
}

/**
 * A provider's answer about one text or image: allow, review (unsure: an organiser decides) or
 * reject with its §5 category; `labels` are the provider's own labels, kept for the queue.
 */
export type ModerationVerdict = {
  verdict: 'allow' | 'review' | 'reject';
  category?: ModerationCategory;
  labels?: string[];
};

/**
 * A moderation provider (DESIGN §8): the local word lists, Tencent Cloud TMS or OpenAI's moderation
 * endpoint. `checkText` may throw when the provider cannot be reached; the caller turns that into
 * 'review' (a post is never lost, never a 5xx). `checkImage` is optional: without it images are allowed.
 */
export type ModerationProvider = {
  /** 'local' | 'tencent' | 'openai'. */
  name: string;
  checkText: (text: string, options?: { language?: string }) => Promise<ModerationVerdict>;
  checkImage?: (bytes: Uint8Array, mime: string) => Promise<ModerationVerdict>;
};

/** A provider could not answer (network, HTTP status, malformed body); never carries secrets. */
export class ModerationProviderError extends Error {
  constructor(
    message: string,
    readonly response: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ModerationProviderError';
  }
}
