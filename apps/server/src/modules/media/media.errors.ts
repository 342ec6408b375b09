import { ErrorCode } from '@app/contracts';
import { AppError } from '../../errors.ts';

/** 400 upload.token_invalid: forged, altered, expired, missing or already used upload token. */
export const uploadTokenInvalid = (message: string) =>
  new AppError(400, ErrorCode.uploadTokenInvalid, message);

/** 415 upload.type_rejected: the bytes are not of a kind the bucket accepts (or cannot be decoded). */
export const uploadTypeRejected = (message: string) =>
  new AppError(415, ErrorCode.uploadTypeRejected, message);

/** 413 upload.too_large: more bytes, or more pixels, than allowed. */
export const uploadTooLarge = (message: string) => new AppError(413, ErrorCode.uploadTooLarge, message);

/** 400 validation_failed for a malformed upload request or resize suffix. */
export const mediaBadRequest = (message: string) => new AppError(400, ErrorCode.validation, message);
