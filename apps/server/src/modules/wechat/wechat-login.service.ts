import { createHash, randomBytes } from 'node:crypto';
import {
  ErrorCode,
  type LoginResult,
  type WechatQrcode,
  type WechatQrcodeState,
  type WechatQrStatus,
  wechatQrLoginLifeSeconds,
} from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { rateLimitsFor } from '../../plugins/rate-limit.ts';
import { findLiveMeetingById } from '../meetings/meetings.repository.ts';
import { wechatBindHandBack } from '../oauth/oauth.service.ts';
import { assertLoginMethodOn } from '../oauth/sso.service.ts';
import { findUserById, findUserByIdentity } from '../users/users.repository.ts';
import { signIn } from '../users/users.service.ts';
import { orWechatUnavailable } from './wechat.errors.ts';
import { type PushKeys, sameSignature } from './wechat-events.crypto.ts';
import {
  consumeQrLogin,
  deleteQrLogin,
  findQrLogin,
  findUserIdOfOpenid,
  insertQrLogin,
  markQrScanned,
  type QrLoginRow,
  rememberOpenid,
} from './wechat-login.repository.ts';
import { officialApiOfMeeting, officialApiOfSettings } from './wechat-of-meeting.ts';
import { isMeetingPushKeys } from './wechat-push-keys.ts';
import { getMeetingWechatSettings, type MeetingWechatSettings } from './wechat-settings.repository.ts';
import type { WechatCacheDeps } from './wechat-tickets.repository.ts';

/**
 * Desktop "scan with WeChat to sign in" (§7 GET /wechat/service/qrcodes, §7 Login; §8 'QR code has
 * expired', 'Invalid QR code information', 4260). The desktop gets a temporary QR code of the
 * meeting's official account whose scene names the sign-in (`login_<id>`) and a secret only it holds;
 * the phone scans it in WeChat, WeChat pushes the scan (with the scanner's openid) to
 * POST /wechat/events/{appid}, which marks the sign-in scanned (or needing a phone bind); the desktop
 * polls and then redeems it once for a session.
 */

type Deps = WechatCacheDeps;

/** The QR scene of a sign-in: `login_` + its 32-hex id (WeChat allows 64 characters). */
export const loginScenePrefix = 'login_';
/** Sign-in QR codes one IP may create per minute. */
export const qrCreateLimit = { name: 'wechat-qr-create', points: 10, durationSeconds: 60 };

const qrExpired = () => new AppError(410, ErrorCode.wechatQrExpired, 'QR code has expired');
const qrInvalid = () => new AppError(400, ErrorCode.wechatQrInvalid, 'Invalid QR code information');

const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

const isSameHash = (given: string, stored: string): boolean => stored !== '' && sameSignature(given, stored);

/**
 * GET /wechat/service/qrcodes: creates a sign-in (32-hex id, 32 random bytes of secret of which only
 * the SHA-256 is stored, 300 s) and WeChat's temporary QR code for scene `login_<id>` with the same life.
 * @returns { login_id, secret (base64url, shown once), url (the text to render as a QR code), expire_seconds }
 * @throws 429 too_frequent (10 per minute per IP), 404 meeting, 403 login.method_disabled when the
 *   meeting switched WeChat login off, 409 wechat.not_configured, 403 wechat.not_authorized,
 *   502 wechat.unavailable (the sign-in is dropped again)
 */
export async function createQrLogin(
  deps: Deps,
  input: { meetingId: string; ip: string },
): Promise<WechatQrcode> {
  await rateLimitsFor(deps.config).consumeAll([{ rule: qrCreateLimit, key: input.ip }]);
  if (!(await findLiveMeetingById(deps.db, input.meetingId))) throw notFound('Meeting');
  await assertLoginMethodOn(deps.db, input.meetingId, 'wechat');
  const api = await officialApiOfMeeting(deps, input.meetingId);
  const id = randomBytes(16).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  await insertQrLogin(
    deps.db,
    { id, meetingId: input.meetingId, secretHash: hashSecret(secret), appid: api.appid },
    wechatQrLoginLifeSeconds,
  );
  try {
    const qr = await orWechatUnavailable(() =>
      api.createQrCode(`${loginScenePrefix}${id}`, wechatQrLoginLifeSeconds),
    );
    return { login_id: id, secret, url: qr.url, expire_seconds: wechatQrLoginLifeSeconds };
  } catch (error) {
    await deleteQrLogin(deps.db, id);
    throw error;
  }
}

/**
 * The sign-in of `loginId` when `secret` is its secret and it is still usable.
 * @throws 400 wechat.qr_invalid (unknown id, wrong secret, redeemed), 410 wechat.qr_expired
 */
