import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api/client.ts';

/** Catalogue key (namespace `console-news`, under `errors.`) of each code this area's calls answer. */
const keys: Record<string, string> = {
  'conflict.stale': 'errors.stale',
  no_permission: 'errors.noPermission',
  validation_failed: 'errors.validation',
  not_found: 'errors.notFound',
  'news.language_not_enabled': 'errors.languageNotEnabled',
  'news.publish_at_invalid': 'errors.publishAtInvalid',
  'news.title_required': 'errors.titleRequired',
  'news.category_invalid': 'errors.categoryInvalid',
  'upload.too_large': 'errors.uploadTooLarge',
};

/** The message of a failed call of this area in the current language, by its code; else 'request failed'. */
export function consoleNewsErrorMessage(error: unknown, t: TFunction<'console-news'>): string {
  const key = error instanceof ApiError ? keys[String(error.code)] : undefined;
  return t((key ?? 'errors.requestFailed') as 'errors.requestFailed');
}

/** Whether a failed call was 409 conflict.stale (someone saved in between). */
export function isStale(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'conflict.stale';
}
