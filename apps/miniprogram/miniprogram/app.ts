import type { BridgeResult } from './utils/links';

/**
 * What pages share: the bridge page's result, waiting for the web view that asked for it, and the
 * address that web view was on when it asked (its own navigation changes no `src`, so without it the
 * result would land on the page the web view first opened).
 */
export type AppGlobalData = { bridgeResult?: BridgeResult | undefined; bridgeReturn?: string | undefined };

/**
 * The meeting mini-program (§1 client environment miniprogram; §2 mini-program pages): every screen
 * is the web app in a web view; the bridge page does what a web view cannot (wx.login with the
 * phone number button, wx.requestPayment).
 */
App<{ globalData: AppGlobalData }>({
  globalData: {},
});