async function liveQrLogin(
  db: Database,
  loginId: string,
  secret: string,
): Promise<{ row: QrLoginRow; secondsLeft: number }> {
  const found = /^[0-9a-f]{32}$/.test(loginId) ? await findQrLogin(db, loginId) : undefined;
  if (!found || !isSameHash(hashSecret(secret), found.row.secretHash)) throw qrInvalid();
  if (found.row.status === 'consumed') throw qrInvalid();
  if (found.secondsLeft <= 0) throw qrExpired();
  return found;
}

/**
 * GET /wechat/service/qrcodes/{login_id}?secret=: where the sign-in stands.
 * @returns { status: pending | scanned | needs_bind, expire_seconds (seconds left) }
 * @throws 400 wechat.qr_invalid, 410 wechat.qr_expired
 */
export async function pollQrLogin(
  deps: Deps,
  input: { loginId: string; secret: string },
): Promise<WechatQrcodeState> {
  const { row, secondsLeft } = await liveQrLogin(deps.db, input.loginId, input.secret);
  return { status: row.status as WechatQrStatus, expire_seconds: Math.max(0, secondsLeft) };
}

/**
 * POST /tokens/wechat/qrcode: redeems a scanned sign-in once (conditional UPDATE status → consumed …
 * RETURNING: of concurrent redeems exactly one wins) and opens a session in the QR code's meeting.
 * The scanner's openid is remembered for the account's AppID (§3 User.wechat_credentials).
 * @returns LoginResult
 * @throws 400 code 4260 with `data: { ticket, nickname, avatar }` when the WeChat user has no account
 *   (continue with POST /tokens/wechat/bind, §8); 400 wechat.qr_invalid (unknown, wrong secret, not
 *   scanned yet, redeemed); 410 wechat.qr_expired; 403 account.disabled
 */
export async function redeemQrLogin(
  deps: Deps,
  input: { loginId: string; secret: string; deviceId: string | null; userAgent: string | null },
): Promise<LoginResult> {
  const { db } = deps;
  const { row: found } = await liveQrLogin(db, input.loginId, input.secret);
  if (found.status === 'pending') throw qrInvalid();
  const row = await consumeQrLogin(db, found.id, found.secretHash);
  if (!row) {
    // Another redeem won, or it expired meanwhile.
    const now = await findQrLogin(db, found.id);
    throw now && now.row.status !== 'consumed' && now.secondsLeft <= 0 ? qrExpired() : qrInvalid();
  }
  const openid = row.openid ?? '';
  if (!row.userId) {
    // The AppID travels with the pending identity: an openid of a meeting's own or platform account
    // is not a WECHAT_APPID openid, and the bind must not store it as the 'wechat' login identity.
    const pendingIdentity = {
      openid,
      unionid: row.unionid,
      nickname: '',
      headimgurl: '',
      appid: row.appid,
    };
    throw await wechatBindHandBack(db, {
      meetingId: row.meetingId,
      redirect: '',
      identity: pendingIdentity,
    });
  }
  const user = await findUserById(db, row.userId);
  if (!user) throw qrInvalid();
  if (openid !== '')
    await rememberOpenid(db, { appid: row.appid, openid, userId: user.id, unionid: row.unionid });
  return signIn(deps, {
    user,
    meetingId: row.meetingId,
    method: 'wechat',
    deviceId: input.deviceId,
    userAgent: input.userAgent,
  });
}

/** What a scan did, for the passive reply in WeChat. */
export type ScanOutcome = 'scanned' | 'needs_bind' | 'expired' | 'invalid';

/** A scan's outcome and the meeting whose sign-in it was (named in the reply), when known. */
export type RecordedScan = { outcome: ScanOutcome; meetingTitle: string | null };

/** The text WeChat shows the scanner for each outcome (Chinese first: WeChat users read it). */
export const scanReplies: Record<ScanOutcome, string> = {
  scanned: '已确认，请回到电脑继续。Signed in on your computer.',
  needs_bind: '请回到电脑绑定手机号完成登录。Continue on your computer to bind your phone.',
  expired: '二维码已过期，请在电脑上刷新。QR code has expired: refresh it on your computer.',
  invalid: '二维码信息无效。Invalid QR code information.',
};

/**
 * The passive reply to a scan: the outcome, and for a sign-in that goes on, the meeting it signs in
 * to and a warning, so someone tricked into scanning another person's code knows what happened
 * (Chinese and English: the scanner's language is not known here).
 */
export function scanReply(scan: RecordedScan): string {
  const text = scanReplies[scan.outcome];
  if (scan.meetingTitle === null || (scan.outcome !== 'scanned' && scan.outcome !== 'needs_bind'))
    return text;
  const title = scan.meetingTitle.slice(0, 80);
  return (
    `「${title}」${text}\n` +
    '如果不是你本人在电脑上登录，请忽略本消息，不要在电脑上继续。' +
    'If you did not start this sign-in on your computer, ignore this message.'
  );
}

