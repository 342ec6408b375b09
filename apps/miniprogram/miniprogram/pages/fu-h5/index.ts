import type { AppGlobalData } from '../../app';
import { ALLOWED_WEBVIEW_HOSTS, WEB_APP_ORIGIN } from '../../config';
import { webViewDecision, withBridgeResult } from '../../utils/links';

type Data = { src: string; blockedLink: string; isInvalid: boolean };

/**
 * pages/fu-h5/index?link= (§2): the web app, or another allowed page, in a web view. `link` is the
 * URI-encoded address; without one the web app's home opens. A link outside the allowed web-view
 * domains is not opened: the page shows it with a button that copies it (§2 routing rule). When the
 * bridge page comes back with a result, the web view reloads its address with the result added.
 */
Page<Data, WechatMiniprogram.IAnyObject>({
  data: { src: '', blockedLink: '', isInvalid: false },

  onLoad(query: Record<string, string | undefined>) {
    let link = `${WEB_APP_ORIGIN}/`;
    if (query.link) {
      try {
        link = decodeURIComponent(query.link);
      } catch {
        link = '';
      }
    }
    const decision = webViewDecision(link, ALLOWED_WEBVIEW_HOSTS);
    if (decision.kind === 'open') this.setData({ src: decision.src });
    else if (decision.kind === 'copy') this.setData({ blockedLink: decision.link });
    else this.setData({ isInvalid: true });
  },

  onShow() {
    const app = getApp<{ globalData: AppGlobalData }>();
    const result = app.globalData.bridgeResult;
    if (!result || !this.data.src) return;
    app.globalData.bridgeResult = undefined;
    this.setData({ src: withBridgeResult(this.data.src, result) });
  },

  copyLink() {
    wx.setClipboardData({ data: this.data.blockedLink });
  },

  onShareAppMessage() {
    return { title: '', path: `/pages/fu-h5/index?link=${encodeURIComponent(this.data.src)}` };
  },
});
