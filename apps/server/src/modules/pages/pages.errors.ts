import { ErrorCode, PageErrorCode } from '@app/contracts';
import { AppError } from '../../errors.ts';

/** 403 preview.expired, §8 'The temporary link has expired': a preview link expired, forged or altered. */
export const previewExpired = () =>
  new AppError(403, PageErrorCode.previewExpired, 'The temporary link has expired');

/** 409 conflict.stale: the draft was saved, published or rolled back since the editor read it. */
export const staleDraft = () => new AppError(409, ErrorCode.staleWrite, 'changed by someone else, reload');

/** 409 page.exists: the meeting already has a live page of this kind. */
export const pageExists = () => new AppError(409, PageErrorCode.pageExists, 'This page already exists');

/** 400 block.invalid: a block's settings do not fit its type; `path` like 'body/blocks/2/data/slides'. */
export const blockInvalid = (path: string, message: string) =>
  new AppError(400, PageErrorCode.blockInvalid, message, [{ path, message }]);
