import { ErrorCode } from '@app/contracts/wire/errors.ts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api/client.ts';
import { isModerationBanned, sensitiveCategoryOf } from '../../../lib/moderation.ts';

/**
 * The message of a refused post (§5, §8): the sensitive-content category in the user's language
 * ("Refused: this looks like an advertisement"), the ban, the amount that is not a number, no
 * permission — else §8 'Post failed'.
 */
export function postErrorMessage(
  error: unknown,
  t: TFunction<'questions'>,
  tm: TFunction<'moderation'>,
  tc: TFunction<'common'>,
): string {
  const category = sensitiveCategoryOf(error);
  if (category) return tm(`refused.${category}`);
  if (isModerationBanned(error)) return tm('banned');
  if (error instanceof ApiError) {
    if (error.code === ErrorCode.inquiryAmountInvalid) return t('ask.amountInvalid');
    if (error.code === ErrorCode.noPermission) return tc('errors.noPermission');
    if (error.code === ErrorCode.formRequired) return t('ask.required');
    if (error.status === 0) return tc('states.errorDescription');
  }
  return t('ask.postFailed');
}
