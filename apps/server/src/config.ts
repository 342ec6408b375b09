import { z } from 'zod';

const defaultAuthSecret = 'development-only-auth-secret-change-me';

/** A CSP source expression: 'self', 'none', a scheme (`https:`) or a host with optional scheme, wildcard, port and path. */
const cspSource =
  /^(?:'self'|'none'|[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9.-]+(?::(?:\d{1,5}|\*))?(?:\/[^\s;,'"]*)?)$/i;

/** Space- or comma-separated CSP sources (§7 security headers), each checked so no value can break the header. */
const CspSources = z
  .string()
  .default('')
  .transform((text) => text.split(/[\s,]+/).filter(Boolean))
  .refine((sources) => sources.every((source) => cspSource.test(source)), {
    message: "list sources such as 'self', https://cdn.example.com or *.example.com, separated by spaces",
  });

/**
 * Server configuration from environment variables (DESIGN §6), validated at start-up.
 * Without any of them the app runs fully on one machine: PGlite in ./data, port 8080.
 */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  REDIS_URL: z.string().optional(),
  /**
   * The address people reach the app at: every link in SMS, mail, calendars, share and invitation
   * links starts with it (modules/shared/public-links.ts), never with a request's Host header.
   * Unset: http://localhost:<PORT>, which server.ts warns about at start-up.
   */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//i.test(url), {
      message: 'PUBLIC_URL must be an http:// or https:// address',
    })
    .default('http://localhost:8080'),
  /**
   * Payment provider of meetings without payment settings of their own (§4 Order): 'sandbox' (no money
   * moves; a local pay page sends signed notifications), or 'wechatpay', 'alipay', 'stripe' once a
   * meeting's credentials are entered in the console.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'wechatpay', 'alipay', 'stripe']).default('sandbox'),
  /**
   * 1 lets meetings pay through the sandbox even when NODE_ENV=production (staging, demos). Without
   * it, production refuses the sandbox (409 payment.not_configured): its pay page confirms orders
   * without money, so a live event left on the default would give its tickets away.
   */
  PAYMENT_SANDBOX: z.enum(['0', '1']).optional(),
  /** Salt of the Apikey request signature; the web build embeds the same value (VITE_APIKEY_SALT). */
  APIKEY_SALT: z.string().min(8).default('meeting-platform-apikey-salt-v1'),
  /** 0 turns Apikey verification off (e.g. behind a gateway that already checks it). */
  APIKEY_REQUIRED: z.enum(['0', '1']).default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built web app served at /; empty disables static serving. */
  WEB_DIST: z.string().optional(),
  /**
   * Platform administrators of the console (DESIGN §7), comma-separated: phones (E.164, or mainland
   * numbers without +86) and e-mails. More can be granted with `npm run admin -- grant-admin`.
   */
  ADMIN_PHONES: z.string().max(4000).default(''),
  ADMIN_EMAILS: z.string().max(4000).default(''),
  /** 0 skips seeding the demo meeting on an empty database. */
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** Seconds a hot public read (meeting, blocks, agendas) is served from the in-process cache. */
  CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /**
   * Meeting search answers (/meeting/search, §2) kept in process, keyed with the meeting's index
   * version so that no changed answer is ever served; 0 turns the cache off.
   */
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(5000),
  /**
   * Milliseconds a registration reuses an activity's read-only context (activity, ticket types,
   * channels, form) when hundreds register at once; capacity is always decided by the database.
   * 0 reads it for every registration.
   */
  REGISTRATION_CONTEXT_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),

  /**
   * Secret for code hashes, upload tokens and the /tokens/phone/v2 signature salt. Must be set in
   * production; the default only suits a single developer machine.
   */
  AUTH_SECRET: z.string().min(16).default(defaultAuthSecret),
  /**
   * Key sealing the payment credentials organisers enter per meeting (DESIGN §8): base64 of 32
   * random bytes (`openssl rand -base64 32`). Unset: derived from AUTH_SECRET (HKDF-SHA256), so
   * changing AUTH_SECRET then makes stored credentials unreadable — set this in production.
   */
  SECRETS_KEY: z
    .string()
    .trim()
    .refine(
      (text) =>
        text === '' || (/^[A-Za-z0-9+/]+={0,2}$/.test(text) && Buffer.from(text, 'base64').length === 32),
      {
        message: 'SECRETS_KEY must be base64 of 32 bytes (openssl rand -base64 32)',
      },
    )
    .optional(),
  /**
   * Salt of the POST /tokens/phone/v2 signature (§5), shared only with trusted embedders (a
   * mini-program back end) that sign a verified phone. Never put it in the web build: it would let
   * anyone log in as any phone.
   */
  PHONE_TOKEN_SALT: z.string().min(8).default('meeting-platform-phone-token-salt-v1'),
  /** Seconds a /tokens/phone/v2 signature stays valid either side of the server clock. */
  PHONE_TOKEN_MAX_SKEW_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** A session ends after this many days without use … */
  SESSION_IDLE_DAYS: z.coerce.number().min(0.001).max(365).default(30),
  /** … and this many days after login, whatever the use. */
  SESSION_ABSOLUTE_DAYS: z.coerce.number().min(0.001).max(3650).default(180),
  /** 1 serves the outbox at /dev/outbox even when NODE_ENV=production (staging). */
  DEV_OUTBOX: z.enum(['0', '1']).optional(),
  /** SMS provider: `outbox` (local default, stored and shown at /dev/outbox) or `aliyun`. */
  SMS_PROVIDER: z.enum(['outbox', 'aliyun']).default('outbox'),
  ALIYUN_SMS_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  /** Aliyun template of appointment notices; unset: those SMS are recorded as failed. */
  ALIYUN_SMS_APPOINTMENT_TEMPLATE_CODE: z.string().optional(),
  /** Aliyun template of live reminders ({live}, {minutes}; §9); unset: those SMS are recorded as failed. */
  ALIYUN_SMS_LIVE_TEMPLATE_CODE: z.string().optional(),
  /** smtp(s)://user:pass@host:port — when set, mail goes out through SMTP (nodemailer). */
  MAIL_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'MAIL_SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Meeting Platform <no-reply@localhost>'),
  /** Most verification-code SMS / e-mails the whole server sends per day (429 past it). */
  SMS_DAILY_BUDGET: z.coerce.number().int().min(1).default(5000),
  MAIL_DAILY_BUDGET: z.coerce.number().int().min(1).default(5000),
  /**
   * Verification codes one IP may have sent per hour, and code checks per 10 minutes. A venue's
   * network puts hundreds of visitors behind one address: raise them for a large on-site crowd
   * (wrong codes are throttled per phone and IP on their own, so these only bound volume).
   */
  CODE_SENDS_PER_IP_HOURLY: z.coerce.number().int().min(1).max(1_000_000).default(100),
  CODE_CHECKS_PER_IP_10_MIN: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /**
   * The self-hosted live ingest (MediaMTX, README "Live streams"): where OBS publishes (the "Server"
   * shown to organisers, e.g. rtmp://live.example.com:1935/live), where viewers play from
   * (e.g. https://live.example.com:8888, paths /live/<live id>/index.m3u8), and the secret MediaMTX
   * sends to POST /api/lives/ingest/auth. Unset: lives take pasted pull addresses only.
   */
  LIVE_INGEST_RTMP_URL: z
    .string()
    .regex(/^rtmps?:\/\//, 'LIVE_INGEST_RTMP_URL must be an rtmp:// or rtmps:// URL')
    .optional(),
  LIVE_INGEST_HLS_URL: z
    .string()
    .regex(/^https?:\/\//, 'LIVE_INGEST_HLS_URL must be an http:// or https:// URL')
    .optional(),
  LIVE_INGEST_AUTH_SECRET: z.string().min(16).optional(),
  /** Prefix of every Redis key (rate limits), so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(64).default('mp:'),
  /** WeChat official-account web OAuth (POST /tokens/wechat). */
  WECHAT_APPID: z.string().optional(),
  WECHAT_SECRET: z.string().optional(),
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
  WECHAT_AUTHORIZE_URL: z.string().url().default('https://open.weixin.qq.com/connect/oauth2/authorize'),
  /**
   * The deployment's official account message push (server configuration in the account's console):
   * the token it signs pushes with and, in safe mode, the 43-character EncodingAESKey.
   */
  WECHAT_TOKEN: z.string().optional(),
  WECHAT_AES_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{43}$/, 'WECHAT_AES_KEY must be the 43-character EncodingAESKey')
    .optional(),
  /** The deployment's mini-program (§2 mini-program pages; §7 /wechat/mini/urlschemes, /wechat/securities). */
  WECHAT_MINI_APPID: z.string().optional(),
  WECHAT_MINI_SECRET: z.string().optional(),
  /**
   * WeChat third-party platform (§3 wechat_authorize; §7 GET/POST /wechat/authorizes): the platform's
   * AppID and AppSecret, the message token and 43-character EncodingAESKey of its authorisation-event
   * URL (POST /api/wechat/component/events), and WeChat's authorisation page.
   */
  WECHAT_COMPONENT_APPID: z.string().optional(),
  WECHAT_COMPONENT_SECRET: z.string().optional(),
  WECHAT_COMPONENT_TOKEN: z.string().optional(),
  WECHAT_COMPONENT_AES_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{43}$/, 'WECHAT_COMPONENT_AES_KEY must be the 43-character EncodingAESKey')
    .optional(),
  WECHAT_COMPONENT_LOGIN_URL: z.string().url().default('https://mp.weixin.qq.com/cgi-bin/componentloginpage'),
  /**
   * Single sign-on issuers trusted to vouch for e-mail addresses and phones (§2 /oauth/chinaief):
   * exact issuer URLs separated by commas. Only a meeting whose issuer is listed links a login to an
   * existing account by a verified e-mail or phone; any other issuer gets a new account.
   */
  SSO_TRUSTED_ISSUERS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((issuer) => issuer.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    ),
  /** Google login (OpenID Connect discovery from the issuer). */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  /** Facebook login (OAuth 2 + Graph API). */
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_AUTHORIZE_URL: z.string().url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v19.0'),
  /** Facebook token endpoint; default `${FACEBOOK_GRAPH_URL}/oauth/access_token`. */
  FACEBOOK_TOKEN_URL: z.string().url().optional(),
  /** Storage: local disk under DATA_DIR/uploads unless S3_BUCKET is set. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('1'),
  /**
   * Proxies in front of the server whose X-Forwarded-For is believed (per-IP rate limits need the
   * visitor's address): a hop count (`1`) or comma-separated addresses/CIDRs (`10.0.0.0/8`). Unset:
   * the socket address is the client.
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d+|[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*)$/,
      'TRUST_PROXY must be a hop count or addresses/CIDRs',
    )
    .optional(),
  /**
   * Content-Security-Policy (plugins/security-headers.ts): who may frame the app (`frame-ancestors`,
   * default 'self'; a chat app's web-view host goes here) and extra hosts for streams (media and
   * connect), API calls, images and framed pages. The S3 endpoint is added automatically.
   */
  CSP_FRAME_ANCESTORS: CspSources.transform((sources) => (sources.length > 0 ? sources : ["'self'"])),
  CSP_MEDIA_SRC: CspSources,
  CSP_CONNECT_SRC: CspSources,
  CSP_IMG_SRC: CspSources,
  CSP_FRAME_SRC: CspSources,
  /**
   * Allowed web-view domains (§2 /webview, §7 Static list), besides this site's own host: host names
   * separated by commas or spaces; `*.example.org` allows its subdomains and itself. They may be
   * framed (added to the CSP frame-src) and be short-link targets.
   */
  WEBVIEW_DOMAINS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((host) => host.toLowerCase()),
    )
    .refine((hosts) => hosts.every((host) => /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*\.?$/.test(host)), {
      message: 'list host names such as example.org or *.example.org, separated by commas',
    }),
  /**
   * Moderation provider of user-written texts (§5 sensitive content, DESIGN §8): 'local' (the starter
   * word lists per category + flood and meaningless checks, offline), 'tencent' (Tencent Cloud TMS
   * TextModeration; TENCENT_TMS_SECRET_ID and TENCENT_TMS_SECRET_KEY required) or 'openai' (OpenAI's
   * moderation endpoint; OPENAI_API_KEY required) or 'wechat' (the mini-program's wxa/msg_sec_check for
   * the writer's openid, WECHAT_MINI_APPID and WECHAT_MINI_SECRET required; the local lists when the
   * openid is unknown). Each meeting's own word lists apply whatever the provider.
   */
  MODERATION_PROVIDER: z.enum(['local', 'tencent', 'openai', 'wechat']).default('local'),
  TENCENT_TMS_SECRET_ID: z.string().optional(),
  TENCENT_TMS_SECRET_KEY: z.string().optional(),
  TENCENT_TMS_REGION: z.string().default('ap-guangzhou'),
  TENCENT_TMS_ENDPOINT: z.string().url().default('https://tms.tencentcloudapi.com'),
  /** The TMS policy (BizType) configured in Tencent's console; the default policy when unset. */
  TENCENT_TMS_BIZ_TYPE: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  OPENAI_MODERATION_MODEL: z.string().default('omni-moderation-latest'),
  /**
   * The AI provider (DESIGN §8 ai; §1 copilot, subtitles, minutes): any OpenAI-compatible base URL
   * (OpenAI, DeepSeek, Qwen, vLLM, Ollama, a whisper.cpp server), e.g. https://api.openai.com/v1.
   * Unset: the copilot is the built-in retrieval assistant, minutes are extractive, no subtitles.
   */
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  /** The chat model (copilot, translation of subtitles, minutes). */
  AI_MODEL: z.string().default('gpt-4o-mini'),
  /** The embeddings model; unset: retrieval is lexical only. */
  AI_EMBEDDING_MODEL: z.string().optional(),
  /** The speech-to-text model (/audio/transcriptions) of live subtitles; unset: no subtitles. */
  AI_STT_MODEL: z.string().optional(),
  /** Milliseconds a provider call may take (a whole answer, a transcription) before it is abandoned. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(30_000),
  /** Milliseconds a moderation provider may take before the text goes to review instead. */
  MODERATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * ID-card recognition (§5, DESIGN §8 ocr): 'local' runs Debian's `tesseract` (chi_sim+eng) when
   * installed and asks the person to type the number otherwise; 'tencent' calls Tencent Cloud
   * IDCardOCR (OCR_TENCENT_SECRET_ID and OCR_TENCENT_SECRET_KEY required).
   */
  OCR_PROVIDER: z.enum(['local', 'tencent']).default('local'),
  OCR_TENCENT_SECRET_ID: z.string().optional(),
  OCR_TENCENT_SECRET_KEY: z.string().optional(),
  OCR_TENCENT_REGION: z.string().default('ap-guangzhou'),
  OCR_TENCENT_ENDPOINT: z.string().url().default('https://ocr.tencentcloudapi.com'),
  /** Largest accepted upload, bytes. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
});

/** Production refuses the development secret: codes, upload tokens and signatures would be forgeable. */
const CheckedConfigSchema = ConfigSchema.refine(
  (config) => config.NODE_ENV !== 'production' || config.AUTH_SECRET !== defaultAuthSecret,
  { path: ['AUTH_SECRET'], message: 'set a secret of your own (≥ 16 characters) in production' },
)
  .refine(
    (config) =>
      config.MODERATION_PROVIDER !== 'tencent' ||
      Boolean(config.TENCENT_TMS_SECRET_ID && config.TENCENT_TMS_SECRET_KEY),
    {
      path: ['MODERATION_PROVIDER'],
      message: 'tencent needs TENCENT_TMS_SECRET_ID and TENCENT_TMS_SECRET_KEY',
    },
  )
  .refine((config) => config.MODERATION_PROVIDER !== 'openai' || Boolean(config.OPENAI_API_KEY), {
    path: ['MODERATION_PROVIDER'],
    message: 'openai needs OPENAI_API_KEY',
  })
  .refine(
    (config) =>
      config.MODERATION_PROVIDER !== 'wechat' ||
      Boolean(config.WECHAT_MINI_APPID && config.WECHAT_MINI_SECRET),
    { path: ['MODERATION_PROVIDER'], message: 'wechat needs WECHAT_MINI_APPID and WECHAT_MINI_SECRET' },
  )
  .refine(
    (config) =>
      config.OCR_PROVIDER !== 'tencent' ||
      Boolean(config.OCR_TENCENT_SECRET_ID && config.OCR_TENCENT_SECRET_KEY),
    { path: ['OCR_PROVIDER'], message: 'tencent needs OCR_TENCENT_SECRET_ID and OCR_TENCENT_SECRET_KEY' },
  );

export type Config = z.infer<typeof ConfigSchema>;

/**
 * Reads and validates the configuration.
 * @throws Error listing every invalid variable, e.g. `PORT: Too big: expected number to be <=65535`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = CheckedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Without PUBLIC_URL, links point to this machine on the port it listens on (server.ts logs it).
  if (!env.PUBLIC_URL?.trim() && parsed.data.PORT !== 0) {
    return { ...parsed.data, PUBLIC_URL: `http://localhost:${parsed.data.PORT}` };
  }
  return parsed.data;
}
