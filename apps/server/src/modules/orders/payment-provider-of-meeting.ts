import { ErrorCode } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { createPaymentProvider } from '../../providers/payment/create-payment-provider.ts';
import { credentialsKeyOf, openCredentials } from '../../providers/payment/credentials-box.ts';
import type { PaymentProvider, PaymentProviderName } from '../../providers/payment/payment.ts';
import { paymentCredentialSchemas } from '../../providers/payment/payment-credentials.ts';
import { commerceSettings } from './orders.tables.ts';

/** Error code of a meeting whose provider lacks working credentials (409). */
export const paymentNotConfiguredCode = ErrorCode.paymentNotConfigured;

/** 409: the meeting's payment provider has no (readable, complete) credentials; the organiser must set them. */
export const paymentNotConfigured = (provider: string, why: string) =>
  new AppError(409, paymentNotConfiguredCode, `Payment provider ${provider} is not configured: ${why}`);

type Cached = { provider: string; version: number; ciphertext: string | null; built: PaymentProvider };

/** Built providers per database (so test apps on separate databases never share) and meeting. */
const cache = new WeakMap<Database, Map<string, Cached>>();

const providerNames = new Set<string>(['sandbox', 'wechatpay', 'alipay', 'stripe']);

/**
 * The payment provider of a meeting (commerce design "Credentials at rest"; DESIGN §8): reads its
 * commerce_settings row (none = PAYMENT_PROVIDER, 'sandbox' by default), opens the sealed credentials with the key from the
 * environment (SECRETS_KEY, else derived from AUTH_SECRET), checks their shape and builds the
 * adapter. Built providers are kept per (meeting, settings version, provider, ciphertext), so a
 * console change is picked up on the next call without a restart; one settings read per call.
 * @throws AppError 409 'payment.not_configured' when a WeChat Pay, Alipay or Stripe meeting has no
 * credentials, credentials sealed under another key, or credentials missing a field; and for the
 * sandbox in production without PAYMENT_SANDBOX=1
 */
export async function getMeetingPaymentProvider(
  db: Database,
  config: Pick<
    Config,
    'AUTH_SECRET' | 'SECRETS_KEY' | 'PUBLIC_URL' | 'PAYMENT_PROVIDER' | 'NODE_ENV' | 'PAYMENT_SANDBOX'
  >,
  meetingId: string,
): Promise<PaymentProvider> {
  const [row] = await db
    .select({
      provider: commerceSettings.paymentProvider,
      ciphertext: commerceSettings.credentialsCiphertext,
      version: commerceSettings.version,
    })
    .from(commerceSettings)
    .where(eq(commerceSettings.meetingId, meetingId))
    .limit(1);
  const provider = row?.provider ?? config.PAYMENT_PROVIDER;
  const version = row?.version ?? 0;
  const ciphertext = row?.ciphertext ?? null;
  let perMeeting = cache.get(db);
  if (!perMeeting) {
    perMeeting = new Map();
    cache.set(db, perMeeting);
  }
  const hit = perMeeting.get(meetingId);
  if (hit && hit.provider === provider && hit.version === version && hit.ciphertext === ciphertext)
    return hit.built;

  if (!providerNames.has(provider)) throw paymentNotConfigured(provider, 'unknown provider');
  const name = provider as PaymentProviderName;
  // The sandbox confirms payments without money: not in production unless asked for (staging).
  if (name === 'sandbox' && config.NODE_ENV === 'production' && config.PAYMENT_SANDBOX !== '1') {
    throw paymentNotConfigured(
      name,
      'the sandbox takes no money; choose a real provider (PAYMENT_SANDBOX=1 allows it on staging)',
    );
  }
  let credentials: unknown = {};
  if (name !== 'sandbox') {
    if (!ciphertext) throw paymentNotConfigured(name, 'no credentials set');
    try {
      credentials = openCredentials(ciphertext, credentialsKeyOf(config));
    } catch {
      throw paymentNotConfigured(
        name,
        'the stored credentials do not open with the current key (SECRETS_KEY or AUTH_SECRET changed?)',
      );
    }
    const parsed = paymentCredentialSchemas[name].safeParse(credentials);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')))].join(', ');
      throw paymentNotConfigured(name, `credentials incomplete (${fields})`);
    }
    credentials = parsed.data;
  }
  let built: PaymentProvider;
  try {
    built = createPaymentProvider(name, credentials, {
      meetingId,
      authSecret: config.AUTH_SECRET,
      publicUrl: config.PUBLIC_URL,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A key or certificate that passed the shape check but does not parse.
    throw paymentNotConfigured(name, (error as Error).message);
  }
  perMeeting.set(meetingId, { provider, version, ciphertext, built });
  return built;
}
