/**
 * Registered SMS templates of providers that send a template instead of free text (Aliyun):
 * `code` a verification code ({code}); `appointment` a meeting-request notice; `live` a live's
 * reminder before its start (§9: {live}, {minutes}).
 */
export type SmsTemplate = 'code' | 'appointment' | 'live';

/** One SMS: the E.164 recipient, the full text (kept in the outbox) and the template values. */
export type SmsMessage = {
  /** E.164, e.g. '+8613800138000'. */
  to: string;
  /** The rendered text in the recipient's language. */
  text: string;
  /** Which registered template a template provider sends; 'code' when absent. */
  template?: SmsTemplate;
  /** Values of that template's variables, e.g. { code: '123456' } for 'code'. */
  templateParams: Record<string, string>;
};

/** What a provider answered: its message id and whatever it returned, for the delivery log. */
export type ProviderReceipt = { id: string; response?: Record<string, unknown> };

/**
 * An SMS provider (DESIGN §1 providers). `send` resolves once the provider accepted the message and
 * throws (a ProviderError when it has the provider's answer) when it refused or could not be reached.
 */
export type SmsProvider = {
  /** 'outbox' | 'aliyun', stored with each message. */
  name: string;
  send: (message: SmsMessage) => Promise<ProviderReceipt>;
};

/** A provider refused a message; `response` is its answer (error code, request id), never secrets. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly response: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The local default: messages are only stored (and shown at /dev/outbox). */
export const outboxSmsProvider: SmsProvider = {
  name: 'outbox',
  send: async () => ({ id: '' }),
};
