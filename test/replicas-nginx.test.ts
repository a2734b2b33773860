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
import { test } from 'node:test';
import { get, pool } from './support/http-client.js';
import {
  skip,
  BURST,
  LIMITED,
  replicas,
  nginx,
  redisNow,
  bucket,
  assertTaken,
  statusCounts,
  sharedRun,
} from './support/replicas-served.js';

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
