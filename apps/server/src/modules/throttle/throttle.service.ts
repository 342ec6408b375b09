import { createHmac } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { App } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { tooFrequent } from '../../errors.ts';
import { credentialFailures } from './throttle.tables.ts';

/**
 * Throttling of credential guesses (§8 'Do not operate frequently!'): wrong verification codes and
 * wrong passwords slow down whoever sends them, with delays that double per failure, instead of
 * locking the account. Every try is counted under several scopes at once — typically
 * (account, IP), IP, and the account on its own — each with its own free failures and a cap on the
 * delay:
 *
 * - after `freeFailures` failures of a scope and key, the next try must wait 1 s, then 2 s, 4 s, …
 *   (2^k seconds after `freeFailures + k` failures), at most `maxDelaySeconds`;
 * - a try that comes too early is answered 429 too_frequent with Retry-After and is NOT compared,
 *   nor counted;
 * - a key quiet for `forgetAfterSeconds` starts again from zero.
 *
 * So a stranger's wrong codes from their IP delay the stranger, while the owner from another IP is
 * only ever slowed by the account-wide scope, whose free failures are generous and whose delay is
 * capped (a delay, never a lock-out). Guessing stays infeasible: each IP gets a few tries per
 * account, each account a bounded number of tries per day whatever the number of IPs.
 *
 * Counters live in the database (one row per scope and key, row-locked while counted), so every
 * server replica shares them and concurrent guesses are all counted before any is compared.
 */

/** How a scope counts failures (see the module comment). */
export type ThrottleRule = {
  scope: string;
  freeFailures: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
  /**
   * What a right credential does to this scope's count: 'reset' forgets it (the pair of account and
   * IP: the owner's own typos), 'give_back' only takes back the try just counted (an IP or an
   * account under attack stays slowed).
   */
  onSuccess: 'reset' | 'give_back';
};

/** One scope and key a try is counted under, e.g. `{ rule: codeThrottle.pair, key: 'sms:+86…|10.0.0.1' }`. */
export type ThrottleEntry = { rule: ThrottleRule; key: string };

/** A counted try: call `succeeded()` when the credential was right. */
export type ThrottledAttempt = { succeeded: () => Promise<void> };

type ThrottleStore = { db: Database; now: () => number };

/** The app's root database per configuration: counts survive a caller's rolled-back transaction. */
const stores = new WeakMap<Config, ThrottleStore>();

/**
 * Registers the app's database and the wall clock as the throttle store of its configuration, once
 * per app (route modules call it; services find it through their `config`).
 */
export function useCredentialThrottle(app: App): void {
  const { config, db } = app.deps;
  const existing = stores.get(config);
  if (existing) {
    existing.db = db;
    return;
  }
  stores.set(config, { db, now: () => Date.now() });
}

/**
 * Replaces the clock of a configuration's throttle (milliseconds since the epoch) — tests move time
 * forward without sleeping.
 */
export function setThrottleClock(config: Config, now: () => number, db?: Database): void {
  const store = stores.get(config);
  if (store) store.now = now;
  else if (db) stores.set(config, { db, now });
  else throw new Error('setThrottleClock: the app has not registered its throttle store');
}

function storeOf(deps: { db: Database; config: Config }): ThrottleStore {
  return stores.get(deps.config) ?? { db: deps.db, now: () => Date.now() };
}

function keyHash(secret: string, entry: ThrottleEntry): string {
  return createHmac('sha256', secret).update(`${entry.rule.scope}|${entry.key}`).digest('hex');
}

/** Seconds a key must wait after its `failures`-th failure: 0, then 1, 2, 4, … up to the cap. */
export function delaySeconds(rule: ThrottleRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  const exponent = Math.min(failures - rule.freeFailures, 30);
  return Math.min(2 ** exponent, rule.maxDelaySeconds);
}

/**
 * Counts one try under every entry, before the credential is compared (so concurrent guesses are all
 * counted). Runs in its own transaction on the app's database. It must not be called inside a
 * caller's transaction (it throws then): a rollback would otherwise erase failed tries, and an
 * embedded PGlite, with its single connection, would wait for itself.
 * @returns the counted try; call `succeeded()` when the credential turned out right
 * @throws 429 too_frequent with Retry-After (seconds until the latest waiting scope allows a try);
 *   nothing is counted then
 */
