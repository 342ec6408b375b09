import { z } from 'zod';
import { LoginResult } from '../users/users.contracts.ts';
import { ObjectIdString } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Desktop "scan with WeChat to sign in" (§7 GET /wechat/service/qrcodes; §8 'QR code has expired',
 * 'Invalid QR code information', 4260). The desktop asks for a QR code, renders `url` locally (the
 * `qrcode` package — no remote image), polls its status every 2 s with the secret it alone holds, and
 * redeems it with POST /tokens/wechat/qrcode once the phone has scanned it in WeChat.
 */

/** Life of a sign-in QR code, in seconds (WeChat's temporary QR code lives as long). */
export const wechatQrLoginLifeSeconds = 300;

/** Polling interval the desktop uses for GET /wechat/service/qrcodes/{login_id}, in milliseconds. */
export const wechatQrPollIntervalMs = 2_000;

/** A QR login id: 32 lower-case hex characters (also the WeChat QR scene `login_<id>`). */
export const WechatQrLoginId = z.string().regex(/^[0-9a-f]{32}$/, 'login_id must be 32 hex characters');

/** The desktop's proof for a QR login: 43 base64url characters (32 random bytes), shown once. */
export const WechatQrSecret = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'secret must be 43 base64url characters');

/** What a QR code may be made for; today only signing in. */
export const WechatQrScene = z.enum(['login']);
export type WechatQrScene = z.infer<typeof WechatQrScene>;

export const WechatQrcodeQuery = z.object({
  meeting_id: ObjectIdString,
  scene: WechatQrScene.default('login'),
});
export type WechatQrcodeQuery = z.infer<typeof WechatQrcodeQuery>;

export const WechatQrcode = z.object({
  /** Id of this sign-in; poll GET /wechat/service/qrcodes/{login_id}. */
  login_id: WechatQrLoginId,
  /** Proof of the desktop that asked; keep it in memory only; sent with every poll and the redeem. */
  secret: z.string(),
  /** The text the QR code encodes (WeChat's `url`, e.g. http://weixin.qq.com/q/…); render it locally. */
  url: z.string(),
  /** Seconds until the QR code expires (300). */
  expire_seconds: z.number().int(),
});
export type WechatQrcode = z.infer<typeof WechatQrcode>;

export const createWechatQrcode = defineRoute({
  method: 'GET',
  path: '/wechat/service/qrcodes',
  summary:
    "Makes a temporary QR code of the meeting's official account for a desktop sign-in (scene `login`, 300 s): answers `{ login_id, secret, url, expire_seconds }`; render `url` as a QR code locally. Rate-limited per IP (429). 404 when the meeting does not exist; 403 login.method_disabled when the meeting switched WeChat login off; 409 wechat.not_configured when the meeting has no official account; 403 wechat.not_authorized ('The official account is not authorized') in platform mode before the account authorised us; 502 wechat.unavailable ('Request failed') when WeChat fails.",
  spec: '§7 WeChat GET /wechat/service/qrcodes, §7 Login, §8',
  tags: ['wechat'],
  isPublic: true,
  querystring: WechatQrcodeQuery,
  response: WechatQrcode,
});

/**
 * Where a sign-in stands: `pending` (not scanned yet), `scanned` (a WeChat user with an account
 * scanned it: redeem now), `needs_bind` (the WeChat user has no account: redeem answers 4260 and the
 * desktop continues on /bind).
 */
export const WechatQrStatus = z.enum(['pending', 'scanned', 'needs_bind']);
export type WechatQrStatus = z.infer<typeof WechatQrStatus>;

export const WechatQrcodeState = z.object({
  status: WechatQrStatus,
  /** Seconds left before the QR code expires (0 … 300). */
  expire_seconds: z.number().int(),
});
export type WechatQrcodeState = z.infer<typeof WechatQrcodeState>;

export const getWechatQrcodeStatus = defineRoute({
  method: 'GET',
  path: '/wechat/service/qrcodes/:login_id',
  summary:
    "Polls a desktop sign-in (every 2 s): `{ status: pending | scanned | needs_bind, expire_seconds }`. 410 wechat.qr_expired ('QR code has expired') after its 300 s; 400 wechat.qr_invalid ('Invalid QR code information') for an unknown id, a wrong secret or a sign-in already redeemed.",
  spec: '§7 WeChat GET /wechat/service/qrcodes, §8',
  tags: ['wechat'],
  isPublic: true,
  params: z.object({ login_id: z.string().max(64) }),
  querystring: z.object({ secret: z.string().max(64) }),
  response: WechatQrcodeState,
});

export const WechatQrLoginBody = z.object({
  login_id: z.string().max(64),
  secret: z.string().max(64),
});
export type WechatQrLoginBody = z.infer<typeof WechatQrLoginBody>;

export const loginWithWechatQrcode = defineRoute({
  method: 'POST',
  path: '/tokens/wechat/qrcode',
  summary:
    "Redeems a scanned desktop sign-in, once: status `scanned` → a session of the WeChat user's account in the QR code's meeting (LoginResult, like the other /tokens/* logins). Status `needs_bind` → 400 with code 4260 and `data: { ticket, nickname, avatar }` exactly like POST /tokens/wechat, so the desktop continues on /bind with POST /tokens/wechat/bind. 410 wechat.qr_expired after 300 s; 400 wechat.qr_invalid for an unknown id, a wrong secret, a code not scanned yet or already redeemed. No session on any failure.",
  spec: '§7 Login, §7 WeChat GET /wechat/service/qrcodes, §8 4260',
  tags: ['auth', 'wechat'],
  isPublic: true,
  body: WechatQrLoginBody,
  response: LoginResult,
});
