import { z } from 'zod';
import { Flag, LocalizedText, localizedTextInput } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { defineRoute } from '../wire/route.ts';
import { ConsoleMeetingParams } from './console-access.contracts.ts';

/**
 * The console's "WeChat & sign-in" area (DESIGN §7; §3 wechat_authorize.authorizer_appid; §7 WeChat,
 * Login; §2 /oauth/chinaief, mini-program pages): which official account serves the meeting, its
 * mini-program, the login methods its login page offers, and its own OpenID Connect sign-in. Secrets
 * are write-only: the server seals them and answers only whether each is set and its last 4
 * characters. Every call needs the console action `wechat.settings` (owner, organiser).
 */

/** How the meeting reaches its official account (see meeting_wechat_settings.official_mode). */
export const WechatOfficialMode = z.enum(['server', 'own', 'platform']);
export type WechatOfficialMode = z.infer<typeof WechatOfficialMode>;

/** Which mini-program version URL schemes open. */
export const WechatMiniEnvVersion = z.enum(['release', 'trial', 'develop']);
export type WechatMiniEnvVersion = z.infer<typeof WechatMiniEnvVersion>;

/** The login methods a meeting can show (§7 Login), each 1 shown / 0 hidden. */
export const loginMethodNames = [
  'phone',
  'email',
  'exhibitor',
  'wechat',
  'google',
  'facebook',
  'chinaief',
] as const;
export const LoginMethodName = z.enum(loginMethodNames);
export type LoginMethodName = z.infer<typeof LoginMethodName>;
export const LoginMethods = z.object({
  phone: Flag,
  email: Flag,
  exhibitor: Flag,
  wechat: Flag,
  google: Flag,
  facebook: Flag,
  chinaief: Flag,
});
export type LoginMethods = z.infer<typeof LoginMethods>;

/** A write-only secret as the console reads it: set or not, and its last 4 characters when set. */
export const SecretState = z.object({ set: Flag, last4: z.string() });
export type SecretState = z.infer<typeof SecretState>;

export const ConsoleWechatSettings = z.object({
  official: z.object({
    mode: WechatOfficialMode,
    /** 'own' mode: the account's AppID ('' when none). */
    appid: z.string(),
    secret: SecretState,
    /** The message-push token (Server configuration → Token). */
    token: SecretState,
    /** The 43-character EncodingAESKey of safe-mode push. */
    aes_key: SecretState,
    name: z.string(),
    /** Image URL of the account's follow QR code ('' when none). */
    qrcode_url: z.string(),
    /**
     * The server URL to paste into the account's Server configuration:
     * `${PUBLIC_URL}/api/wechat/events/{appid}` of the account the meeting uses; null when no AppID is
     * known (platform mode pushes through the third-party platform instead).
     */
    message_url: z.string().nullable(),
    /** 1 when the deployment has its own account (WECHAT_APPID and WECHAT_SECRET), used by 'server' mode. */
    server_account: Flag,
    /** Third-party platform authorisation (§3 wechat_authorize), null until an account authorised. */
    authorizer: z
      .object({ appid: z.string(), name: z.string(), authorized_at: z.number().int().nullable() })
      .nullable(),
  }),
  mini: z.object({
    appid: z.string(),
    secret: SecretState,
    env_version: WechatMiniEnvVersion,
    /** The host to register as the mini-program's business (web-view) domain: PUBLIC_URL's host. */
    webview_domain: z.string(),
  }),
  login_methods: LoginMethods,
  /** The meeting's own OpenID Connect sign-in (§2 /oauth/chinaief). */
  chinaief: z.object({
    issuer: z.string(),
    client_id: z.string(),
    secret: SecretState,
    scopes: z.string(),
    /** The button's label per language. */
    name: LocalizedText,
  }),
});
export type ConsoleWechatSettings = z.infer<typeof ConsoleWechatSettings>;

export const getConsoleWechatSettings = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/wechat',
  summary:
    "The meeting's WeChat and sign-in set-up (defaults when never saved); secrets only as set flags and last 4 characters. 403 no_permission (wechat.settings).",
  spec: '§3 wechat_authorize, §7 WeChat and Login, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: ConsoleWechatSettings,
});

/** WeChat AppIDs are `wx` + 16 lower-case hex digits (official accounts and mini-programs alike). */
const WechatAppid = z
  .string()
  .trim()
  .regex(/^wx[0-9a-f]{16}$/, 'a WeChat AppID (wx followed by 16 hex digits)');
