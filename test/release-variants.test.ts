// Precompressed variants written at seal time (so loading compresses nothing): beside each compressible
// data/ file, listed and verified in release.json, outside the revision hash, served by
// negotiation and never as resources of their own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readSeal, revisionOf, verifyRelease } from '../src/release/verify.js';
import { buildApp } from '../src/serve/app.js';
import { makeFixtureRelease } from './support/fixture-release.js';

test('each compressible data file gets .gz and .br beside it that decode to it, listed in the seal but outside the revision', async () => {
  const { dir, revision } = await makeFixtureRelease();
  const seal = await readSeal(dir);
  const variants = seal.variants ?? [];
  const json = seal.files.find((f) => f.path === 'data/release-manifest.json')!;
  for (const [coding, decode] of [
    ['gzip', gunzipSync],
    ['br', brotliDecompressSync],
  ] as const) {
    const v = variants.find((x) => x.of === json.path && x.coding === coding);
    assert.ok(v, `${coding} variant of ${json.path}`);
    assert.equal(v.path, json.path + (coding === 'gzip' ? '.gz' : '.br'));
    const bytes = await readFile(join(dir, v.path));
    assert.equal(bytes.length, v.bytes);
    assert.deepEqual(decode(bytes), await readFile(join(dir, json.path)));
  }
  assert.ok(
    variants.every(
      (v) => seal.files.some((f) => f.path === v.of) && !seal.files.some((f) => f.path === v.path),
    ),
  );
  assert.equal(revisionOf(seal.files), revision, 'the revision is computed without the variants');
  await verifyRelease(dir);
});

test('a changed variant fails verification, naming the file', async () => {
  const { dir } = await makeFixtureRelease();
  const v = (await readSeal(dir)).variants![0]!;
  const bytes = await readFile(join(dir, v.path));
  bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
  await writeFile(join(dir, v.path), bytes);
  await assert.rejects(verifyRelease(dir), (err: Error & { file?: string }) => err.file === v.path);
});

test('Node sends the sealed variant bytes, and a variant path is not a resource', async () => {
  const { releasesDir, dir } = await makeFixtureRelease();
  const app = await buildApp({ releasesDir, pollMs: 60_000 });
  try {
    const seal = await readSeal(dir);
    const v = seal.variants!.find(
      (x) => x.of === 'data/release-manifest.json' && x.coding === 'br',
    )!;
    const r = await app.inject({
      method: 'GET',
      url: '/data/release-manifest.json',
      headers: { 'accept-encoding': 'br' },
    });
    assert.equal(r.headers['content-encoding'], 'br');
    assert.deepEqual(r.rawPayload, await readFile(join(dir, v.path)));
    for (const path of ['/' + v.path, '/data/release-manifest.json.gz']) {
      const miss = await app.inject({ method: 'GET', url: path });
      assert.equal(miss.statusCode, 404, path);
      assert.equal(miss.headers['content-type'], 'application/problem+json');
    }
  } finally {
    await app.close();
  }
});
