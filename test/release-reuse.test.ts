// A build whose content is already sealed makes that release current instead of sealing it again
// (src/release/seal.ts), but only when it verifies: a directory that merely bears the revision's name
// is never made current.
import assert from 'node:assert/strict';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { readCurrent } from '../src/release/pointer.js';
import { publishRelease } from '../src/release/publish.js';
import { prepared } from './support/kill-fixture.js';
import { tempDir } from './support/temp-dir.js';

test('a build of content already sealed reuses the release when it verifies, and fails naming the file when it does not', async () => {
  const dir = join(tempDir('dala-reuse-'), 'releases');
  const first = await publishRelease(dir, prepared(0));
  const second = await publishRelease(dir, prepared(1));
  assert.equal(await readCurrent(dir), second.revision);

  const again = await publishRelease(dir, prepared(0));
  assert.deepEqual([again.revision, again.created], [first.revision, false]);
  assert.equal(await readCurrent(dir), first.revision);
  await publishRelease(dir, prepared(1));

  const file = join(dir, first.revision, 'data/country-pulse.json');
  const bytes = await readFile(file);
  bytes[3] = bytes[3]! ^ 1;
  await writeFile(file, bytes);
  await assert.rejects(
    publishRelease(dir, prepared(0)),
    new RegExp(
      `release .*${first.revision} already exists .* does not verify \\(data/country-pulse\\.json: sha256`,
    ),
  );
  assert.equal(await readCurrent(dir), second.revision, 'CURRENT is left as it was');
  assert.deepEqual(
    (await readdir(dir)).filter((n) => n.startsWith('.')),
    [],
    'the failed build removed its staging directory',
  );
});
