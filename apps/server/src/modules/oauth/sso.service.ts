import { ErrorCode, type LoginMethod, type LoginMethodsShown } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { credentialsKeyOf, openSealedString } from '../../providers/payment/credentials-box.ts';
import { findLiveMeetingById } from '../meetings/meetings.repository.ts';
import { defaultLoginMethods, type MeetingLoginMethods } from '../wechat/wechat.tables.ts';
import { isProviderConfigured, type OidcClient } from './oauth.clients.ts';
import { providerNotConfigured } from './oauth.errors.ts';
import {
  findMeetingSignInSettings,
  findMeetingSso,
  type MeetingSsoRow,
  type MeetingWechatSettingsRow,
} from './sso.repository.ts';

type Deps = { db: Database; config: Config };

/** The provider key of a meeting's own OpenID Connect sign-in (§2 /oauth/chinaief). */
export const ssoProviderKey = 'chinaief';

/** 403 login.method_disabled: the meeting switched this login method off (console login methods). */
export const loginMethodDisabled = (method: LoginMethod) =>
  new AppError(403, ErrorCode.loginMethodDisabled, `${method} login is switched off for this meeting`);

/**
 * The meeting's console switches (§7 Login): the stored ones over defaultLoginMethods, so a meeting
 * without a settings row has every method on except chinaief (single sign-on needs its own set-up).
 */
function switchesOf(settings: MeetingWechatSettingsRow | undefined): MeetingLoginMethods {
  return { ...defaultLoginMethods, ...(settings?.loginMethods ?? {}) };
}

/**
 * Whether the meeting has an official account to make a "scan with WeChat" QR code with (§7 GET
 * /wechat/service/qrcodes): the server's (mode 'server', env WECHAT_APPID + WECHAT_SECRET), the
 * organiser's own (AppID + sealed AppSecret) or one authorised to the third-party platform.
 */
export function hasOfficialAccount(config: Config, settings: MeetingWechatSettingsRow | undefined): boolean {
  switch (settings?.officialMode ?? 'server') {
    case 'own':
      return Boolean(settings?.officialAppid && settings.officialSecretSealed);
    case 'platform':
      return Boolean(settings?.authorizerAppid && settings.authorizerRefreshTokenSealed);
    default:
      return Boolean(config.WECHAT_APPID && config.WECHAT_SECRET);
  }
}

/** A single sign-on row that can be used: enabled, with issuer and client. */
const isUsableSso = (row: MeetingSsoRow | undefined): row is MeetingSsoRow =>
  Boolean(row && row.enabled === 1 && row.issuer.trim() !== '' && row.clientId.trim() !== '');

/**
 * GET /oauth/providers: the methods the meeting's login page shows — switched on in the console and
 * with credentials (server env for WeChat, Google, Facebook; the meeting's row for chinaief).
 * Without a meeting every switch counts as on (chinaief then 0: it only exists per meeting).
 * @throws 404 not_found when `meetingId` names no live meeting
 */
export async function listLoginMethods(
  deps: Deps,
  meetingId: string | undefined,
): Promise<LoginMethodsShown> {
  const { db, config } = deps;
  let settings: MeetingWechatSettingsRow | undefined;
  let sso: MeetingSsoRow | undefined;
  if (meetingId) {
    if (!(await findLiveMeetingById(db, meetingId))) throw notFound('Meeting');
    [settings, sso] = await Promise.all([
      findMeetingSignInSettings(db, meetingId),
      findMeetingSso(db, meetingId, ssoProviderKey),
    ]);
  }
  const on = switchesOf(settings);
  const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;
  return {
    phone: flag(on.phone === 1),
    email: flag(on.email === 1),
    exhibitor: flag(on.exhibitor === 1),
    wechat: flag(on.wechat === 1 && isProviderConfigured(config, 'wechat')),
    wechat_qr: flag(on.wechat === 1 && hasOfficialAccount(config, settings)),
    google: flag(on.google === 1 && isProviderConfigured(config, 'google')),
    facebook: flag(on.facebook === 1 && isProviderConfigured(config, 'facebook')),
    chinaief: on.chinaief === 1 && isUsableSso(sso) ? { name: { ...sso.name } } : 0,
  };
}

/**
 * Refuses a login method the meeting switched off (§7 Login; console login methods). Used by the
 * phone, e-mail and exhibitor token calls, the third-party starts and callbacks, and the desktop
 * WeChat QR sign-in. A meeting without settings has every method on.
 * @throws 403 login.method_disabled
 */
export async function assertLoginMethodOn(
  db: Database,
  meetingId: string,
  method: LoginMethod,
): Promise<void> {
  const settings = await findMeetingSignInSettings(db, meetingId);
  if (switchesOf(settings)[method] !== 1) throw loginMethodDisabled(method);
}

/**
 * The meeting's single sign-on client (issuer, client id, opened secret) for openid-client.
 * @throws 403 login.method_disabled when switched off; 404 provider.not_configured when the meeting
 *   has no enabled set-up, or its sealed client secret does not open (server key changed, altered)
 */
export async function meetingSsoClient(
  deps: Deps,
  meetingId: string,
): Promise<{ client: OidcClient; scopes: string }> {
  await assertLoginMethodOn(deps.db, meetingId, 'chinaief');
  const row = await findMeetingSso(deps.db, meetingId, ssoProviderKey);
  if (!isUsableSso(row)) throw providerNotConfigured(ssoProviderKey);
  let clientSecret: string | undefined;
  if (row.clientSecretSealed) {
    // A secret that no longer opens is no set-up at all, never a 5xx (§8).
    const opened = openSealedString(row.clientSecretSealed, credentialsKeyOf(deps.config));
    if (opened === null) throw providerNotConfigured(ssoProviderKey);
    clientSecret = opened;
  }
  return {
    client: { issuer: row.issuer.trim(), clientId: row.clientId.trim(), clientSecret },
    scopes: row.scopes,
  };
}
