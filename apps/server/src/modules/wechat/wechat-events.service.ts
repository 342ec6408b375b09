import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { credentialsKeyOf, openCredentials } from '../../providers/payment/credentials-box.ts';
import {
  encryptReply,
  openPush,
  type PushKeys,
  PushRejected,
  textReplyXml,
  verifyUrl,
} from './wechat-events.crypto.ts';
import { findOwnPushKeys, isPlatformAuthorizer } from './wechat-login.repository.ts';
import { loginScenePrefix, recordScan, scanReplies } from './wechat-login.service.ts';
import { componentCredentialsOf } from './wechat-platform.tokens.ts';

/**
 * The official accounts' message push (GET/POST /wechat/events/{appid}): WeChat checks the URL, then
 * pushes events of the accounts our meetings use. Today the server acts on the scans of desktop
 * sign-in QR codes (§7 GET /wechat/service/qrcodes); every other message is acknowledged with
 * 'success' and ignored.
 *
 * Keys by account: the deployment's account (WECHAT_APPID) uses WECHAT_TOKEN / WECHAT_AES_KEY; an
 * account a meeting entered itself (`own`) uses the token and EncodingAESKey stored with it; an account
 * that authorised our third-party platform pushes to the platform's message URL
 * (`…/api/wechat/events/$APPID$`) with the platform's token and key (WECHAT_COMPONENT_*), encrypted
 * for the platform's AppID.
 */

type Deps = { db: Database; config: Config };

/** An answer to WeChat: status, content type and body. */
export type PushAnswer = { status: number; contentType: string; body: string };

const plain = (status: number, body: string): PushAnswer => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body,
});

/** Why a push was refused, for the log (never in the answer). */
export type PushRefusal = { reason: string };

/**
 * The push keys of `appid`, or null when no account of this server has that AppID. A sealed key
 * that does not open (server key changed) counts as not set up.
 */
export async function pushKeysOf(deps: Deps, appid: string): Promise<PushKeys | null> {
  const { config } = deps;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(appid)) return null;
  if (appid === config.WECHAT_APPID && config.WECHAT_TOKEN)
    return { token: config.WECHAT_TOKEN, aesKey: config.WECHAT_AES_KEY ?? null, appid };
  const own = await findOwnPushKeys(deps.db, appid);
  if (own) {
    try {
      const key = credentialsKeyOf(config);
      const token = openCredentials(own.tokenSealed, key);
      const aesKey = own.aesKeySealed ? openCredentials(own.aesKeySealed, key) : null;
      if (typeof token === 'string' && token !== '')
        return { token, aesKey: typeof aesKey === 'string' && aesKey !== '' ? aesKey : null, appid };
    } catch {
      return null;
    }
  }
  const component = componentCredentialsOf(config);
  if (component && (await isPlatformAuthorizer(deps.db, appid)))
    return { token: component.token, aesKey: component.aesKey, appid: component.appid };
  return null;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * GET /wechat/events/{appid}: WeChat's URL check. Answers `echostr` (200 text) when the signature is
 * right and fresh; 401 for a wrong or stale one; 404 for an AppID this server does not serve.
 */
export async function answerUrlCheck(
  deps: Deps,
  input: { appid: string; query: Record<string, unknown> },
  onRefused: (refusal: PushRefusal) => void,
): Promise<PushAnswer> {
  const keys = await pushKeysOf(deps, input.appid);
  if (!keys) return plain(404, 'unknown account');
  try {
    return plain(200, verifyUrl(keys, input.query, nowSeconds()));
  } catch (error) {
    if (!(error instanceof PushRejected)) throw error;
    onRefused({ reason: error.message });
    return plain(401, 'invalid signature');
  }
}

/** The sign-in id of a scan event's EventKey, or null for any other event. */
export function loginIdOfEvent(message: Record<string, string>): string | null {
  if (message.MsgType !== 'event') return null;
  const key = message.EventKey ?? '';
  if (message.Event === 'SCAN' && key.startsWith(loginScenePrefix)) return key.slice(loginScenePrefix.length);
  const subscribePrefix = `qrscene_${loginScenePrefix}`;
  if (message.Event === 'subscribe' && key.startsWith(subscribePrefix))
    return key.slice(subscribePrefix.length);
  return null;
}

/**
 * POST /wechat/events/{appid}: a pushed message. Checks freshness (5 minutes) and the signature,
 * decrypts safe-mode bodies; a sign-in scan is recorded and answered with a passive text reply (in safe
 * mode encrypted), anything else with 'success'. 401 (nothing changed) for a forged, stale or
 * undecryptable push; 404 for an AppID this server does not serve. Never 5xx for any input.
 */
export async function answerPush(
  deps: Deps,
  input: { appid: string; query: Record<string, unknown>; body: string },
  onRefused: (refusal: PushRefusal) => void,
): Promise<PushAnswer> {
  const keys = await pushKeysOf(deps, input.appid);
  if (!keys) return plain(404, 'unknown account');
  let opened: ReturnType<typeof openPush>;
  try {
    opened = openPush(keys, input.query, input.body, nowSeconds());
  } catch (error) {
    if (!(error instanceof PushRejected)) throw error;
    onRefused({ reason: error.message });
    return plain(401, 'invalid signature');
  }
  const { message, isEncrypted } = opened;
  const loginId = loginIdOfEvent(message);
  if (loginId === null) return plain(200, 'success');
  const outcome = await recordScan(deps, {
    appid: input.appid,
    openid: message.FromUserName ?? '',
    loginId,
  });
  const reply = textReplyXml(message, scanReplies[outcome], nowSeconds());
  if (isEncrypted && keys.aesKey)
    return {
      status: 200,
      contentType: 'application/xml',
      body: encryptReply({ ...keys, aesKey: keys.aesKey }, reply, nowSeconds()),
    };
  return { status: 200, contentType: 'application/xml', body: reply };
}
