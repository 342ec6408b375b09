import {
  type ConsoleWechatSettings,
  type ConsoleWechatTestResult,
  type ConsoleWechatTestTarget,
  ErrorCode,
  type LoginMethods,
  loginMethodNames,
  type SecretState,
  type UpdateConsoleWechatSettingsValues,
  type WechatMiniEnvVersion,
  type WechatOfficialMode,
} from '@app/contracts';
import type { Config } from '../../config.ts';
import { unix } from '../../db/wire.ts';
import { AppError } from '../../errors.ts';
import {
  credentialsKeyOf,
  openSealedString,
  sealCredentials,
} from '../../providers/payment/credentials-box.ts';
import { WechatProviderError } from '../../providers/wechat/wechat.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { publicOnlyFetch } from '../oauth/public-host.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { defaultLoginMethods } from '../wechat/wechat.tables.ts';
import { authorizerAccessToken } from '../wechat/wechat-platform.tokens.ts';
import {
  findChinaief,
  findWechatSettings,
  isAuthorizerAppid,
  lockChinaief,
  lockWechatSettings,
  type SsoProviderRow,
  type SsoProviderValues,
  updateWechatSettings,
  upsertChinaief,
  type WechatSettingsRow,
  type WechatSettingsValues,
} from './console-wechat.repository.ts';

/**
 * The console's "WeChat & sign-in" set-up (DESIGN §7; §3 wechat_authorize; §7 WeChat, Login; §2
 * /oauth/chinaief, mini-program pages). Every call needs `wechat.settings` (owner, organiser).
 *
 * Secrets (AppSecrets, the push token, the EncodingAESKey, the OIDC client secret) are sealed with the
 * credentials box: each sealed column holds `sealCredentials(<the secret as a JSON string>)`, so
 * `openSealedString(value, credentialsKeyOf(config))` gives the string back (see openSecret). They are
 * never answered: the console reads only whether each is set and its last 4 characters.
 */

export type ConsoleWechatDeps = RolesDeps & {
  config: Config;
  /** The fetch used to reach WeChat and OIDC issuers (tests may replace it); global fetch by default. */
  fetch?: typeof fetch;
};

type Caller = { userId: string; meetingId: string };
type SealConfig = ConsoleWechatDeps['config'];

/** How long a connection test waits for WeChat or the issuer (§9 outbound calls), in milliseconds. */
const testTimeoutMs = 10_000;
/** The largest discovery document read, in bytes. */
const maxDiscoveryBytes = 256 * 1024;

/** Seals one secret string for a meeting_wechat_settings / meeting_sso_providers column. */
export function sealSecret(config: SealConfig, secret: string): string {
  return sealCredentials(secret, credentialsKeyOf(config));
}

/** Opens a sealed secret; null when absent or not openable (another key, altered): then it is unusable. */
export function openSecret(config: SealConfig, sealed: string | null | undefined): string | null {
  return openSealedString(sealed, credentialsKeyOf(config));
}

function secretState(config: SealConfig, sealed: string | null | undefined): SecretState {
  const value = openSecret(config, sealed);
  return value ? { set: 1, last4: value.slice(-4) } : { set: 0, last4: '' };
}

/** The server message URL of an account: `${PUBLIC_URL}/api/wechat/events/{appid}` (the push endpoint, modules/wechat/wechat-events.routes.ts). */
function messageUrlOf(config: SealConfig, appid: string | null | undefined): string | null {
  if (!appid) return null;
  return `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/wechat/events/${appid}`;
}

