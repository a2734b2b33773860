// The /api/v1/ token bucket on a real server: 30 then 429 with the headers, health untouched,
// forwarded addresses believed only from trusted proxies, and the refill arithmetic.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { DEFAULT_POLICY, MemoryStore } from '../src/serve/rate-limit/bucket.js';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

let releasesDir: string;
before(async () => {
  releasesDir = (await makeV1Release()).releasesDir;
});

test('30 requests pass, the 31st is 429 with Retry-After, RateLimit-Policy and RateLimit; health still answers', async () => {
  // The bucket's clock stands still while the 30 requests run, so a slow machine cannot refill a
  // token mid-loop; it is then stepped by 1.1 s instead of sleeping.
  let clock = 1_000_000;
  const server = await startV1(releasesDir, {
    rateLimit: DEFAULT_POLICY,
    bucketClock: () => clock,
  });
  try {
    for (let i = 0; i < 30; i++) {
      const res = await call(`${server.base}/releases`);
      assert.equal(res.status, 200, `request ${i + 1}`);
      assert.equal(res.headers.get('ratelimit-policy'), '30;w=30');
      assert.equal(res.headers.get('ratelimit'), `limit=30, remaining=${29 - i}, reset=${i + 1}`);
    }
    const limited = await call(`${server.base}/search?q=almaty`);
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, 'rate_limited');
    assert.equal(limited.headers.get('content-type'), 'application/problem+json');
    assert.equal(limited.headers.get('retry-after'), '1');
    assert.equal(limited.headers.get('ratelimit-policy'), '30;w=30');
    assert.match(limited.headers.get('ratelimit') ?? '', /^limit=30, remaining=0, reset=\d+$/);
    for (let i = 0; i < 5; i++) {
      const health = await call(`${server.base}/health`);
      assert.equal(health.status, 200);
      assert.equal(health.headers.get('ratelimit'), null, 'health is outside the limiter');
    }
    clock += 1100;
    assert.equal(
      (await call(`${server.base}/releases`)).status,
      200,
      'one token refilled after a second',
    );
    assert.equal((await call(`${server.base}/releases`)).status, 429, 'and only one');
  } finally {
    await server.close();
  }
});

test('X-Forwarded-For is ignored from an untrusted peer and believed from a trusted proxy', async () => {
  const policy = { burst: 2, refillPerSecond: 0.001 };
  const untrusted = await startV1(releasesDir, { rateLimit: policy });
  try {
    const statuses = [];
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      statuses.push(
        (await call(`${untrusted.base}/releases`, { headers: { 'x-forwarded-for': ip } })).status,
      );
    }
    assert.deepEqual(statuses, [200, 200, 429], 'all counted against the socket address');
  } finally {
    await untrusted.close();
  }
  const proxied = await startV1(releasesDir, { rateLimit: policy, trustProxy: ['127.0.0.0/8'] });
  try {
    const statuses = [];
    for (const ip of ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2']) {
      statuses.push(
        (await call(`${proxied.base}/releases`, { headers: { 'x-forwarded-for': ip } })).status,
      );
    }
    assert.deepEqual(statuses, [200, 200, 429, 200], 'each forwarded client has its own bucket');
  } finally {
    await proxied.close();
  }
});

// Fastify's request.ip (@fastify/proxy-addr) takes a hop that is not an address for the client: a
// proxy that passes on what a client wrote would let it pick a fresh bucket per request. The server's
// own resolver (src/serve/rate-limit/client-address.ts) counts such a request against the proxy.
test('a forwarded hop that is not an IP address is counted against the trusted proxy, not as a client of its own', async () => {
  const policy = { burst: 2, refillPerSecond: 0.001 };
  const proxied = await startV1(releasesDir, { rateLimit: policy, trustProxy: ['127.0.0.0/8'] });
  try {
    const statuses = [];
    for (const hop of ['not-an-address-1', 'not-an-address-2', 'not-an-address-3']) {
      statuses.push(
        (await call(`${proxied.base}/releases`, { headers: { 'x-forwarded-for': hop } })).status,
      );
    }
    assert.deepEqual(statuses, [200, 200, 429], "one bucket: the proxy's");
  } finally {
    await proxied.close();
  }
});

test('the bucket refills at the policy rate and never beyond the burst', async () => {
  let now = 0;
  const store = new MemoryStore({ burst: 3, refillPerSecond: 1 }, () => now);
  const taken = [];
  for (let i = 0; i < 4; i++) taken.push((await store.take('a')).allowed);
  assert.deepEqual(taken, [true, true, true, false]);
  now = 1500;
  const after = await store.take('a');
  assert.equal(after.allowed, true);
  assert.equal(after.remaining, 0);
  now = 100_000;
  assert.equal((await store.take('a')).remaining, 2, 'capped at the burst');
  assert.equal((await store.take('b')).remaining, 2, 'addresses have separate buckets');
});
