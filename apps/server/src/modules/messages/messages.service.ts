import type { OutboxMessage } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import type { MailMessage, MailProvider } from '../../providers/mail/mail.ts';
import { ProviderError, type SmsMessage, type SmsProvider } from '../../providers/sms/sms.ts';
import {
  findLatestOutboxMessages,
  insertOutboxMessage,
  setOutboxMessageStatus,
} from './messages.repository.ts';

/** Messages GET /texts and /dev/outbox show. */
export const outboxPageSize = 50;

/**
 * Whether the local outbox may be read (GET /texts, /dev/outbox): never in production unless
 * DEV_OUTBOX=1 (a staging server), since it shows every code sent.
 */
export function isOutboxEnabled(config: Config): boolean {
  return config.NODE_ENV !== 'production' || config.DEV_OUTBOX === '1';
}

/** Outcome of a delivery: `sent` when the provider accepted the message. */
export type Delivery = { status: 'sent' | 'failed'; messageId: string };

function failureResponse(error: unknown): Record<string, unknown> {
  if (error instanceof ProviderError) return { error: error.message, ...error.response };
  return { error: error instanceof Error ? error.message : String(error) };
}

async function deliver(
  db: Database,
  stored: { channel: 'sms' | 'mail'; recipient: string; subject: string; body: string; html: string | null },
  meta: { provider: string; meetingId: string | null },
  send: () => Promise<{ id: string; response?: Record<string, unknown> }>,
): Promise<Delivery> {
  const id = newId();
  await insertOutboxMessage(db, { id, ...stored, ...meta, status: 'queued' });
  try {
    const receipt = await send();
    await setOutboxMessageStatus(db, id, {
      status: 'sent',
      providerResponse: { id: receipt.id, ...receipt.response },
    });
    return { status: 'sent', messageId: id };
  } catch (error) {
    await setOutboxMessageStatus(db, id, { status: 'failed', providerResponse: failureResponse(error) });
    return { status: 'failed', messageId: id };
  }
}

/**
 * Sends an SMS through the configured provider and records it in outbox_messages (status queued,
 * then sent or failed with the provider's answer), whatever the provider. Never throws for a
 * provider failure: the caller decides (e.g. 502 code.send_failed).
 */
export async function deliverSms(
  deps: { db: Database; sms: SmsProvider },
  input: { message: SmsMessage; meetingId: string | null },
): Promise<Delivery> {
  const { message } = input;
  return deliver(
    deps.db,
    { channel: 'sms', recipient: message.to, subject: '', body: message.text, html: null },
    { provider: deps.sms.name, meetingId: input.meetingId },
    () => deps.sms.send(message),
  );
}

/** Sends an e-mail through the configured provider and records it, like deliverSms. */
export async function deliverMail(
  deps: { db: Database; mail: MailProvider },
  input: { message: MailMessage; meetingId: string | null },
): Promise<Delivery> {
  const { message } = input;
  return deliver(
    deps.db,
    {
      channel: 'mail',
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      html: message.html ?? null,
    },
    { provider: deps.mail.name, meetingId: input.meetingId },
    () => deps.mail.send(message),
  );
}

/** GET /texts: the latest 50 messages, newest first (`created` in unix seconds). */
export async function listOutbox(deps: { db: Database }): Promise<OutboxMessage[]> {
  const rows = await findLatestOutboxMessages(deps.db, outboxPageSize);
  return rows.map((row) => ({
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    created: Math.floor(row.createdAt.getTime() / 1000),
  }));
}
