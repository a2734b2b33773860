// A child process that builds and seals a fixture release the way `dala build` does (sweep leftovers,
// stage, write every file, write the store, seal: fsync, rename, swap CURRENT), sized so that a build
// lasts long enough to be killed at many points. Used by test/publish-kill.test.ts.
// argv: releasesDir variant  (variant changes one value, so each variant has its own revision)
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { stableJson } from '../../src/lib/canonical-json.js';
import { writeStore } from '../../src/publish/store.js';
import { sealRelease } from '../../src/release/seal.js';
import { makeStaging, sweepStaging } from '../../src/release/staging.js';
import { v1Store } from './v1-fixture.js';

const [releasesDir = '', variant = '0'] = process.argv.slice(2);
const FILES = 100;

async function put(root: string, path: string, body: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), body);
}

async function main(): Promise<void> {
  process.stdout.write('start\n');
  await sweepStaging(releasesDir);
  const staging = await makeStaging(releasesDir);
  await put(staging, 'data/country-pulse.json', stableJson({ kind: 'test-fixture', variant }));
  for (let i = 0; i < FILES; i++) {
    const rows = Array.from({ length: 100 }, (_, j) => ({ i, j, label: `fixture row ${i}-${j}`, variant }));
    await put(staging, `data/bulk/${String(i).padStart(4, '0')}.json`, stableJson({ kind: 'test-fixture', rows }));
  }
  await put(staging, 'evidence/validation.json', stableJson({ ok: true, kind: 'test-fixture' }));
  await put(staging, 'evidence/counts.json', stableJson({ kind: 'test-fixture' }));
  writeStore(join(staging, 'store.sqlite'), v1Store({ karaganda2024: 1_000_000 + Number(variant) }));
  const result = await sealRelease({
    releasesDir, stagingDir: staging, schemaVersion: '1.0.0', builtAt: '2026-01-01T00:00:00Z', asOf: '2025-12-31',
    releaseManifest: (seal) => ({ ...seal, kind: 'test-fixture' }), validate: () => {},
  });
  process.stdout.write(`sealed ${result.revision} ${result.created}\n`);
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
