// What is served is what was sealed, for as long as it is served: `dala verify` checks every field of
// release.json, a store verified whole before it answers (one without page checksums, or with in-place
// opening off) is served from a private verified copy (in memory or on disk; a store opened in place, the
// default, is tested in test/serve-store-in-place.test.ts), release.json is read once, a
// corrupted store read is a 503 with health degraded (then the release reloads), and a tampered
// candidate is refused at start and at switch with a log line naming its path and reason while the last
// good release keeps serving; a refused revision is tried again once repaired. Each refresh is awaited
// (holder.refresh()), so a test observes that the check ran rather than sleeping and hoping.
import assert from 'node:assert/strict';
import { cp, readFile, rename, rm, writeFile, chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { stableJson } from '../src/lib/canonical-json.js';
import { sha256Hex } from '../src/lib/hash.js';
import { swapCurrent } from '../src/release/pointer.js';
import { verifyRelease } from '../src/release/verify.js';
import { startServer, type RunningServer } from '../src/serve/server.js';
import { verifyStore } from '../src/serve/releases/store-verify.js';
import { captureLog } from './support/log-capture.js';
import { makeV1Release } from './support/v1-fixture.js';
import { tempDir } from './support/temp-dir.js';

const json = async (url: string) => {
  const r = await fetch(url);
  return { status: r.status, headers: r.headers, body: (await r.json()) as any };
};

/** The real verifier, verifying whole a store it could open in place: the in-memory and private-copy paths, tested on their own. */
const wholeVerifier: typeof verifyStore = (dir, sealed, opts) =>
  verifyStore(dir, sealed, { ...opts, inPlace: false });

async function start(
  releasesDir: string,
  extra: { storeMemoryMax?: number; verifyStore?: typeof verifyStore } = {},
) {
  const log = captureLog();
  const server = await startServer({
    releasesDir,
    host: '127.0.0.1',
    port: 0,
    logger: log.logger,
    v1: { rateLimit: { burst: 100_000, refillPerSecond: 1000 } },
    pollMs: 60_000,
    ...extra,
  });
  return { server, log };
}

/** Copies a sealed release to a fresh directory so a test can tamper with it alone. */
async function copyRelease(src: string): Promise<string> {
  const dir = join(tempDir('dala-tamper-'), src.split('/').pop()!);
  await cp(src, dir, { recursive: true });
  return dir;
}

async function editSeal(dir: string, edit: (seal: any) => void): Promise<void> {
  const seal = JSON.parse(await readFile(join(dir, 'release.json'), 'utf8'));
  edit(seal);
  await writeFile(join(dir, 'release.json'), stableJson(seal));
}

test('dala verify refuses a release whose release.json was edited in any field, the manifest entry included', async () => {
  const { dir } = await makeV1Release();
  await verifyRelease(dir);
  const edits: [string, (dir: string) => Promise<void>][] = [
    ['built_at', (d) => editSeal(d, (s) => (s.built_at = '2027-01-01T00:00:00Z'))],
    ['as_of', (d) => editSeal(d, (s) => (s.as_of = '2030-12-31'))],
    ['revision', (d) => editSeal(d, (s) => (s.revision = '0123456789abcdef'))],
    ['schema_version', (d) => editSeal(d, (s) => (s.schema_version = '9.9.9'))],
    ['previous_revision', (d) => editSeal(d, (s) => (s.previous_revision = 'fedcba9876543210'))],
    ['rollback', (d) => editSeal(d, (s) => (s.rollback = '/api/v1/releases/elsewhere'))],
    ['an added field', (d) => editSeal(d, (s) => (s.signed_by = 'nobody'))],
    ['a media type', (d) => editSeal(d, (s) => (s.files[0].media_type = 'text/html'))],
    ['a file entry path', (d) => editSeal(d, (s) => (s.files[0].path = `../${s.files[0].path}`))],
    [
      'the manifest and its seal entry, rewritten together',
      async (d) => {
        const path = join(d, 'data/release-manifest.json');
        const manifest = JSON.parse(await readFile(path, 'utf8'));
        manifest.built_at = '2027-01-01T00:00:00Z';
        const bytes = stableJson(manifest);
        await writeFile(path, bytes);
        await editSeal(d, (s) => {
          const entry = s.files.find((f: any) => f.path === 'data/release-manifest.json');
          entry.sha256 = sha256Hex(bytes);
          entry.bytes = Buffer.byteLength(bytes);
        });
      },
    ],
    ['the seal is not JSON', (d) => writeFile(join(d, 'release.json'), '{"revision":')],
  ];
  for (const [label, edit] of edits) {
    const copy = await copyRelease(dir);
    await edit(copy);
    await assert.rejects(verifyRelease(copy), /./, label);
  }
});

for (const mode of [
  { label: 'in memory', storeMemoryMax: undefined },
  { label: 'from a private disk copy', storeMemoryMax: 0 },
]) {
  test(`the store is served ${mode.label}: edits of the release directory after load change no answer`, async () => {
    const { releasesDir, dir, revision } = await makeV1Release();
    const { server } = await start(releasesDir, {
      storeMemoryMax: mode.storeMemoryMax,
      verifyStore: wholeVerifier,
    });
    try {
      const before = await json(
        `${server.url}/api/timemachine/snapshot?layers=demography&date=2024-12-31`,
      );
      const releasesBefore = await json(`${server.url}/api/v1/releases`);
      // Rewrite a value and a layer in the store on disk, then edit and move release.json.
      await chmod(join(dir, 'store.sqlite'), 0o644);
      const db = new Database(join(dir, 'store.sqlite'));
      db.prepare(
        `UPDATE points SET value = 1 WHERE metric = 'population' AND value IS NOT NULL`,
      ).run();
      db.prepare(`UPDATE layers SET title_en = 'Tampered'`).run();
      db.close();
      await editSeal(dir, (s) => (s.as_of = '2031-01-01'));
      await rename(join(dir, 'release.json'), join(dir, 'release.json.moved'));
      await server.app.releases.refresh();
      const after = await json(
        `${server.url}/api/timemachine/snapshot?layers=demography&date=2024-12-31`,
      );
      assert.deepEqual(after.body, before.body);
      assert.equal(after.headers.get('x-dala-revision'), revision);
      assert.deepEqual(
        (await json(`${server.url}/api/v1/releases`)).body,
        releasesBefore.body,
        'release.json is read once, at load',
      );
      assert.equal(
        (await json(`${server.url}/api/timemachine/layers`)).body.layers.some(
          (l: any) => l.title_en === 'Tampered',
        ),
        false,
      );
    } finally {
      await server.close();
    }
  });
}

test('a corrupted page of the served store answers 503 release_unavailable (never 500), health says degraded, and the release reloads', async () => {
  const { releasesDir, revision } = await makeV1Release();
  const { server, log } = await start(releasesDir, {
    storeMemoryMax: 0,
    verifyStore: wholeVerifier,
  });
  try {
    const release = server.app.releases.current();
    assert.ok(release.storeCopy, 'served from a private disk copy');
    // Overwrite every page after the first of the private copy with garbage.
    const bytes = await readFile(release.storeCopy!);
    bytes.fill(0xa5, 4096);
    await chmod(release.storeCopy!, 0o600);
    await writeFile(release.storeCopy!, bytes);
    const broken = await json(
      `${server.url}/api/timemachine/snapshot?layers=demography&date=2024-12-31`,
    );
    assert.equal(broken.status, 503, JSON.stringify(broken.body));
    assert.equal(broken.body.code, 'release_unavailable');
    assert.equal(broken.headers.get('retry-after'), '1');
    assert.equal(log.find(/store read failed/).length, 1, 'one log line names the failure');
    await server.app.releases.refresh(); // the reload the fault scheduled, awaited
    const health = await json(`${server.url}/api/v1/health`);
    assert.equal(health.body.data.status, 'ready', JSON.stringify(health.body));
    const again = await json(
      `${server.url}/api/timemachine/snapshot?layers=demography&date=2024-12-31`,
    );
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('x-dala-revision'), revision);
    assert.notEqual(
      server.app.releases.current(),
      release,
      'a fresh verified copy replaced the corrupted one',
    );
  } finally {
    await server.close();
  }
});

