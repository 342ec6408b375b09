import type { LoginResult, WechatQrcode, WechatQrcodeState } from '@app/contracts';
import { api } from '../../../lib/api/api.ts';

/**
 * GET /wechat/service/qrcodes (§7): a desktop sign-in QR code of the meeting's official account —
 * `{ login_id, secret, url, expire_seconds }`; `url` is rendered locally, the secret stays in memory.
 */
export function createWechatQrcode(meetingId: string): Promise<WechatQrcode> {
  return api.get<WechatQrcode>('/wechat/service/qrcodes', { meeting_id: meetingId, scene: 'login' });
}

/**
 * GET /wechat/service/qrcodes/{login_id}?secret: `{ status, expire_seconds }`; 410 wechat.qr_expired,
 * 400 wechat.qr_invalid (§8).
 */
export function pollWechatQrcode(input: { loginId: string; secret: string }): Promise<WechatQrcodeState> {
  return api.get<WechatQrcodeState>(`/wechat/service/qrcodes/${encodeURIComponent(input.loginId)}`, {
    secret: input.secret,
  });
}

/** POST /tokens/wechat/qrcode: redeems a scanned sign-in once; 4260 hands back a bind ticket (§8). */
export function redeemWechatQrcode(input: { loginId: string; secret: string }): Promise<LoginResult> {
  return api.post<LoginResult>('/tokens/wechat/qrcode', { login_id: input.loginId, secret: input.secret });
}
