import { ErrorCode, type WechatBindHandBack } from '@app/contracts';
import { AppError } from '../../errors.ts';

/** 404: the provider has no credentials on this server. */
export const providerNotConfigured = (provider: string) =>
  new AppError(404, ErrorCode.providerNotConfigured, `${provider} login is not configured`);

/** 401 'Login invalid' (§8): unknown, used, expired or foreign state or ticket; a refused code. */
export const loginInvalid = () => new AppError(401, ErrorCode.loginInvalid, 'Login invalid');

/**
 * 400 with code 4260 (§8): the WeChat identity has no user yet; `data` lets the login page continue
 * to /bind with the ticket.
 */
export const wechatBindRequired = (data: WechatBindHandBack) =>
  new AppError(400, ErrorCode.wechatBindRequired, 'Phone binding required', undefined, { data });
