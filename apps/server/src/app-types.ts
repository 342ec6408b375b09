import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './modules/jobs/jobs.service.ts';

/** A cached answer: the JSON text and, when worth it, its brotli and gzip forms. */
export type CachedResponse = { body: string; br?: Buffer; gzip?: Buffer };

/**
 * The part of a cacheable list answer that is the caller's own (plugins/response-cache.ts): some
 * fields of some items, e.g. each enterprise's `is_liked` and the totals it moves.
 */
export type ViewerOverlay = {
  /** The items of the guests' answer (parsed JSON) that carry the caller's part, each with its id. */
  itemsOf: (answer: unknown) => { id: string; item: Record<string, unknown> }[];
  /** The item fields the caller's part sets (JSON numbers, booleans or strings). */
  fields: readonly string[];
  /**
   * The caller's values of `fields` for the items with these ids (duplicates possible), read now;
   * an item missing from the map keeps the guests' values.
   */
  read: (userId: string, ids: string[]) => Promise<Map<string, Record<string, unknown>>>;
};

/** A cache of serialised public GET responses (see plugins/response-cache.ts). */
export type ResponseCache = {
  /** False when CACHE_TTL_SECONDS is 0: nothing is stored and the plugin stands aside. */
  isEnabled: boolean;
  get: (key: string) => CachedResponse | undefined;
  /**
   * Compresses `body` (off the event loop) and stores it, unless clear() ran since `generation` was
   * read (the answer may predate a write); resolves to the entry either way.
   */
  set: (key: string, body: string, generation: number) => Promise<CachedResponse>;
  /** Counts clear() calls: read it before the handler runs, pass it to set(). */
  generation: () => number;
  clear: () => void;
};

/**
 * What every module may use: the database, the configuration, the public response cache and the
 * durable job queue (modules/jobs, DESIGN §9).
 */
export type AppDeps = {
  db: Database;
  dbKind: 'pglite' | 'postgres';
  config: Config;
  cache: ResponseCache;
  jobs: JobQueue;
};

/** The Fastify instance with the zod type provider, as modules receive it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * The caller of a request, resolved once per request (DESIGN §4.4): client headers, and the session
 * when an Authorization token is given (plugins/auth.ts).
 */
export type Actor = {
  deviceId: string | null;
  clientId: string | null;
  version: string | null;
  /** Logged-in user, or null for an anonymous visitor (device id only, §4 Session). */
  userId: string | null;
  sessionId: string | null;
  /** Meeting the session belongs to. */
  sessionMeetingId: string | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    actor: Actor;
    /** The body exactly as received (for the Apikey body hash); '' when there is none. */
    rawBody: string;
    /** The path percent-decoded, slashes collapsed, dot segments resolved (plugins/path-normalisation.ts). */
    normalisedPath: string;
  }
  interface FastifyContextConfig {
    /** Serve this public GET from the response cache (keyed by URL) for CACHE_TTL_SECONDS. */
    isCacheable?: boolean;
    /** Like isCacheable, for anonymous callers only (answers that differ per logged-in user). */
    isCacheableForGuests?: boolean;
    /**
     * With isCacheableForGuests: how a logged-in caller's answer differs from the guests' one (their
     * own reactions). The cache then serves logged-in callers too: the guests' answer with the
     * caller's values in these fields (plugins/response-cache.ts); handlers read the viewer with
     * viewerIdOf().
     */
    viewerOverlay?: ViewerOverlay;
    /**
     * 'required': 401 login.required without a session. Default 'optional': anonymous calls pass,
     * but a token that is given must be valid (403 token.invalid otherwise). 'none': any token is
     * ignored, even a stale one (health checks).
     */
    auth?: 'required' | 'optional' | 'none';
    /**
     * No Apikey on this route: browser navigations (OAuth callbacks, file downloads) and uploads to
     * the storage endpoint, which carry their own proof (state, upload token).
     */
    skipApikey?: boolean;
    /**
     * Meeting content a visitor may read without logging in only when the meeting allows it
     * (allow_guest_view = 1 and limits.type = 0, §2 routing rules, §6); otherwise 401 login.required.
     */
    isGuestViewable?: boolean;
    /**
     * For guest-viewable routes that address an item by path id alone (a form, an activity): the
     * meeting of that item (undefined when unknown), so the guest rule applies to it (§6).
     */
    guestMeetingOf?: (request: FastifyRequest) => Promise<string | undefined>;
  }
}