export async function countAttempt(
  deps: { db: Database; config: Config },
  entries: ThrottleEntry[],
): Promise<ThrottledAttempt> {
  const store = storeOf(deps);
  if (deps.db !== store.db) {
    throw new Error('credential tries are counted outside any transaction: pass the app database');
  }
  const secret = deps.config.AUTH_SECRET;
  const keyed = entries
    .map((entry) => ({ ...entry, hash: keyHash(secret, entry) }))
    // One lock order for every caller: two tries never wait on each other in a cycle.
    .sort((a, b) => a.rule.scope.localeCompare(b.rule.scope) || a.hash.localeCompare(b.hash));
  const now = store.now();
  await inTransaction(store.db, async (tx) => {
    for (const entry of keyed) {
      await tx
        .insert(credentialFailures)
        .values({ scope: entry.rule.scope, keyHash: entry.hash })
        .onConflictDoNothing();
    }
    const rows = new Map<string, typeof credentialFailures.$inferSelect>();
    for (const entry of keyed) {
      const [row] = await tx
        .select()
        .from(credentialFailures)
        .where(
          and(eq(credentialFailures.scope, entry.rule.scope), eq(credentialFailures.keyHash, entry.hash)),
        )
        .for('update');
      if (row) rows.set(`${entry.rule.scope}|${entry.hash}`, row);
    }
    let waitMs = 0;
    const next = keyed.map((entry) => {
      const row = rows.get(`${entry.rule.scope}|${entry.hash}`);
      const last = row?.lastFailureAt?.getTime() ?? 0;
      const isForgotten = now - last > entry.rule.forgetAfterSeconds * 1000;
      const failures = isForgotten ? 0 : (row?.failures ?? 0);
      const blockedUntil = isForgotten ? 0 : (row?.blockedUntil?.getTime() ?? 0);
      waitMs = Math.max(waitMs, blockedUntil - now);
      return { entry, failures: failures + 1 };
    });
    if (waitMs > 0) throw tooFrequent(waitMs / 1000);
    for (const { entry, failures } of next) {
      const delay = delaySeconds(entry.rule, failures);
      await tx
        .update(credentialFailures)
        .set({
          failures,
          lastFailureAt: new Date(now),
          blockedUntil: delay > 0 ? new Date(now + delay * 1000) : null,
        })
        .where(
          and(eq(credentialFailures.scope, entry.rule.scope), eq(credentialFailures.keyHash, entry.hash)),
        );
    }
  });
  // About one try in 64 (by the millisecond) also clears day-old counters, so the table stays small
  // without a job of its own.
  if (now % 64 === 0) await pruneFailures(store.db, now);
  return {
    succeeded: async () => {
      const reset = keyed.filter((entry) => entry.rule.onSuccess === 'reset');
      const giveBack = keyed.filter((entry) => entry.rule.onSuccess === 'give_back');
      await inTransaction(store.db, async (tx) => {
        for (const entry of giveBack) {
          const earlier = sql`greatest(${credentialFailures.failures} - 1, 0)`;
          await tx
            .update(credentialFailures)
            .set({
              failures: earlier,
              // The try was allowed, so whatever wait it set came from counting it: none is owed now.
              blockedUntil: sql`case when ${earlier} < ${entry.rule.freeFailures} then null
                else least(${credentialFailures.blockedUntil}, ${new Date(store.now()).toISOString()}::timestamptz) end`,
            })
            .where(
              and(eq(credentialFailures.scope, entry.rule.scope), eq(credentialFailures.keyHash, entry.hash)),
            );
        }
        if (reset.length > 0) {
          for (const scope of new Set(reset.map((entry) => entry.rule.scope))) {
            await tx.delete(credentialFailures).where(
              and(
                eq(credentialFailures.scope, scope),
                inArray(
                  credentialFailures.keyHash,
                  reset.filter((entry) => entry.rule.scope === scope).map((entry) => entry.hash),
                ),
              ),
            );
          }
        }
      });
    },
  };
}

/** Deletes counters untouched for a day (longer than any rule remembers). */
async function pruneFailures(db: Database, now: number): Promise<void> {
  await db.delete(credentialFailures).where(lt(credentialFailures.lastFailureAt, new Date(now - 86_400_000)));
}
