/**
 * A payment provider refused a call or could not be reached (not a signature problem: those are
 * PaymentSignatureError). `code` is the provider's error code or one of ours (`network_error`,
 * `currency_unsupported`, `channel_unsupported`, `openid_required`, `client_ip_required`,
 * `response_signature_invalid`, `amount_not_representable`); `response` holds the provider's answer
 * (code, message, request id), never credentials. The orders module answers such a failure as
 * 'payment.failed' (§8 'Payment failed').
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly response: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** Reads a header whatever the case of its name (Fastify lowercases, recorded payloads may not). */
export function headerOf(headers: Record<string, string | undefined>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === lower) return value;
  }
  return undefined;
}
