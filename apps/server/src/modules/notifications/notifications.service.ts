import { ErrorCode, type NotificationItem, type NotificationPreference, toWireId } from '@app/contracts';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unix } from '../../db/wire.ts';
import { badRequest } from '../../errors.ts';
import {
  type NotificationKind,
  notificationKinds,
  notificationPreferences,
  notifications,
} from './notifications.tables.ts';

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

/** A notice as the centre lists it (contracts NotificationItem). */
function toItem(row: typeof notifications.$inferSelect): NotificationItem {
  return {
    _id: toWireId(row.id),
    meeting_id: row.meetingId ? toWireId(row.meetingId) : null,
    kind: row.kind,
    values: row.values,
    path: row.path,
    query: row.query,
    is_read: row.readAt ? 1 : 0,
    created: unix(row.createdAt),
  };
}

/** How many of a user's notices are unread (GET /notifications/count, the badge). */
export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * GET /notifications: the caller's notices, newest first (`skip`, `limit` ≤ 50, default 20;
 * `unread=1` keeps unread ones), with the total and the unread count.
 */
export async function listNotifications(
  db: Database,
  input: {
    userId: string;
    skip?: number | undefined;
    limit?: number | undefined;
    unread?: '0' | '1' | undefined;
  },
): Promise<{ results: NotificationItem[]; total: number; unread: number }> {
  const where = and(
    eq(notifications.userId, input.userId),
    ...(input.unread === '1' ? [isNull(notifications.readAt)] : []),
  );
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .offset(input.skip ?? 0)
      .limit(input.limit ?? 20),
    db.select({ n: count() }).from(notifications).where(where),
    countUnread(db, input.userId),
  ]);
  return { results: rows.map(toItem), total: total?.n ?? 0, unread };
}

/**
 * PUT /notifications/read: marks the caller's notices read — `ids` (others' are ignored) or `all`.
 * @throws 400 validation_failed when neither is given
 */
export async function markRead(
  db: Database,
  input: { userId: string; ids?: string[] | undefined; all?: 1 | '1' | undefined },
): Promise<{ updated: number; unread: number }> {
  if (!input.all && (!input.ids || input.ids.length === 0)) {
    throw badRequest(ErrorCode.validation, 'Give ids or all: 1');
  }
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, input.userId),
        isNull(notifications.readAt),
        ...(input.all ? [] : [inArray(notifications.id, input.ids ?? [])]),
      ),
    )
    .returning({ id: notifications.id });
  return { updated: rows.length, unread: await countUnread(db, input.userId) };
}

/** GET /notification/preferences: mail / SMS per kind, every kind (1 when never chosen). */
export async function listPreferences(
  db: Database,
  userId: string,
): Promise<{ results: NotificationPreference[] }> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return {
    results: notificationKinds.map((kind) => ({
      kind,
      mail: (byKind.get(kind)?.mail ?? 1) === 1 ? 1 : 0,
      sms: (byKind.get(kind)?.sms ?? 1) === 1 ? 1 : 0,
    })),
  };
}

/**
 * PUT /notification/preferences: sets mail / SMS of the kinds given (one upsert each, in one
 * transaction); answers every kind.
 */
export async function savePreferences(
  db: Database,
  input: {
    userId: string;
    results: {
      kind: NotificationKind;
      mail?: 0 | 1 | '0' | '1' | undefined;
      sms?: 0 | 1 | '0' | '1' | undefined;
    }[];
  },
): Promise<{ results: NotificationPreference[] }> {
  await inTransaction(db, async (tx) => {
    for (const choice of input.results) {
      const current = await notificationChannels(tx, input.userId, choice.kind);
      const mail = choice.mail === undefined ? (current.mail ? 1 : 0) : Number(choice.mail);
      const sms = choice.sms === undefined ? (current.sms ? 1 : 0) : Number(choice.sms);
      await tx
        .insert(notificationPreferences)
        .values({ userId: input.userId, kind: choice.kind, mail, sms })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { mail, sms, updatedAt: new Date() },
        });
    }
  });
  return listPreferences(db, input.userId);
}