/** Longest wait for WeChat's user/info on the push path (WeChat waits 5 s for our answer in all). */
export const scanUserInfoBudgetMs = 2_000;

const meetingTitleOf = (title: string | Record<string, string> | undefined): string | null => {
  if (title === undefined) return null;
  if (typeof title === 'string') return title || null;
  return title.zh ?? title.en ?? Object.values(title)[0] ?? null;
};

/**
 * The user behind a scan, without trusting one AppID's openid for another: the unionid WeChat gave
 * us (user/info, called by us), else the openid remembered for this very AppID
 * (user_wechat_openids), else — only for the deployment's WeChat-login account WECHAT_APPID, whose
 * openids the WeChat web login stores — the 'wechat' identity of that openid.
 */
async function scannerUserId(
  deps: Deps,
  input: { appid: string; openid: string; unionid: string | null },
): Promise<string | null> {
  const { db, config } = deps;
  if (input.unionid) {
    const byUnion = await findUserByIdentity(db, 'wechat', input.unionid);
    if (byUnion) return byUnion.id;
  }
  const remembered = await findUserIdOfOpenid(db, input.appid, input.openid);
  if (remembered) return remembered;
  if (config.WECHAT_APPID && input.appid === config.WECHAT_APPID) {
    const byOpenid = await findUserByIdentity(db, 'wechat', input.openid);
    if (byOpenid) return byOpenid.id;
  }
  return null;
}

/**
 * user/info of the scanner within scanUserInfoBudgetMs (every WeChat call 2 s at most): unionid,
 * nickname and avatar, or nothing when WeChat is slow or fails — the openid alone then decides.
 */
async function scannerInfo(
  deps: Deps,
  settings: MeetingWechatSettings | null,
  input: { appid: string; openid: string },
): Promise<{ unionid: string | null; nickname: string; headimgurl: string }> {
  const none = { unionid: null, nickname: '', headimgurl: '' };
  let timer: NodeJS.Timeout | undefined;
  try {
    const api = officialApiOfSettings({ ...deps, wechatTimeoutMs: scanUserInfoBudgetMs }, settings);
    if (api.appid !== input.appid) return none;
    const deadline = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), scanUserInfoBudgetMs + 200);
    });
    const info = await Promise.race([api.userInfo(input.openid).catch(() => null), deadline]);
    return info ? { unionid: info.unionid, nickname: info.nickname, headimgurl: info.headimgurl } : none;
  } catch {
    return none;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The scan of a sign-in QR code that WeChat pushed (event SCAN with EventKey `login_<id>`, or subscribe
 * with `qrscene_login_<id>`) from `openid` of the account `appid`, signed with `signedBy`. It only
 * counts for a sign-in of a meeting whose own push keys signed it (an AppID is public: another
 * meeting that typed the same AppID cannot sign scans for this one). Finds the user (scannerUserId)
 * and marks the sign-in scanned, or needing a bind when no user has it. An unknown, foreign, expired
 * or already scanned sign-in changes nothing. Answers within WeChat's 5 s (user/info ≤ 2 s).
 */
export async function recordScan(
  deps: Deps,
  input: { appid: string; openid: string; loginId: string; signedBy: PushKeys },
): Promise<RecordedScan> {
  const { db } = deps;
  const invalid: RecordedScan = { outcome: 'invalid', meetingTitle: null };
  if (!/^[0-9a-f]{32}$/.test(input.loginId) || input.openid === '' || input.openid.length > 128)
    return invalid;
  const found = await findQrLogin(db, input.loginId);
  if (!found || found.row.appid !== input.appid) return invalid;
  const meeting = await getMeetingWechatSettings(db, found.row.meetingId);
  if (!meeting || !isMeetingPushKeys(deps.config, meeting.settings, input.signedBy)) return invalid;
  const live = await findLiveMeetingById(db, found.row.meetingId);
  const meetingTitle = meetingTitleOf(live?.title);
  if (found.secondsLeft <= 0) return { outcome: 'expired', meetingTitle };
  if (found.row.status !== 'pending') return invalid;
  const info = await scannerInfo(deps, meeting.settings, input);
  const userId = await scannerUserId(deps, { ...input, unionid: info.unionid });
  const row = await markQrScanned(db, {
    id: input.loginId,
    appid: input.appid,
    openid: input.openid,
    unionid: info.unionid,
    userId,
  });
  if (!row) return invalid;
  return { outcome: userId ? 'scanned' : 'needs_bind', meetingTitle };
}
