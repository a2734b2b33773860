// A release marked synthetic (a scaled benchmark, bench/scale/) is never served by accident: `dala
// serve` refuses it without --benchmark, and the store loader refuses it unless benchmarks were allowed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stableJson } from '../src/lib/canonical-json.js';
import { allowSyntheticStores, SYNTHETIC_KIND } from '../src/store/open.js';
import { fixtureStore, sealFixture } from './support/fixture-release.js';
import { serve } from './serve-support.js';

async function syntheticRelease(): Promise<string> {
  const store = fixtureStore();
  store.meta = { ...store.meta, kind: SYNTHETIC_KIND };
  return (
    await sealFixture(
      undefined,
      { 'data/country-pulse.json': stableJson({ kind: 'test-fixture' }) },
      store,
    )
  ).releasesDir;
}

test('dala serve refuses a synthetic release without --benchmark and says why', async () => {
  const dir = await syntheticRelease();
  const bin = fileURLToPath(new URL('../bin/dala.js', import.meta.url));
  const r = spawnSync(process.execPath, [bin, 'serve', '--releases', dir, '--port', '0'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /synthetic benchmark.*--benchmark/);
});

test('the server does not load a synthetic store unless benchmarks are allowed', async () => {
  const dir = await syntheticRelease();
  const refused = await serve(dir);
  try {
    const r = await fetch(refused.url + '/api/timemachine/stats');
    assert.equal(r.status, 503);
    assert.equal((await r.json()).code, 'no_release');
  } finally {
    await refused.close();
  }
  allowSyntheticStores(true);
  const allowed = await serve(dir);
  try {
    const r = await fetch(allowed.url + '/api/timemachine/health');
    assert.equal(r.status, 200);
    assert.equal((await r.json()).data_kind, SYNTHETIC_KIND);
  } finally {
    await allowed.close();
    allowSyntheticStores(false);
  }
});
