import { createAlipayPaymentProvider } from './alipay-payment.ts';
import type { PaymentProvider, PaymentProviderName } from './payment.ts';
import { parsePaymentCredentials } from './payment-credentials.ts';
import { createSandboxPaymentProvider } from './sandbox-payment.ts';
import { createStripePaymentProvider } from './stripe-payment.ts';
import { createWechatpayPaymentProvider } from './wechatpay-payment.ts';

/** What building a provider may need besides its credentials. */
export type PaymentProviderDeps = {
  /** The meeting the provider serves (sandbox signing key, notify URL). */
  meetingId: string;
  /** AUTH_SECRET (sandbox signing key). */
  authSecret: string;
  /** PUBLIC_URL (sandbox page, return addresses). */
  publicUrl: string;
};

/**
 * Builds the payment provider `name` from its opened credentials (commerce design; the WeChat Pay,
 * Alipay and Stripe cases are the adapters' own). The sandbox needs none.
 * @throws Error 'payment provider <name> is not configured' for a provider without its case or credentials
 */
export function createPaymentProvider(
  name: PaymentProviderName,
  credentials: unknown,
  deps: PaymentProviderDeps,
): PaymentProvider {
  switch (name) {
    case 'sandbox':
      return createSandboxPaymentProvider({
        authSecret: deps.authSecret,
        meetingId: deps.meetingId,
        publicUrl: deps.publicUrl,
      });
    // The real adapters check their credentials' shape (ZodError when a field is missing).
    case 'wechatpay':
      return createWechatpayPaymentProvider({
        credentials: parsePaymentCredentials('wechatpay', credentials),
      });
    case 'alipay':
      return createAlipayPaymentProvider({ credentials: parsePaymentCredentials('alipay', credentials) });
    case 'stripe':
      return createStripePaymentProvider({ credentials: parsePaymentCredentials('stripe', credentials) });
    default:
      void credentials;
      throw new Error(`payment provider ${name} is not configured`);
  }
}
