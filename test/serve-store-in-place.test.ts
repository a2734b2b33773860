// A store whose pages carry checksums is opened in place, whatever its size (the fixture's is a few
// hundred KiB: src/serve/releases/store-in-place.ts): store-backed routes answer without waiting for the whole
// file's sha256, and still no byte that differs from the sealed one is served. A flipped byte in a page
// fails that page's check (a problem document, never data, and health says why); an SQLite writer is
// locked out while the store is served; any other write withdraws the release until it is verified
// whole again. The whole-file hash is held at a gate where a test needs the page check alone to act.
import assert from 'node:assert/strict';
import { cp, open } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { startServer } from '../src/serve/server.js';
import { verifyStore } from '../src/serve/releases/store-verify.js';
import { captureLog } from './support/log-capture.js';
import { flipTablePages } from './support/flip-pages.js';
import { makeV1Release } from './support/v1-fixture.js';
import { tempDir } from './support/temp-dir.js';

const STORE_ROUTES = [
  '/api/timemachine/layers',
  '/api/timemachine/snapshot?date=2024-12-31',
  '/api/v1/places?limit=1',
  '/api/v1/search?q=Karaganda',
];

/** The real verifier, but the first store's whole-file hash is reported only once `open()` is called. */
function heldHash() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let first = true;
  const verify: typeof verifyStore = (dir, sealed, opts) => {
    const inner = verifyStore(dir, sealed, opts);
    if (!first) return inner;
    first = false;
    const done = gate.then(() => inner.done);
    done.catch(() => {});
    return { ...inner, done, lost: gate.then(() => inner.lost) };
  };
  return { verify, open: () => open() };
}

/** A fresh copy of the v1 fixture release (tests here write to its store). */
async function freshRelease(): Promise<{ releasesDir: string; store: string }> {
  const { releasesDir: sealed, revision } = await makeV1Release();
  const releasesDir = tempDir('dala-in-place-');
  await cp(sealed, releasesDir, { recursive: true });
  return { releasesDir, store: join(releasesDir, revision, 'store.sqlite') };
}

async function start(releasesDir: string, verify?: typeof verifyStore) {
  const log = captureLog();
  const server = await startServer({
    releasesDir,
    host: '127.0.0.1',
    port: 0,
    logger: log.logger,
    pollMs: 60_000,
    answerBeforeStoreVerified: true,
    verifyStore: verify,
    v1: { rateLimit: { burst: 100_000, refillPerSecond: 1000 } },
  });
  return { server, log };
}

const get = async (url: string) => {
  const r = await fetch(url);
  return { status: r.status, type: r.headers.get('content-type'), body: (await r.json()) as any };
};

test('a store opened in place answers every store-backed route before its whole-file hash is done, from no copy', async () => {
  const { releasesDir } = await freshRelease();
  const held = heldHash();
  const { server } = await start(releasesDir, held.verify);
  try {
    const release = server.app.releases.current();
    await release.storeReady;
    let hashed = false;
    void release.storeSealed!.then(() => (hashed = true));
    for (const path of STORE_ROUTES) assert.equal((await get(server.url + path)).status, 200, path);
    assert.equal(hashed, false, 'answered while the whole-file hash was held');
    assert.equal(release.storeCopy, null, 'no private copy: the sealed file itself');
    assert.equal(server.app.releases.status().state, 'ready');
    held.open();
    await release.storeSealed;
    for (const path of STORE_ROUTES) assert.equal((await get(server.url + path)).status, 200, path);
  } finally {
    await server.close();
  }
});

test('a flipped byte in a page of a store opened in place is never served: the route answers a problem document and health says why', async () => {
  const { releasesDir, store } = await freshRelease();
  // One byte flipped in every page of the layers table (same size: only the page checks and the hash tell).
  assert.ok((await flipTablePages(store, 'layers')).length > 0);

  const held = heldHash(); // the hash would refuse the release: held, so the page check alone acts
  const { server, log } = await start(releasesDir, held.verify);
  try {
    await server.app.releases.current().storeReady;
    for (let i = 0; i < 3; i++) {
      const r = await get(`${server.url}/api/timemachine/layers`);
      assert.equal(r.status, 503, JSON.stringify(r.body));
      assert.equal(r.type, 'application/problem+json');
      assert.equal(r.body.code, 'release_unavailable');
      assert.equal(r.body.layers, undefined, 'no data');
    }
    assert.ok(log.find(/store read failed/).length >= 1, 'a log line names the failed read');
    await server.app.releases.refresh(); // the reload the fault asked for: verified whole, it is refused
    const health = await get(`${server.url}/api/v1/health`);
    assert.notEqual(health.body.data.status, 'ready', JSON.stringify(health.body));
    assert.ok(
      health.body.data.reasons.some((r: string) =>
        /store read failed|store\.sqlite: sha256/.test(r),
      ),
      JSON.stringify(health.body),
    );
    held.open();
    await server.app.releases.current().storeLost;
    const after = await get(`${server.url}/api/timemachine/layers`);
    assert.equal(after.status, 503);
    assert.equal(after.body.code, 'no_release');
    assert.match(after.body.detail, /store\.sqlite: sha256 .* differs from sealed/);
  } catch (err) {
    held.open();
    throw err;
  } finally {
    await server.close();
  }
});

test('a store served in place refuses an SQLite writer, and any other write to it withdraws the release until it is verified whole again', async () => {
  const { releasesDir, store } = await freshRelease();
  const { server, log } = await start(releasesDir);
  try {
    const release = server.app.releases.current();
    await release.storeSealed;
    const before = await get(`${server.url}/api/timemachine/layers`);
    assert.equal(before.status, 200);

    const writer = new Database(store, { timeout: 20 });
    assert.throws(
      () => writer.prepare(`UPDATE layers SET title_en = 'Tampered'`).run(),
      (err: { code?: string }) => err.code === 'SQLITE_BUSY',
      'the served store is locked against writers',
    );
    writer.close();
    assert.deepEqual((await get(`${server.url}/api/timemachine/layers`)).body, before.body);

    // The same bytes written again: a write all the same, so the store is withdrawn...
    const file = await open(store, 'r+');
    const page = Buffer.alloc(4096);
    await file.read(page, 0, page.length, 8192);
    await file.write(page, 0, page.length, 8192);
    await file.close();
    const reason = await release.storeLost!;
    assert.match(reason.message, /store\.sqlite: written to while served/);
    const withdrawn = await get(`${server.url}/api/timemachine/layers`);
    assert.equal(withdrawn.status, 503);
    assert.equal(withdrawn.body.code, 'no_release');
    assert.ok(
      log.find(/refused/).some((l) => /written to while served/.test(String(l['msg']))),
      'a log line says why',
    );
    // ...and served again only once verified whole: its bytes still match the seal
    await server.app.releases.refresh();
    const again = server.app.releases.current();
    assert.notEqual(again, release);
    assert.deepEqual((await get(`${server.url}/api/timemachine/layers`)).body, before.body);
    assert.equal(
      log.find(/hashed whole; it matches the seal/).length,
      2,
      'the reloaded store was hashed whole (the refresh waits for it)',
    );
  } finally {
    await server.close();
  }
});
