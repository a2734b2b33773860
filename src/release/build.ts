// `dala build`: verify snapshots, assemble the model, publish every artifact, validate it against
// its schema, write evidence, then seal atomically. Any failure removes the staging directory, so a
// failed build publishes nothing and leaves the releases directory as it was.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { stableJson } from '../lib/canonical-json.js';
import { assembleModel } from '../model/assemble.js';
import { artifactBytes, type Artifact } from '../publish/artifact.js';
import { publishAll } from '../publish/index.js';
import { releaseManifest } from './manifest.js';
import { ALL_SCHEMAS, schemaArtifacts } from '../publish/schemas/index.js';
import { storeContent } from '../publish/store-content.js';
import { writeStore, type StoreContent, type StoreStream } from '../publish/store.js';
import { ContractValidator } from '../publish/validate.js';
import { buildEvidence } from './evidence.js';
import { sealRelease, type SealResult } from './seal.js';
import { makeStaging, sweepStaging } from './staging.js';

export interface BuildOptions {
  snapshotsDir: string;
  releasesDir: string;
  sourcesDir: string;
  builtAt: Date;
  log?: (line: string) => void;
  /**
   * Rows the store gets instead of the model's own (default: the model's). A scaled benchmark release
   * (bench/scale/) adds generated rows here and marks its meta; everything else is this same build.
   */
  storeRows?: (content: StoreContent) => StoreStream;
}

export const SCHEMA_VERSION = '1.0.0';

export async function buildRelease(opts: BuildOptions): Promise<SealResult & { files: number; bytes: number }> {
  const log = opts.log ?? (() => {});
  const model = await assembleModel(opts); // verifies every snapshot hash first
  log(`model: ${model.regions.length} regions, ${model.districts.length} districts, ${model.points.length} points`);
  const artifacts = [...(await publishAll(model)), ...schemaArtifacts()];
  const validator = new ContractValidator(ALL_SCHEMAS);
  const report = validateAll(validator, artifacts);
  log(`validated ${report.length} JSON artifacts against their schemas`);

  const swept = await sweepStaging(opts.releasesDir);
  if (swept.length) log(`removed ${swept.length} leftover(s) of killed builds: ${swept.join(', ')}`);
  const staging = await makeStaging(opts.releasesDir);
  try {
    let bytes = 0;
    for (const a of artifacts) {
      const body = artifactBytes(a);
      bytes += body.length;
      await writeAt(staging, `data/${a.path}`, body);
    }
    const content = storeContent(model);
    writeStore(join(staging, 'store.sqlite'), opts.storeRows ? opts.storeRows(content) : content);
    log('store written');
    const evidence = buildEvidence(model, artifacts, report);
    await writeAt(staging, 'evidence/validation.json', Buffer.from(stableJson(evidence.validation)));
    await writeAt(staging, 'evidence/counts.json', Buffer.from(stableJson(evidence.counts)));
    const result = await sealRelease({
      releasesDir: opts.releasesDir,
      stagingDir: staging,
      schemaVersion: SCHEMA_VERSION,
      builtAt: model.builtAt,
      asOf: model.asOf,
      releaseManifest: (seal) => releaseManifest(model, seal),
      validate: (path, value) => validator.validate(path, 'release-manifest', value),
    });
    return { ...result, files: artifacts.length, bytes };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

function validateAll(validator: ContractValidator, artifacts: Artifact[]) {
  const report: { path: string; schema: string; valid: true }[] = [];
  for (const a of artifacts) {
    if (a.json === undefined) continue;
    if (!a.schema) throw new Error(`data/${a.path}: no JSON Schema declared for this contract`);
    validator.validate(`data/${a.path}`, a.schema, a.json);
    report.push({ path: `data/${a.path}`, schema: a.schema, valid: true });
  }
  return report;
}

async function writeAt(root: string, path: string, body: Buffer): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), body);
}
