// A release states its build date beside each input's retrieval date: a build date before an input
// was retrieved is refused before anything is written, naming the snapshot.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { buildRelease } from '../src/release/build.js';
import { tempDir } from './support/temp-dir.js';

test('a SOURCE_DATE_EPOCH before a snapshot was retrieved fails the build, naming the snapshot, and writes nothing', async () => {
  const releasesDir = join(tempDir('dala-early-'), 'releases');
  await assert.rejects(
    buildRelease({
      snapshotsDir: snapshotsDir(),
      releasesDir,
      sourcesDir: SOURCES_DIR,
      builtAt: buildTime(String(Date.UTC(2026, 10, 22) / 1000)),
    }),
    /sources\/passports\.json: snapshot \S+ \(\S+\) was retrieved on 2026-11-2[3-9], after the build date 2026-11-22/,
  );
  await assert.rejects(readdir(releasesDir), /ENOENT/);
});
