// Token bucket (docs/interface.md §10.7: 30 tokens, refilled at 1 per second, per source address).
// Hand-rolled rather than @fastify/rate-limit: that plugin counts a fixed window, which would allow
// 2x the burst across a window edge and cannot express "burst 30, then 1 per second".

export interface BucketPolicy {
  burst: number; // bucket capacity
  refillPerSecond: number;
}

export const DEFAULT_POLICY: BucketPolicy = { burst: 30, refillPerSecond: 1 };

export interface TakeResult {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Seconds until the next token exists (0 when one is available now). */
  retryAfter: number;
  /** Seconds until the bucket is full again. */
  reset: number;
}

export interface RateLimitStore {
  /** Takes one token for key, atomically. */
  take(key: string): Promise<TakeResult>;
  close(): Promise<void>;
}

/** The bucket arithmetic shared by the in-memory store; the Redis script mirrors it line by line. */
export function refill(tokens: number, elapsedMs: number, policy: BucketPolicy): number {
  return Math.min(policy.burst, tokens + (Math.max(0, elapsedMs) / 1000) * policy.refillPerSecond);
}

export function describe(tokens: number, allowed: boolean, policy: BucketPolicy): TakeResult {
  return {
    allowed,
    remaining: Math.floor(tokens),
    retryAfter: tokens >= 1 ? 0 : Math.ceil((1 - tokens) / policy.refillPerSecond),
    reset: Math.ceil((policy.burst - tokens) / policy.refillPerSecond),
  };
}

/** One process's buckets. Full buckets are forgotten on a sweep, so memory tracks active clients only. */
export class MemoryStore implements RateLimitStore {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private lastSweep = 0;

  constructor(
    private readonly policy: BucketPolicy = DEFAULT_POLICY,
    private readonly now: () => number = Date.now,
  ) {}

  async take(key: string): Promise<TakeResult> {
    const now = this.now();
    this.sweep(now);
    const bucket = this.buckets.get(key);
    let tokens = bucket ? refill(bucket.tokens, now - bucket.at, this.policy) : this.policy.burst;
    const allowed = tokens >= 1;
    if (allowed) tokens -= 1;
    this.buckets.set(key, { tokens, at: now });
    return describe(tokens, allowed, this.policy);
  }

  private sweep(now: number): void {
    const fullAfterMs = (this.policy.burst / this.policy.refillPerSecond) * 1000;
    if (now - this.lastSweep < fullAfterMs) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets)
      if (now - bucket.at >= fullAfterMs) this.buckets.delete(key);
  }

  async close(): Promise<void> {
    this.buckets.clear();
  }
}