test('no usable CURRENT at start: a log line and the 503 both name the path and the reason', async () => {
  const empty = tempDir('dala-nocurrent-');
  const cases: [string, () => Promise<void>, RegExp][] = [
    ['missing', async () => {}, /CURRENT does not exist/],
    [
      'garbage',
      () => writeFile(join(empty, 'CURRENT'), 'not a revision\n'),
      /not a 16-hex revision/,
    ],
    ['traversal', () => writeFile(join(empty, 'CURRENT'), '../..\n'), /not a 16-hex revision/],
    [
      'a missing directory',
      () => writeFile(join(empty, 'CURRENT'), '0123456789abcdef\n'),
      /0123456789abcdef refused: release\.json is missing/,
    ],
  ];
  for (const [label, setup, reason] of cases) {
    await setup();
    const { server, log } = await start(empty);
    try {
      const lines = log.find(/no release served at start/);
      assert.equal(lines.length, 1, label);
      assert.match(String(lines[0]!['msg']), reason, label);
      assert.ok(String(lines[0]!['msg']).includes(empty), `${label}: the log names the path`);
      for (const path of ['/api/v1/health', '/data/country-pulse.json', '/api/timemachine/stats']) {
        const r = await json(`${server.url}${path}`);
        assert.equal(r.status, 503, `${label} ${path}`);
        assert.equal(r.body.code, 'no_release');
        assert.match(r.body.detail, reason, `${label} ${path}`);
        assert.ok(r.body.detail.includes(empty), `${label} ${path}: the problem names the path`);
      }
    } finally {
      await server.close();
    }
  }
});

