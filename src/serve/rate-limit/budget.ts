// The one rate-limit budget per client address (docs/interface.md §10.7), opened once per app and
// spent by every route family it governs: /api/v1/ (but health) and the MCP endpoint /mcp, which
// answer the same questions and so share one bucket per address. Its buckets live in Redis when
// REDIS_URL is set, else with the cluster's primary (a worker's link), else in this process.
import type { onRequestAsyncHookHandler } from 'fastify';
import { DEFAULT_POLICY, MemoryStore, type BucketPolicy, type RateLimitStore } from './bucket.js';
import { clientAddressResolver } from './client-address.js';
import { rateLimitHook } from './hook.js';
import type { StoreLogger } from './redis-store.js';

export interface Budget {
  /** The onRequest hook that spends one token of the request's client address (429 when none is left). */
  readonly limit: onRequestAsyncHookHandler;
  /** Why the budget is not shared as configured (Redis or the primary lost), or null. */
  degradation(): string | null;
  close(): Promise<void>;
}

export interface BudgetOptions {
  /** Redis for a budget shared by replicas (REDIS_URL); in-memory when absent. */
  redisUrl?: string;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDR blocks). */
  trustProxy?: string[];
  policy?: BucketPolicy;
  /** Buckets held elsewhere (a cluster worker's: the primary's); used when there is no Redis, and while Redis is lost. */
  shared?: RateLimitStore & { degradation?(): string | null };
  /** Milliseconds clock of the in-memory token bucket; tests step it instead of sleeping. */
  clock?: () => number;
  log?: StoreLogger;
}

export async function openBudget(opts: BudgetOptions): Promise<Budget> {
  const policy = opts.policy ?? DEFAULT_POLICY;
  // ioredis is loaded only when Redis is configured: importing it is start-up time a single replica never uses.
  // while Redis is lost, the replica's own budget: its primary's when it runs workers (one budget per
  // replica, as the Redis store's policy says), else in memory
  const redis = opts.redisUrl
    ? new (await import('./redis-store.js')).RedisStore(
        opts.redisUrl,
        policy,
        opts.log,
        undefined,
        opts.shared,
      )
    : null;
  if (redis) await redis.waitReady(1000); // unreachable at start: a warning and the per-replica budget
  const shared = redis ?? opts.shared ?? null;
  const store: RateLimitStore = shared ?? new MemoryStore(policy, opts.clock);
  return {
    limit: rateLimitHook(store, policy, clientAddressResolver(opts.trustProxy)),
    degradation: () => shared?.degradation?.() ?? null,
    close: () => store.close(),
  };
}
