// The replicas tests' deployment (test/replicas-nginx.test.ts): two `dala serve` replicas behind
// nginx running the configuration `dala nginx-config --standalone` writes, sharing one redis-server,
// started before a file's tests and stopped by pid after them, with the probes the tests read the
// budget through. Imported bindings are live: they hold the servers once the before hook has run.
import assert from 'node:assert/strict';
import { after, before, type TestContext } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { DEFAULT_POLICY } from '../../src/serve/rate-limit/bucket.js';
import { KEY_PREFIX } from '../../src/serve/rate-limit/redis-store.js';
import { get, pool, type Answer } from './http-client.js';
import { NGINX, startNginx, type NginxServer } from './nginx-server.js';
import { redisMissing, startRedis, type RedisServer } from './redis-server.js';
import { startServe, type ServeChild } from './serve-child.js';
import { makeV1Release } from './v1-fixture.js';
import { waitFor } from './wait.js';

export const skip = redisMissing || (!NGINX && 'nginx is not installed (.ci/run installs it)');
export const BURST = DEFAULT_POLICY.burst;
export const LIMITED = '/api/v1/releases'; // a rate-limited v1 route
// nginx's address, and one standing for an outer proxy (a CDN) in front of nginx.
export const TRUSTED = ['127.0.0.1', '127.0.0.8'];

export let redis: RedisServer;
export let inspect: Redis; // the test's own connection, to read the buckets the replicas write
export let replicas: ServeChild[] = [];
export let nginx: NginxServer;

before(async () => {
  if (skip) return;
  const { releasesDir } = await makeV1Release();
  redis = await startRedis();
  inspect = new Redis(redis.url, { maxRetriesPerRequest: 1, retryStrategy: () => 100 });
  inspect.on('error', () => {}); // lost while Redis is killed on purpose; reconnects by itself
  const env = {
    REDIS_URL: redis.url,
    DALA_TRUSTED_PROXIES: TRUSTED.join(','),
    DALA_CURSOR_KEY: 'replicas-test-key',
    DALA_ACCESS_LOG: '1', // one log line per request: which replica answered what
    // The shared machine's scheduling delays are not what this file tests: no load shedding.
    DALA_MAX_EVENT_LOOP_DELAY_MS: '60000',
    // Nor its stalls past 250 ms, which would count Redis lost for a request: Redis is lost here by kill.
    DALA_REDIS_COMMAND_TIMEOUT_MS: '3000',
  };
  replicas = await Promise.all([startServe(releasesDir, env), startServe(releasesDir, env)]);
  nginx = await startNginx({ releasesDir, upstreams: replicas.map((r) => r.host) }); // written by `dala nginx-config`
  // A replica that found Redis slow to answer at start counts alone until it connects: wait for both.
  await waitFor(
    async () => (await Promise.all(replicas.map(health))).every((h) => h.status === 'ready'),
    15_000,
    'both replicas sharing Redis',
  );
  // First requests compile the route, the 429 answer and the bucket script: a budget spent from an
  // address no test uses, so the timed runs below measure a warm service.
  const warm = pool(8, '127.0.0.99');
  const warming = await Promise.all(
    Array.from({ length: BURST + 10 }, (_, i) => get(replicas[i % 2]!.url, LIMITED, warm)),
  );
  assert.deepEqual(
    warming.filter((a) => a.status !== 200 && a.status !== 429),
    [],
    'warm-up: only 200 and 429',
  );
  warm.destroy();
});

after(async () => {
  // a test that failed mid-run left its load running: stopped first, or it spins on refused connections
  await Promise.all([...loads].map((load) => load.stop()));
  await nginx?.stop();
  for (const r of replicas) await r.stop();
  inspect?.disconnect();
  await redis?.stop();
});

/** Redis's clock in ms (the clock the bucket script uses). */
export async function redisNow(): Promise<number> {
  const [s, us] = await inspect.time();
  return Number(s) * 1000 + Math.floor(Number(us) / 1000);
}

/** The bucket of address: tokens left and the most tokens the refill can have added since t0. */
export async function bucket(
  address: string,
  t0: number,
): Promise<{ tokens: number; refillAtMost: number } | null> {
  const [tokens, at] = await inspect.hmget(KEY_PREFIX + address, 'tokens', 'at');
  if (tokens === null || at === null) return null;
  return {
    tokens: Number(tokens),
    refillAtMost: ((Number(at) - t0) / 1000) * DEFAULT_POLICY.refillPerSecond,
  };
}

