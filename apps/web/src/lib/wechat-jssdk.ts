import type { signWechatJssdk, WechatJssdkConfig } from '@app/contracts';
import { api, contractPath } from './api/api.ts';
import type { WechatShareData } from './wechat-share.ts';

/**
 * The WeChat JS-SDK inside WeChat and the mini-program web view (§1 share-SDK configuration; §7 POST
 * /wechat/service/jssdk). The SDK (npm `weixin-js-sdk`) is imported on demand by the WeChat layer
 * only, never with a page's first script (DESIGN §10).
 */

/** The part of the SDK this app uses (the global `wx` / `jWeixin`). */
export type WechatSdk = {
  config: (options: {
    debug?: boolean;
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
    openTagList?: string[];
  }) => void;
  ready: (callback: () => void) => void;
  error: (callback: (error: { errMsg: string }) => void) => void;
  updateAppMessageShareData: (data: WechatShareData & { success?: () => void }) => void;
  updateTimelineShareData: (data: Omit<WechatShareData, 'desc'> & { success?: () => void }) => void;
  onMenuShareAppMessage?: (data: WechatShareData) => void;
  onMenuShareTimeline?: (data: Omit<WechatShareData, 'desc'>) => void;
  miniProgram?: {
    navigateTo: (options: { url: string; success?: () => void; fail?: (error: unknown) => void }) => void;
    getEnv?: (callback: (result: { miniprogram: boolean }) => void) => void;
    postMessage?: (options: { data: unknown }) => void;
  };
};

/** The JS-SDK interfaces the share card needs (the new ones and, for old clients, the menu ones). */
export const shareApis = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'onMenuShareAppMessage',
  'onMenuShareTimeline',
] as const;

/** POST /wechat/service/jssdk's answer: the signature of one page URL (§7, cached 15 min on the server). */
export type JssdkSignature = WechatJssdkConfig;

type WechatWindow = { jWeixin?: WechatSdk; wx?: WechatSdk };

let sdk: Promise<WechatSdk | undefined> | undefined;

/**
 * The SDK: loads `weixin-js-sdk` once. A page that already has the SDK (WeChat's own injected copy,
 * a test's stub) keeps it: the package then defines nothing and the existing `jWeixin` is used.
 */
export function loadWechatSdk(): Promise<WechatSdk | undefined> {
  sdk ??= import('weixin-js-sdk')
    .then((module) => {
      const loaded = (module as { default?: unknown }).default as WechatSdk | undefined;
      const existing = globalThis as WechatWindow;
      return loaded ?? existing.jWeixin ?? existing.wx;
    })
    .catch(() => {
      sdk = undefined;
      return undefined;
    });
  return sdk;
}

/**
 * The URL WeChat signs: the document's address without the `#fragment` (WeChat's rule; the hash
 * routes change without a new signature).
 */
export function signedUrl(href: string): string {
  const hash = href.indexOf('#');
  return hash === -1 ? href : href.slice(0, hash);
}

/** POST /wechat/service/jssdk {meeting_id, url} → the signature for the meeting's official account. */
export function fetchJssdkSignature(meetingId: string, url: string): Promise<JssdkSignature> {
  return api.post(contractPath<typeof signWechatJssdk>('/wechat/service/jssdk'), {
    meeting_id: meetingId,
    url,
  });
}

/**
 * Configures the SDK for this page (wx.config with the server's signature) and resolves once WeChat
 * accepted it (wx.ready); rejects with WeChat's errMsg (wx.error), e.g. a URL not on the JS-safe domain.
 */
export function configureWechat(wx: WechatSdk, signature: JssdkSignature): Promise<void> {
  return new Promise((resolve, reject) => {
    wx.ready(() => resolve());
    wx.error((error) => reject(new Error(error?.errMsg ?? 'config:fail')));
    wx.config({
      debug: false,
      appId: signature.appId,
      timestamp: Number(signature.timestamp),
      nonceStr: signature.nonceStr,
      signature: signature.signature,
      jsApiList: [...shareApis],
    });
  });
}

/**
 * Tells the mini-program page around the web view which card to use when the person shares it
 * (its onShareAppMessage; WeChat delivers the messages at share time): `{ type: 'share', title,
 * link, imgUrl }`, read by apps/miniprogram's shareOfMessages.
 */
export function postShareToMiniProgram(wx: WechatSdk, data: WechatShareData): void {
  wx.miniProgram?.postMessage?.({
    data: { type: 'share', title: data.title, link: data.link, imgUrl: data.imgUrl },
  });
}

/** Sets the card of "send to chat" and "share to moments" (the new interfaces, and the old ones where present). */
export function applyShareData(wx: WechatSdk, data: WechatShareData): void {
  const timeline = { title: data.title, link: data.link, imgUrl: data.imgUrl };
  wx.updateAppMessageShareData({ ...data });
  wx.updateTimelineShareData(timeline);
  wx.onMenuShareAppMessage?.({ ...data });
  wx.onMenuShareTimeline?.(timeline);
}
