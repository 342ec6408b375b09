import { ErrorCode } from '@app/contracts/wire/errors.ts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api/client.ts';
import { isModerationBanned, sensitiveCategoryOf } from '../../../lib/moderation.ts';

/**
 * What to tell a viewer whose chat message was refused (§5, §8): too frequent ('Do not operate
 * frequently!'), muted, banned, the §5 category of sensitive content, chat closed, else 'Post failed'.
 */
// biome-ignore lint/suspicious/noExplicitAny: reads the lives, common and moderation namespaces
export function chatErrorMessage(error: unknown, t: TFunction<any>): string {
  const category = sensitiveCategoryOf(error);
  if (category) return t(`moderation:refused.${category}`);
  if (isModerationBanned(error)) return t('moderation:banned');
  if (error instanceof ApiError) {
    if (error.code === ErrorCode.tooFrequent) return t('common:errors.tooFrequent');
    if (error.code === 'live.muted') return t('lives:chat.muted');
    if (error.code === 'live.banned') return t('lives:access.banned');
    if (error.code === 'live.chat_closed') return t('lives:chat.closed');
    if (error.code === ErrorCode.noPermission) return t('common:errors.noPermission');
  }
  return t('moderation:postFailed');
}
