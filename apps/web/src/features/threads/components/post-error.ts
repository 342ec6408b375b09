import { ErrorCode } from '@app/contracts/wire/errors.ts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api/client.ts';
import { isModerationBanned, sensitiveCategoryOf } from '../../../lib/moderation.ts';

/**
 * What to tell a poster whose thread or reply was refused: the §5 category of sensitive content
 * ("Refused: this looks like an advertisement"), a ban, the participant rule (§6), a closed thread,
 * else §8 'Post failed'.
 */
// biome-ignore lint/suspicious/noExplicitAny: reads the threads and moderation namespaces
export function postErrorMessage(error: unknown, t: TFunction<any>): string {
  const category = sensitiveCategoryOf(error);
  if (category) return t(`moderation:refused.${category}`);
  if (isModerationBanned(error)) return t('moderation:banned');
  if (error instanceof ApiError && error.code === ErrorCode.participantRequired)
    return t('threads:post.participantRequired');
  if (error instanceof ApiError && error.code === ErrorCode.itemClosed) return t('threads:talk.closedNotice');
  return t('moderation:postFailed');
}
