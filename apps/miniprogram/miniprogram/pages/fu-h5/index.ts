import type { AppGlobalData } from '../../app';
import { ALLOWED_WEBVIEW_HOSTS, WEB_APP_ORIGIN } from '../../config';
import {
  type PageShareCard,
  shareMessageOf,
  shareOfMessages,
  takeBridgeAnswer,
  webViewDecision,
} from '../../utils/links';

type Data = { src: string; blockedLink: string; isInvalid: boolean; share?: PageShareCard | undefined };

/**
 * pages/fu-h5/index?link= (§2): the web app, or another allowed page, in a web view. `link` is the
 * URI-encoded address; without one the web app's home opens. A link outside the allowed web-view
 * domains is not opened: the page shows it with a button that copies it (§2 routing rule). When the
 * bridge page comes back with a result, the web view reloads its address with the result added.
 * Shared to a chat, the page uses the card the web page posted (its title, link and image).
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
    const answered = takeBridgeAnswer(getApp<{ globalData: AppGlobalData }>().globalData, this.data.src);
    if (answered) this.setData({ src: answered });
  },

  onMessage(event: WechatMiniprogram.CustomEvent<{ data: unknown }>) {
    const share = shareOfMessages(event.detail.data, ALLOWED_WEBVIEW_HOSTS);
    if (share) this.setData({ share });
  },

  copyLink() {
    wx.setClipboardData({ data: this.data.blockedLink });
  },

  onShareAppMessage() {
    if (this.data.share) return shareMessageOf(this.data.share);
    return { title: '', path: `/pages/fu-h5/index?link=${encodeURIComponent(this.data.src)}` };
  },
});
