import { ErrorCode } from '@app/contracts';
import { AppError } from '../../errors.ts';

/** 401 'Incorrect account or password' (§8): the same answer for an unknown account and a wrong password. */
export const accountOrPasswordIncorrect = () =>
  new AppError(401, ErrorCode.accountOrPasswordIncorrect, 'Incorrect account or password');

/** 401 'Login invalid' (§8): a stale, forged or replayed /tokens/phone/v2 signature. */
export const loginInvalid = () => new AppError(401, ErrorCode.loginInvalid, 'Login invalid');

/** 404: code-less phone login is off (production still on the public default PHONE_TOKEN_SALT). */
export const phoneTokenNotConfigured = () =>
  new AppError(404, ErrorCode.providerNotConfigured, 'Phone-token login is not configured on this server');
