import type { AppGlobalData } from '../app';
import { ALLOWED_WEBVIEW_HOSTS, WEB_APP_ORIGIN } from '../config';
import {
  type PageQuery,
  type PageShareCard,
  shareMessageOf,
  shareOfMessages,
  type ThinPage,
  takeBridgeAnswer,
  thinPageUrl,
} from './links';

type ThinData = { src: string; query: PageQuery; share?: PageShareCard | undefined };

/**
 * The options of a thin page (§2 demand meeting, demand detail, enterprise detail, thread detail):
 * it opens the web app's matching route in a web view, shares itself with the same query, and
 * applies a bridge result like pages/fu-h5/index does.
 */
export function thinPageOptions(page: ThinPage) {
  return {
    data: { src: '', query: {} } as ThinData,

    onLoad(this: WechatMiniprogram.Page.Instance<ThinData, WechatMiniprogram.IAnyObject>, query: PageQuery) {
      this.setData({ src: thinPageUrl(WEB_APP_ORIGIN, page, query), query });
    },

    onShow(this: WechatMiniprogram.Page.Instance<ThinData, WechatMiniprogram.IAnyObject>) {
      const answered = takeBridgeAnswer(getApp<{ globalData: AppGlobalData }>().globalData, this.data.src);
      if (answered) this.setData({ src: answered });
    },

    onMessage(
      this: WechatMiniprogram.Page.Instance<ThinData, WechatMiniprogram.IAnyObject>,
      event: WechatMiniprogram.CustomEvent<{ data: unknown }>,
    ) {
      const share = shareOfMessages(event.detail.data, ALLOWED_WEBVIEW_HOSTS);
      if (share) this.setData({ share });
    },

    onShareAppMessage(this: WechatMiniprogram.Page.Instance<ThinData, WechatMiniprogram.IAnyObject>) {
      if (this.data.share) return shareMessageOf(this.data.share);
      const query = Object.entries(this.data.query)
        .filter((entry): entry is [string, string] => Boolean(entry[1]))
        .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
        .join('&');
      return { title: '', path: `/${page}${query ? `?${query}` : ''}` };
    },
  };
}
