// At start `dala serve` answers /data/ (sealed files, each verified by its own hash) before the store
// is verified; until it is, every store-backed route answers 503 store_verifying with Retry-After and
// health says verifying. A store that fails verification is never served: the release is refused, no
// store-backed route ever answers 200 from it, and health and a log line name store.sqlite. The store's
// verification is held at a gate (the real verifier runs once the gate opens), so each state is
// observed for certain rather than raced.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { startServer } from '../src/serve/server.js';
import { COPY_ROOT } from '../src/serve/releases/store-copies.js';
import { verifyStore, type StoreVerification } from '../src/serve/releases/store-verify.js';
import { captureLog } from './support/log-capture.js';
import { flipMiddleByte, flipTablePages } from './support/flip-pages.js';
import { makeV1Release } from './support/v1-fixture.js';
import { tempDir } from './support/temp-dir.js';
import { dalaCommandEnv } from './support/dala-command.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STORE_ROUTES = [
  '/api/timemachine/layers',
  '/api/timemachine/snapshot?date=2024-12-31',
  '/api/v1/places?limit=1',
  '/api/v1/search?q=Karaganda',
];

/** The real verifier, started only once `open()` is called; `inPlace: false` copies a store that could be opened in place. */
function gatedVerifier(inPlace = true) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const verify: typeof verifyStore = (dir, sealed, opts) => {
    let inner: StoreVerification | null = null;
    const started = gate.then(
      () => (inner = verifyStore(dir, sealed, { ...opts, inPlace: opts.inPlace && inPlace })),
    );
    const opened = started.then((v) => v.opened);
    const done = started.then((v) => v.done);
    opened.catch(() => {});
    done.catch(() => {});
    return {
      opened,
      done,
      lost: started.then((v) => v.lost),
      cancel: async () => void (await inner?.cancel()),
    };
  };
  return { verify, open: () => open() };
}

const get = async (url: string) => {
  const r = await fetch(url);
  return { status: r.status, headers: r.headers, body: Buffer.from(await r.arrayBuffer()) };
};
const json = (body: Buffer) => JSON.parse(body.toString('utf8'));

async function start(releasesDir: string, storeMemoryMax?: number, inPlace = true) {
  const log = captureLog();
  const gate = gatedVerifier(inPlace);
  const server = await startServer({
    releasesDir,
    host: '127.0.0.1',
    port: 0,
    logger: log.logger,
    pollMs: 60_000,
    storeMemoryMax,
    answerBeforeStoreVerified: true,
    verifyStore: gate.verify,
    v1: { rateLimit: { burst: 100_000, refillPerSecond: 1000 } },
  });
  return { server, log, gate };
}

const MODES = [
  {
    label: 'in place, its pages checked as read',
    storeMemoryMax: undefined,
    inPlace: true,
    copy: false,
  },
  { label: 'in memory', storeMemoryMax: undefined, inPlace: false, copy: false },
  { label: 'as a private disk copy', storeMemoryMax: 0, inPlace: false, copy: true },
];
for (const mode of MODES) {
  test(`before its store is verified (${mode.label}) /data/ answers, store-backed routes answer 503 store_verifying with Retry-After, health says verifying; then every route answers`, async () => {
    const { releasesDir, dir } = await makeV1Release();
    const { server, gate } = await start(releasesDir, mode.storeMemoryMax, mode.inPlace);
    try {
      const data = await get(`${server.url}/data/country-pulse.json`);
      assert.equal(data.status, 200);
      assert.deepEqual(
        data.body,
        await readFile(join(dir, 'data/country-pulse.json')),
        'the sealed bytes',
      );
      for (const path of STORE_ROUTES) {
        const r = await get(server.url + path);
        assert.equal(r.status, 503, `${path}: ${r.body}`);
        assert.equal(r.headers.get('content-type'), 'application/problem+json', path);
        assert.equal(json(r.body).code, 'store_verifying', path);
        assert.match(json(r.body).detail, /being verified/, path);
        assert.equal(r.headers.get('retry-after'), '1', path);
      }
      const health = await get(`${server.url}/api/v1/health`);
      assert.equal(health.status, 200);
      assert.equal(json(health.body).data.status, 'verifying');
      assert.ok(
        json(health.body).data.reasons.some((r: string) => r.includes('store.sqlite')),
        String(health.body),
      );
      assert.equal(server.app.releases.status().state, 'verifying');

      gate.open();
      await server.app.releases.current().storeReady;
      for (const path of STORE_ROUTES)
        assert.equal((await get(server.url + path)).status, 200, path);
      assert.equal(json((await get(`${server.url}/api/v1/health`)).body).data.status, 'ready');
      assert.equal(
        Boolean(server.app.releases.current().storeCopy),
        mode.copy,
        'held where the mode says',
      );
    } finally {
      await server.close();
    }
  });
}

