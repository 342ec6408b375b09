import { ErrorCode } from '@app/contracts/wire/errors.ts';
import { type ModerationCategoryValue, moderationCategoryValues } from '@app/contracts/wire/moderation.ts';
import { ApiError } from './api/client.ts';

/** One of the ten §5 sensitive-content categories. */
export type ModerationCategory = ModerationCategoryValue;

/**
 * The §5 category of a refusal (400 content.sensitive, `data.category`), or null for any other error.
 * Forms show `t('moderation:refused.<category>')`, e.g. "Refused: this looks like an advertisement".
 */
export function sensitiveCategoryOf(error: unknown): ModerationCategory | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.contentSensitive) return null;
  const category = error.data?.category;
  return (moderationCategoryValues as readonly unknown[]).includes(category)
    ? (category as ModerationCategory)
    : null;
}

/** True when the error is 403 moderation.banned (the organiser blocked the user from posting here). */
export function isModerationBanned(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.moderationBanned;
}
