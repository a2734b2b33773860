// `dala verify`: re-hash every sealed file of a release; any changed byte fails naming the file.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { canonicalHash, sha256File } from '../lib/hash.js';
import { EVIDENCE_FILES, LINEAGE_FILES, REVISION_PATTERN, SEAL_FILE, type ReleaseSeal } from './layout.js';

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
    raw = await readFile(join(dir, SEAL_FILE), 'utf8');
  } catch {
    throw new ReleaseVerificationError(`${SEAL_FILE} is missing: not a sealed release`, SEAL_FILE);
  }
  const seal = JSON.parse(raw) as ReleaseSeal;
  if (!REVISION_PATTERN.test(seal.revision)) {
    throw new ReleaseVerificationError(`${SEAL_FILE} has no valid revision`, SEAL_FILE);
  }
  return seal;
}

/** Re-hashes every file the seal lists and rejects any file the seal does not list. */
export async function verifyRelease(dir: string): Promise<ReleaseSeal> {
  const seal = await readSeal(dir);
  if (revisionOf(seal.files) !== seal.revision) {
    throw new ReleaseVerificationError(`revision ${seal.revision} does not match the sealed file list`, SEAL_FILE);
  }
  // Precompressed variants are verified like every sealed file, though outside the revision hash.
  const sealed = [...seal.files, ...(seal.variants ?? [])];
  const listed = new Set(sealed.map((f) => f.path));
  for (const evidence of EVIDENCE_FILES) {
    if (!listed.has(evidence)) throw new ReleaseVerificationError(`evidence missing: ${evidence}`, evidence);
  }
  for (const file of sealed) {
    let actual: { sha256: string; bytes: number };
    try {
      actual = await sha256File(join(dir, file.path));
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
  return seal;
}

export async function listFiles(root: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(join(root, prefix), { withFileTypes: true });
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(root, rel)));
    else out.push(rel);
  }
  return out.sort();
}
