import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api/client.ts';

/** Catalogue key (namespace `console-pages`) of each code this area's calls answer. */
const keys: Record<string, string> = {
  'conflict.stale': 'editor.stale',
  'page.exists': 'overview.exists',
  no_permission: 'errors.noPermission',
};

/** The message of a failed call of this area in the current language; a block's bad setting names its field. */
export function consolePagesErrorMessage(error: unknown, t: TFunction<'console-pages'>): string {
  if (error instanceof ApiError && error.code === 'block.invalid') {
    return t('editor.invalid', { field: error.message });
  }
  const key = error instanceof ApiError ? keys[String(error.code)] : undefined;
  return t((key ?? 'errors.generic') as 'errors.generic');
}

/** Whether a failed call was 409 conflict.stale (someone changed the draft meanwhile: reload). */
export function isStale(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'conflict.stale';
}
