// The write path of every build: a prepared release is written into a staging directory of the
// releases directory and sealed (./seal.ts). Any failure removes the staging directory, so a failed
// build publishes nothing; a killed build leaves one behind, which the next build sweeps before staging
// its own, so leftovers never accumulate. Kept apart from ./build.ts so that writing and sealing load
// none of the model and publishing code.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { stableJson } from '../lib/canonical-json.js';
import { artifactBytes, type Artifact } from '../publish/artifact.js';
import { writeStore, type StoreStream } from '../publish/store/write.js';
import { faultPoint } from './fault.js';
import { sealRelease, type SealOptions, type SealResult } from './seal.js';
import { makeStaging, sweepStaging } from './staging.js';

export const SCHEMA_VERSION = '1.0.0';

/** Everything a release holds, computed and checked, before anything is written. */
export interface PreparedRelease {
  artifacts: readonly Artifact[]; // the data/ files
  store: () => StoreStream; // called once, while the store is written (a scaled store streams its rows)
  evidence: { validation: unknown; counts: unknown };
  builtAt: string;
  asOf: string;
  releaseManifest: SealOptions['releaseManifest'];
  validate: SealOptions['validate'];
}

export type BuildResult = SealResult & { files: number; bytes: number };

/**
 * Writes a prepared release into a staging directory of releasesDir and seals it. The one write path
 * of every build: leftovers of killed builds are swept first, so they never accumulate.
 */
export async function publishRelease(
  releasesDir: string,
  release: PreparedRelease,
  log: (line: string) => void = () => {},
): Promise<BuildResult> {
  const swept = await sweepStaging(releasesDir);
  if (swept.length)
    log(`removed ${swept.length} leftover(s) of killed builds: ${swept.join(', ')}`);
  faultPoint('build.swept');
  const staging = await makeStaging(releasesDir);
  faultPoint('build.staged');
  try {
    let bytes = 0;
    for (const a of release.artifacts) {
      const body = artifactBytes(a);
      bytes += body.length;
      await writeAt(staging, `data/${a.path}`, body);
      faultPoint('build.data-file');
    }
    log(`wrote ${release.artifacts.length} data files`);
    writeStore(join(staging, 'store.sqlite'), release.store());
    log('store written');
    faultPoint('build.store-written');
    await writeAt(
      staging,
      'evidence/validation.json',
      Buffer.from(stableJson(release.evidence.validation)),
    );
    await writeAt(
      staging,
      'evidence/counts.json',
      Buffer.from(stableJson(release.evidence.counts)),
    );
    faultPoint('build.evidence-written');
    const result = await sealRelease({
      releasesDir,
      stagingDir: staging,
      schemaVersion: SCHEMA_VERSION,
      builtAt: release.builtAt,
      asOf: release.asOf,
      releaseManifest: release.releaseManifest,
      validate: release.validate,
    });
    return { ...result, files: release.artifacts.length, bytes };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function writeAt(root: string, path: string, body: Buffer): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), body);
}
