import { openCredentials, sealCredentials } from '../payment/credentials-box.ts';

/**
 * What the shared cache keeps per AppID (table wechat_tickets): the official account's and the
 * mini-program's access tokens, the JS-SDK and card tickets, and the third-party platform's component/authorizer tokens.
 */
export type TicketKind =
  | 'access_token'
  | 'mini_access_token'
  | 'jsapi'
  | 'wx_card'
  | 'component_access_token'
  | 'component_verify_ticket'
  | 'authorizer_access_token'
  // Scoped by the credential that fetched it (`<kind>:<first 16 hex of sha256(secret)>`): two meetings
  // typing the same AppID with different secrets never share a token or a ticket (§9).
  | `${'access_token' | 'mini_access_token' | 'jsapi' | 'wx_card'}:${string}`;

/** A stored row: the sealed value and when it stops being usable. */
export type StoredTicket = { valueSealed: string; expiresAt: Date };

/**
 * The storage under the cache (modules/wechat/wechat-tickets.repository.ts implements it on the
 * database): a plain read, a refresh under the row's lock, and a drop.
 */
export type TicketStore = {
  read: (appid: string, kind: TicketKind) => Promise<StoredTicket | null>;
  /**
   * Runs `work` in one transaction holding the row lock of (appid, kind) — a placeholder row is
   * inserted first when none exists (INSERT … ON CONFLICT DO NOTHING, then SELECT … FOR UPDATE) —
   * `work` sees the row as locked (null for the placeholder) and answers the row to store, or null to
   * keep it. When `work` throws, nothing is stored (the placeholder is rolled back too).
   */
  withLock: <T>(
    appid: string,
    kind: TicketKind,
    work: (current: StoredTicket | null) => Promise<{ store: StoredTicket | null; result: T }>,
  ) => Promise<T>;
  /** Forgets the value (the next read refetches). */
  drop: (appid: string, kind: TicketKind) => Promise<void>;
};

/** A fresh value WeChat gave and how long WeChat says it lives (`expires_in`, seconds). */
export type FetchedTicket = { value: string; expiresIn: number };

/**
 * The shared token/ticket cache (§7 /wechat/service/jssdk "cached 15 minutes", §9): every replica reads
 * the same rows; one refreshes a row at a time under its lock, the others wait and read its result.
 */
export type TicketCache = {
  /** The cached value when it does not expire within 60 s, else null (no lock, no WeChat call). */
  peek: (appid: string, kind: TicketKind) => Promise<string | null>;
  /**
   * The value, refreshed with `fetchValue` under the row lock when missing or expiring within 60 s
   * (re-checked after taking the lock: a replica that waited uses the value the other one stored).
   * @throws whatever fetchValue throws; nothing is stored then
   */
  get: (appid: string, kind: TicketKind, fetchValue: () => Promise<FetchedTicket>) => Promise<string>;
  drop: (appid: string, kind: TicketKind) => Promise<void>;
};

/** A cached value is used only while it has more than this left (ms). */
export const ticketRefreshMarginMs = 60_000;

/**
 * How long we keep a value WeChat says lives `expiresIn` seconds (seconds, at least 1): 5 minutes
 * less than WeChat's life, and at most 15 minutes for the JS-SDK and card tickets (§9 "cached 15
 * minutes") or 2 hours for tokens (WeChat's 7,200 s). The component verify ticket is pushed every
 * 10 minutes and lives 12 hours: kept for its full `expiresIn`.
 */
export function ticketLifeSeconds(kind: TicketKind, expiresIn: number): number {
  const base = kind.split(':')[0];
  if (base === 'component_verify_ticket') return Math.max(1, Math.floor(expiresIn));
  const cap = base === 'jsapi' || base === 'wx_card' ? 900 : 7200;
  return Math.max(1, Math.min(Math.floor(expiresIn) - 300, cap));
}

/**
 * The cache over a store; values are sealed with `key` (credentials-box: an access token is a
 * credential, so the database never holds one in clear). `now` is injectable for tests.
 */
export function createTicketCache(
  store: TicketStore,
  key: Buffer,
  now: () => number = Date.now,
): TicketCache {
  const usable = (row: StoredTicket | null): string | null => {
    if (!row || row.valueSealed === '' || row.expiresAt.getTime() - now() <= ticketRefreshMarginMs)
      return null;
    try {
      const value = openCredentials(row.valueSealed, key);
      return typeof value === 'string' ? value : null;
    } catch {
      // Sealed under another key (rotated SECRETS_KEY): refetch.
      return null;
    }
  };
  return {
    peek: async (appid, kind) => usable(await store.read(appid, kind)),
    get: async (appid, kind, fetchValue) => {
      const cached = usable(await store.read(appid, kind));
      if (cached !== null) return cached;
      return store.withLock(appid, kind, async (current) => {
        const fresh = usable(current);
        if (fresh !== null) return { store: null, result: fresh };
        const fetched = await fetchValue();
        const expiresAt = new Date(now() + ticketLifeSeconds(kind, fetched.expiresIn) * 1000);
        return {
          store: { valueSealed: sealCredentials(fetched.value, key), expiresAt },
          result: fetched.value,
        };
      });
    },
    drop: (appid, kind) => store.drop(appid, kind),
  };
}
