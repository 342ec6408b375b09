import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { credentialsKeyOf, openSealedString } from '../../providers/payment/credentials-box.ts';
import { oauthStates } from '../oauth/oauth.tables.ts';
import type { PushKeys } from './wechat-events.crypto.ts';
import { findOwnPushKeys, isPlatformAuthorizer } from './wechat-login.repository.ts';
import { componentCredentialsOf } from './wechat-platform.tokens.ts';
import type { MeetingWechatSettings } from './wechat-settings.repository.ts';

/**
 * Which keys may sign the pushes of an official account (§7 message push behind GET
 * /wechat/service/qrcodes). One AppID can be used by the deployment (WECHAT_APPID), by meetings that
 * authorised our third-party platform and by meetings that typed it in `own` mode — and an AppID is
 * public, so an `own` row proves nothing about who controls the account. Hence every source is a
 * candidate, a push is accepted when one candidate's signature verifies, and what a verified push may
 * change is limited to meetings whose own keys are the ones that signed it (see isMeetingPushKeys).
 */

type Deps = { db: Database; config: Config };

const sameKeys = (a: PushKeys, b: PushKeys) =>
  a.token === b.token && a.aesKey === b.aesKey && a.appid === b.appid;

/**
 * Every set of keys that may sign pushes of `appid` (deduplicated): the deployment's when the AppID
 * is WECHAT_APPID (WECHAT_TOKEN / WECHAT_AES_KEY), the platform's when some meeting is authorised by
 * it, and the keys of every `own` row of that AppID whose sealed token still opens (one that does not
 * is skipped, so it never hides the other sources). Empty: not an account of this server.
 */
export async function candidatePushKeys(deps: Deps, appid: string): Promise<PushKeys[]> {
  const { config } = deps;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(appid)) return [];
  const candidates: PushKeys[] = [];
  const add = (keys: PushKeys) => {
    if (!candidates.some((known) => sameKeys(known, keys))) candidates.push(keys);
  };
  if (appid === config.WECHAT_APPID && config.WECHAT_TOKEN)
    add({ token: config.WECHAT_TOKEN, aesKey: config.WECHAT_AES_KEY || null, appid });
  const component = componentCredentialsOf(config);
  if (component && (await isPlatformAuthorizer(deps.db, appid)))
    add({ token: component.token, aesKey: component.aesKey, appid: component.appid });
  const key = credentialsKeyOf(config);
  for (const own of await findOwnPushKeys(deps.db, appid)) {
    const token = openSealedString(own.tokenSealed, key);
    if (token === null) continue;
    add({ token, aesKey: openSealedString(own.aesKeySealed, key), appid });
  }
  return candidates;
}

/**
 * The keys a meeting's own account pushes with, by its settings (null row: the deployment's): the
 * deployment's for `server`, the stored token/EncodingAESKey for `own`, the platform's for an
 * authorised `platform` account; null when the meeting has none.
 */
export function meetingPushKeys(config: Config, settings: MeetingWechatSettings | null): PushKeys | null {
  const mode = settings?.officialMode ?? 'server';
  if (mode === 'own') {
    const key = credentialsKeyOf(config);
    const token = openSealedString(settings?.officialTokenSealed, key);
    if (!settings?.officialAppid || token === null) return null;
    return {
      token,
      aesKey: openSealedString(settings.officialAesKeySealed, key),
      appid: settings.officialAppid,
    };
  }
  if (mode === 'platform') {
    const component = componentCredentialsOf(config);
    if (!component || !settings?.authorizerAppid) return null;
    return { token: component.token, aesKey: component.aesKey, appid: component.appid };
  }
  if (!config.WECHAT_APPID || !config.WECHAT_TOKEN) return null;
  return { token: config.WECHAT_TOKEN, aesKey: config.WECHAT_AES_KEY || null, appid: config.WECHAT_APPID };
}

/** True when `signedBy` are exactly the keys of the meeting of `settings` (a push may act on it). */
export function isMeetingPushKeys(
  config: Config,
  settings: MeetingWechatSettings | null,
  signedBy: PushKeys,
): boolean {
  const own = meetingPushKeys(config, settings);
  return own !== null && sameKeys(own, signedBy);
}

/** oauth_states rows of this provider hold the pushes seen in the last 5 minutes (never a login state). */
const seenPushProvider = 'wechat:push-seen';

/**
 * Records a verified push's (AppID, timestamp, nonce, signature) for `lifeSeconds` and answers false
 * when it was already seen (a replay inside the freshness window, from any replica: the unique key is
 * in the database). Expired records are deleted on the way.
 */
export async function rememberPush(
  db: Database,
  push: { appid: string; timestamp: string; nonce: string; signature: string },
  lifeSeconds: number,
): Promise<boolean> {
  await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.provider, seenPushProvider), lt(oauthStates.expiresAt, new Date())));
  const id = createHash('sha256')
    .update([push.appid, push.timestamp, push.nonce, push.signature].join('\n'), 'utf8')
    .digest('hex');
  const inserted = await db
    .insert(oauthStates)
    .values({
      id,
      provider: seenPushProvider,
      meetingId: '',
      expiresAt: new Date(Date.now() + lifeSeconds * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: oauthStates.id });
  return inserted.length === 1;
}
