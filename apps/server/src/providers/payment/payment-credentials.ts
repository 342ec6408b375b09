import { z } from 'zod';

/** A PEM block (`-----BEGIN …-----` … `-----END …-----`), whitespace around it allowed. */
const pem = z
  .string()
  .trim()
  .max(20_000)
  .regex(
    /^-----BEGIN [A-Z0-9 ]+-----[\s\S]+-----END [A-Z0-9 ]+-----$/,
    'expected a PEM block (-----BEGIN …-----)',
  );

/** A key as Alipay's console hands it out: a PEM block or the bare base64 body of one. */
const pemOrBase64 = z
  .string()
  .trim()
  .max(20_000)
  .regex(
    /^(-----BEGIN [A-Z0-9 ]+-----[\s\S]+-----END [A-Z0-9 ]+-----|[A-Za-z0-9+/=\s]{64,})$/,
    'expected a PEM block or its base64 body',
  );

/**
 * WeChat Pay API v3 merchant credentials (DESIGN commerce "Credentials at rest"): the merchant id
 * and app id, the merchant API certificate's serial number and private key, the 32-character APIv3
 * key (decrypts notifications), and the platform's verification key: the WeChat Pay public key with
 * its id (PUB_KEY_ID_…) or the platform certificate.
 */
export const WechatpayCredentials = z
  .object({
    mchid: z
      .string()
      .trim()
      .regex(/^\d{6,32}$/, 'a merchant id is digits'),
    appid: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_]{6,64}$/, 'an app id such as wx0123456789abcdef'),
    serial_no: z
      .string()
      .trim()
      .regex(/^[A-Fa-f0-9]{8,64}$/, 'the API certificate serial number (hex)'),
    private_key: pem,
    apiv3_key: z.string().length(32, 'the APIv3 key is 32 characters'),
    platform_public_key: pem.optional(),
    platform_public_key_id: z.string().trim().min(1).max(128).optional(),
    platform_certificate: pem.optional(),
  })
  .refine(
    (value) =>
      (value.platform_public_key !== undefined && value.platform_public_key_id !== undefined) ||
      value.platform_certificate !== undefined,
    {
      message: 'give the WeChat Pay public key with its id, or the platform certificate',
      path: ['platform_public_key'],
    },
  );
export type WechatpayCredentials = z.infer<typeof WechatpayCredentials>;

/** Alipay open-platform credentials: app id, the app's RSA2 private key, Alipay's public key, gateway. */
export const AlipayCredentials = z.object({
  app_id: z
    .string()
    .trim()
    .regex(/^\d{8,32}$/, 'an Alipay app id is digits'),
  private_key: pemOrBase64,
  alipay_public_key: pemOrBase64,
  /** Default the production gateway https://openapi.alipay.com/gateway.do (sandbox: …alipaydev…). */
  gateway: z
    .string()
    .trim()
    .url()
    .refine((url) => /^https?:\/\//.test(url), 'an http(s) address')
    .optional(),
});
export type AlipayCredentials = z.infer<typeof AlipayCredentials>;

/** Stripe credentials: secret (or restricted) API key and the webhook endpoint's signing secret. */
export const StripeCredentials = z.object({
  secret_key: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'a key such as sk_live_…'),
  webhook_secret: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, 'a signing secret such as whsec_…'),
});
export type StripeCredentials = z.infer<typeof StripeCredentials>;

/** The sandbox needs no credentials. */
export const SandboxCredentials = z.object({});

/** Credential schema per provider name (commerce_settings.payment_provider). */
export const paymentCredentialSchemas = {
  sandbox: SandboxCredentials,
  wechatpay: WechatpayCredentials,
  alipay: AlipayCredentials,
  stripe: StripeCredentials,
} as const;

/** Field names of each provider's credentials, in the order the console lists them. */
export const paymentCredentialFields = {
  sandbox: [],
  wechatpay: [
    'mchid',
    'appid',
    'serial_no',
    'private_key',
    'apiv3_key',
    'platform_public_key',
    'platform_public_key_id',
    'platform_certificate',
  ],
  alipay: ['app_id', 'private_key', 'alipay_public_key', 'gateway'],
  stripe: ['secret_key', 'webhook_secret'],
} as const satisfies Record<keyof typeof paymentCredentialSchemas, readonly string[]>;

export type PaymentCredentialsProvider = keyof typeof paymentCredentialSchemas;
export type PaymentCredentials = {
  sandbox: z.infer<typeof SandboxCredentials>;
  wechatpay: WechatpayCredentials;
  alipay: AlipayCredentials;
  stripe: StripeCredentials;
};

/**
 * Which credential fields are set, for the console (never the values): `{ field: boolean }` over
 * every field of the provider's shape; a field counts as set when it is a non-empty string.
 * `creds` may be null (nothing stored) or anything an opened box held.
 */
export function credentialsSetOf(
  provider: PaymentCredentialsProvider,
  creds: unknown,
): Record<string, boolean> {
  const record = creds !== null && typeof creds === 'object' ? (creds as Record<string, unknown>) : {};
  return Object.fromEntries(
    paymentCredentialFields[provider].map((field) => {
      const value = record[field];
      return [field, typeof value === 'string' && value.trim() !== ''];
    }),
  );
}

/**
 * Merges a console write into the stored credentials: fields given with a non-empty string
 * replace, fields given as '' or null are removed, others are kept (secrets are write-only, so a
 * form saves without resending them). Unknown fields are dropped. Then validates the whole shape.
 * Output: `{ success: true, data }` or `{ success: false, issues: [{ field, message }] }`.
 */
export function mergePaymentCredentials<P extends PaymentCredentialsProvider>(
  provider: P,
  stored: unknown,
  patch: Record<string, string | null | undefined>,
):
  | { success: true; data: PaymentCredentials[P] }
  | { success: false; issues: { field: string; message: string }[] } {
  const fields: readonly string[] = paymentCredentialFields[provider];
  const base = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const merged: Record<string, unknown> = {};
  for (const field of fields) {
    const given = patch[field];
    if (given === undefined) {
      if (typeof base[field] === 'string' && base[field] !== '') merged[field] = base[field];
    } else if (given !== null && given.trim() !== '') {
      merged[field] = given;
    }
  }
  const parsed = paymentCredentialSchemas[provider].safeParse(merged);
  if (parsed.success) return { success: true, data: parsed.data as PaymentCredentials[P] };
  return {
    success: false,
    issues: parsed.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? ''),
      message: issue.message,
    })),
  };
}

/**
 * Validates opened credentials against the provider's shape.
 * @throws z.ZodError when a field is missing or malformed
 */
export function parsePaymentCredentials<P extends PaymentCredentialsProvider>(
  provider: P,
  creds: unknown,
): PaymentCredentials[P] {
  return paymentCredentialSchemas[provider].parse(creds) as PaymentCredentials[P];
}
