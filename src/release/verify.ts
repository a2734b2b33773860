// `dala verify`: re-hash every sealed file of a release; any changed byte fails naming the file.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalHash, sha256File, sha256Hex } from '../lib/hash.js';
import { checkSealFields } from './seal-fields.js';
import {
  EVIDENCE_FILES,
  LINEAGE_FILES,
  REVISION_PATTERN,
  SEAL_FILE,
  type ReleaseSeal,
} from './layout.js';

export class ReleaseVerificationError extends Error {
  constructor(
    message: string,
    readonly file: string | null,
  ) {
    super(message);
    this.name = 'ReleaseVerificationError';
  }
}

/** The revision is a hash of the content files only: lineage files are excluded (docs/architecture.md). */
export function revisionOf(files: ReleaseSeal['files']): string {
  const content = files
    .filter((f) => !(LINEAGE_FILES as readonly string[]).includes(f.path))
    .map(({ path, sha256, bytes }) => ({ path, sha256, bytes }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return canonicalHash(content).slice(0, 16);
}

export async function readSeal(dir: string): Promise<ReleaseSeal> {
  let raw: string;
  try {
    raw = readFileSync(join(dir, SEAL_FILE), 'utf8');
  } catch {
    throw new ReleaseVerificationError(`${SEAL_FILE} is missing: not a sealed release`, SEAL_FILE);
  }
  let seal: ReleaseSeal;
  try {
    seal = JSON.parse(raw) as ReleaseSeal;
  } catch {
    throw new ReleaseVerificationError(`${SEAL_FILE} is not valid JSON`, SEAL_FILE);
  }
  if (
    typeof seal !== 'object' ||
    seal === null ||
    typeof seal.revision !== 'string' ||
    !REVISION_PATTERN.test(seal.revision) ||
    !Array.isArray(seal.files)
  ) {
    throw new ReleaseVerificationError(`${SEAL_FILE} has no valid revision`, SEAL_FILE);
  }
  return seal;
}

export interface VerifyOptions {
  /** Files whose bytes the caller hashes itself (the loader hashes the copy it serves, once). */
  hashedByCaller?: (path: string, seal: ReleaseSeal) => boolean;
  /** The seal as the caller read it (readSeal), verified as is rather than read and parsed again. */
  seal?: ReleaseSeal;
}

/**
 * Re-hashes every file the seal lists, rejects any file the seal does not list, and checks every field
 * the seal states (src/release/seal-fields.ts).
 */
export async function verifyRelease(dir: string, opts: VerifyOptions = {}): Promise<ReleaseSeal> {
  const seal = opts.seal ?? (await readSeal(dir));
  if (revisionOf(seal.files) !== seal.revision) {
    throw new ReleaseVerificationError(
      `revision ${seal.revision} does not match the sealed file list`,
      SEAL_FILE,
    );
  }
  // Precompressed variants are verified like every sealed file, though outside the revision hash.
  const sealed = [...seal.files, ...(seal.variants ?? [])];
  const listed = new Set(sealed.map((f) => f.path));
  for (const evidence of EVIDENCE_FILES) {
    if (!listed.has(evidence))
      throw new ReleaseVerificationError(`evidence missing: ${evidence}`, evidence);
  }
  for (const file of sealed) {
    if (opts.hashedByCaller?.(file.path, seal)) continue;
    let actual: { sha256: string; bytes: number };
    try {
      actual = await hashOf(join(dir, file.path));
    } catch {
      throw new ReleaseVerificationError(`${file.path}: missing`, file.path);
    }
    if (actual.sha256 !== file.sha256 || actual.bytes !== file.bytes) {
      throw new ReleaseVerificationError(
        `${file.path}: sha256 ${actual.sha256} (${actual.bytes} bytes) differs from sealed ${file.sha256} (${file.bytes} bytes)`,
        file.path,
      );
    }
  }
  for (const path of await listFiles(dir)) {
    if (path !== SEAL_FILE && !listed.has(path)) {
      throw new ReleaseVerificationError(`${path}: not listed in the seal`, path);
    }
  }
  const failure = await checkSealFields(dir, seal);
  if (failure)
    throw new ReleaseVerificationError(`${failure.file}: ${failure.reason}`, failure.file);
  return seal;
}

// Metadata and small files are read synchronously: each is microseconds, while an await per step
// would queue the release load behind every pending request on a busy server and stretch a swap to
// seconds. Large files stream, so the loop is never blocked for long.
const SMALL = 1024 * 1024;

async function hashOf(path: string): Promise<{ sha256: string; bytes: number }> {
  if (statSync(path).size > SMALL) return sha256File(path);
  const bytes = readFileSync(path);
  return { sha256: sha256Hex(bytes), bytes: bytes.length };
}

export async function listFiles(root: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else out.push(path);
    }
  };
  walk(prefix);
  return out.sort();
}
