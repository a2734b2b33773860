// The onRequest hook that spends one token per request and states the policy on every response it
// governs (draft-ietf-httpapi-ratelimit-headers-07: RateLimit-Policy "limit;w=window" and
// RateLimit "limit=, remaining=, reset="). With a 30-token bucket refilled at 1/s, the policy is a
// quota of 30 over a 30-second window, which also bounds the long-run rate at 60 a minute (docs/interface.md §8).
import type { onRequestAsyncHookHandler } from 'fastify';
import { ProblemError } from '../problems/errors.js';
import type { BucketPolicy, RateLimitStore } from './bucket.js';
import type { AddressResolver } from './client-address.js';

export function rateLimitHook(
  store: RateLimitStore,
  policy: BucketPolicy,
  addressOf: AddressResolver,
): onRequestAsyncHookHandler {
  const windowSeconds = Math.ceil(policy.burst / policy.refillPerSecond);
  const policyHeader = `${policy.burst};w=${windowSeconds}`;
  return async function limit(request, reply) {
    const result = await store.take(addressOf(request));
    const headers: Record<string, string> = {
      'ratelimit-policy': policyHeader,
      ratelimit: `limit=${policy.burst}, remaining=${result.remaining}, reset=${result.reset}`,
    };
    reply.headers(headers);
    if (!result.allowed) {
      const retryAfter = String(Math.max(1, result.retryAfter));
      reply.header('retry-after', retryAfter);
      throw new ProblemError(
        'rate_limited',
        `Rate limit of ${policy.burst} requests (refilled at ${policy.refillPerSecond} per second) spent for this address; retry after ${retryAfter} s.`,
        { retry_after: Number(retryAfter) },
        { ...headers, 'retry-after': retryAfter },
      );
    }
  };
}
