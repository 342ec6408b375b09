import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { App } from '../app-types.ts';
import type { Config } from '../config.ts';
import { tooFrequent } from '../errors.ts';

/**
 * Counters with a fixed window (rate-limiter-flexible): in process memory by default, in Redis when
 * REDIS_URL is set so every server replica shares them (DESIGN §1). Keys are whatever the caller
 * normalised (an E.164 phone, a lower-cased e-mail, an IP), so one phone typed three ways is one key.
 */

/** A limit: at most `points` hits per key within `durationSeconds` of the key's first hit. */
export type LimitRule = { name: string; points: number; durationSeconds: number };

/** Result of one hit: whether it was within the limit, the hits so far, seconds until the window ends. */
export type HitResult = { isAllowed: boolean; consumed: number; retryAfterSeconds: number };

export type RateLimits = {
  kind: 'memory' | 'redis';
  /** Counts one hit of `key` under `rule` (atomically, also across replicas with Redis). */
  hit: (rule: LimitRule, key: string) => Promise<HitResult>;
  /**
   * Counts one hit under each rule in order; when one is over its limit, the hits already counted are
   * given back and it throws 429 too_frequent ('Do not operate frequently!') with Retry-After.
   */
  consumeAll: (hits: { rule: LimitRule; key: string }[]) => Promise<void>;
  /** Forgets a key's hits (a correct code clears its failed tries). */
  reset: (rule: LimitRule, key: string) => Promise<void>;
  close: () => Promise<void>;
};

type Limiter = RateLimiterMemory | RateLimiterRedis;

/** One store per configuration object, i.e. per app (tests build several apps in one process). */
const stores = new WeakMap<Config, RateLimits>();
const closeHooked = new WeakSet<RateLimits>();

function createRateLimits(config: Config, onRedisError: (error: Error) => void): RateLimits {
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 5000 })
    : undefined;
  redis?.on('error', onRedisError);
  const limiters = new Map<string, Limiter>();

  const limiterOf = (rule: LimitRule): Limiter => {
    const id = `${rule.name}:${rule.points}:${rule.durationSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      const options = { points: rule.points, duration: rule.durationSeconds };
      limiter = redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis,
            keyPrefix: `${config.REDIS_KEY_PREFIX}rl:${rule.name}`,
            // Redis down: fall back to this process's memory rather than failing every request.
            insuranceLimiter: new RateLimiterMemory({ ...options, keyPrefix: `insurance:${rule.name}` }),
          })
        : new RateLimiterMemory({ ...options, keyPrefix: rule.name });
      limiters.set(id, limiter);
    }
    return limiter;
  };

  const hit = async (rule: LimitRule, key: string): Promise<HitResult> => {
    try {
      const res = await limiterOf(rule).consume(key, 1);
      return { isAllowed: true, consumed: res.consumedPoints, retryAfterSeconds: 0 };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return {
        isAllowed: false,
        consumed: rejection.consumedPoints,
        retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
      };
    }
  };

  return {
    kind: redis ? 'redis' : 'memory',
    hit,
    consumeAll: async (hits) => {
      const counted: { rule: LimitRule; key: string }[] = [];
      for (const entry of hits) {
        const result = await hit(entry.rule, entry.key);
        if (!result.isAllowed) {
          // A refused request should not use up the caller's other allowances (e.g. the 60-second
          // resend window when only the IP limit refused).
          await Promise.all(counted.map((done) => limiterOf(done.rule).reward(done.key, 1)));
          throw tooFrequent(result.retryAfterSeconds);
        }
        counted.push(entry);
      }
    },
    reset: async (rule, key) => {
      await limiterOf(rule).delete(key);
    },
    close: async () => {
      if (redis && redis.status !== 'end') await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * The rate-limit store of an app's configuration, created on first use (Redis when REDIS_URL is set,
 * else memory). Services that only receive `{ db, config }` (e.g. consumeCode) reach it through this.
 */
export function rateLimitsFor(config: Config, onRedisError?: (error: Error) => void): RateLimits {
  let store = stores.get(config);
  if (!store) {
    store = createRateLimits(
      config,
      onRedisError ?? ((error) => console.error(`rate limits: redis error: ${error.message}`)),
    );
    stores.set(config, store);
  }
  return store;
}

/**
 * The app's rate-limit store for a module's registration; closes the Redis connection when the app
 * closes (once, however many modules use it).
 */
export function useRateLimits(app: App): RateLimits {
  const { config } = app.deps;
  const store = rateLimitsFor(config, (error) => app.log.warn({ err: error }, 'rate limits: redis error'));
  if (!closeHooked.has(store)) {
    closeHooked.add(store);
    app.addHook('onClose', async () => {
      stores.delete(config);
      await store.close();
    });
  }
  return store;
}
