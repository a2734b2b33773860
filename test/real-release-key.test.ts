// The kept real release (test/support/release.ts) is reused only while the build's inputs are
// unchanged: its key changes with any byte of them.
import assert from 'node:assert/strict';
import { chmodSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { realReleaseKey } from './support/release-key.js';
import { tempDir } from './support/temp-dir.js';

test('the kept real release is keyed by every byte of its inputs', () => {
  const copy = join(tempDir('dala-key-'), 'snapshots');
  cpSync(snapshotsDir(), copy, { recursive: true });
  const saved = process.env.DALA_SNAPSHOTS;
  process.env.DALA_SNAPSHOTS = copy;
  try {
    const key = realReleaseKey();
    assert.match(key, /^[0-9a-f]{32}$/);
    assert.equal(realReleaseKey(), key, 'the same inputs, the same key');
    const csv = join(copy, 'bns/population_avg_annual_by_region.csv');
    chmodSync(csv, 0o644); // the snapshots are kept read-only
    const text = readFileSync(csv, 'utf8');
    writeFileSync(csv, text.replace('654230.0', '654231.0'));
    assert.notEqual(realReleaseKey(), key, 'one snapshot digit changed');
    writeFileSync(csv, text);
    assert.equal(realReleaseKey(), key, 'restored');
  } finally {
    if (saved === undefined) delete process.env.DALA_SNAPSHOTS;
    else process.env.DALA_SNAPSHOTS = saved;
  }
});
