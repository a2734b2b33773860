// `dala build`: verify snapshots, assemble the model, publish every artifact, validate it against
// its schema and check the evidence (prepareRelease: nothing is written), then write and seal it
// (publishRelease in ./publish.ts). A failed build publishes nothing and leaves the releases directory
// as it was.
import { assembleModel } from '../model/assemble.js';
import type { Artifact } from '../publish/artifact.js';
import { publishAll } from '../publish/index.js';
import { releaseManifest } from './manifest.js';
import { ALL_SCHEMAS, schemaArtifacts } from '../publish/schemas/index.js';
import { storeContent } from '../publish/store/content.js';
import type { StoreContent, StoreStream } from '../publish/store/write.js';
import { validateStandards } from '../publish/standards/profiles.js';
import { ContractValidator } from '../publish/validate.js';
import { buildEvidence } from './evidence.js';
import { publishRelease, type BuildResult, type PreparedRelease } from './publish.js';

export interface BuildOptions {
  snapshotsDir: string;
  releasesDir: string;
  sourcesDir: string;
  /** SOURCE_DATE_EPOCH; undefined: the day the newest snapshot was retrieved. */
  builtAt?: Date | undefined;
  /** Where the service answers (DALA_PUBLIC_URL): the base of the catalogue's absolute URLs. */
  publicUrl?: string;
  log?: (line: string) => void;
  /**
   * Rows the store gets instead of the model's own (default: the model's). A scaled benchmark release
   * (bench/scale/) adds generated rows here and marks its meta; everything else is this same build.
   */
  storeRows?: (content: StoreContent) => StoreStream;
}

export async function buildRelease(opts: BuildOptions): Promise<BuildResult> {
  const log = opts.log ?? (() => {});
  return publishRelease(opts.releasesDir, await prepareRelease(opts, log), log);
}

export async function prepareRelease(
  opts: BuildOptions,
  log: (line: string) => void = () => {},
): Promise<PreparedRelease> {
  const model = await assembleModel(opts); // verifies every snapshot hash first
  log(
    `model: ${model.regions.length} regions, ${model.districts.length} districts, ${model.points.length} points`,
  );
  const artifacts = [
    ...(await publishAll(model, opts.publicUrl)),
    ...schemaArtifacts(opts.publicUrl),
  ];
  log(`published ${artifacts.length} artifacts`);
  const validator = new ContractValidator(ALL_SCHEMAS);
  const report = validateAll(validator, artifacts);
  const standards = validateStandards(artifacts);
  log(
    `validated ${report.length} JSON artifacts against their schemas and ${standards.filter((s) => s.valid).length} against their specifications' profiles`,
  );
  return {
    artifacts,
    store: () => (opts.storeRows ? opts.storeRows(storeContent(model)) : storeContent(model)),
    evidence: buildEvidence(model, artifacts, report, standards), // throws when a release check fails
    builtAt: model.builtAt,
    asOf: model.asOf,
    releaseManifest: (seal, earlier) => releaseManifest(model, seal, earlier, opts.publicUrl),
    validate: (path, value) => validator.validate(path, 'release-manifest', value),
  };
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
