import { ErrorCode } from '@app/contracts';
import { AppError } from '../../errors.ts';

/** 409: the phone already belongs to another user (§5). */
export const phoneTaken = () =>
  new AppError(409, ErrorCode.phoneTaken, 'This phone number is already used by another account');

/** 409: the e-mail already belongs to another user (§5). */
export const emailTaken = () =>
  new AppError(409, ErrorCode.emailTaken, 'This e-mail is already used by another account');

/** 403: the account is disabled. */
export const accountDisabled = () => new AppError(403, ErrorCode.accountDisabled, 'This account is disabled');

/** 400: not a valid phone for its area code. */
export const phoneInvalid = () =>
  new AppError(400, ErrorCode.phoneInvalid, 'Please enter a valid phone number');

/** 400: not a valid e-mail. */
export const emailInvalid = () =>
  new AppError(400, ErrorCode.emailInvalid, 'Please enter a valid e-mail address');
