// `dala serve` with DALA_WORKERS > 1, as real processes on one port: one rate-limit budget across
// workers (held by the primary, no Redis), one release swap reaching every worker, one health answer
// listing each worker, a killed worker restarted, and SIGTERM stopping them all. The primary opens no store.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { stableJson } from '../src/lib/canonical-json.js';
import { SYNTHETIC_KIND } from '../src/store/open.js';
import { fixtureStore, sealFixture } from './support/fixture-release.js';
import { readFile, readdir, readlink } from 'node:fs/promises';
import { makeV1Release } from './support/v1-fixture.js';
import { workersOf } from './support/process-tree.js';
import { startServe, type ServeChild } from './support/serve-child.js';
import type { WorkerStatus } from '../src/serve/cluster/worker-status.js';

interface Health {
  status: string;
  reasons: string[];
  revision: string;
  workers: WorkerStatus[];
}

/** One request on a connection of its own (cluster hands connections, not requests, to workers in turn). */
function fresh(url: string): Promise<{ status: number; revision: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          revision: res.headers['x-dala-revision'] as string | undefined,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function health(url: string): Promise<Health> {
  const r = await fetch(`${url}/api/v1/health`);
  assert.equal(r.status, 200);
  return ((await r.json()) as { data: Health }).data;
}

/** Polls health until check holds; the health seen then and how long it took. */
async function healthUntil(
  url: string,
  check: (h: Health) => boolean,
  ms: number,
  every = 20,
): Promise<{ h: Health; took: number }> {
  const start = Date.now();
  for (;;) {
    // a kept-alive connection to a worker killed meanwhile fails once: the next request gets a new one
    const h = await health(url).catch((err: Error) => ({ error: err.message }));
    if ('workers' in h && check(h)) return { h, took: Date.now() - start };
    if (Date.now() - start > ms)
      throw new Error(`health not as expected within ${ms} ms: ${JSON.stringify(h)}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

const allReady = (n: number) => (h: Health) =>
  h.workers.length === n && h.workers.every((w) => w.status === 'ready');

async function startWorkers(releasesDir: string, n: number): Promise<ServeChild> {
  const s = await startServe(releasesDir, { DALA_WORKERS: String(n) });
  try {
    await healthUntil(s.url, allReady(n), 60_000, 100);
  } catch (err) {
    await s.stop(); // the primary and, through its SIGTERM, every worker
    throw err;
  }
  return s;
}

test('31 rapid requests from one address across 2 workers: the 31st is 429, though each worker alone saw fewer than 30', async () => {
  const { releasesDir } = await makeV1Release();
  const s = await startWorkers(releasesDir, 2);
  try {
    const [a, b] = workersOf(s.child.pid!);
    assert.ok(a && b, 'two workers');
    const before = new Map((await health(s.url)).workers.map((w) => [w.pid, w.requests]));
    const started = Date.now();
    const statuses: number[] = [];
    // Which worker takes a new connection is whichever accepts it first, and after a start one may
    // take them all for a while: each worker in turn is stopped (SIGSTOP) so that the other takes
    // them, 15 the first and the rest until the 429 the second, neither seeing 30.
    const send = async (stopped: number, most: number) => {
      process.kill(stopped, 'SIGSTOP');
      try {
        for (let i = 0; i < most && !statuses.includes(429); i++)
          statuses.push((await fresh(`${s.url}/api/v1/releases`)).status);
      } finally {
        process.kill(stopped, 'SIGCONT');
      }
    };
    await send(a, 15);
    await send(b, 55);
    // A token refills each second, so a slow machine may pass one more per second elapsed; never 2 x 30.
    const seconds = Math.ceil((Date.now() - started) / 1000);
    const passed = statuses.indexOf(429);
    assert.ok(
      passed >= 30 && passed <= 30 + seconds,
      `${passed} passed before the first 429 in ${seconds} s: ${statuses.join(',')}`,
    );
    // health lists both again, each with the requests it took, once each has reported since (a
    // worker reports its count on its own schedule, so an earlier report may not hold them yet)
    const seenIn = (h: Health) => h.workers.map((w) => w.requests - (before.get(w.pid) ?? 0));
    const { h } = await healthUntil(
      s.url,
      (h) => allReady(2)(h) && seenIn(h).every((n) => n > 0),
      10_000,
    ).catch(async () => ({ h: await health(s.url) }));
    const seen = seenIn(h);
    assert.ok(
      seen.every((n) => n > 0 && n < 30),
      `requests per worker: ${seen.join(', ')}`,
    );
  } finally {
    await s.stop();
  }
});

test('health lists each worker (pid, revision, status, uptime, in flight) as gathered by the primary; a killed worker is restarted and SIGTERM stops all', async () => {
  const { releasesDir, revision } = await makeV1Release();
  const s = await startWorkers(releasesDir, 2);
  const primary = s.child.pid!;
  let workers: number[] = [];
  try {
    const h = await health(s.url);
    workers = workersOf(primary);
    assert.deepEqual(
      h.workers.map((w) => w.pid).sort((a, b) => a - b),
      workers,
      "the workers listed are the primary's children",
    );
    assert.equal(workers.length, 2);
    for (const w of h.workers) {
      assert.equal(w.revision, revision);
      assert.equal(w.status, 'ready');
      assert.ok(w.uptime_s > 0 && w.in_flight >= 0 && w.requests >= w.in_flight, JSON.stringify(w));
    }
    assert.ok(
      h.workers.some((w) => w.in_flight >= 1),
      'the worker answering counts this request',
    );
    assert.equal(h.status, 'ready');

    const [victim, survivor] = workers as [number, number];
    process.kill(victim, 'SIGKILL');
    const { h: restarted } = await healthUntil(
      s.url,
      (x) => allReady(2)(x) && !x.workers.some((w) => w.pid === victim),
      60_000,
      100,
    );
    const now = restarted.workers.map((w) => w.pid);
    assert.ok(now.includes(survivor), 'the other worker kept running');
    workers = workersOf(primary);
    assert.deepEqual(
      now.sort((a, b) => a - b),
      workers,
    );
    assert.ok(
      s.log.some((l) => String(l.msg).includes(`worker pid ${victim} stopped`)),
      'the primary logged the crash',
    );
  } finally {
    await s.stop('SIGTERM');
  }
  assert.equal(s.child.exitCode, 0, `primary exit code ${s.child.exitCode} ${s.stderr()}`);
  const alive = workers.filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
  assert.deepEqual(alive, [], 'every worker stopped with the primary');
  assert.equal(
    s.log.filter((l) => String(l.msg).includes('SIGTERM, closing')).length >= 2,
    true,
    'each worker drained on SIGTERM',
  );
});

/** What /proc says a process has mapped (shared libraries) and open (files). */
async function opened(pid: number): Promise<string> {
  const fds = await readdir(`/proc/${pid}/fd`);
  const targets = await Promise.all(
    fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')),
  );
  return (await readFile(`/proc/${pid}/maps`, 'utf8')) + targets.join('\n');
}

test('one release swap reaches all 3 workers within 1 s, and the primary never opens a store', async () => {
  const { releasesDir, revision: first } = await makeV1Release();
  const s = await startWorkers(releasesDir, 3);
  try {
    assert.ok((await health(s.url)).workers.every((w) => w.revision === first));
    const second = await makeV1Release(releasesDir, { karaganda2024: 1_140_000 });
    const { took } = await healthUntil(
      s.url,
      (h) => h.workers.length === 3 && h.workers.every((w) => w.revision === second.revision),
      1000,
    );
    assert.ok(took <= 1000, `all workers serve ${second.revision} after ${took} ms`);
    const revisions = new Set<string | undefined>();
    for (let i = 0; i < 9; i++) revisions.add((await fresh(`${s.url}/api/v1/places`)).revision);
    assert.deepEqual(
      [...revisions],
      [second.revision],
      'every connection, whichever worker took it',
    );

    const primary = await opened(s.child.pid!);
    assert.doesNotMatch(primary, /better_sqlite3|store\.sqlite/, 'the primary loads no store');
    const worker = await opened(workersOf(s.child.pid!)[0]!);
    assert.match(worker, /better_sqlite3/, 'a worker does (so the check above can see one)');
  } finally {
    await s.stop();
  }
});

test('DALA_WORKERS that is not a whole number from 1 up is refused at start', async () => {
  const { releasesDir } = await makeV1Release();
  await assert.rejects(
    startServe(releasesDir, { DALA_WORKERS: 'two' }),
    /DALA_WORKERS="two" is not a whole number/,
  );
});

test('with 2 workers, a release the workers refuse (synthetic, no --benchmark) stops the primary with code 2 rather than restarting them', async () => {
  const store = fixtureStore();
  store.meta = { ...store.meta, kind: SYNTHETIC_KIND };
  const { releasesDir } = await sealFixture(
    undefined,
    { 'data/country-pulse.json': stableJson({ kind: 'test-fixture' }) },
    store,
  );
  const bin = fileURLToPath(new URL('../bin/dala.js', import.meta.url));
  const r = spawnSync(process.execPath, [bin, 'serve', '--releases', releasesDir, '--port', '0'], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, DALA_WORKERS: '2' },
  });
  assert.equal(r.status, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /synthetic benchmark.*--benchmark/);
  assert.match(r.stdout, /a worker refused to serve; stopping the others/);
});
