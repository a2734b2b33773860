// Release switching (docs/interface.md §3: CURRENT swapped atomically): a swap under a stream of requests loses none and every response comes
// wholly from the revision its header names; a release that fails verification is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { swapCurrent } from '../src/release/pointer.js';
import { makeFixtureRelease } from './support/fixture-release.js';
import { serve } from './serve-support.js';
import { tempDir } from './support/temp-dir.js';

async function until(check: () => boolean, ms: number): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

test('a release swap under 300 requests loses none, each body matches its revision header, and the diff follows', async () => {
  const s = await serve();
  const first = s.app.releases.current().revision;
  try {
    const seen = new Set<string>();
    const stream = (async () => {
      const failures: string[] = [];
      for (let i = 0; i < 300; i++) {
        const path =
          i % 2
            ? '/data/release-manifest.json'
            : '/api/timemachine/snapshot?layers=demography&date=2024-12-31';
        const r = await fetch(s.url + path);
        const revision = r.headers.get('x-dala-revision') ?? '';
        const body = await r.json();
        if (r.status !== 200) failures.push(`${path}: ${r.status}`);
        if (body.revision !== revision)
          failures.push(`${path}: body ${body.revision} under header ${revision}`);
        seen.add(revision);
        await new Promise((res) => setTimeout(res, 6));
      }
      return failures;
    })();
    await new Promise((r) => setTimeout(r, 500));
    const second = await makeFixtureRelease(s.releasesDir, { karaganda2024: 1_140_000 });
    const took = await until(() => s.app.releases.current().revision === second.revision, 1000);
    assert.ok(took <= 1000, `swap took ${took} ms`);
    assert.deepEqual(await stream, []);
    assert.deepEqual([...seen].sort(), [first, second.revision].sort());

    const diff = await (await fetch(s.url + '/api/timemachine/snapshot-diff')).json();
    assert.equal(diff.basis, 'predecessor');
    assert.equal(diff.previous_revision, first);
    assert.deepEqual(diff.counts, { added: 0, changed: 1, removed: 0 });
    assert.deepEqual(diff.changed[0], {
      metric: 'population',
      place: 'KZ-35',
      period: '2024',
      from: {
        value: 1_131_000,
        null_reason: null,
        status: 'final',
        unit: 'persons',
        source_id: 'bns-population',
        note: null,
      },
      to: {
        value: 1_140_000,
        null_reason: null,
        status: 'final',
        unit: 'persons',
        source_id: 'bns-population',
        note: null,
      },
    });
    assert.deepEqual(
      (await s.app.releases.list()).map((r) => r.revision),
      [second.revision, first],
    );
  } finally {
    await s.close();
  }
});

test('a tampered or symlinked release is refused and the server keeps the one it has', async () => {
  const s = await serve();
  const kept = s.app.releases.current().revision;
  // Seal the candidates elsewhere, then copy them in, so only the pointer swap brings them here.
  const other = await makeFixtureRelease(undefined, { karaganda2024: 1 });
  const good = await makeFixtureRelease(undefined, { karaganda2024: 2 });
  try {
    const tampered = join(s.releasesDir, other.revision);
    await cp(other.dir, tampered, { recursive: true });
    const file = join(tampered, 'data/country-pulse.json');
    const bytes = await readFile(file);
    bytes[5] = bytes[5]! ^ 1;
    await writeFile(file, bytes);
    await swapCurrent(s.releasesDir, other.revision);
    const before = s.app.releases.refreshCount;
    await s.app.releases.refresh();
    assert.ok(s.app.releases.refreshCount > before, 'the refresh ran');
    assert.equal(s.app.releases.current().revision, kept);
    const r = await fetch(s.url + '/data/country-pulse.json');
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-dala-revision'), kept);

    // Same bytes behind a symlink: not a regular file, so refused too. The pointer moves away first,
    // so the genuine copy made on the way to the symlink is never what CURRENT names.
    await cp(good.dir, join(s.releasesDir, good.revision), { recursive: true });
    await swapCurrent(s.releasesDir, good.revision);
    await until(() => s.app.releases.current().revision === good.revision, 1000);
    await rm(tampered, { recursive: true });
    await cp(other.dir, tampered, { recursive: true });
    await rm(file);
    await symlink(join(other.dir, 'data/country-pulse.json'), file);
    await swapCurrent(s.releasesDir, other.revision);
    const ran = s.app.releases.refreshCount;
    await s.app.releases.refresh();
    assert.ok(s.app.releases.refreshCount > ran, 'the refresh ran');
    assert.equal(s.app.releases.current().revision, good.revision);
  } finally {
    await s.close();
  }
});

test('before any release routes answer 503 no_release, and the first sealed release is served without a restart', async () => {
  const s = await serve(tempDir('dala-empty-'));
  try {
    for (const path of ['/data/country-pulse.json', '/api/timemachine/stats']) {
      const r = await fetch(s.url + path);
      assert.equal(r.status, 503, path);
      assert.equal((await r.json()).code, 'no_release');
    }
    const first = await makeFixtureRelease(s.releasesDir);
    await until(() => s.app.releases.currentRevision() === first.revision, 1000);
    assert.equal((await fetch(s.url + '/data/country-pulse.json')).status, 200);
  } finally {
    await s.close();
  }
});