function toWire(
  config: SealConfig,
  row: WechatSettingsRow | null,
  sso: SsoProviderRow | null,
): ConsoleWechatSettings {
  const mode = (row?.officialMode ?? 'server') as WechatOfficialMode;
  const hasServerAccount = Boolean(config.WECHAT_APPID && config.WECHAT_SECRET);
  const accountAppid =
    mode === 'own' ? row?.officialAppid : mode === 'server' ? (config.WECHAT_APPID ?? null) : null;
  const methods = { ...defaultLoginMethods, ...(row?.loginMethods ?? {}) };
  return {
    official: {
      mode,
      appid: row?.officialAppid ?? '',
      secret: secretState(config, row?.officialSecretSealed),
      token: secretState(config, row?.officialTokenSealed),
      aes_key: secretState(config, row?.officialAesKeySealed),
      name: row?.officialName ?? '',
      qrcode_url: row?.officialQrcodeUrl ?? '',
      message_url: messageUrlOf(config, accountAppid),
      server_account: hasServerAccount ? 1 : 0,
      authorizer: row?.authorizerAppid
        ? {
            appid: row.authorizerAppid,
            name: row.authorizerName,
            authorized_at: row.authorizedAt ? unix(row.authorizedAt) : null,
          }
        : null,
    },
    mini: {
      appid: row?.miniAppid ?? '',
      secret: secretState(config, row?.miniSecretSealed),
      env_version: (row?.miniEnvVersion ?? 'release') as WechatMiniEnvVersion,
      webview_domain: new URL(config.PUBLIC_URL).host,
    },
    login_methods: Object.fromEntries(
      loginMethodNames.map((name) => [name, methods[name] === 1 ? 1 : 0]),
    ) as LoginMethods,
    chinaief: {
      issuer: sso?.issuer ?? '',
      client_id: sso?.clientId ?? '',
      secret: secretState(config, sso?.clientSecretSealed),
      scopes: sso?.scopes ?? 'openid profile email phone',
      name: sso?.name ?? {},
    },
  };
}

/** What the audit row keeps: the wire view without even the last 4 characters of a secret. */
function auditView(wire: ConsoleWechatSettings) {
  const flagOf = (state: SecretState) => ({ set: state.set });
  return {
    ...wire,
    official: {
      ...wire.official,
      secret: flagOf(wire.official.secret),
      token: flagOf(wire.official.token),
      aes_key: flagOf(wire.official.aes_key),
    },
    mini: { ...wire.mini, secret: flagOf(wire.mini.secret) },
    chinaief: { ...wire.chinaief, secret: flagOf(wire.chinaief.secret) },
  };
}

/**
 * GET /console/meetings/{meeting_id}/wechat: the set-up, defaults when never saved (mode 'server',
 * every method but chinaief on); secrets as `{ set, last4 }` only.
 * @throws 403 no_permission (wechat.settings; also an unknown meeting)
 */
export async function getWechatSettings(
  deps: ConsoleWechatDeps,
  caller: Caller,
): Promise<ConsoleWechatSettings> {
  await requireCan(deps, { ...caller, action: 'wechat.settings' });
  const [row, sso] = await Promise.all([
    findWechatSettings(deps.db, caller.meetingId),
    findChinaief(deps.db, caller.meetingId),
  ]);
  return toWire(deps.config, row, sso);
}

/** A secret field of the body: a string replaces (sealed), null clears, undefined keeps `stored`. */
function nextSecret(
  config: SealConfig,
  input: string | null | undefined,
  stored: string | null | undefined,
): string | null {
  if (input === undefined) return stored ?? null;
  if (input === null || input === '') return null;
  return sealSecret(config, input);
}

type Issue = { path: string; message: string };

function invalid(issues: Issue[]): AppError {
  return new AppError(
    400,
    ErrorCode.validation,
    issues.map((issue) => `${issue.path.replace(/^body\//, '')}: ${issue.message}`).join('; '),
    issues,
  );
}

/** An own account's AppID and AppSecret as a save would leave them, with the body field that set them. */
type AccountPair = { kind: 'official' | 'mini'; appid: string; secret: string };

const pairKey = (pair: AccountPair) => `${pair.kind}\u0000${pair.appid}\u0000${pair.secret}`;

/**
 * The own accounts (official in 'own' mode, mini-program) a save sets or changes — a new AppID, a new
 * AppSecret, or the official account switched to 'own' — as they would be stored. These must prove
 * control before they are kept (§7 WeChat): anyone can type another account's public AppID.
 */
