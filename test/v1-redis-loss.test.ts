// Redis lost and back: with the shared bucket's Redis killed mid-run (SIGKILL of a real redis-server
// on 127.0.0.1, by pid) and restarted on the same port, no v1 request answers 500, each replica falls
// back to its own in-memory budget, health says degraded naming Redis, one log line marks the loss and
// one the return, and no 'error' event goes unhandled. Unreachable at start: a warning and the fallback.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startServer, type ServerOptions } from '../src/serve/server.js';
import { captureLog } from './support/log-capture.js';
import { freePort } from './support/ports.js';
import { redisMissing as skip, startRedis } from './support/redis-server.js';
import { makeV1Release } from './support/v1-fixture.js';
import { waitFor } from './support/wait.js';

/** The v1 fixture release served in this process, its rate-limit bucket in the Redis at redisUrl. */
async function serveV1(
  redisUrl: string,
  logger: ServerOptions['logger'],
  rateLimit = { burst: 1000, refillPerSecond: 1 },
) {
  const { releasesDir } = await makeV1Release();
  return startServer({
    releasesDir,
    host: '127.0.0.1',
    port: 0,
    logger,
    redisUrl,
    v1: { rateLimit },
  });
}

test(
  'Redis killed mid-run and restarted: never a 500, per-replica fallback, health degraded then ready, one log line each way',
  { skip, timeout: 60_000 },
  async () => {
    const unhandled: unknown[] = [];
    const onError = (e: unknown) => unhandled.push(e);
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);
    let redis = await startRedis();
    const port = redis.port;
    const log = captureLog();
    const server = await serveV1(`redis://127.0.0.1:${port}`, log.logger);
    const statuses: number[] = [];
    const health = async () => (await (await fetch(`${server.url}/api/v1/health`)).json()).data;
    const hit = async () => {
      const r = await fetch(`${server.url}/api/v1/places?limit=1`);
      await r.arrayBuffer();
      statuses.push(r.status);
      return r;
    };
    try {
      for (let i = 0; i < 5; i++) await hit();
      const shared = (await hit()).headers.get('ratelimit');
      assert.equal((await health()).status, 'ready');
      await redis.stop('SIGKILL');
      const lostAfter = await waitFor(
        async () => (await hit(), (await health()).status === 'degraded'),
        5000,
        'health degraded',
      );
      const degraded = await health();
      assert.ok(
        degraded.reasons.some((r: string) => r.includes(`redis://127.0.0.1:${port}`)),
        JSON.stringify(degraded.reasons),
      );
      for (let i = 0; i < 20; i++) await hit();
      redis = await startRedis(port);
      const backAfter = await waitFor(
        async () => (await hit(), (await health()).status === 'ready'),
        10_000,
        'health ready again',
      );
      for (let i = 0; i < 5; i++) await hit();
      const counts = statuses.reduce<Record<number, number>>(
        (m, s) => ((m[s] = (m[s] ?? 0) + 1), m),
        {},
      );
      console.log(
        `# redis loss: ${statuses.length} requests ${JSON.stringify(counts)}; degraded ${lostAfter} ms after SIGKILL, ready ${backAfter} ms after restart; first RateLimit ${shared}`,
      );
      assert.deepEqual(Object.keys(counts), ['200'], 'every request answered 200 (none 500)');
      assert.equal(
        log.find(/Redis .* unavailable/).length,
        1,
        `one log line for the loss: ${JSON.stringify(log.find(/Redis/).map((l) => l['msg']))}`,
      );
      assert.equal(
        log.find(/Redis .* answers again/).length,
        1,
        `one log line for the return: ${JSON.stringify(log.find(/Redis/).map((l) => l['msg']))}`,
      );
      assert.deepEqual(unhandled, [], 'no unhandled error event or rejection');
    } finally {
      await server.close();
      await redis.stop('SIGKILL');
      process.off('uncaughtException', onError);
      process.off('unhandledRejection', onError);
    }
  },
);

test(
  'Redis unreachable at start: a warning naming it, health degraded, requests served from the per-replica budget',
  { timeout: 30_000 },
  async () => {
    const port = await freePort(); // nothing listens here
    const log = captureLog();
    const server = await serveV1(`redis://127.0.0.1:${port}`, log.logger, {
      burst: 3,
      refillPerSecond: 0.001,
    });
    try {
      assert.equal(log.find(/Redis .* unavailable/).length, 1);
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await fetch(`${server.url}/api/v1/places`)).status);
      assert.deepEqual(statuses, [200, 200, 200, 429], 'the in-memory budget applies');
      const h = (await (await fetch(`${server.url}/api/v1/health`)).json()).data;
      assert.equal(h.status, 'degraded');
    } finally {
      await server.close();
    }
  },
);

test(
  'Redis stalled past the command timeout, connection kept: fallback meanwhile, then ready again with one log line each way',
  { skip, timeout: 60_000 },
  async (t) => {
    const redis = await startRedis();
    const log = captureLog();
    const server = await serveV1(redis.url, log.logger);
    const health = async () => (await (await fetch(`${server.url}/api/v1/health`)).json()).data;
    const hit = async () => {
      const r = await fetch(`${server.url}/api/v1/places?limit=1`);
      await r.arrayBuffer();
      return r.status;
    };
    try {
      assert.equal(await hit(), 200);
      // SIGSTOP: the server stops answering but its sockets stay open, as a Redis stuck on a slow
      // command or a stalled network path would; no connection event tells the client.
      redis.child.kill('SIGSTOP');
      const stalled = performance.now();
      assert.equal(await hit(), 200, 'answered from the fallback once the command timed out');
      assert.equal((await health()).status, 'degraded');
      redis.child.kill('SIGCONT');
      const backAfter = await waitFor(
        async () => (await hit(), (await health()).status === 'ready'),
        10_000,
        'health ready again',
      );
      t.diagnostic(
        `stalled for ${Math.round(performance.now() - stalled - backAfter)} ms; ready ${backAfter} ms after it resumed`,
      );
      assert.equal(log.find(/Redis .* unavailable/).length, 1);
      assert.equal(log.find(/Redis .* answers again/).length, 1);
    } finally {
      await server.close();
      await redis.stop();
    }
  },
);

test(
  'Redis stalled: after the first request that waits the command timeout, no v1 request waits for Redis, and health says ready again once it answers, with no v1 request',
  { skip, timeout: 60_000 },
  async () => {
    const redis = await startRedis();
    const server = await serveV1(redis.url, false);
    const health = async () => (await (await fetch(`${server.url}/api/v1/health`)).json()).data;
    const timed = async () => {
      const start = performance.now();
      const r = await fetch(`${server.url}/api/v1/places?limit=1`);
      await r.arrayBuffer();
      assert.equal(r.status, 200);
      return performance.now() - start;
    };
    try {
      await timed();
      redis.child.kill('SIGSTOP');
      await timed(); // waits the command timeout (250 ms): Redis is found stalled
      const ms: number[] = [];
      for (let i = 0; i < 20; i++) ms.push(await timed());
      ms.sort((a, b) => a - b);
      const median = ms[ms.length >> 1]!;
      // the command timeout is 250 ms: a request that waited for Redis takes at least that
      assert.ok(median < 100, `median ${Math.round(median)} ms while Redis is stalled`);
      assert.equal((await health()).status, 'degraded');
      redis.child.kill('SIGCONT');
      await waitFor(async () => (await health()).status === 'ready', 5_000, 'health ready again');
    } finally {
      redis.child.kill('SIGCONT');
      await server.close();
      await redis.stop();
    }
  },
);
