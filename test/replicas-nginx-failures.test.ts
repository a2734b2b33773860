// Failures behind nginx (the deployment of support/replicas-served.ts): Redis killed and restarted
// mid-run, each replica counting its own budget meanwhile and sharing one again after; a replica
// SIGKILLed mid-run, nginx failing over.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_POLICY } from '../src/serve/rate-limit/bucket.js';
import { get, pool } from './support/http-client.js';
import { waitFor } from './support/wait.js';
import {
  skip,
  BURST,
  LIMITED,
  redis,
  replicas,
  nginx,
  statusCounts,
  served,
  sharedRun,
  background,
  health,
  restartRedis,
} from './support/replicas-served.js';

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
    await restartRedis();
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
      // a worker finds Redis again at its own next probe (every 500 ms), maybe after health said ready
      await waitFor(
        () => pidsSaying(/Redis .* answers again/).length >= lost.length,
        10_000,
        'each process that lost Redis says it answers again',
      );
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
