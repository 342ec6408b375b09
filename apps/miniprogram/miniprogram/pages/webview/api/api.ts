import type { AppGlobalData } from '../../../app';
import { ALLOWED_WEBVIEW_HOSTS } from '../../../config';
import { type BridgeResult, bridgeReturnOf, paymentParams } from '../../../utils/links';

type Data = { action: 'login' | 'pay' | ''; isBusy: boolean; hasFailed: boolean };

/** The address the asking web view was on (`return`), kept while this page is open. */
let returnTo: string | undefined;

/** Hands the result to the web view that opened this page, for the address it asked from, and goes back. */
function finish(result: BridgeResult): void {
  const { globalData } = getApp<{ globalData: AppGlobalData }>();
  globalData.bridgeResult = result;
  globalData.bridgeReturn = returnTo;
  wx.navigateBack({ delta: 1 });
}

/**
 * pages/webview/api/api?action=login|pay[&params=][&return=] (§2): what the web app in a web view cannot do
 * itself. The web app opens it with `wx.miniProgram.navigateTo`; the result goes back to that web
 * view's address as `mp_action`, `mp_status` (ok | cancel | fail) and, for a login, `mp_code`
 * (wx.login) + `mp_phone_code` (the phone number button's code, which the server exchanges with
 * WeChat for the verified number — a signed hand-over, never a number typed in a web view).
 * - login: the person taps "Sign in with your WeChat phone number" (WeChat requires a tap);
 * - pay: wx.requestPayment with the fields the server signed for the order (`params`, URI-encoded JSON).
 */
Page<Data, WechatMiniprogram.IAnyObject>({
  data: { action: '', isBusy: false, hasFailed: false },

  onLoad(query: Record<string, string | undefined>) {
    // The web view's own navigation does not change its `src`: the result goes back to the address
    // it asked from (an allowed one only), e.g. the login page it moved to after opening the home.
    returnTo = bridgeReturnOf(query.return, ALLOWED_WEBVIEW_HOSTS);
    if (query.action === 'login') {
      this.setData({ action: 'login' });
      return;
    }
    if (query.action === 'pay') {
      this.setData({ action: 'pay', isBusy: true });
      const params = paymentParams(query.params);
      if (!params) {
        finish({ action: 'pay', status: 'fail' });
        return;
      }
      wx.requestPayment({
        ...params,
        success: () => finish({ action: 'pay', status: 'ok' }),
        fail: (error) =>
          finish({ action: 'pay', status: /cancel/i.test(error.errMsg ?? '') ? 'cancel' : 'fail' }),
      });
      return;
    }
    wx.navigateBack({ delta: 1 });
  },

  onPhoneNumber(event: WechatMiniprogram.CustomEvent<{ code?: string; errMsg?: string }>) {
    const phoneCode = event.detail.code;
    if (!phoneCode) {
      finish({ action: 'login', status: 'cancel' });
      return;
    }
    this.setData({ isBusy: true });
    wx.login({
      success: (login) =>
        login.code
          ? finish({ action: 'login', status: 'ok', loginCode: login.code, phoneCode })
          : this.setData({ isBusy: false, hasFailed: true }),
      fail: () => this.setData({ isBusy: false, hasFailed: true }),
    });
  },

  cancel() {
    finish({ action: this.data.action === 'pay' ? 'pay' : 'login', status: 'cancel' });
  },
});