/** Asserts that exactly `taken` tokens were taken from address's bucket since t0, refill accounted for. */
export async function assertTaken(address: string, t0: number, taken: number): Promise<void> {
  const b = await bucket(address, t0);
  assert.ok(b, `a bucket is kept for ${address}`);
  const net = BURST - b.tokens; // = taken - refilled, refilled in [0, refillAtMost]
  assert.ok(
    net <= taken + 1e-6 && net >= taken - b.refillAtMost - 1e-6,
    `${address}: ${taken} taken, but the bucket holds ${b.tokens} tokens with at most ${b.refillAtMost.toFixed(3)} refilled`,
  );
}

export const statusCounts = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((m, a) => ((m[a.status] = (m[a.status] ?? 0) + 1), m), {});

/** How many requests for path each replica has logged so far (from client address, when given: the log names the forwarded client). */
export const served = (path: string, address?: string) =>
  replicas.map(
    (r) =>
      r.log.filter((l) => {
        const req = l['req'] as { url?: string; remoteAddress?: string } | undefined;
        return (
          l['msg'] === 'incoming request' &&
          req?.url === path &&
          (address === undefined || req.remoteAddress === address)
        );
      }).length,
  );

/**
 * n requests to LIMITED through nginx from one client address, 16 at a time. Asserts the shared
 * budget: successes = 30 + the tokens refilled during the run (from the bucket in Redis), so exactly
 * 30 when the run took under one second of Redis time. Returns the figures.
 */
export async function sharedRun(t: TestContext, address: string, n = 100) {
  const agent = pool(16, address);
  const t0 = await redisNow();
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: n }, () => get(nginx.url, LIMITED, agent)),
  );
  const ms = Math.round(performance.now() - started);
  agent.destroy();
  const counts = statusCounts(answers);
  const ok = counts[200] ?? 0;
  assert.equal(ok + (counts[429] ?? 0), n, `only 200 and 429: ${JSON.stringify(counts)}`);
  const b = await bucket(address, t0);
  assert.ok(b, 'the bucket is in Redis');
  const minOk = BURST - b.tokens; // successes - refilled, refilled in [0, refillAtMost]
  assert.ok(
    ok >= minOk - 1e-6 && ok <= minOk + b.refillAtMost + 1e-6,
    `${ok} successes; the shared bucket holds ${b.tokens} tokens after at most ${b.refillAtMost.toFixed(3)} refilled`,
  );
  if (b.refillAtMost < 1) assert.deepEqual(counts, { 200: BURST, 429: n - BURST });
  for (const a of answers.filter((x) => x.status === 429)) {
    assert.equal(
      a.headers['ratelimit-policy'],
      `${BURST};w=${BURST / DEFAULT_POLICY.refillPerSecond}`,
    );
    assert.ok(Number(a.headers['retry-after']) >= 1);
  }
  // The logs are written asynchronously: wait for this run's lines, then check none came twice.
  await waitFor(
    () => served(LIMITED, address).reduce((a, b) => a + b, 0) >= n,
    5000,
    'every request in a replica log',
  );
  await new Promise((r) => setTimeout(r, 100));
  const perReplica = served(LIMITED, address);
  assert.equal(perReplica[0]! + perReplica[1]!, n, 'each request reached exactly one replica');
  t.diagnostic(
    `${address}: ${n} requests through nginx in ${ms} ms, ${JSON.stringify(counts)}, per replica ${JSON.stringify(perReplica)}, refill at most ${b.refillAtMost.toFixed(3)} tokens`,
  );
  return { counts, perReplica, ms, refillAtMost: b.refillAtMost };
}

/** Background loads still running. */
const loads = new Set<{ stop(): Promise<void> }>();

/** Sends requests through nginx from `workers` connections until stopped; records every answer. */
export function background(paths: string[], workers: number) {
  const answers: (Answer | { status: 0; error: string })[] = [];
  let stopped = false;
  let i = 0;
  const agents = Array.from({ length: workers }, (_, w) => pool(1, `127.0.1.${w + 1}`));
  const loops = agents.map(async (agent) => {
    while (!stopped) {
      const path = paths[i++ % paths.length]!;
      try {
        answers.push(await get(nginx.url, path, agent));
      } catch (err) {
        answers.push({ status: 0, error: (err as Error).message });
        await sleep(10); // a refused connection fails at once: no busy loop
      }
    }
  });
  const load = {
    answers,
    async stop() {
      stopped = true;
      loads.delete(load);
      await Promise.all(loops);
      for (const a of agents) a.destroy();
    },
  };
  loads.add(load);
  return load;
}

export const health = async (r: ServeChild) =>
  (await (await fetch(`${r.url}/api/v1/health`)).json()).data as {
    status: string;
    reasons: string[];
  };

/** Starts Redis again on its port after a test killed it. */
export async function restartRedis(): Promise<void> {
  redis = await startRedis(redis.port);
}
