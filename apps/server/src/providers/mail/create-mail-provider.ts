import type { Config } from '../../config.ts';
import { type MailProvider, outboxMailProvider } from './mail.ts';
import { createSmtpMailProvider } from './smtp-mail.ts';

/** The mail provider of the configuration: SMTP when MAIL_SMTP_URL is set, else the outbox. */
export function createMailProvider(config: Config): MailProvider {
  if (!config.MAIL_SMTP_URL) return outboxMailProvider;
  return createSmtpMailProvider({ url: config.MAIL_SMTP_URL, from: config.MAIL_FROM });
}
