import nodemailer from 'nodemailer';
import { ProviderError } from '../sms/sms.ts';
import type { MailProvider } from './mail.ts';

/**
 * Mail through an SMTP server with nodemailer. `url` is smtp(s)://user:pass@host:port (MAIL_SMTP_URL);
 * nodemailer upgrades smtp:// with STARTTLS when the server offers it. Timeouts are short so a dead server
 * fails the delivery attempt (retried by the job queue) instead of holding a worker past its expiry.
 */
export function createSmtpMailProvider(options: { url: string; from: string }): MailProvider {
  // nodemailer parses the URL itself (also query options such as ?tls.rejectUnauthorized=false).
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    name: 'smtp',
    send: async (message) => {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
        return {
          id: info.messageId,
          response: { response: info.response, accepted: info.accepted.map(String) },
        };
      } catch (error) {
        const smtpError = error as {
          code?: string;
          response?: string;
          responseCode?: number;
          message?: string;
        };
        throw new ProviderError(`SMTP send failed: ${smtpError.code ?? 'error'}`, {
          code: smtpError.code ?? '',
          responseCode: smtpError.responseCode ?? 0,
          response: smtpError.response ?? smtpError.message ?? '',
        });
      }
    },
  };
}
