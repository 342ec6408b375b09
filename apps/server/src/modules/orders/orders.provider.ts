import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createPaymentProvider } from '../../providers/payment/create-payment-provider.ts';
import type { PaymentProvider, PaymentProviderName } from '../../providers/payment/payment.ts';
import { findSettings } from './orders.repository.ts';

/**
 * The payment provider of a meeting (commerce settings, else config PAYMENT_PROVIDER). Interim lookup
 * of the orders module: it builds the sandbox only; a meeting set to another provider is refused
 * until the adapters' payment-provider-of-meeting.ts (with the sealed credentials) replaces it.
 * @throws Error 'payment provider <name> is not configured'
 */
export async function sandboxProviderOfMeeting(
  db: Database,
  config: Config,
  meetingId: string,
): Promise<PaymentProvider> {
  const settings = await findSettings(db, meetingId);
  const name = (settings?.paymentProvider ?? config.PAYMENT_PROVIDER) as PaymentProviderName;
  return createPaymentProvider(name, null, {
    meetingId,
    authSecret: config.AUTH_SECRET,
    publicUrl: config.PUBLIC_URL,
  });
}
