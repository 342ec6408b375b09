import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api/client.ts';

/** Catalogue key (namespace `friends`, under `errors.`) of each friends error code (§6, §8). */
const keys: Record<string, string> = {
  'friend.self': 'errors.self',
  'friend.already': 'errors.already',
  'friend.application_closed': 'errors.closed',
  'card.special_identity': 'errors.specialIdentity',
  'card.exchange_disabled': 'errors.exchangeDisabled',
  'card.invalid': 'errors.invalidCard',
  not_found: 'errors.notFound',
  too_frequent: 'common:errors.tooFrequent',
};

/**
 * The localized message of a failed friends call ('Do not operate frequently!' from `common` after too
 * many requests in a day, §8; 'Request failed' for anything else).
 */
export function friendErrorMessage(error: unknown, t: TFunction<'friends'>): string {
  const key = error instanceof ApiError ? keys[String(error.code)] : undefined;
  return t((key ?? 'errors.failed') as 'errors.failed');
}