/** A write-only secret: a string replaces the stored one, null clears it, absent keeps it. */
const secretInput = (schema: z.ZodString) => schema.nullable().optional();
/** AppSecret: 32 hex digits. */
const AppSecret = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{32}$/, 'an AppSecret (32 hex digits)');
/** Token: WeChat asks for 3-32 letters or digits. */
const PushToken = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{3,32}$/, '3 to 32 letters or digits');
/** EncodingAESKey: exactly 43 letters or digits. */
const AesKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{43}$/, 'exactly 43 letters or digits');
/** An http(s) URL (the server refuses plain http in production). */
const HttpUrl = z
  .string()
  .trim()
  .max(textLimits.url)
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
    'an http:// or https:// address',
  );

/**
 * A partial update: every group and field is optional; absent keeps the stored value. Secrets: a
 * string replaces, null clears. Empty strings clear plain fields (appid '' clears it).
 */
export const UpdateConsoleWechatSettingsBody = z.strictObject({
  official: z
    .strictObject({
      mode: WechatOfficialMode.optional(),
      appid: z.union([WechatAppid, z.literal('')]).optional(),
      secret: secretInput(AppSecret),
      token: secretInput(PushToken),
      aes_key: secretInput(AesKey),
      name: z.string().trim().max(textLimits.title).optional(),
      qrcode_url: z.union([HttpUrl, z.literal('')]).optional(),
    })
    .optional(),
  mini: z
    .strictObject({
      appid: z.union([WechatAppid, z.literal('')]).optional(),
      secret: secretInput(AppSecret),
      env_version: WechatMiniEnvVersion.optional(),
    })
    .optional(),
  login_methods: z.partialRecord(LoginMethodName, z.union([z.literal(0), z.literal(1)])).optional(),
  chinaief: z
    .strictObject({
      issuer: z.union([HttpUrl, z.literal('')]).optional(),
      client_id: z.string().trim().max(255).optional(),
      secret: secretInput(z.string().trim().min(1).max(2_000)),
      scopes: z
        .string()
        .trim()
        .max(500)
        .regex(
          /^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/,
          'scopes separated by single spaces',
        )
        .optional(),
      name: localizedTextInput(textLimits.title).optional(),
    })
    .optional(),
});
export type UpdateConsoleWechatSettingsBody = z.input<typeof UpdateConsoleWechatSettingsBody>;
export type UpdateConsoleWechatSettingsValues = z.output<typeof UpdateConsoleWechatSettingsBody>;

export const updateConsoleWechatSettings = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/wechat',
  summary:
    "Partial update of the meeting's WeChat and sign-in set-up; secrets sealed at rest, never answered; audited. 400 validation_failed (bad field, 'own' without AppID and AppSecret, every login method off, chinaief on without issuer and client id, a new or changed own AppID/AppSecret that WeChat's stable_token refuses, an AppID that is the deployment's or a platform-authorised account's — nothing saved); a changed issuer or client id drops the stored client secret unless a new one comes; 403 no_permission (wechat.settings); 409 conflict.stale (the account changed between WeChat's check and the save); 502 wechat.unavailable ('Request failed': WeChat could not be reached to check a new AppSecret); 429 too_frequent (more than 20 saves a minute per user that name an AppID or AppSecret).",
  spec: '§3 wechat_authorize, §7 WeChat and Login, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: UpdateConsoleWechatSettingsBody,
  response: ConsoleWechatSettings,
});

/** What a connection test checks: the official account's or mini-program's token, or the SSO issuer's discovery. */
export const ConsoleWechatTestTarget = z.enum(['official', 'mini', 'chinaief']);
export type ConsoleWechatTestTarget = z.infer<typeof ConsoleWechatTestTarget>;

export const ConsoleWechatTestResult = z.object({
  /** 1 when WeChat gave an access token (or the issuer's discovery document is valid). */
  ok: Flag,
  /** 'ok', or WeChat's errmsg / what is wrong with the discovery document. */
  message: z.string(),
  /** WeChat's errcode when it refused; null otherwise. */
  errcode: z.number().int().nullable(),
});
export type ConsoleWechatTestResult = z.infer<typeof ConsoleWechatTestResult>;

export const testConsoleWechatConnection = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/wechat/tests',
  summary:
    "Tests the stored set-up: 'official' / 'mini' ask WeChat for an access token (stable_token, which leaves the tokens in use valid); 'chinaief' fetches the issuer's discovery document (in production only an issuer on public addresses; any failure to get a usable document answers 'Request failed: the issuer could not be reached'). Nothing is stored. 409 wechat.not_configured (nothing to test); 403 wechat.not_authorized (platform mode without an authorised account); 403 no_permission (wechat.settings); 429 too_frequent (20 tests a minute per user).",
  spec: '§7 WeChat, §8, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: z.strictObject({ target: ConsoleWechatTestTarget }),
  response: ConsoleWechatTestResult,
});
