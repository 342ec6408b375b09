import type { ProviderReceipt } from '../sms/sms.ts';

/** One e-mail: recipient, subject, plain text and optional HTML. */
export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** A mail provider (DESIGN §1 providers); `send` throws when the server refused or was unreachable. */
export type MailProvider = {
  /** 'outbox' | 'smtp', stored with each message. */
  name: string;
  send: (message: MailMessage) => Promise<ProviderReceipt>;
};

/** The local default: e-mails are only stored (and shown at /dev/outbox). */
export const outboxMailProvider: MailProvider = {
  name: 'outbox',
  send: async () => ({ id: '' }),
};
