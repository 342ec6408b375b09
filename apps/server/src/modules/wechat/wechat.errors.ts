import { ErrorCode } from '@app/contracts';
import { AppError } from '../../errors.ts';
import { WechatProviderError } from '../../providers/wechat/wechat.ts';

/** 409 wechat.not_configured: the meeting (or this server) has no official account / mini-program set up. */
export const wechatSetupMissing = (what: string) =>
  new AppError(409, ErrorCode.wechatNotConfigured, `${what} is not set up`);

/** 403 §8 'The official account is not authorized' (platform mode before an account authorised us). */
export const officialAccountNotAuthorized = () =>
  new AppError(403, ErrorCode.wechatNotAuthorized, 'The official account is not authorized');

/** 400 wechat.url_not_allowed: a page the JS-SDK may not be signed for. */
export const wechatUrlNotAllowed = () =>
  new AppError(400, ErrorCode.wechatUrlNotAllowed, 'This address may not use the WeChat JS-SDK');

/**
 * Runs WeChat calls and turns a WechatProviderError into 502 wechat.unavailable ('Request failed',
 * §8); WeChat's errcode/errmsg stays in `cause` for the log, never in the answer.
 */
export async function orWechatUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof WechatProviderError)) throw error;
    const failure = new AppError(502, ErrorCode.wechatUnavailable, 'Request failed');
    (failure as Error & { cause?: unknown }).cause = error;
    throw failure;
  }
}
