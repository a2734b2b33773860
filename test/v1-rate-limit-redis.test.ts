// The Redis-backed bucket: two app instances sharing one real redis-server (started here on
// 127.0.0.1 at a random port, stopped by pid) share one budget: 30 succeed, then 429.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEFAULT_POLICY } from '../src/serve/rate-limit/bucket.js';
import { redisMissing as skip, startRedis, type RedisServer } from './support/redis-server.js';
import { call, makeV1Release, startV1 } from './support/v1-fixture.js';

let redis: RedisServer | null = null;
let url = '';

before(async () => {
  if (skip) return;
  redis = await startRedis();
  url = redis.url;
});

after(async () => {
  await redis?.stop('SIGTERM');
});

test(
  'two app instances sharing one Redis share one budget: 30 succeed, then 429',
  { skip },
  async () => {
    const { releasesDir } = await makeV1Release();
    // The default burst with a refill slow enough that a loaded machine's pace cannot add a token mid-test.
    const policy = { ...DEFAULT_POLICY, refillPerSecond: 0.01 };
    const a = await startV1(releasesDir, { rateLimit: policy, redisUrl: url });
    const b = await startV1(releasesDir, { rateLimit: policy, redisUrl: url });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push((await call(`${(i % 2 ? b : a).base}/releases`)).status);
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
  },
);
