import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { StoredTicket, TicketKind, TicketStore } from '../../providers/wechat/ticket-cache.ts';
import { wechatTickets } from './wechat.tables.ts';

/**
 * The shared WeChat token/ticket cache on table wechat_tickets (§9; providers/wechat/ticket-cache.ts
 * holds the rules). A refresh locks the row: INSERT … ON CONFLICT DO NOTHING a placeholder (empty
 * value, already expired) so there is a row to lock, SELECT … FOR UPDATE, then UPDATE with what the
 * work answers — all in one transaction, so a failed WeChat call stores nothing. A second replica
 * refreshing at the same time waits on the lock and then sees the first one's value.
 */
export function ticketStoreOf(db: Database): TicketStore {
  const where = (appid: string, kind: TicketKind) =>
    and(eq(wechatTickets.appid, appid), eq(wechatTickets.kind, kind));
  return {
    read: async (appid, kind) => {
      const [row] = await db
        .select({ valueSealed: wechatTickets.valueSealed, expiresAt: wechatTickets.expiresAt })
        .from(wechatTickets)
        .where(where(appid, kind));
      return row ?? null;
    },
    withLock: (appid, kind, work) =>
      inTransaction(db, async (tx) => {
        await tx
          .insert(wechatTickets)
          .values({ appid, kind, valueSealed: '', expiresAt: new Date(0) })
          .onConflictDoNothing();
        const [row] = await tx
          .select({ valueSealed: wechatTickets.valueSealed, expiresAt: wechatTickets.expiresAt })
          .from(wechatTickets)
          .where(where(appid, kind))
          .for('update');
        const current: StoredTicket | null = row && row.valueSealed !== '' ? row : null;
        const { store, result } = await work(current);
        if (store)
          await tx
            .update(wechatTickets)
            .set({ valueSealed: store.valueSealed, expiresAt: store.expiresAt, updatedAt: new Date() })
            .where(where(appid, kind));
        return result;
      }),
    drop: async (appid, kind) => {
      await db.delete(wechatTickets).where(where(appid, kind));
    },
  };
}
