import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outboxMessages } from './messages.tables.ts';

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
export type NewOutboxMessageRow = typeof outboxMessages.$inferInsert;

/** Stores a message before it is handed to its provider. */
export async function insertOutboxMessage(db: Database, row: NewOutboxMessageRow): Promise<void> {
  await db.insert(outboxMessages).values(row);
}

/** One stored message, or undefined. */
export async function findOutboxMessage(db: Database, id: string): Promise<OutboxMessageRow | undefined> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).limit(1);
  return row;
}

/** Records the provider's verdict on a stored message (`queued` with the answer of a failed try). */
export async function setOutboxMessageStatus(
  db: Database,
  id: string,
  change: { status: 'queued' | 'sent' | 'failed'; providerResponse: Record<string, unknown> },
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ ...change, sentAt: change.status === 'sent' ? sql`now()` : null })
    .where(eq(outboxMessages.id, id));
}

/** The latest messages, newest first. */
export async function findLatestOutboxMessages(db: Database, limit: number): Promise<OutboxMessageRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
}
