// A child process that runs the write-and-seal path of `dala build` (publishRelease: sweep leftovers,
// stage, write every data file, write the store, write the evidence, seal: hash, manifest, precompressed
// variants, fsync, rename, swap CURRENT) on a prepared fixture release instead of the model of the
// pinned snapshots. Model assembly and publishing are pure and write nothing, so skipping them loses no
// step that could tear a release, and a build takes about a second rather than half a minute: small
// enough to be killed at every point of src/release/fault.ts. Used by test/publish-kill.test.ts.
// argv: releasesDir variant [variant ...]   (several variants are built concurrently in this one process)
// stdout: one line `sealed <revision> <created>` per variant.
import { publishRelease } from '../../src/release/publish.js';
import { prepared } from './kill-fixture.js';

async function main(): Promise<void> {
  const [releasesDir, ...variants] = process.argv.slice(2);
  if (!releasesDir || variants.length === 0)
    throw new Error('usage: build-child.ts releasesDir variant [variant ...]');
  await Promise.all(
    variants.map(async (v) => {
      const result = await publishRelease(releasesDir, prepared(Number(v)));
      process.stdout.write(`sealed ${result.revision} ${result.created}\n`);
    }),
  );
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
