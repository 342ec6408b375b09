import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { type NotificationKind, notificationPreferences, notifications } from './notifications.tables.ts';

/** One in-app notification to record (the notification centre under Me). */
export type NotificationInput = {
  userId: string;
  /** The meeting the event happened in; null for person-level events. */
  meetingId: string | null;
  kind: NotificationKind;
  /** Placeholder values of the kind's text, filled on the client in the reader's language. */
  values?: Record<string, string>;
  /** App path (hash route without '#') that opens the item, e.g. '/my/connections/application'. */
  path?: string;
  query?: Record<string, string>;
};

/**
 * Records an in-app notification in `tx` — call it inside the writing transaction so it exists only
 * if the write commits. Never throws for the caller's input beyond database errors.
 */
export async function recordNotification(tx: Database, input: NotificationInput): Promise<void> {
  await tx.insert(notifications).values({
    id: newId(),
    userId: input.userId,
    meetingId: input.meetingId,
    kind: input.kind,
    values: input.values ?? {},
    path: input.path ?? '',
    query: input.query ?? {},
  });
}

/**
 * Whether `userId` wants mail and SMS for notices of `kind` (both on when they chose nothing). Callers
 * that mail or text a user check this before queueing the message.
 */
export async function notificationChannels(
  db: Database,
  userId: string,
  kind: NotificationKind,
): Promise<{ mail: boolean; sms: boolean }> {
  const [row] = await db
    .select({ mail: notificationPreferences.mail, sms: notificationPreferences.sms })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)))
    .limit(1);
  return { mail: (row?.mail ?? 1) === 1, sms: (row?.sms ?? 1) === 1 };
}
