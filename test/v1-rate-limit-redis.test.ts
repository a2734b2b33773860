// The Redis-backed bucket: two app instances sharing one real redis-server (started here on
// 127.0.0.1 at a random port, stopped by pid) share one budget: 30 succeed, then 429.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { after, before, test } from 'node:test';
import { Redis } from 'ioredis';
import { DEFAULT_POLICY } from '../src/serve/rate-limit/bucket.js';
import { call, makeV1Release, startV1 } from './support/v1-fixture.js';

const REDIS_SERVER = '/usr/bin/redis-server';
const skip = existsSync(REDIS_SERVER) ? false : `redis-server is not installed at ${REDIS_SERVER} (apt-get install redis-server)`;

let redis: ChildProcess | null = null;
let url = '';

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

before(async () => {
  if (skip) return;
  const port = await freePort();
  redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => 50 });
  probe.on('error', () => {}); // connection refused until the server is up: expected while probing
  for (let i = 0; i < 100; i++) {
    try {
      await probe.connect();
      if ((await probe.ping()) === 'PONG') break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  await probe.quit();
});

after(() => {
  if (redis?.pid) process.kill(redis.pid, 'SIGTERM');
});

test('two app instances sharing one Redis share one budget: 30 succeed, then 429', { skip }, async () => {
  const { releasesDir } = await makeV1Release();
  // The default burst with a refill slow enough that a loaded machine's pace cannot add a token mid-test.
  const policy = { ...DEFAULT_POLICY, refillPerSecond: 0.01 };
  const a = await startV1(releasesDir, { rateLimit: policy, redisUrl: url });
  const b = await startV1(releasesDir, { rateLimit: policy, redisUrl: url });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await call(`${(i % 2 ? b : a).base}/releases`)).status);
    assert.deepEqual(statuses, [...Array(30).fill(200), 429]);
    const again = await call(`${a.base}/search?q=almaty`);
    assert.equal(again.status, 429);
    assert.equal(again.headers.get('ratelimit-policy'), '30;w=3000');
    assert.ok(Number(again.headers.get('retry-after')) >= 1);
    assert.equal((await call(`${b.base}/health`)).status, 200);
  } finally {
    await a.close();
    await b.close();
  }
});
