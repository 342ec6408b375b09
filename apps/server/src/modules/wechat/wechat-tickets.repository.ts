import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { credentialsKeyOf } from '../../providers/payment/credentials-box.ts';
import {
  createTicketCache,
  type StoredTicket,
  type TicketCache,
  type TicketKind,
  type TicketStore,
} from '../../providers/wechat/ticket-cache.ts';
import { WechatProviderError } from '../../providers/wechat/wechat.ts';
import type { WechatHttpOptions } from '../../providers/wechat/wechat-http.ts';
import { wechatTickets } from './wechat.tables.ts';

/** What the token cache and WeChat calls need: the database (and its kind) and the configuration. */
export type WechatCacheDeps = {
  db: Database;
  config: Config;
  /** 'pglite' refreshes tokens under an in-process lock instead of a transaction (see ticketStoreOf). */
  dbKind?: 'pglite' | 'postgres';
  /** A shorter budget per WeChat call than the default 10 s (the push path: WeChat waits 5 s in all). */
  wechatTimeoutMs?: number;
};

/** The shared token/ticket cache of this deployment (table wechat_tickets, values sealed). */
export function wechatTicketCacheOf(deps: WechatCacheDeps): TicketCache {
  return createTicketCache(ticketStoreOf(deps.db, deps.dbKind), credentialsKeyOf(deps.config));
}

/** How the adapters reach WeChat: WECHAT_API_BASE, 10 s timeout unless `timeoutMs` is given. */
export const wechatHttpOf = (config: Config, timeoutMs?: number): WechatHttpOptions =>
  timeoutMs === undefined
    ? { apiBase: config.WECHAT_API_BASE }
    : { apiBase: config.WECHAT_API_BASE, timeoutMs };

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

  async function lockedInDatabase<T>(
    appid: string,
    kind: TicketKind,
    work: (current: StoredTicket | null) => Promise<{ store: StoredTicket | null; result: T }>,
  ): Promise<T> {
    try {
      return await lockedTransaction(appid, kind, work);
    } catch (error) {
      if (isLockTimeout(error))
        throw new WechatProviderError(`WeChat ${kind} refresh still running elsewhere (lock wait over)`);
      throw error;
    }
  }

  function lockedTransaction<T>(
    appid: string,
    kind: TicketKind,
    work: (current: StoredTicket | null) => Promise<{ store: StoredTicket | null; result: T }>,
  ): Promise<T> {
    return inTransaction(db, async (tx) => {
      // A waiter gives up after 3 s (502 wechat.unavailable) instead of pinning a pooled connection
      // while the holder waits on WeChat (each call inside the lock has 4 s, see lockedCallTimeoutMs).
      await tx.execute(sql`SET LOCAL lock_timeout = '${sql.raw(String(ticketLockWaitMs))}ms'`);
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

/** How long a refresh waits for another replica's refresh of the same row before giving up (ms). */
export const ticketLockWaitMs = 3_000;

/** True for PostgreSQL's lock_not_available (55P03), raised when lock_timeout expires. */
function isLockTimeout(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '55P03') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
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