test('a release altered after sealing is refused at switch with a log line naming path and reason; health degrades; the last good serves; a repaired revision is taken', async () => {
  const { releasesDir, revision: good } = await makeV1Release();
  const candidate = await makeV1Release(undefined, { karaganda2024: 1_200_000 });
  const { server, log } = await start(releasesDir);
  const holder = server.app.releases;
  const target = join(releasesDir, candidate.revision);
  const restore = async () => {
    await rm(target, { recursive: true, force: true });
    await cp(candidate.dir, target, { recursive: true });
  };
  const flip = async (path: string) => {
    const bytes = await readFile(join(target, path));
    const i = bytes.length >> 1;
    bytes[i] = bytes[i]! ^ 1;
    await writeFile(join(target, path), bytes);
  };
  const tampers: [string, () => Promise<void>, RegExp][] = [
    ['a data file', () => flip('data/country-pulse.json'), /country-pulse\.json: sha256 .*differs/],
    ['the store', () => flip('store.sqlite'), /store\.sqlite: sha256 .*differs/],
    [
      'built_at in the seal',
      () => editSeal(target, (s) => (s.built_at = '2027-01-01T00:00:00Z')),
      /built_at/,
    ],
    ['as_of in the seal', () => editSeal(target, (s) => (s.as_of = '2030-01-01')), /as_of/],
    [
      'a file hash in the seal',
      () => editSeal(target, (s) => (s.files[0].sha256 = '0'.repeat(64))),
      /does not match the sealed file list/,
    ],
    ['the seal removed', () => rm(join(target, 'release.json')), /release\.json is missing/],
    [
      'an extra file',
      () => writeFile(join(target, 'data/extra.json'), '{}'),
      /extra\.json: not listed/,
    ],
  ];
  try {
    for (const [label, tamper, reason] of tampers) {
      await restore();
      await tamper();
      const before = holder.refreshCount;
      await swapCurrent(releasesDir, candidate.revision);
      await holder.refresh();
      assert.ok(holder.refreshCount > before, `${label}: the refresh ran`);
      assert.equal(holder.currentRevision(), good, `${label}: the last good release keeps serving`);
      const r = await json(`${server.url}/data/country-pulse.json`);
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('x-dala-revision'), good);
      const health = await json(`${server.url}/api/v1/health`);
      assert.equal(health.body.data.status, 'degraded', label);
      assert.ok(
        health.body.data.reasons.some((x: string) => x.includes(target) && reason.test(x)),
        `${label}: ${JSON.stringify(health.body.data.reasons)}`,
      );
      assert.ok(
        log
          .find(/refused/)
          .some((l) => String(l['msg']).includes(target) && reason.test(String(l['msg']))),
        `${label}: a log line names path and reason`,
      );
      await swapCurrent(releasesDir, good);
      await holder.refresh();
    }
    for (const [label, pointer, reason] of [
      ['garbage', 'zzz\n', /not a 16-hex revision/],
      ['../..', '../..\n', /not a 16-hex revision/],
      ['a missing directory', 'aaaaaaaaaaaaaaaa\n', /release\.json is missing/],
    ] as const) {
      await writeFile(join(releasesDir, 'CURRENT'), pointer);
      await holder.refresh();
      assert.equal(holder.currentRevision(), good, label);
      const health = await json(`${server.url}/api/v1/health`);
      assert.equal(health.body.data.status, 'degraded', label);
      assert.ok(
        health.body.data.reasons.some((x: string) => reason.test(x)),
        `${label}: ${JSON.stringify(health.body.data.reasons)}`,
      );
    }
    // Repaired in place (same directory, same timestamps of the seal): taken on the next try.
    await restore();
    await flip('data/country-pulse.json');
    await swapCurrent(releasesDir, candidate.revision);
    await holder.refresh();
    assert.equal(holder.currentRevision(), good);
    await restore();
    await holder.refresh();
    assert.equal(
      holder.currentRevision(),
      candidate.revision,
      'a refused revision is tried again once its files change',
    );
    assert.equal((await json(`${server.url}/api/v1/health`)).body.data.status, 'ready');
  } finally {
    await server.close();
  }
});

test('the releases directory removed while serving: the last good release keeps serving and health says why', async () => {
  const { releasesDir, revision } = await makeV1Release();
  const { server, log } = await start(releasesDir);
  try {
    await rm(releasesDir, { recursive: true });
    await server.app.releases.refresh();
    const r = await json(`${server.url}/data/country-pulse.json`);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-dala-revision'), revision);
    const health = await json(`${server.url}/api/v1/health`);
    assert.equal(health.body.data.status, 'degraded');
    assert.match(health.body.data.reasons.join(' '), /releases directory .* is not readable/);
    assert.ok(
      log.find(/release pointer unusable/).some((l) => /is not readable/.test(String(l['msg']))),
      'a log line says why',
    );
  } finally {
    await server.close();
  }
});
