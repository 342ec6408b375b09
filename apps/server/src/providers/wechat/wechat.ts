/**
 * The WeChat provider (DESIGN §8 wechat; §7 WeChat): what the server asks of WeChat's official-account
 * and mini-program APIs, for one AppID. The real adapter speaks to `WECHAT_API_BASE`
 * (https://api.weixin.qq.com); tests point it at the local fake server. Access tokens and tickets come
 * from a shared, row-locked cache (table wechat_tickets), so replicas never race to refresh them.
 *
 * Every method throws WechatProviderError when WeChat answers `errcode ≠ 0`, an HTTP error, or nothing
 * within the timeout; callers turn it into 502 wechat.unavailable ('Request failed').
 */
export type WechatOfficialApi = {
  /** The AppID this instance speaks for. */
  appid: string;
  /** The JS-SDK `jsapi_ticket` (cached until 5 minutes before WeChat's expiry, at most 15 minutes, §9). */
  jsapiTicket: () => Promise<string>;
  /** The card API ticket (`wx_card`), cached like the jsapi ticket. */
  cardTicket: () => Promise<string>;
  /**
   * cgi-bin/user/info: whether `openid` follows the account (`subscribe` 1/0) with nickname and
   * head image when it does.
   */
  userInfo: (openid: string) => Promise<WechatUserInfo>;
  /**
   * cgi-bin/qrcode/create with a string scene (QR_STR_SCENE, at most 64 characters) that expires after
   * `expireSeconds` (60 … 2,592,000). Answers WeChat's `ticket` and `url` (the text the QR encodes).
   */
  createQrCode: (
    scene: string,
    expireSeconds: number,
  ) => Promise<{ ticket: string; url: string; expireSeconds: number }>;
};

/** A follower as cgi-bin/user/info describes them. */
export type WechatUserInfo = {
  openid: string;
  subscribe: 0 | 1;
  unionid: string | null;
  nickname: string;
  headimgurl: string;
};

/** The mini-program side (§2 mini-program pages; §7 POST /wechat/mini/urlschemes, /wechat/securities). */
export type WechatMiniApi = {
  appid: string;
  /** wxa/generatescheme: a `weixin://dl/business/?t=…` link that opens `path?query` of the mini-program. */
  generateScheme: (input: { path: string; query: string; expireSeconds: number }) => Promise<string>;
  /** wxa/msg_sec_check (version 2) for a user's openid: WeChat's verdict on a text. */
  checkText: (input: { openid: string; content: string; scene: 1 | 2 | 3 | 4 }) => Promise<{
    suggest: 'pass' | 'review' | 'risky';
    label: number;
  }>;
};

/** WeChat refused or could not be reached; carries errcode and errmsg, never a secret. */
export class WechatProviderError extends Error {
  constructor(
    message: string,
    readonly errcode: number | null = null,
  ) {
    super(message);
    this.name = 'WechatProviderError';
  }
}
