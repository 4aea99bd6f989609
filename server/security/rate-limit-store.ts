/**
 * The rate-limit store with REDIS_URL: counts in Redis (one budget for every instance) while Redis
 * answers, and in this process while it does not. A Redis that is away used to cost every limited
 * request 1-4 s (connect timeout and a retry) before the limit was skipped; now a request asks Redis
 * only when its connection is up, with a short command timeout, and otherwise counts here at once.
 * The switch is logged once each way, and readiness reports it (routes/health.ts).
 */
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
// The plugin's own stores (CommonJS, no types): Redis for the shared count, LRU for the local one.
// @ts-expect-error no declaration file
import RedisStoreImpl from '@fastify/rate-limit/store/RedisStore.js';
// @ts-expect-error no declaration file
import LocalStoreImpl from '@fastify/rate-limit/store/LocalStore.js';

type Incr = (key: string, cb: (err: Error | null, res: { current: number; ttl: number } | null) => void, timeWindow: number, max: number) => void;
interface PluginStore {
  incr: Incr;
  child(routeOptions: Record<string, unknown>): PluginStore;
}
type StoreClass = new (...args: unknown[]) => PluginStore;
const RedisStore = RedisStoreImpl as StoreClass;
const LocalStore = LocalStoreImpl as StoreClass;

/** How long a limited request waits on Redis at most (a healthy Redis on the LAN answers in ~1 ms). */
export const REDIS_COMMAND_TIMEOUT_MS = 50;

export interface LimitState {
  /** 'redis' while the shared count answers; 'local' while each process counts its own. */
  mode(): 'redis' | 'local';
}

/** Redis options for the limits: fail at once while disconnected, give up on a command quickly. */
export const LIMIT_REDIS_OPTIONS = {
  connectTimeout: 2000,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  lazyConnect: false,
} as const;

/** A store class for @fastify/rate-limit's `store` option, and the state readiness reads. */
export function fallbackLimitStore(redis: Redis, nameSpace: string, log: FastifyBaseLogger): { Store: StoreClass; state: LimitState } {
  let local = false;
  const toLocal = (err: unknown) => {
    if (local) return;
    local = true;
    log.warn({ code: (err as { code?: unknown })?.code, message: (err as Error)?.message }, 'Redis does not answer: rate limits count in each process until it is back');
  };
  const toShared = () => {
    if (!local) return;
    local = false;
    log.info('Redis answers again: rate limits are shared again');
  };
  redis.on('ready', toShared);

  class FallbackStore implements PluginStore {
    constructor(
      private readonly shared: PluginStore,
      private readonly own: PluginStore,
    ) {}
    incr: Incr = (key, cb, timeWindow, max) => {
      if (redis.status !== 'ready') {
        toLocal(new Error(`the connection is ${redis.status}`));
        return this.own.incr(key, cb, timeWindow, max);
      }
      this.shared.incr(key, (err, res) => {
        if (err || !res) {
          toLocal(err);
          return this.own.incr(key, cb, timeWindow, max);
        }
        toShared();
        cb(null, res);
      }, timeWindow, max);
    };
    child(routeOptions: Record<string, unknown>): PluginStore {
      return new FallbackStore(this.shared.child(routeOptions), this.own.child(routeOptions));
    }
  }
  // The plugin calls `new Store(globalParams)`.
  const Store = function (params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
    return new FallbackStore(
      new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
      new LocalStore(params.continueExceeding, params.exponentialBackoff, 5000),
    );
  } as unknown as StoreClass;
  return { Store, state: { mode: () => (local || redis.status !== 'ready' ? 'local' : 'redis') } };
}