function pairsToProve(
  config: SealConfig,
  body: UpdateConsoleWechatSettingsValues,
  stored: WechatSettingsRow | null,
): AccountPair[] {
  const pairs: AccountPair[] = [];
  const merged = (
    inputAppid: string | null | undefined,
    inputSecret: string | null | undefined,
    storedAppid: string | null | undefined,
    storedSecret: string | null | undefined,
  ) => {
    const appid = inputAppid === undefined ? (storedAppid ?? null) : inputAppid || null;
    const appidChanged = appid !== (storedAppid ?? null);
    const newSecret = typeof inputSecret === 'string' && inputSecret !== '' ? inputSecret : null;
    const secret =
      newSecret ?? (inputSecret === undefined && !appidChanged ? openSecret(config, storedSecret) : null);
    return { appid, secret, changed: appidChanged || newSecret !== null };
  };
  const official = body.official ?? {};
  const storedMode = stored?.officialMode ?? 'server';
  if ((official.mode ?? storedMode) === 'own') {
    const next = merged(official.appid, official.secret, stored?.officialAppid, stored?.officialSecretSealed);
    if (next.appid && next.secret && (next.changed || storedMode !== 'own'))
      pairs.push({ kind: 'official', appid: next.appid, secret: next.secret });
  }
  const mini = body.mini ?? {};
  const nextMini = merged(mini.appid, mini.secret, stored?.miniAppid, stored?.miniSecretSealed);
  if (nextMini.appid && nextMini.secret && nextMini.changed)
    pairs.push({ kind: 'mini', appid: nextMini.appid, secret: nextMini.secret });
  return pairs;
}

/**
 * Proves each pair before a save (§7 WeChat; console own accounts): an AppID the deployment uses
 * (WECHAT_APPID, WECHAT_MINI_APPID) or a meeting's platform-authorised account is refused, and
 * WeChat must hand out a token for the AppID with the AppSecret (cgi-bin/stable_token, as the
 * connection test). Runs before the row lock is taken: WeChat may take seconds.
 * @returns the proven pairs (pairKey)
 * @throws 400 validation_failed naming the AppID or AppSecret field; 502 wechat.unavailable when WeChat
 *   cannot be reached
 */
async function proveAccounts(deps: ConsoleWechatDeps, pairs: AccountPair[]): Promise<Set<string>> {
  const proven = new Set<string>();
  for (const pair of pairs) {
    const field = pair.kind === 'official' ? 'official' : 'mini';
    const reserved = [deps.config.WECHAT_APPID, deps.config.WECHAT_MINI_APPID].includes(pair.appid);
    if (reserved || (await isAuthorizerAppid(deps.db, pair.appid)))
      throw invalid([
        {
          path: `body/${field}/appid`,
          message: 'this AppID is the deployment’s or an account authorised to the platform; enter your own',
        },
      ]);
    const answer = await tokenTest(deps, pair.appid, pair.secret);
    if (answer.ok !== 1)
      throw invalid([
        {
          path: `body/${field}/secret`,
          message: `WeChat refused this AppID with this AppSecret (${answer.message})`,
        },
      ]);
    proven.add(pairKey(pair));
  }
  return proven;
}

/**
 * PUT /console/meetings/{meeting_id}/wechat: a partial update (absent fields keep their values; a
 * secret string replaces, null clears; a changed AppID drops the old account's secrets unless new ones
 * come with it, and a changed issuer or client id drops the single sign-on client secret likewise). Rules checked on the merged result, nothing saved when one fails: 'own' mode needs
 * an AppID and AppSecret; at least one login method stays on (§7 Login); chinaief on needs an issuer
 * and a client id; an issuer is https (http only outside production). Rows are locked (one save at a
 * time per meeting) and the write is audited in the same transaction (wechat.settings, entity
 * meeting_wechat_settings) without secrets. A new or changed own AppID / AppSecret (official in 'own'
 * mode, mini-program) is first proven with WeChat (proveAccounts); nothing is stored when it fails.
 * @throws 400 validation_failed (details name each field; also an AppID WeChat refuses with its
 *   AppSecret, or one that is the deployment's or a platform-authorised account's); 403 no_permission
 *   (wechat.settings); 409 conflict.stale when the account changed between the proof and the save;
 *   502 wechat.unavailable (WeChat unreachable during the proof)
 */
