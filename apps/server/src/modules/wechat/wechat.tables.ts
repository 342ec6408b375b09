import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, jsonbValue, updatedAtColumn } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * The login methods a meeting offers on its login page (§7 Login). Every key is 1 (shown) or 0
 * (hidden); a method also needs its credentials (a hidden-but-configured method is refused by the
 * server as well as hidden by the page). Phone is the §2 default and cannot be switched off when it is
 * the only method left (the console refuses an empty set).
 */
export type MeetingLoginMethods = {
  phone: 0 | 1;
  email: 0 | 1;
  exhibitor: 0 | 1;
  wechat: 0 | 1;
  google: 0 | 1;
  facebook: 0 | 1;
  chinaief: 0 | 1;
};

export const defaultLoginMethods: MeetingLoginMethods = {
  phone: 1,
  email: 1,
  exhibitor: 1,
  wechat: 1,
  google: 1,
  facebook: 1,
  chinaief: 0,
};

/**
 * A meeting's WeChat set-up (§3 wechat_authorize.authorizer_appid, DESIGN §8 wechat; secrets sealed
 * with credentials-box, never returned): which official account serves the meeting and how we reach it,
 * its mini-program, and the login methods shown. No row: the deployment's account (WECHAT_APPID /
 * WECHAT_SECRET) and every method on.
 *
 * `official_mode`:
 * - `server`: the deployment's own official account from the environment;
 * - `own`: the organiser entered the account's AppID and AppSecret (`official_secret_sealed`);
 * - `platform`: the account authorised our third-party platform (`authorizer_*`); calls use the
 *   authorizer access token; 'The official account is not authorized' (§8) until it has.
 */
export const meetingWechatSettings = pgTable(
  'meeting_wechat_settings',
  {
    meetingId: text('meeting_id')
      .primaryKey()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    officialMode: text('official_mode').notNull().default('server'),
    officialAppid: text('official_appid'),
    officialSecretSealed: text('official_secret_sealed'),
    /** The message-push token the organiser set in the account's server configuration (sealed). */
    officialTokenSealed: text('official_token_sealed'),
    /** The 43-character EncodingAESKey of safe-mode message push (sealed); null: plain-text mode. */
    officialAesKeySealed: text('official_aes_key_sealed'),
    /** Display name of the account and the image of its follow QR code (an uploaded image URL). */
    officialName: text('official_name').notNull().default(''),
    officialQrcodeUrl: text('official_qrcode_url').notNull().default(''),
    /** Third-party platform authorisation (§3 wechat_authorize.authorizer_appid). */
    authorizerAppid: text('authorizer_appid'),
    authorizerRefreshTokenSealed: text('authorizer_refresh_token_sealed'),
    authorizerName: text('authorizer_name').notNull().default(''),
    /** The permission sets (func_info ids) the account granted. */
    authorizerFuncInfo: jsonbValue<number[]>('authorizer_func_info').notNull().default([]),
    authorizedAt: timestamp('authorized_at', { withTimezone: true, mode: 'date' }),
    /** The mini-program that hosts the web app (§2 mini-program pages). */
    miniAppid: text('mini_appid'),
    miniSecretSealed: text('mini_secret_sealed'),
    /** 'release' | 'trial' | 'develop': which version URL schemes open. */
    miniEnvVersion: text('mini_env_version').notNull().default('release'),
    loginMethods: jsonbValue<MeetingLoginMethods>('login_methods').notNull().default(defaultLoginMethods),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('meeting_wechat_settings_mode', sql`${t.officialMode} in ('server', 'own', 'platform')`),
    check('meeting_wechat_settings_env', sql`${t.miniEnvVersion} in ('release', 'trial', 'develop')`),
  ],
);

/**
 * A meeting's own OpenID Connect sign-in (§2 /oauth/chinaief): issuer, client and sealed secret. One
 * row per meeting and provider key (today only `chinaief`). `enabled` 0 keeps the set-up but hides it.
 */
export const meetingSsoProviders = pgTable(
  'meeting_sso_providers',
  {
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** Button label, a language map ({ zh, en, … }). */
    name: jsonbValue<Record<string, string>>('name').notNull().default({}),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed'),
    /** Space-separated scopes; `openid` is always sent. */
    scopes: text('scopes').notNull().default('openid profile email phone'),
    enabled: smallint('enabled').notNull().default(1),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.provider] })],
);

/**
 * WeChat's short-lived tokens and tickets, shared by every replica (§7 /wechat/service/jssdk cached
 * 15 minutes, §9): one row per AppID and kind — `access_token`, `jsapi`, `wx_card`,
 * `component_access_token`, `component_verify_ticket`, `authorizer_access_token`, `mini_access_token`.
 * The value is sealed (an access token is a credential). A replica refreshes a row under its row lock
 * (`SELECT … FOR UPDATE`), so one refresh happens at a time and the others read its result.
 */
export const wechatTickets = pgTable(
  'wechat_tickets',
  {
    appid: text('appid').notNull(),
    kind: text('kind').notNull(),
    valueSealed: text('value_sealed').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.appid, t.kind] })],
);

/**
 * Desktop "scan to sign in" (§7 GET /wechat/service/qrcodes, §8 'QR code has expired' / 'Invalid QR
 * code information'): one row per QR code shown. `id` is the QR's scene; the desktop that asked for it
 * also holds a secret (its SHA-256 in `secret_hash`) without which the login cannot be redeemed.
 * status: `pending` → `scanned` (WeChat pushed the scan with the openid) → `consumed` (a session
 * was given), or `needs_bind` (the WeChat user has no account yet: §8 4260 hand-back on redeem).
 */
export const wechatQrLogins = pgTable(
  'wechat_qr_logins',
  {
    id: text('id').primaryKey(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    status: text('status').notNull().default('pending'),
    /** The official account that made the QR code. */
    appid: text('appid').notNull(),
    openid: text('openid'),
    unionid: text('unionid'),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true, mode: 'date' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('wechat_qr_logins_status', sql`${t.status} in ('pending', 'scanned', 'needs_bind', 'consumed')`),
    index('wechat_qr_logins_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A user's openid per WeChat AppID (§3 User.wechat_credentials; §7 POST /wechat/openid): WeChat Pay
 * JSAPI and the mini-program need the payer's openid for *that* AppID, which differs per account.
 */
export const userWechatOpenids = pgTable(
  'user_wechat_openids',
  {
    appid: text('appid').notNull(),
    openid: text('openid').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unionid: text('unionid'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.appid, t.openid] }), index('user_wechat_openids_user_idx').on(t.userId)],
);