/** A copy of a sealed release whose store has one byte changed (same size: only the hash tells). */
async function tamperedStore(): Promise<{ releasesDir: string; revision: string }> {
  const { releasesDir: good, revision } = await makeV1Release();
  const releasesDir = tempDir('dala-tampered-store-');
  await cp(good, releasesDir, { recursive: true });
  await flipMiddleByte(join(releasesDir, revision, 'store.sqlite'));
  return { releasesDir, revision };
}

for (const mode of MODES) {
  test(`a store failing verification at start (${mode.label}) is never served: store-backed routes never answer 200, then the release is refused with health and a log line naming store.sqlite`, async () => {
    const { releasesDir, revision } = await tamperedStore();
    const copiesBefore = await readdir(COPY_ROOT).catch(() => []);
    const { server, log, gate } = await start(releasesDir, mode.storeMemoryMax, mode.inPlace);
    try {
      for (const path of STORE_ROUTES)
        assert.equal((await get(server.url + path)).status, 503, path);
      const release = server.app.releases.current();
      gate.open();
      if (mode.inPlace) {
        // opened in place, the whole file hashed behind it: the mismatch withdraws the release
        await assert.rejects(release.storeSealed!, /store\.sqlite: sha256 .* differs from sealed/);
        await release.storeLost;
      } else {
        await assert.rejects(release.storeReady, /store\.sqlite: sha256 .* differs from sealed/);
      }
      for (const path of [...STORE_ROUTES, '/data/country-pulse.json']) {
        const r = await get(server.url + path);
        assert.equal(r.status, 503, path);
        assert.equal(json(r.body).code, 'no_release', path);
        assert.match(json(r.body).detail, /store\.sqlite: sha256/, path);
      }
      const health = await get(`${server.url}/api/v1/health`);
      assert.equal(health.status, 503);
      assert.equal(server.app.releases.status().state, 'unavailable');
      assert.ok(
        log
          .find(/refused/)
          .some(
            (l) =>
              String(l['msg']).includes(join(releasesDir, revision)) &&
              /store\.sqlite: sha256/.test(String(l['msg'])),
          ),
        'a log line names the path and the reason',
      );
      assert.deepEqual(
        await readdir(COPY_ROOT).catch(() => []),
        copiesBefore,
        'the unverified copy is removed',
      );
    } finally {
      await server.close();
    }
  });
}

/** A copy of a sealed release with one bit flipped in every page of the layers table. */
async function tamperedLayers(): Promise<{ releasesDir: string }> {
  const { releasesDir: good, revision } = await makeV1Release();
  const releasesDir = tempDir('dala-tampered-layers-');
  await cp(good, releasesDir, { recursive: true });
  assert.ok(
    (await flipTablePages(join(releasesDir, revision, 'store.sqlite'), 'layers')).length > 0,
  );
  return { releasesDir };
}

const SPAWNED = [
  // verified whole before it answers: no store-backed route answers 200 before the refusal
  {
    label: 'verified whole',
    env: { DALA_STORE_IN_PLACE: '0' },
    tamper: tamperedStore,
    watched: STORE_ROUTES,
  },
  // opened in place: other pages may answer, but the route reading the flipped pages never does
  {
    label: 'opened in place',
    env: {},
    tamper: tamperedLayers,
    watched: ['/api/timemachine/layers'],
  },
];
for (const mode of SPAWNED) {
  test(`dala serve with a tampered store (${mode.label}): from spawn to refusal no answer comes from a changed byte, and the process keeps running with health 503`, async () => {
    const { releasesDir } = await mode.tamper();
    const child = spawn(
      process.execPath,
      ['bin/dala.js', 'serve', '--releases', releasesDir, '--port', '0'],
      {
        cwd: ROOT,
        env: { ...process.env, ...dalaCommandEnv(), ...mode.env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    try {
      const base = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m) (clearInterval(timer), resolve(m[1]!));
          if (child.exitCode !== null) (clearInterval(timer), reject(new Error(`exited: ${out}`)));
        }, 5);
      });
      const statuses = new Set<number>();
      // until the release is withdrawn (health 503: nothing served), which the log says with its reason
      for (
        const until = Date.now() + 60_000;
        (await fetch(`${base}/api/v1/health`)).status !== 503;
      ) {
        for (const path of mode.watched) statuses.add((await fetch(base + path)).status);
        assert.ok(Date.now() < until, `never withdrawn: ${out}`);
      }
      assert.match(out, /refused: store\.sqlite: sha256 .* differs from sealed/);
      for (const path of STORE_ROUTES) statuses.add((await fetch(base + path)).status);
      assert.deepEqual(
        [...statuses],
        [503],
        'only 503 (store_verifying or release_unavailable, then no_release)',
      );
      assert.equal(child.exitCode, null, 'still running, to take a repaired or newer release');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
}
