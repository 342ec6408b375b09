import {
  encryptReply,
  nowSeconds,
  openPush,
  type PushAnswer,
  type PushKeys,
  PushRejected,
  plainAnswer as plain,
  pushMaxSkewSeconds,
  textReplyXml,
  verifyUrl,
} from './wechat-events.crypto.ts';
import { loginScenePrefix, recordScan, scanReply } from './wechat-login.service.ts';
import { candidatePushKeys, rememberPush } from './wechat-push-keys.ts';
import type { WechatCacheDeps } from './wechat-tickets.repository.ts';

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
 * for the platform's AppID. Every source of an AppID is a candidate (wechat-push-keys.ts); a scan only
 * counts for a sign-in of a meeting whose own keys signed it.
 */

type Deps = WechatCacheDeps;

export type { PushAnswer };

/** Why a push was refused, for the log (never in the answer). */
export type PushRefusal = { reason: string };

/**
 * The first of `candidates` with which `open` succeeds, and its result; throws the last refusal when
 * none does.
 */
function openWithAny<T>(candidates: PushKeys[], open: (keys: PushKeys) => T): { keys: PushKeys; opened: T } {
  let refusal: unknown = new PushRejected('no keys');
  for (const keys of candidates) {
    try {
      return { keys, opened: open(keys) };
    } catch (error) {
      if (!(error instanceof PushRejected)) throw error;
      refusal = error;
    }
  }
  throw refusal;
}

/**
 * GET /wechat/events/{appid}: WeChat's URL check. Answers `echostr` (200 text) when the signature is
 * right and fresh; 401 for a wrong or stale one; 404 for an AppID this server does not serve.
 */
export async function answerUrlCheck(
  deps: Deps,
  input: { appid: string; query: Record<string, unknown> },
  onRefused: (refusal: PushRefusal) => void,
): Promise<PushAnswer> {
  const candidates = await candidatePushKeys(deps, input.appid);
  if (candidates.length === 0) return plain(404, 'unknown account');
  try {
    return plain(200, openWithAny(candidates, (keys) => verifyUrl(keys, input.query, nowSeconds())).opened);
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
 * POST /wechat/events/{appid}: a pushed message. Checks freshness (5 minutes) and the signature with
 * each candidate's keys (safe mode required when the keys have an EncodingAESKey), refuses a repeated
 * (timestamp, nonce, signature) — answered 'success', nothing done —, decrypts safe-mode bodies; a sign-in scan is recorded and answered with a passive text reply (in safe
 * mode encrypted), anything else with 'success'. 401 (nothing changed) for a forged, stale or
 * undecryptable push; 404 for an AppID this server does not serve. Never 5xx for any input.
 */
export async function answerPush(
  deps: Deps,
  input: { appid: string; query: Record<string, unknown>; body: string },
  onRefused: (refusal: PushRefusal) => void,
): Promise<PushAnswer> {
  const candidates = await candidatePushKeys(deps, input.appid);
  if (candidates.length === 0) return plain(404, 'unknown account');
  let keys: PushKeys;
  let opened: ReturnType<typeof openPush>;
  try {
    ({ keys, opened } = openWithAny(candidates, (candidate) =>
      openPush(candidate, input.query, input.body, nowSeconds()),
    ));
  } catch (error) {
    if (!(error instanceof PushRejected)) throw error;
    onRefused({ reason: error.message });
    return plain(401, 'invalid signature');
  }
  const { message, isEncrypted } = opened;
  const isFirstSeen = await rememberPush(
    deps.db,
    {
      appid: input.appid,
      timestamp: String(input.query.timestamp),
      nonce: String(input.query.nonce ?? ''),
      signature: opened.signature,
    },
    // Fresh pushes are at most 5 minutes off either way: keep them until they can no longer pass.
    2 * pushMaxSkewSeconds,
  );
  if (!isFirstSeen) {
    // A replay (or WeChat's retry of a push already handled): acknowledged, nothing done again.
    onRefused({ reason: 'push already seen (timestamp, nonce, signature)' });
    return plain(200, 'success');
  }
  const loginId = loginIdOfEvent(message);
  if (loginId === null) return plain(200, 'success');
  const scan = await recordScan(deps, {
    appid: input.appid,
    openid: message.FromUserName ?? '',
    loginId,
    signedBy: keys,
  });
  const reply = textReplyXml(message, scanReply(scan), nowSeconds());
  if (isEncrypted && keys.aesKey)
    return {
      status: 200,
      contentType: 'application/xml',
      body: encryptReply({ ...keys, aesKey: keys.aesKey }, reply, nowSeconds()),
    };
  return { status: 200, contentType: 'application/xml', body: reply };
}
