// The token bucket in Redis, for several replicas sharing one budget (DESIGN.md "Storage"). One Lua
// script per request reads, refills, takes and writes atomically; the clock is Redis's own TIME, so
// replicas with skewed clocks still agree.
import { Redis } from 'ioredis';
import { describe, type BucketPolicy, type RateLimitStore, type TakeResult } from './bucket.js';

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

export class RedisStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly policy: BucketPolicy,
    private readonly prefix = 'dala:v1:ratelimit:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: true });
    // defineCommand sends EVALSHA and falls back to EVAL once: still one script per request
    this.redis.defineCommand('dalaTakeToken', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  }

  async take(key: string): Promise<TakeResult> {
    const command = (this.redis as unknown as { dalaTakeToken: TakeCommand }).dalaTakeToken.bind(this.redis);
    const [allowed, milliTokens] = await command(this.prefix + key, this.policy.burst, this.policy.refillPerSecond);
    return describe(milliTokens / 1000, allowed === 1, this.policy);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
