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
export function ticketStoreOf(db: Database, dbKind: 'pglite' | 'postgres' = 'postgres'): TicketStore {
  const where = (appid: string, kind: TicketKind) =>
    and(eq(wechatTickets.appid, appid), eq(wechatTickets.kind, kind));
  const read = async (appid: string, kind: TicketKind) => {
    const [row] = await db
      .select({ valueSealed: wechatTickets.valueSealed, expiresAt: wechatTickets.expiresAt })
      .from(wechatTickets)
      .where(where(appid, kind));
    return row ?? null;
  };
  return {
    read,
    withLock: (appid, kind, work) =>
      dbKind === 'pglite'
        ? // PGlite is one connection in one process: a transaction held across WeChat's answer (up to
          // 10 s) would stall every other query, so the lock is this process's instead (there is no
          // other replica), the work runs outside any transaction and its result is upserted.
          inProcessLock(`${appid}:${kind}`, async () => {
            const row = await read(appid, kind);
            const { store, result } = await work(row && row.valueSealed !== '' ? row : null);
            if (store)
              await db
                .insert(wechatTickets)
                .values({ appid, kind, ...store })
                .onConflictDoUpdate({
                  target: [wechatTickets.appid, wechatTickets.kind],
                  set: { valueSealed: store.valueSealed, expiresAt: store.expiresAt, updatedAt: new Date() },
                });
            return result;
          })
        : lockedInDatabase(appid, kind, work),
    drop: async (appid, kind) => {
      await db.delete(wechatTickets).where(where(appid, kind));
    },
  };

  function lockedInDatabase<T>(
    appid: string,
    kind: TicketKind,
    work: (current: StoredTicket | null) => Promise<{ store: StoredTicket | null; result: T }>,
  ): Promise<T> {
    return inTransaction(db, async (tx) => {
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
    });
  }
}

/** Tails of the per-key promise chains of inProcessLock. */
const lockTails = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier holder of `key` in this process finished (success or not). */
function inProcessLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = lockTails.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  lockTails.set(key, tail);
  void tail.then(() => {
    if (lockTails.get(key) === tail) lockTails.delete(key);
  });
  return run;
}
