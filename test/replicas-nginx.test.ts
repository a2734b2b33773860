// More than one machine, on one: two `dala serve` replicas (real processes) on 127.0.0.1 behind nginx
// running the configuration the command `dala nginx-config --standalone` writes (one upstream naming
// both), sharing one redis-server. Clients stand for distinct addresses by connecting from distinct
// loopback addresses (all of 127.0.0.0/8 reaches lo on Linux); nginx connects to the replicas from
// 127.0.0.1, the proxy the replicas are configured to trust. Every process is started here and stopped by its pid.
//
// The budget is the production policy (30 tokens, refilled at 1 per second). A run's refill is
// accounted for exactly from the bucket Redis holds: successes = 30 - tokens left + tokens refilled,
// and the refill is at most the Redis-clock time from just before the run to the bucket's last take.
// When that is under a second, no whole token can have been added and the answer is exactly 30.
import assert from 'node:assert/strict';
import { after, before, test, type TestContext } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { DEFAULT_POLICY } from '../src/serve/rate-limit/bucket.js';
import { KEY_PREFIX } from '../src/serve/rate-limit/redis-store.js';
import { get, pool, type Answer } from './support/http-client.js';
import { NGINX, startNginx, type NginxServer } from './support/nginx-server.js';
import { redisMissing, startRedis, type RedisServer } from './support/redis-server.js';
import { startServe, type ServeChild } from './support/serve-child.js';
import { makeV1Release } from './support/v1-fixture.js';
import { waitFor } from './support/wait.js';

const skip = redisMissing || (!NGINX && 'nginx is not installed (.ci/run installs it)');
const BURST = DEFAULT_POLICY.burst;
const LIMITED = '/api/v1/releases'; // a rate-limited v1 route
// nginx's address, and one standing for an outer proxy (a CDN) in front of nginx.
const TRUSTED = ['127.0.0.1', '127.0.0.8'];

let redis: RedisServer;
let inspect: Redis; // the test's own connection, to read the buckets the replicas write
let replicas: ServeChild[] = [];
let nginx: NginxServer;

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
async function redisNow(): Promise<number> {
  const [s, us] = await inspect.time();
  return Number(s) * 1000 + Math.floor(Number(us) / 1000);
}