export async function updateWechatSettingsOf(
  deps: ConsoleWechatDeps,
  input: Caller & { body: UpdateConsoleWechatSettingsValues },
): Promise<ConsoleWechatSettings> {
  const { userId, meetingId, body } = input;
  await requireCan(deps, { userId, meetingId, action: 'wechat.settings' });
  const config = deps.config;
  const proven = await proveAccounts(
    deps,
    pairsToProve(config, body, await findWechatSettings(deps.db, meetingId)),
  );
  return auditedWrite(
    deps.db,
    {
      actorUserId: userId,
      meetingId,
      action: 'wechat.settings',
      entity: 'meeting_wechat_settings',
      entityId: meetingId,
    },
    async (tx) => {
      const stored = await lockWechatSettings(tx, meetingId);
      const storedSso = await lockChinaief(tx, meetingId);
      const before = toWire(config, stored, storedSso);
      const issues: Issue[] = [];

      const official = body.official ?? {};
      const officialAppid = official.appid === undefined ? stored.officialAppid : official.appid || null;
      const officialAppidChanged = (officialAppid ?? null) !== (stored.officialAppid ?? null);
      // A new account's secrets are not the old account's: they go unless new ones come along.
      const keepOfficial = (sealed: string | null) => (officialAppidChanged ? null : sealed);
      const mini = body.mini ?? {};
      const miniAppid = mini.appid === undefined ? stored.miniAppid : mini.appid || null;
      const miniAppidChanged = (miniAppid ?? null) !== (stored.miniAppid ?? null);

      const values: WechatSettingsValues = {
        officialMode: official.mode ?? stored.officialMode,
        officialAppid,
        officialSecretSealed: nextSecret(config, official.secret, keepOfficial(stored.officialSecretSealed)),
        officialTokenSealed: nextSecret(config, official.token, keepOfficial(stored.officialTokenSealed)),
        officialAesKeySealed: nextSecret(config, official.aes_key, keepOfficial(stored.officialAesKeySealed)),
        officialName: official.name ?? stored.officialName,
        officialQrcodeUrl: official.qrcode_url ?? stored.officialQrcodeUrl,
        miniAppid,
        miniSecretSealed: nextSecret(config, mini.secret, miniAppidChanged ? null : stored.miniSecretSealed),
        miniEnvVersion: mini.env_version ?? stored.miniEnvVersion,
        loginMethods: { ...defaultLoginMethods, ...stored.loginMethods, ...(body.login_methods ?? {}) },
        updatedBy: userId,
      };
      if (values.officialMode === 'own') {
        if (!values.officialAppid)
          issues.push({ path: 'body/official/appid', message: 'an own official account needs its AppID' });
        if (!values.officialSecretSealed)
          issues.push({
            path: 'body/official/secret',
            message: 'an own official account needs its AppSecret',
          });
      }
      if (values.miniAppid && !values.miniSecretSealed)
        issues.push({ path: 'body/mini/secret', message: 'a mini-program needs its AppSecret' });
      const methods = values.loginMethods as LoginMethods;
      if (loginMethodNames.every((name) => methods[name] !== 1))
        issues.push({ path: 'body/login_methods', message: 'at least one login method stays on' });

      const sso = body.chinaief;
      let ssoValues: SsoProviderValues | null = null;
      if (sso !== undefined || storedSso || body.login_methods?.chinaief !== undefined) {
        const issuer = sso?.issuer ?? storedSso?.issuer ?? '';
        const clientId = sso?.client_id ?? storedSso?.clientId ?? '';
        // The client secret belongs to one issuer and client: another issuer (or client) must bring
        // its own, or the stored one would be sent to whatever token endpoint the new issuer names.
        const ssoMoved = issuer !== (storedSso?.issuer ?? '') || clientId !== (storedSso?.clientId ?? '');
        ssoValues = {
          issuer,
          clientId,
          clientSecretSealed: nextSecret(
            config,
            sso?.secret,
            ssoMoved ? null : storedSso?.clientSecretSealed,
          ),
          scopes: sso?.scopes ?? storedSso?.scopes ?? 'openid profile email phone',
          name:
            sso?.name === undefined
              ? (storedSso?.name ?? {})
              : typeof sso.name === 'string'
                ? { en: sso.name }
                : sso.name,
          enabled: methods.chinaief,
          updatedBy: userId,
        };
        if (ssoValues.issuer && config.NODE_ENV === 'production' && !ssoValues.issuer.startsWith('https://'))
          issues.push({ path: 'body/chinaief/issuer', message: 'the issuer must be an https:// address' });
        if (methods.chinaief === 1) {
          if (!ssoValues.issuer)
            issues.push({ path: 'body/chinaief/issuer', message: 'single sign-on needs the issuer' });
          if (!ssoValues.clientId)
            issues.push({ path: 'body/chinaief/client_id', message: 'single sign-on needs the client id' });
        }
      }
      if (issues.length > 0) throw invalid(issues);
      // The proof ran on the unlocked row: a save in between may have changed what this one keeps.
      if (pairsToProve(config, body, stored).some((pair) => !proven.has(pairKey(pair))))
        throw new AppError(
          409,
          ErrorCode.staleWrite,
          'The settings changed meanwhile; reload and save again',
        );

      const saved = await updateWechatSettings(tx, meetingId, values);
      const savedSso = ssoValues ? await upsertChinaief(tx, meetingId, ssoValues) : storedSso;
      const after = toWire(config, saved, savedSso);
      return { result: after, before: auditView(before), after: auditView(after) };
    },
  );
}

