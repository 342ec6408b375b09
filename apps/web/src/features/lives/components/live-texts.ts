import { moderationCategoryValues } from '@app/contracts/wire/moderation.ts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api/client.ts';

/**
 * The codes a refused chat message can carry (ErrorCode and LiveError of the contracts), written out:
 * the contracts' error table carries zod, which the room's first script must not (DESIGN §10).
 */
const codes = {
  tooFrequent: 'too_frequent',
  contentSensitive: 'content.sensitive',
  moderationBanned: 'moderation.banned',
  noPermission: 'no_permission',
  muted: 'live.muted',
  banned: 'live.banned',
  chatClosed: 'live.chat_closed',
} as const;

/**
 * What to tell a viewer whose chat message was refused (§5, §8): too frequent ('Do not operate
 * frequently!'), muted, banned, the §5 category of sensitive content, chat closed, else 'Post failed'.
 */
// biome-ignore lint/suspicious/noExplicitAny: reads the lives, common and moderation namespaces
export function chatErrorMessage(error: unknown, t: TFunction<any>): string {
  if (!(error instanceof ApiError)) return t('moderation:postFailed');
  if (error.code === codes.contentSensitive) {
    const category = error.data?.category;
    if ((moderationCategoryValues as readonly unknown[]).includes(category))
      return t(`moderation:refused.${String(category)}`);
    return t('moderation:postFailed');
  }
  if (error.code === codes.moderationBanned) return t('moderation:banned');
  if (error.code === codes.tooFrequent) return t('common:errors.tooFrequent');
  if (error.code === codes.muted) return t('lives:chat.muted');
  if (error.code === codes.banned) return t('lives:access.banned');
  if (error.code === codes.chatClosed) return t('lives:chat.closed');
  if (error.code === codes.noPermission) return t('common:errors.noPermission');
  return t('moderation:postFailed');
}
