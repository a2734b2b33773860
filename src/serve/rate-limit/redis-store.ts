// The token bucket in Redis, for several replicas sharing one budget (docs/interface.md §11.7). One Lua
// script per request reads, refills, takes and writes atomically; the clock is Redis's own TIME, so
// replicas with skewed clocks still agree.
//
// Policy when Redis is lost (unreachable at start, or gone mid-run): each replica falls back to its own
// budget with the same policy (its cluster primary's buckets when it runs workers, which all of its
// workers share; else an in-memory bucket), so a client gets at most (replicas x burst) rather than
// unlimited requests and never a 500; health reports the fallback as a degradation naming Redis and
// the reason, one log line marks each change of state, and the client reconnects in the background
// (ioredis retry with backoff), restoring the shared budget when Redis answers again (ready after a
// reconnect, or a probe answered after a stall that kept the connection). Every 'error' event is
// handled here, so none reaches the process as an unhandled event.
//
// A circuit breaker: once a command has failed or timed out, no request waits for Redis again until
// it has answered. Requests take from the fallback at once (a stalled Redis would otherwise cost
// every request the command timeout), and a PING every PROBE_MS, sent by no request, finds when
// Redis answers again (a half-open probe): the shared budget returns then, and health says so
// without waiting for the next request.
import { Redis } from 'ioredis';
import {
  MemoryStore,
  describe,
  type BucketPolicy,
  type RateLimitStore,
  type TakeResult,
} from './bucket.js';

// KEYS[1] bucket hash; ARGV: burst, refill per second. Returns {allowed, tokens * 1000}.
const TAKE_SCRIPT = `
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = burst
else
  tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
end
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000))
return {allowed, math.floor(tokens * 1000)}
`;

type TakeCommand = (key: string, burst: number, rate: number) => Promise<[number, number]>;

export interface StoreLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** Each client address's bucket is the Redis hash KEY_PREFIX + address (fields tokens, at). */
export const KEY_PREFIX = 'dala:v1:ratelimit:';

const silent: StoreLogger = { warn() {}, info() {} };
/** A command that gets no answer within this long counts as Redis lost for that request. */
const COMMAND_TIMEOUT_MS = Number(process.env.DALA_REDIS_COMMAND_TIMEOUT_MS) || 250;
/** While Redis is lost, how often a probe asks whether it answers again. */
const PROBE_MS = 500;

export class RedisStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly fallback: RateLimitStore;
  private lost: string | null = null; // why the shared budget is not in use, or null
  private probe: NodeJS.Timeout | null = null;
  private probing = false;
  private readonly where: string;

  constructor(
    url: string,
    private readonly policy: BucketPolicy,
    private readonly log: StoreLogger = silent,
    private readonly prefix = KEY_PREFIX,
    /** The replica's own budget while Redis is lost (a worker's: the primary's), else in memory. */
    fallback?: RateLimitStore,
  ) {
    this.where = redactedUrl(url);
    this.fallback = fallback ?? new MemoryStore(policy);
    this.redis = new Redis(url, {
      lazyConnect: false,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false, // fail fast while disconnected: the fallback answers instead of a queue
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 1000,
      retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 5), 2000),
    });
    this.redis.on('error', (err: Error) => this.markLost(err.message));
    this.redis.on('end', () => this.markLost('connection ended'));
    this.redis.on('close', () => this.markLost('connection closed'));
    this.redis.on('ready', () => this.markBack());
    // defineCommand sends EVALSHA and falls back to EVAL once: still one script per request
    this.redis.defineCommand('dalaTakeToken', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  }

  /** Waits up to ms for the first connection; when Redis is unreachable at start, says so once. */
  async waitReady(ms: number): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if ((this.redis.status as string) !== 'ready')
      this.markLost(`unreachable at start (status ${this.redis.status})`);
  }

  /** Why replicas are not sharing one budget now, or null when Redis serves the bucket. */
  degradation(): string | null {
    return this.lost
      ? `rate limit: Redis at ${this.where} unavailable (${this.lost}); each replica counts its own budget`
      : null;
  }

  async take(key: string): Promise<TakeResult> {
    if (this.redis.status !== 'ready') this.markLost(`status ${this.redis.status}`);
    if (this.lost) return this.fallback.take(key); // the circuit is open until a probe is answered
    try {
      const command = (this.redis as unknown as { dalaTakeToken: TakeCommand }).dalaTakeToken.bind(
        this.redis,
      );
      const [allowed, milliTokens] = await command(
        this.prefix + key,
        this.policy.burst,
        this.policy.refillPerSecond,
      );
      return describe(milliTokens / 1000, allowed === 1, this.policy);
    } catch (err) {
      this.markLost((err as Error).message);
      return this.fallback.take(key);
    }
  }

  async close(): Promise<void> {
    this.stopProbing();
    this.redis.removeAllListeners('end');
    this.redis.removeAllListeners('close');
    this.redis.on('error', () => {});
    this.redis.disconnect();
    await this.fallback.close();
  }

  private markLost(reason: string): void {
    if (this.lost) return;
    this.lost = reason;
    // Lost while the connection stays open (a command timed out: Redis stalled, or this process's
    // event loop was held past the timeout): no 'ready' event marks the return, an answer does.
    this.probe = setInterval(() => {
      if (this.probing || this.redis.status !== 'ready') return; // a reconnect's 'ready' marks it
      this.probing = true;
      this.redis.ping().then(
        () => {
          this.probing = false;
          this.markBack();
        },
        () => {
          this.probing = false;
        },
      );
    }, PROBE_MS);
    this.probe.unref();
    this.log.warn(
      { redis: this.where, reason },
      `rate limit: Redis at ${this.where} unavailable (${reason}); falling back to a per-replica in-memory budget meanwhile`,
    );
  }

  private stopProbing(): void {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
  }

  private markBack(): void {
    if (!this.lost) return;
    this.lost = null;
    this.stopProbing();
    this.log.info(
      { redis: this.where },
      `rate limit: Redis at ${this.where} answers again; the budget is shared by all replicas`,
    );
  }
}

function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    u.username = '';
    return u.toString();
  } catch {
    return 'the configured REDIS_URL';
  }
}