/** The bucket of address: tokens left and the most tokens the refill can have added since t0. */
async function bucket(
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
async function assertTaken(address: string, t0: number, taken: number): Promise<void> {
  const b = await bucket(address, t0);
  assert.ok(b, `a bucket is kept for ${address}`);
  const net = BURST - b.tokens; // = taken - refilled, refilled in [0, refillAtMost]
  assert.ok(
    net <= taken + 1e-6 && net >= taken - b.refillAtMost - 1e-6,
    `${address}: ${taken} taken, but the bucket holds ${b.tokens} tokens with at most ${b.refillAtMost.toFixed(3)} refilled`,
  );
}

const statusCounts = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((m, a) => ((m[a.status] = (m[a.status] ?? 0) + 1), m), {});

/** How many requests for path each replica has logged so far (from client address, when given: the log names the forwarded client). */
const served = (path: string, address?: string) =>
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
async function sharedRun(t: TestContext, address: string, n = 100) {
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

test(
  '100 v1 requests from one address through nginx to two replicas sharing Redis: exactly 30 succeed and 70 get 429, wherever they land',
  { skip, timeout: 60_000 },
  async (t) => {
    // The exact 30/70 needs a run within one refill interval; a machine too busy for that gets up to
    // two more runs from fresh addresses, each still checked against the bucket's exact accounting.
    let run = await sharedRun(t, '127.0.0.2');
    for (const address of ['127.0.0.12', '127.0.0.22'])
      if (run.refillAtMost >= 1) run = await sharedRun(t, address);
    assert.ok(
      run.perReplica.every((c) => c > 0),
      `both replicas answered some: ${JSON.stringify(run.perReplica)}`,
    );
    if (run.refillAtMost >= 1)
      t.diagnostic(
        'no run fitted in one second of Redis time; checked by the bucket accounting only',
      );
  },
);

test(
  'X-Forwarded-For is believed only from the configured proxies; distinct forwarded clients get distinct budgets',
  { skip, timeout: 60_000 },
  async () => {
    const t0 = await redisNow();
    // Straight to a replica from an address that is no proxy: forged headers are ignored.
    const direct = pool(1, '127.0.0.3');
    for (const forged of ['198.51.100.1', '198.51.100.2, 198.51.100.3', 'not-an-address']) {
      assert.equal(
        (await get(replicas[0]!.url, LIMITED, direct, { 'x-forwarded-for': forged })).status,
        200,
      );
    }
    await assertTaken('127.0.0.3', t0, 3);
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      assert.equal(await bucket(forged, t0), null, `${forged} was not counted`);

    // Through nginx, which appends the address it saw: that address is the client, a forged hop before it is not.
    assert.equal(
      (await get(nginx.url, LIMITED, pool(1, '127.0.0.4'), { 'x-forwarded-for': '198.51.100.10' }))
        .status,
      200,
    );
    await assertTaken('127.0.0.4', t0, 1);
    assert.equal(await bucket('198.51.100.10', t0), null);
    assert.equal((await get(nginx.url, LIMITED, pool(1, '127.0.0.5'))).status, 200);
    await assertTaken('127.0.0.5', t0, 1);
    assert.equal(await bucket('127.0.0.1', t0), null, 'nginx itself is never the client');

    // Behind a chain of trusted proxies (an outer proxy, then nginx) the client is the hop before them.
    assert.equal(
      (await get(nginx.url, LIMITED, pool(1, '127.0.0.8'), { 'x-forwarded-for': '198.51.100.11' }))
        .status,
      200,
    );
    await assertTaken('198.51.100.11', t0, 1);
    assert.equal(await bucket('127.0.0.8', t0), null);

    // One forwarded client spending its whole budget leaves another's untouched.
    const spender = pool(8, '127.0.0.6');
    const spent = await Promise.all(
      Array.from({ length: 40 }, () => get(nginx.url, LIMITED, spender)),
    );
    assert.ok(
      (statusCounts(spent)[429] ?? 0) >= 1,
      `the spender ran out: ${JSON.stringify(statusCounts(spent))}`,
    );
    const other = await get(nginx.url, LIMITED, pool(1, '127.0.0.7'));
    assert.equal(other.status, 200);
    assert.equal(other.headers['ratelimit'], `limit=${BURST}, remaining=${BURST - 1}, reset=1`);
  },
);

test(
  'a paging cursor issued by one replica continues on the other (one DALA_CURSOR_KEY on both)',
  { skip },
  async () => {
    const agent = pool(1, '127.0.0.50');
    const first = await get(replicas[0]!.url, '/api/v1/places?limit=1', agent);
    assert.equal(first.status, 200);
    const page1 = JSON.parse(first.body.toString()) as {
      data: { id: string }[];
      links: { next: string };
    };
    assert.match(page1.links.next, /cursor=/);
    const second = await get(replicas[1]!.url, page1.links.next, agent);
    assert.equal(second.status, 200, second.body.toString());
    const page2 = JSON.parse(second.body.toString()) as { data: { id: string }[] };
    assert.equal(page2.data.length, 1);
    assert.notEqual(page2.data[0]!.id, page1.data[0]!.id, 'the second page, not the first again');
    agent.destroy();
  },
);

/** Sends requests through nginx from `workers` connections until stopped; records every answer. */
/** Background loads still running. */
const loads = new Set<{ stop(): Promise<void> }>();

function background(paths: string[], workers: number) {
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

const health = async (r: ServeChild) =>
  (await (await fetch(`${r.url}/api/v1/health`)).json()).data as {
    status: string;
    reasons: string[];
  };

test(
  'Redis killed and restarted mid-run behind nginx: never a 500, each replica its own budget meanwhile, health and one log line each way, shared again after',
  { skip, timeout: 90_000 },
  async (t) => {
    for (const r of replicas) assert.equal((await health(r)).status, 'ready');
    const load = background(
      ['/api/v1/places?limit=1', '/api/timemachine/layers', '/api/v1/health'],
      4,
    );
    await waitFor(() => load.answers.length >= 20, 10_000, 'load under way');
    await redis.stop('SIGKILL');
    const killedAt = performance.now();
    const answeredBeforeKill = load.answers.length;
    const degradedAfter = await waitFor(
      async () => (await Promise.all(replicas.map(health))).every((h) => h.status === 'degraded'),
      10_000,
      'both replicas degraded',
    );
    for (const r of replicas) {
      const h = await health(r);
      assert.ok(
        h.reasons.some((reason) => reason.includes(redis.url)),
        `health names Redis: ${JSON.stringify(h.reasons)}`,
      );
    }

    // Meanwhile each replica counts its own budget: one address, straight to each, gets 30 from each.
    const address = '127.0.0.30';
    for (const r of replicas) {
      const agent = pool(8, address);
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => get(r.url, LIMITED, agent)),
      );
      const seconds = (performance.now() - started) / 1000;
      agent.destroy();
      const ok = statusCounts(answers)[200] ?? 0;
      assert.deepEqual(Object.keys(statusCounts(answers)).sort(), ['200', '429']);
      assert.ok(
        ok >= BURST && ok <= BURST + seconds * DEFAULT_POLICY.refillPerSecond,
        `${ok} of 40 from one replica's own budget in ${seconds.toFixed(2)} s`,
      );
      t.diagnostic(
        `Redis down, ${address} straight to ${r.host}: 40 requests in ${Math.round(seconds * 1000)} ms, ${JSON.stringify(statusCounts(answers))}`,
      );
    }

    const restartedAt = performance.now();
    redis = await startRedis(redis.port);
    const readyAfter = await waitFor(
      async () => (await Promise.all(replicas.map(health))).every((h) => h.status === 'ready'),
      15_000,
      'both replicas ready again',
    );
    const duringLoss = load.answers.slice(answeredBeforeKill);
    assert.ok(duringLoss.length > 0, 'requests went through nginx while Redis was down');
    await waitFor(() => load.answers.length >= 20 + 40, 10_000, 'load continues');
    await load.stop();
    const counts = statusCounts(load.answers);
    t.diagnostic(
      `background: ${load.answers.length} requests ${JSON.stringify(counts)}, ${duringLoss.length} of them from the kill until both replicas were ready again ${JSON.stringify(statusCounts(duringLoss))}; degraded ${degradedAfter} ms after SIGKILL, ready ${readyAfter} ms after restart (${Math.round(restartedAt - killedAt)} ms down)`,
    );
    assert.deepEqual(
      Object.keys(counts).filter((s) => s !== '200' && s !== '429'),
      [],
      `only 200 and 429 through the loss: ${JSON.stringify(counts)}`,
    );

    for (const r of replicas) {
      // each serving process of the replica (each worker) holds its own connection to Redis, and
      // says once that it lost it and once that it has it again
      const pidsSaying = (pattern: RegExp) =>
        r.log
          .filter((l) => pattern.test(String(l['msg'] ?? '')))
          .map((l) => l['pid'])
          .sort();
      const lost = pidsSaying(/Redis .* unavailable/);
      assert.ok(lost.length >= 1, 'a log line for the loss');
      assert.deepEqual(lost, [...new Set(lost)], 'one log line for the loss per process');
      assert.deepEqual(pidsSaying(/Redis .* answers again/), lost, 'one log line for the return');
      assert.doesNotMatch(r.stderr(), /unhandled/i, 'no unhandled error event');
      assert.ok(r.alive());
    }
    // The shared budget again, on the restarted (empty) Redis.
    await sharedRun(t, '127.0.0.40');
  },
);

test(
  'a replica SIGKILLed mid-run costs at most its in-flight requests: nginx fails over and every later request succeeds',
  { skip, timeout: 90_000 },
  async (t) => {
    const paths = ['/api/timemachine/layers', '/api/v1/health', '/api/v1/places?limit=1'];
    const total = 300;
    const workers = 8;
    const agents = Array.from({ length: workers }, (_, w) => pool(1, `127.0.2.${w + 1}`)); // 300/3/8 < 30 v1 requests each
    const results: { status: number; startedAfterKill: boolean }[] = [];
    let next = 0;
    let inFlight = 0;
    let killed = false;
    let inFlightAtKill = -1;
    const victim = replicas[1]!;
    const servedBefore = served('/api/timemachine/layers');
    const kill = async () => {
      inFlightAtKill = inFlight;
      await victim.stop('SIGKILL');
      killed = true;
    };
    let killing: Promise<void> | null = null;
    await Promise.all(
      agents.map(async (agent) => {
        while (next < total) {
          const path = paths[next++ % paths.length]!;
          const afterKill = killed;
          inFlight++;
          let status = 0;
          try {
            status = (await get(nginx.url, path, agent)).status;
          } catch {
            status = 0;
          }
          inFlight--;
          results.push({ status, startedAfterKill: afterKill });
          if (results.length === 100 && !killing) killing = kill();
        }
      }),
    );
    await killing;
    for (const a of agents) a.destroy();
    const failed = results.filter((r) => r.status !== 200);
    const after = results.filter((r) => r.startedAfterKill);
    const victimServed = served('/api/timemachine/layers')[1]! - servedBefore[1]!;
    t.diagnostic(
      `${results.length} requests, ${failed.length} failed (${JSON.stringify(statusCounts(failed))}), ${inFlightAtKill} in flight at the kill, ${after.length} started after it; the killed replica answered ${victimServed} timemachine requests before`,
    );
    assert.ok(victimServed > 0, 'the killed replica was serving before the kill');
    assert.ok(inFlightAtKill >= 0 && after.length > 0);
    assert.ok(
      failed.length <= inFlightAtKill,
      `${failed.length} failures, more than the ${inFlightAtKill} in flight`,
    );
    assert.deepEqual(
      statusCounts(after),
      { 200: after.length },
      'every request after the kill succeeded',
    );
    assert.equal((await health(replicas[0]!)).status, 'ready');
  },
);
