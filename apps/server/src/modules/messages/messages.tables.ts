import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, jsonbValue } from '../../db/columns.ts';

/**
 * Every SMS and e-mail the platform sends, whatever the provider: the local outbox a developer reads
 * at /dev/outbox, and the delivery log in production (status, provider answer).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: idColumn(),
    channel: text('channel', { enum: ['sms', 'mail'] }).notNull(),
    /** E.164 phone or e-mail address. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    html: text('html'),
    /** Provider that handled it: outbox, smtp, aliyun. */
    provider: text('provider').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] }).notNull(),
    /** Provider message id or error text. */
    providerResponse: jsonbValue<Record<string, unknown>>('provider_response').notNull().default({}),
    meetingId: text('meeting_id'),
    createdAt: createdAtColumn(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt)],
);
