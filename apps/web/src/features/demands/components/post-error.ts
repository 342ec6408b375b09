import { DemandErrorCodeWire } from '@app/contracts/wire/demand-limits.ts';
import { ErrorCode } from '@app/contracts/wire/errors.ts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api/client.ts';
import { isModerationBanned, sensitiveCategoryOf } from '../../../lib/moderation.ts';

/**
 * What to tell a poster whose demand or comment was refused: the §5 category of sensitive content
 * ("Refused: this looks like an advertisement"), a ban, an image that is not jpg/png (§5), the
 * participant rule (§6), a closed demand, else §8 'Post failed'.
 */
// biome-ignore lint/suspicious/noExplicitAny: reads the demands and moderation namespaces
export function demandErrorMessage(error: unknown, t: TFunction<any>): string {
  const category = sensitiveCategoryOf(error);
  if (category) return t(`moderation:refused.${category}`);
  if (isModerationBanned(error)) return t('moderation:banned');
  if (error instanceof ApiError && error.code === DemandErrorCodeWire.imageType)
    return t('demands:form.imageType');
  if (error instanceof ApiError && error.code === ErrorCode.participantRequired)
    return t('demands:authorization.participantBody');
  if (error instanceof ApiError && error.code === ErrorCode.itemClosed) return t('demands:form.closedItem');
  return t('moderation:postFailed');
}
