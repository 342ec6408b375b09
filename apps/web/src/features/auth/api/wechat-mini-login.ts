import type { LoginResult, loginWithWechatMini as loginWithWechatMiniContract } from '@app/contracts';
import { api, contractPath } from '../../../lib/api/api.ts';
import { loadWechatSdk } from '../../../lib/wechat-jssdk.ts';
import { miniProgramPages } from '../../../lib/wechat-miniprogram.ts';

/**
 * Logging in inside the mini-program (§7 Login, §2 mini-program pages): the login page opens the
 * mini-program's bridge page, which asks WeChat for the person's login code (wx.login) and verified
 * phone (the phone-number button) and reloads the web view with `mp_action=login`, `mp_status`,
 * `mp_code` and `mp_phone_code` in the address; the login page then posts the codes to
 * POST /tokens/wechat/mini.
 */

/**
 * The bridge page's login address for `wx.miniProgram.navigateTo` (apps/miniprogram pages/webview/api/api),
 * with the page to answer on (`return`: the login page's own address — the web view's `src` is still
 * the address it first opened).
 */
export const miniLoginBridgeUrl = (returnTo: string) =>
  `/${miniProgramPages.bridge}?action=login&return=${encodeURIComponent(returnTo)}`;

/** What the bridge handed back in the query: codes to log in with, a cancel, a failure — or nothing. */
export type MiniLoginHandoff =
  | { kind: 'login'; code: string; phoneCode: string | null }
  | { kind: 'cancel' }
  | { kind: 'fail' };

/**
 * Reads the bridge's result from the login route's query: `mp_action=login` with `mp_status` ok and
 * `mp_code` → log in (with `mp_phone_code` when present); `cancel` → cancelled; anything else the
 * bridge says (fail, ok without a code) → failed. Undefined when the query holds no login result.
 */
export function miniLoginHandoffOf(search: URLSearchParams): MiniLoginHandoff | undefined {
  if (search.get('mp_action') !== 'login') return undefined;
  const status = search.get('mp_status');
  const code = search.get('mp_code')?.trim();
  if (status === 'ok' && code)
    return { kind: 'login', code, phoneCode: search.get('mp_phone_code')?.trim() || null };
  if (status === 'cancel') return { kind: 'cancel' };
  return { kind: 'fail' };
}

/** The query without the bridge's `mp_*` values (they are single use: a reload must not resend them). */
export function withoutMiniLoginHandoff(search: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const [key, value] of search) if (!key.startsWith('mp_')) kept.append(key, value);
  return kept;
}

/**
 * Opens the bridge page with `wx.miniProgram.navigateTo`; rejects when the SDK or the mini-program
 * is not there (then the page shows the failure).
 */
export async function openMiniLoginBridge(): Promise<void> {
  const wx = await loadWechatSdk();
  const navigateTo = wx?.miniProgram?.navigateTo;
  if (!navigateTo) throw new Error('wx.miniProgram is not available');
  await new Promise<void>((resolve, reject) => {
    navigateTo({
      url: miniLoginBridgeUrl(window.location.href),
      success: () => resolve(),
      fail: (error) => reject(error),
    });
  });
}

/**
 * POST /tokens/wechat/mini {meeting_id, code, phone_code?} → LoginResult. 4260 hands back a bind ticket
 * (§8, continue on /bind); 401 login.invalid; 403 login.method_disabled; 409 wechat.not_configured;
 * 502 wechat.unavailable.
 */
export function loginWithWechatMini(input: {
  meetingId: string;
  code: string;
  phoneCode: string | null;
}): Promise<LoginResult> {
  return api.post<LoginResult>(contractPath<typeof loginWithWechatMiniContract>('/tokens/wechat/mini'), {
    meeting_id: input.meetingId,
    code: input.code,
    ...(input.phoneCode ? { phone_code: input.phoneCode } : {}),
  });
}
