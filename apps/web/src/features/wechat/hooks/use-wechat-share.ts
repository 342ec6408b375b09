import { useEffect, useState } from 'react';
import {
  applyShareData,
  configureWechat,
  fetchJssdkSignature,
  loadWechatSdk,
  postShareToMiniProgram,
  signedUrl,
  type WechatSdk,
} from '../../../lib/wechat-jssdk.ts';
import type { WechatShareData } from '../../../lib/wechat-share.ts';

/** One configuration per meeting and signed URL for the whole visit: the hash routes keep the URL. */
const configured = new Map<string, Promise<WechatSdk | undefined>>();

/**
 * The JS-SDK of this page, configured (§7 POST /wechat/service/jssdk → wx.config): undefined while it
 * loads, and for good when WeChat or the server refuse (no official account, a URL off the JS-safe
 * domain): WeChat then shares the page its own way, nothing breaks.
 */
function useConfiguredSdk(meetingId: string): WechatSdk | undefined {
  const [sdk, setSdk] = useState<WechatSdk | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    const url = signedUrl(window.location.href);
    const key = `${meetingId} ${url}`;
    let pending = configured.get(key);
    if (!pending) {
      pending = (async () => {
        const wx = await loadWechatSdk();
        if (!wx) return undefined;
        const signature = await fetchJssdkSignature(meetingId, url);
        await configureWechat(wx, signature);
        return wx;
      })().catch(() => {
        configured.delete(key);
        return undefined;
      });
      configured.set(key, pending);
    }
    void pending.then((wx) => {
      if (isCurrent) setSdk(wx);
    });
    return () => {
      isCurrent = false;
    };
  }, [meetingId]);
  return sdk;
}

/**
 * Sets the card WeChat shows when this page is sent to a chat or to moments (§1 share-SDK
 * configuration; §2 share links): configures the JS-SDK for the meeting once, then applies `share`
 * whenever it changes. In the mini-program the card also goes to the mini-program page, whose own
 * share menu is the one people use there. Call it only inside WeChat or the mini-program (the shell does).
 */
export function useWechatShare(meetingId: string, share: WechatShareData, isMiniProgram = false): void {
  const sdk = useConfiguredSdk(meetingId);
  const { title, desc, imgUrl, link } = share;
  useEffect(() => {
    if (sdk) applyShareData(sdk, { title, desc, imgUrl, link });
  }, [sdk, title, desc, imgUrl, link]);
  useEffect(() => {
    if (!isMiniProgram) return;
    let isCurrent = true;
    // Needs no signature: posting to the mini-program works before (and without) wx.config.
    void loadWechatSdk().then((wx) => {
      if (wx && isCurrent) postShareToMiniProgram(wx, { title, desc, imgUrl, link });
    });
    return () => {
      isCurrent = false;
    };
  }, [isMiniProgram, title, desc, imgUrl, link]);
}
