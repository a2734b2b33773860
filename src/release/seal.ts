// Seal a staged release: hash every file, derive the revision from content only, write the lineage
// files, then publish atomically (rename the staging directory into place, then swap CURRENT).
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stableJson } from '../lib/canonical-json.js';
import { sha256File, sha256Hex } from '../lib/hash.js';
import {
  LINEAGE_FILES,
  REVISION_PATTERN,
  SEAL_FILE,
  mediaTypeOf,
  type ReleaseSeal,
  type SealedFile,
} from './layout.js';
import { fsyncDir, fsyncTree } from './durable.js';
import { faultPoint } from './fault.js';
import { readCurrent, swapCurrent } from './pointer.js';
import { writeVariants } from './precompress.js';
import { listFiles, revisionOf, verifyRelease } from './verify.js';

export interface SealOptions {
  releasesDir: string;
  stagingDir: string; // must be inside releasesDir (same filesystem, so rename is atomic)
  schemaVersion: string;
  builtAt: string;
  asOf: string;
  /**
   * Builds data/release-manifest.json from the seal and the revisions of every earlier release
   * (newest first); validated by the caller's schema check.
   */
  releaseManifest: (
    seal: Omit<ReleaseSeal, 'files'> & { files: SealedFile[] },
    earlier: string[],
  ) => unknown;
  validate: (path: string, value: unknown) => void;
}

export interface SealResult {
  revision: string;
  created: boolean; // false when the same content was already sealed
  previousRevision: string | null;
  dir: string;
}

export async function sealRelease(opts: SealOptions): Promise<SealResult> {
  const content: SealedFile[] = [];
  for (const path of await listFiles(opts.stagingDir)) {
    if ((LINEAGE_FILES as readonly string[]).includes(path) || path === SEAL_FILE) continue;
    const { sha256, bytes } = await sha256File(join(opts.stagingDir, path));
    content.push({ path, sha256, bytes, media_type: mediaTypeOf(path) });
  }
  const revision = revisionOf(content);
  faultPoint('seal.hashed');
  const current = await readCurrent(opts.releasesDir);
  const finalDir = join(opts.releasesDir, revision);

  if (await exists(finalDir)) {
    // Same content is already sealed: seal nothing new (a sealed release is never modified).
    faultPoint('seal.exists');
    await rm(opts.stagingDir, { recursive: true, force: true });
    await reuse(opts.releasesDir, finalDir, revision);
    return {
      revision,
      created: false,
      previousRevision: current === revision ? null : current,
      dir: finalDir,
    };
  }

  const lineage = {
    revision,
    schema_version: opts.schemaVersion,
    built_at: opts.builtAt,
    as_of: opts.asOf,
    previous_revision: current,
    rollback: current ? `/api/v1/releases/${current}` : null,
  };
  // A rebuilt old content (its release pruned since) keeps one place in the lineage: its own.
  const earlier = current
    ? [...new Set([current, ...(await earlierOf(opts.releasesDir, current))])].filter(
        (r) => r !== revision,
      )
    : [];
  const manifestValue = opts.releaseManifest({ ...lineage, files: content }, earlier);
  opts.validate('data/release-manifest.json', manifestValue);
  const manifestBytes = stableJson(manifestValue);
  await mkdir(join(opts.stagingDir, 'data'), { recursive: true });
  await writeFile(join(opts.stagingDir, 'data/release-manifest.json'), manifestBytes);
  faultPoint('seal.manifest-written');
  const files = [
    ...content,
    {
      path: 'data/release-manifest.json',
      sha256: sha256Hex(manifestBytes),
      bytes: Buffer.byteLength(manifestBytes),
      media_type: mediaTypeOf('data/release-manifest.json'),
    },
  ].sort((a, b) => (a.path < b.path ? -1 : 1));
  const seal: ReleaseSeal = {
    ...lineage,
    files,
    variants: await writeVariants(opts.stagingDir, files),
  };
  await writeFile(join(opts.stagingDir, SEAL_FILE), stableJson(seal));
  faultPoint('seal.seal-written');
  // Durable before visible: every byte and directory entry of the release is on disk before the
  // rename makes it a release, and the rename is on disk before CURRENT names it.
  await fsyncTree(opts.stagingDir);
  faultPoint('seal.synced');
  try {
    await rename(opts.stagingDir, finalDir);
  } catch (err) {
    // A concurrent build sealed the same content first: the release exists, complete; use it.
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
    faultPoint('seal.collided');
    await rm(opts.stagingDir, { recursive: true, force: true });
    await reuse(opts.releasesDir, finalDir, revision);
    return { revision, created: false, previousRevision: current, dir: finalDir };
  }
  faultPoint('seal.renamed');
  await fsyncDir(opts.releasesDir);
  faultPoint('seal.releases-dir-synced');
  await swapCurrent(opts.releasesDir, revision);
  faultPoint('seal.published');
  return { revision, created: true, previousRevision: current, dir: finalDir };
}

/**
 * Makes an existing release of this revision current, once it verifies: a directory that merely bears
 * the name (altered, or half-copied in by hand) is never made current; the build fails naming it.
 */
async function reuse(releasesDir: string, dir: string, revision: string): Promise<void> {
  try {
    await verifyRelease(dir);
  } catch (err) {
    throw new Error(
      `release ${dir} already exists with this content's revision but does not verify (${(err as Error).message}); CURRENT is left as it was: move that directory aside and build again`,
    );
  }
  if ((await readCurrent(releasesDir)) !== revision) await swapCurrent(releasesDir, revision);
}

/**
 * The revisions before `revision`, from its release manifest: every release the server has published,
 * so a server can tell a pruned revision (410 Gone) from one that never existed (404). The current
 * release is sealed and present whenever a build runs; a manifest sealed before lineage was recorded
 * gives its previous revision only.
 */
async function earlierOf(releasesDir: string, revision: string): Promise<string[]> {
  try {
    const manifest = JSON.parse(
      await readFile(join(releasesDir, revision, 'data/release-manifest.json'), 'utf8'),
    ) as { lineage?: unknown; previous_revision?: unknown };
    if (Array.isArray(manifest.lineage))
      return manifest.lineage.filter(
        (r): r is string => typeof r === 'string' && REVISION_PATTERN.test(r),
      );
    return typeof manifest.previous_revision === 'string' &&
      REVISION_PATTERN.test(manifest.previous_revision)
      ? [manifest.previous_revision]
      : [];
  } catch {
    return [];
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
