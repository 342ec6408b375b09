import { type AccessTokenSource, withAccessToken } from './official-api.ts';
import type { WechatMiniApi } from './wechat.ts';
import { WechatProviderError } from './wechat.ts';
import { callWechat, requireString, type WechatHttpOptions } from './wechat-http.ts';

export type MiniApiOptions = WechatHttpOptions & {
  appid: string;
  /** The mini-program's access token (clientCredentialToken with kind 'mini_access_token'). */
  accessToken: AccessTokenSource;
  /** Which version URL schemes open: 'release' | 'trial' | 'develop'. */
  envVersion?: string;
};

/** WeChat's longest URL-scheme life (wxa/generatescheme expire_interval ≤ 30 days). */
export const maxSchemeDays = 30;

/**
 * The real mini-program adapter (WechatMiniApi): wxa/generatescheme (a `weixin://dl/business/?t=…`
 * link opening `path?query`, expiring after at most 30 days) and wxa/msg_sec_check version 2 (a
 * text's verdict for the user's openid). Failures are WechatProviderError.
 */
export function createMiniApi(options: MiniApiOptions): WechatMiniApi {
  return {
    appid: options.appid,
    generateScheme: ({ path, query, expireSeconds }) => {
      const days = Math.min(Math.max(Math.ceil(expireSeconds / 86_400), 1), maxSchemeDays);
      return withAccessToken(options.accessToken, async (token) => {
        const answer = await callWechat(
          options,
          '/wxa/generatescheme',
          { access_token: token },
          {
            jump_wxa: { path: path.replace(/^\/+/, ''), query, env_version: options.envVersion ?? 'release' },
            is_expire: true,
            expire_type: 1,
            expire_interval: days,
          },
        );
        return requireString(answer, 'openlink', '/wxa/generatescheme');
      });
    },
    checkText: ({ openid, content, scene }) =>
      withAccessToken(options.accessToken, async (token) => {
        const answer = await callWechat(
          options,
          '/wxa/msg_sec_check',
          { access_token: token },
          { content, version: 2, scene, openid },
        );
        const result = answer.result as { suggest?: unknown; label?: unknown } | undefined;
        const suggest = result?.suggest;
        if (suggest !== 'pass' && suggest !== 'review' && suggest !== 'risky')
          throw new WechatProviderError('WeChat /wxa/msg_sec_check answered without a verdict');
        return { suggest, label: Number(result?.label) || 0 };
      }),
  };
}
