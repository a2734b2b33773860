// The build is deterministic: the pinned snapshots built a second time, in another process than the
// kept real release's, give the same revision (a hash over every sealed byte), and publishing it seals
// nothing new. A whole second build of the real release costs a minute and a half of CPU, so `npm test`
// leaves it to the extra group (`npm run test:extra`, run by CI), as it leaves release-public-url-built,
// which compares the release built with a public URL against the one without, byte for byte.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { test } from 'node:test';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { buildRelease } from '../src/release/build.js';
import { copyOfRealRelease } from './support/release.js';

test('the same inputs twice give one revision and seal nothing new', async () => {
  const { releasesDir, revision } = await copyOfRealRelease();
  const again = await buildRelease({
    snapshotsDir: snapshotsDir(),
    releasesDir,
    sourcesDir: SOURCES_DIR,
    builtAt: buildTime(),
  });
  assert.equal(again.revision, revision);
  assert.equal(again.created, false);
  assert.deepEqual(
    (await readdir(releasesDir)).filter((n) => !n.startsWith('.')).sort(),
    ['CURRENT', revision].sort(),
  );
});