const notConfigured = (what: string) =>
  new AppError(409, ErrorCode.wechatNotConfigured, `${what} is not set up`);

/** Reads at most `max` bytes of a response body as text; null when it is longer. */
async function boundedText(response: Response, max: number): Promise<string | null> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Asks WeChat for an access token with cgi-bin/stable_token (force_refresh false): unlike
 * cgi-bin/token it does not replace the token the server's cache is using. WeChat's refusal (errcode)
 * is the answer ok 0 with its errmsg; no answer at all is 502 wechat.unavailable.
 */
async function tokenTest(
  deps: ConsoleWechatDeps,
  appid: string,
  secret: string,
): Promise<ConsoleWechatTestResult> {
  const doFetch = deps.fetch ?? fetch;
  let payload: { access_token?: unknown; errcode?: unknown; errmsg?: unknown };
  try {
    const response = await doFetch(
      `${deps.config.WECHAT_API_BASE.replace(/\/+$/, '')}/cgi-bin/stable_token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credential', appid, secret, force_refresh: false }),
        signal: AbortSignal.timeout(testTimeoutMs),
        redirect: 'error',
      },
    );
    const text = response.ok ? await boundedText(response, 64 * 1024) : null;
    payload = text ? (JSON.parse(text) as typeof payload) : {};
    if (!response.ok || typeof payload !== 'object' || payload === null) throw new Error('bad answer');
  } catch {
    throw new AppError(502, ErrorCode.wechatUnavailable, 'Request failed');
  }
  if (typeof payload.access_token === 'string' && payload.access_token)
    return { ok: 1, message: 'ok', errcode: null };
  const errcode = typeof payload.errcode === 'number' ? payload.errcode : null;
  const errmsg =
    typeof payload.errmsg === 'string' ? payload.errmsg.slice(0, 500) : 'no access token in the answer';
  return { ok: 0, message: errmsg, errcode };
}

/**
 * Fetches `{issuer}/.well-known/openid-configuration` (OpenID Connect Discovery 1.0 §4) and checks
 * that its `issuer` is the configured one and that it names the authorization and token endpoints.
 */
async function discoveryTest(deps: ConsoleWechatDeps, issuer: string): Promise<ConsoleWechatTestResult> {
  // In production only public hosts are asked (§9 outbound calls).
  const doFetch = publicOnlyFetch(deps.config, deps.fetch ?? fetch);
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  // One answer for every way of not getting a usable document: no status, size or echoed content,
  // so the test tells nothing about hosts it may not reach (§9).
  const unreachable: ConsoleWechatTestResult = {
    ok: 0,
    message: 'Request failed: the issuer could not be reached',
    errcode: null,
  };
  let text: string | null;
  try {
    const response = await doFetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(testTimeoutMs),
      redirect: 'error',
    });
    if (!response.ok) return unreachable;
    text = await boundedText(response, maxDiscoveryBytes);
  } catch {
    return unreachable;
  }
  let doc: Record<string, unknown>;
  try {
    if (text === null) throw new Error('too large');
    doc = JSON.parse(text) as Record<string, unknown>;
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new Error('not an object');
  } catch {
    return unreachable;
  }
  const strip = (value: string) => value.replace(/\/+$/, '');
  if (typeof doc.issuer !== 'string' || strip(doc.issuer) !== strip(issuer))
    return { ok: 0, message: 'The discovery document names another issuer', errcode: null };
  for (const key of ['authorization_endpoint', 'token_endpoint'] as const) {
    if (typeof doc[key] !== 'string')
      return { ok: 0, message: `The discovery document has no ${key}`, errcode: null };
  }
  return { ok: 1, message: 'ok', errcode: null };
}

/**
 * POST /console/meetings/{meeting_id}/wechat/tests {target}: tests the stored set-up; nothing stored.
 * - official: 'server' → the deployment's WECHAT_APPID/WECHAT_SECRET; 'own' → the meeting's AppID and
 *   AppSecret; both ask WeChat for a token. 'platform' → the authorised account's token through the
 *   third-party platform (api_authorizer_token, from the shared cache when fresh).
 * - mini: the mini-program's AppID and AppSecret, likewise.
 * - chinaief: the issuer's discovery document.
 * @throws 409 wechat.not_configured (nothing to test); 403 wechat.not_authorized (platform mode, no
 * authorised account); 502 wechat.unavailable (WeChat unreachable); 403 no_permission (wechat.settings)
 */
export async function testWechatConnection(
  deps: ConsoleWechatDeps,
  input: Caller & { target: ConsoleWechatTestTarget },
): Promise<ConsoleWechatTestResult> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'wechat.settings' });
  const config = deps.config;
  if (input.target === 'chinaief') {
    const sso = await findChinaief(deps.db, input.meetingId);
    if (!sso?.issuer) throw notConfigured('Single sign-on');
    return discoveryTest(deps, sso.issuer);
  }
  const row = await findWechatSettings(deps.db, input.meetingId);
  if (input.target === 'mini') {
    const secret = openSecret(config, row?.miniSecretSealed);
    if (!row?.miniAppid || !secret) throw notConfigured('The mini-program');
    return tokenTest(deps, row.miniAppid, secret);
  }
  const mode = row?.officialMode ?? 'server';
  if (mode === 'platform') {
    if (!row?.authorizerAppid)
      throw new AppError(403, ErrorCode.wechatNotAuthorized, 'The official account is not authorized');
    // The authorised account's token through the platform (the shared cache; WeChat only when stale).
    try {
      await authorizerAccessToken(deps, row).get();
    } catch (error) {
      if (!(error instanceof WechatProviderError)) throw error;
      if (error.errcode === null) throw new AppError(502, ErrorCode.wechatUnavailable, 'Request failed');
      return {
        ok: 0,
        message: error.message.replace(/^.*errcode -?\d+: /, '') || error.message,
        errcode: error.errcode,
      };
    }
    return { ok: 1, message: 'ok', errcode: null };
  }
  if (mode === 'own') {
    const secret = openSecret(config, row?.officialSecretSealed);
    if (!row?.officialAppid || !secret) throw notConfigured('The official account');
    return tokenTest(deps, row.officialAppid, secret);
  }
  if (!config.WECHAT_APPID || !config.WECHAT_SECRET) throw notConfigured('The official account');
  return tokenTest(deps, config.WECHAT_APPID, config.WECHAT_SECRET);
}
