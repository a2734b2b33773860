// Snapshot passports: every snapshot file is verified against its committed sha256 and size
// before any reader touches it; a missing or altered file stops the build naming the file.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { sha256File, sha256Hex } from '../lib/hash.js';
import { makeAjv, type ValidateFunction } from '../lib/ajv.js';
import { PASSPORT_SCHEMA, type SourcePassport } from './passport-schema.js';

let validator: ValidateFunction<SourcePassport[]> | undefined;
function validPassports(): ValidateFunction<SourcePassport[]> {
  if (!validator) {
    const ajv = makeAjv({ dialect: '2020-12', strict: true, formats: true });
    validator = ajv.compile<SourcePassport[]>(PASSPORT_SCHEMA);
  }
  return validator;
}

export class SnapshotError extends Error {
  constructor(message: string, readonly file: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}

export async function loadPassports(sourcesDir: string): Promise<SourcePassport[]> {
  const path = join(sourcesDir, 'passports.json');
  const passports: unknown = JSON.parse(await readFile(path, 'utf8'));
  if (!validPassports()(passports)) {
    const e = validPassports().errors![0]!;
    // /3/sha256 -> row 3 field sha256; a missing member is named by Ajv's params
    const [row = '?', ...field] = e.instancePath.split('/').slice(1);
    const name = e.keyword === 'required' ? (e.params as { missingProperty: string }).missingProperty : e.keyword === 'additionalProperties' ? (e.params as { additionalProperty: string }).additionalProperty : field.join('.');
    throw new SnapshotError(`sources/passports.json row ${row} field ${name || '(row)'}: ${e.message}`, 'sources/passports.json');
  }
  return passports;
}

/** Verifies every passport's file; returns a resolver from a snapshot path to its absolute path. */
export async function verifySnapshots(snapshotsDir: string, passports: SourcePassport[]): Promise<(path: string) => string> {
  for (const passport of passports) {
    const abs = join(snapshotsDir, passport.path);
    let actual: { sha256: string; bytes: number };
    try {
      actual = passport.path.endsWith('/') ? await directoryDigest(abs) : await sha256File(abs);
    } catch {
      throw new SnapshotError(`snapshot missing: ${passport.path} (looked in ${snapshotsDir})`, passport.path);
    }
    if (actual.sha256 !== passport.sha256 || actual.bytes !== passport.bytes) {
      throw new SnapshotError(
        `snapshot altered: ${passport.path} has sha256 ${actual.sha256} (${actual.bytes} bytes), passport pins ${passport.sha256} (${passport.bytes} bytes)`,
        passport.path,
      );
    }
  }
  const verified = new Set(passports.map((p) => p.path));
  const directories = passports.map((p) => p.path).filter((p) => p.endsWith('/'));
  const underDirectory = (path: string) =>
    !path.split('/').includes('..') && directories.some((d) => path.startsWith(d) || `${path}/` === d);
  return (path: string) => {
    if (!verified.has(path) && !underDirectory(path)) throw new SnapshotError(`no passport for snapshot ${path}: it cannot be read`, path);
    return join(snapshotsDir, path);
  };
}

/**
 * A directory snapshot (a passport whose path ends in "/", a whole repository): its sha256 is the
 * sha256 of its manifest, one line `<sha256>  <path>` per file (the sha256sum format), by path in
 * byte order, the staging notes (NOTES.md at its top) left out; its bytes are its files' together. A file added, removed or changed changes it.
 */
export async function directoryDigest(dir: string): Promise<{ sha256: string; bytes: number }> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    // the staging notes beside a repository (snapshots README) are no bytes of it
    .filter((e) => e.isFile() && !(e.name === 'NOTES.md' && e.parentPath === dir))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  let manifest = '';
  let bytes = 0;
  for (const f of files) {
    const file = await sha256File(join(dir, f));
    manifest += `${file.sha256}  ${f}\n`;
    bytes += file.bytes;
  }
  return { sha256: sha256Hex(manifest), bytes };
}
