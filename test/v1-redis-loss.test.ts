// Redis lost and back: with the shared bucket's Redis killed mid-run (SIGKILL of a real redis-server
// on 127.0.0.1, by pid) and restarted on the same port, no v1 request answers 500, each replica falls
// back to its own in-memory budget, health says degraded naming Redis, one log line marks the loss and
// one the return, and no 'error' event goes unhandled. Unreachable at start: a warning and the fallback.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { Redis } from 'ioredis';
import { startServer } from '../src/serve/server.js';
import { captureLog } from './support/log-capture.js';
import { makeV1Release } from './support/v1-fixture.js';

const REDIS_SERVER = '/usr/bin/redis-server';
const skip = existsSync(REDIS_SERVER) ? false : `redis-server is not installed at ${REDIS_SERVER} (.ci/run installs it)`;

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const probe = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: 0 });
  probe.on('error', () => {}); // refused until the server is up: expected while probing
  for (let i = 0; i < 100; i++) {
    try {
      await probe.connect();
      if ((await probe.ping()) === 'PONG') break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  probe.disconnect();
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

async function waitFor(check: () => Promise<boolean>, ms: number, what: string): Promise<number> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Math.round(performance.now() - start);
}

test('Redis killed mid-run and restarted: never a 500, per-replica fallback, health degraded then ready, one log line each way', { skip, timeout: 60_000 }, async () => {
  const unhandled: unknown[] = [];
  const onError = (e: unknown) => unhandled.push(e);
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  const port = await freePort();
  let redis = await startRedis(port);
  const { releasesDir } = await makeV1Release();
  const log = captureLog();
  const server = await startServer({ releasesDir, host: '127.0.0.1', port: 0, logger: log.logger, redisUrl: `redis://127.0.0.1:${port}`, v1: { rateLimit: { burst: 1000, refillPerSecond: 1 } } });
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
    await stopRedis(redis);
    const lostAfter = await waitFor(async () => (await hit(), (await health()).status === 'degraded'), 5000, 'health degraded');
    const degraded = await health();
    assert.ok(degraded.reasons.some((r: string) => r.includes(`redis://127.0.0.1:${port}`)), JSON.stringify(degraded.reasons));
    for (let i = 0; i < 20; i++) await hit();
    redis = await startRedis(port);
    const backAfter = await waitFor(async () => (await hit(), (await health()).status === 'ready'), 10_000, 'health ready again');
    for (let i = 0; i < 5; i++) await hit();
    const counts = statuses.reduce<Record<number, number>>((m, s) => ((m[s] = (m[s] ?? 0) + 1), m), {});
    console.log(`# redis loss: ${statuses.length} requests ${JSON.stringify(counts)}; degraded ${lostAfter} ms after SIGKILL, ready ${backAfter} ms after restart; first RateLimit ${shared}`);
    assert.deepEqual(Object.keys(counts), ['200'], 'every request answered 200 (none 500)');
    assert.equal(log.find(/Redis .* unavailable/).length, 1, `one log line for the loss: ${JSON.stringify(log.find(/Redis/).map((l) => l['msg']))}`);
    assert.equal(log.find(/Redis .* answers again/).length, 1, `one log line for the return: ${JSON.stringify(log.find(/Redis/).map((l) => l["msg"]))}`);
    assert.deepEqual(unhandled, [], 'no unhandled error event or rejection');
  } finally {
    await server.close();
    await stopRedis(redis);
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
  }
});

test('Redis unreachable at start: a warning naming it, health degraded, requests served from the per-replica budget', { timeout: 30_000 }, async () => {
  const port = await freePort(); // nothing listens here
  const { releasesDir } = await makeV1Release();
  const log = captureLog();
  const server = await startServer({ releasesDir, host: '127.0.0.1', port: 0, logger: log.logger, redisUrl: `redis://127.0.0.1:${port}`, v1: { rateLimit: { burst: 3, refillPerSecond: 0.001 } } });
  try {
    assert.equal(log.find(/Redis .* unavailable/).length, 1);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${server.url}/api/v1/places`)).status);
    assert.deepEqual(statuses, [200, 200, 200, 429], 'the in-memory budget applies');
    const h = (await (await fetch(`${server.url}/api/v1/health`)).json()).data;
    assert.equal(h.status, 'degraded');
  } finally {
    await server.close();
  }
});
