// The real release, built once per test process from the pinned snapshots into a temp directory.
import { join } from 'node:path';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../../src/lib/config.js';
import { buildRelease } from '../../src/release/build.js';
import { tempDir } from './temp-dir.js';

let built: Promise<{ releasesDir: string; revision: string }> | null = null;

export function realRelease(): Promise<{ releasesDir: string; revision: string }> {
  built ??= (async () => {
    const releasesDir = tempDir('dala-real-');
    const result = await buildRelease({
      snapshotsDir: snapshotsDir(),
      releasesDir,
      sourcesDir: SOURCES_DIR,
      builtAt: buildTime(),
    });
    return { releasesDir, revision: result.revision };
  })();
  return built;
}
