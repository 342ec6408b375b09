import type { OutboxMessage } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { MailMessage, MailProvider } from '../../providers/mail/mail.ts';
import { ProviderError, type SmsMessage, type SmsProvider } from '../../providers/sms/sms.ts';
import type { JobAttempt, JobQueue, JobType } from '../jobs/jobs.service.ts';
import {
  findLatestOutboxMessages,
  findOutboxMessage,
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

/** What is stored in outbox_messages before the provider sees it. */
type StoredMessage = {
  channel: 'sms' | 'mail';
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
};

/** Data of a delivery job: the outbox row and the message as its provider takes it. */
export type DeliverMessageData =
  | { messageId: string; channel: 'sms'; sms: SmsMessage }
  | { messageId: string; channel: 'mail'; mail: MailMessage };

/**
 * Hands a stored message to its provider (DESIGN §9): five attempts, the retries 5–10 s, 10–20 s,
 * 20–40 s and 40–80 s apart, so a provider outage of a minute or two still delivers a login code
 * well within its 10 minutes.
 */
export const deliverMessageJob: JobType<DeliverMessageData> = {
  name: 'messages-deliver',
  retryLimit: 4,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 120,
};

/** A message accepted for delivery: its outbox row (status `queued`) and its job. */
export type QueuedMessage = { messageId: string };

export type QueueMessageDeps = { db: Database; jobs: JobQueue };

function failureResponse(error: unknown): Record<string, unknown> {
  if (error instanceof ProviderError) return { error: error.message, ...error.response };
  return { error: error instanceof Error ? error.message : String(error) };
}

async function queueMessage(
  deps: QueueMessageDeps,
  stored: StoredMessage,
  meta: { provider: string; meetingId: string | null },
  job: (messageId: string) => DeliverMessageData,
): Promise<QueuedMessage> {
  const id = newId();
  // One transaction (or a savepoint in the caller's): the row and its job exist together or not at all.
  await inTransaction(deps.db, async (tx) => {
    await insertOutboxMessage(tx, { id, ...stored, ...meta, status: 'queued' });
    await deps.jobs.enqueue(tx, deliverMessageJob, job(id));
  });
  deps.jobs.wake(deliverMessageJob);
  return { messageId: id };
}

/**
 * Records an SMS in outbox_messages (status `queued`, shown at /dev/outbox at once) and enqueues its
 * delivery through the configured provider, in one transaction — `deps.db` may be the caller's, so
 * the message goes out only if the caller's change commits. The delivery job sets `sent` or, after
 * the last retry, `failed` with the provider's answer; a provider outage never fails the caller.
 */
export async function queueSms(
  deps: QueueMessageDeps & { sms: Pick<SmsProvider, 'name'> },
  input: { message: SmsMessage; meetingId: string | null },
): Promise<QueuedMessage> {
  const { message } = input;
  return queueMessage(
    deps,
    { channel: 'sms', recipient: message.to, subject: '', body: message.text, html: null },
    { provider: deps.sms.name, meetingId: input.meetingId },
    (messageId) => ({ messageId, channel: 'sms', sms: message }),
  );
}

/** Records an e-mail and enqueues its delivery, like queueSms. */
export async function queueMail(
  deps: QueueMessageDeps & { mail: Pick<MailProvider, 'name'> },
  input: { message: MailMessage; meetingId: string | null },
): Promise<QueuedMessage> {
  const { message } = input;
  return queueMessage(
    deps,
    {
      channel: 'mail',
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      html: message.html ?? null,
    },
    { provider: deps.mail.name, meetingId: input.meetingId },
    (messageId) => ({ messageId, channel: 'mail', mail: message }),
  );
}

/**
 * The delivery job's handler: sends a queued message through its provider and sets the row `sent`
 * with the provider's receipt. A refusal or an unreachable provider is recorded on the row (still
 * `queued`) and thrown, so the job is retried; on the last attempt the row becomes `failed`. A row
 * that is no longer `queued` was handled by an earlier run of this job (a worker that died after
 * sending): nothing is sent twice from here.
 */
export async function deliverQueuedMessage(
  deps: { db: Database; sms: SmsProvider; mail: MailProvider },
  data: DeliverMessageData,
  attempt: JobAttempt,
): Promise<void> {
  const row = await findOutboxMessage(deps.db, data.messageId);
  if (row?.status !== 'queued') return;
  try {
    const receipt = data.channel === 'sms' ? await deps.sms.send(data.sms) : await deps.mail.send(data.mail);
    await setOutboxMessageStatus(deps.db, row.id, {
      status: 'sent',
      providerResponse: { id: receipt.id, ...receipt.response },
    });
  } catch (error) {
    const providerResponse = { ...failureResponse(error), attempt: attempt.retryCount + 1 };
    await setOutboxMessageStatus(deps.db, row.id, {
      status: attempt.isLastAttempt ? 'failed' : 'queued',
      providerResponse,
    });
    throw error;
  }
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
