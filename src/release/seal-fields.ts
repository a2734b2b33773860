// What release.json states beyond the file hashes must agree with content the revision covers, or
// with the sealed manifest, so no field can be edited after sealing without failing `dala verify`:
// built_at and as_of are also in the store's meta table (hashed into the revision); the manifest
// restates revision, dates, schema version and lineage and lists every file; every entry's media type
// follows from its path. Lineage (previous_revision, rollback) is outside the revision by design
// (docs/architecture.md), so it is bound to the manifest's sha256 in the seal and checked for form.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { readStoreMeta } from '../store/open.js';
import {
  LINEAGE_FILES,
  REVISION_PATTERN,
  SEAL_FILE,
  STORE_FILE,
  mediaTypeOf,
  type ReleaseSeal,
} from './layout.js';

const SEAL_KEYS = [
  'as_of',
  'built_at',
  'files',
  'previous_revision',
  'revision',
  'rollback',
  'schema_version',
];
const FILE_KEYS = ['bytes', 'media_type', 'path', 'sha256'];
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SEMVER = /^\d+\.\d+\.\d+$/;

export type FieldFailure = { file: string; reason: string };

function sameKeys(value: object, keys: string[]): boolean {
  return JSON.stringify(Object.keys(value).sort()) === JSON.stringify(keys);
}

function safePath(path: string): boolean {
  return (
    path.length > 0 &&
    !path.startsWith('/') &&
    !path.includes('\\') &&
    !path.includes('\0') &&
    path.split('/').every((s) => s !== '' && s !== '.' && s !== '..')
  );
}

/** Checks the seal's own fields; returns the first failure or null. Reads the manifest and the store's meta. */
export async function checkSealFields(
  dir: string,
  seal: ReleaseSeal,
): Promise<FieldFailure | null> {
  const fail = (reason: string, file = SEAL_FILE): FieldFailure => ({ file, reason });
  if (typeof seal !== 'object' || seal === null || Array.isArray(seal))
    return fail('is not a JSON object');
  const keys = 'variants' in seal ? [...SEAL_KEYS, 'variants'].sort() : SEAL_KEYS;
  if (!sameKeys(seal, keys))
    return fail(
      `has fields ${Object.keys(seal).sort().join(',')}; expected ${SEAL_KEYS.join(',')}`,
    );
  if (basename(dir) !== seal.revision)
    return fail(`states revision ${seal.revision} but lies in directory ${basename(dir)}`);
  if (typeof seal.built_at !== 'string' || !DATE_TIME.test(seal.built_at))
    return fail(`built_at ${JSON.stringify(seal.built_at)} is not a UTC date-time`);
  if (typeof seal.as_of !== 'string' || !DATE.test(seal.as_of))
    return fail(`as_of ${JSON.stringify(seal.as_of)} is not a date`);
  if (typeof seal.schema_version !== 'string' || !SEMVER.test(seal.schema_version))
    return fail(`schema_version ${JSON.stringify(seal.schema_version)} is not a version`);
  const prev = seal.previous_revision;
  if (
    prev !== null &&
    (typeof prev !== 'string' || !REVISION_PATTERN.test(prev) || prev === seal.revision)
  )
    return fail(`previous_revision ${JSON.stringify(prev)} is invalid`);
  if (seal.rollback !== (prev ? `/api/v1/releases/${prev}` : null))
    return fail(`rollback ${JSON.stringify(seal.rollback)} does not follow from previous_revision`);
  if (!Array.isArray(seal.files)) return fail('files is not a list');
  let last = '';
  for (const f of seal.files) {
    if (typeof f !== 'object' || f === null || !sameKeys(f, FILE_KEYS))
      return fail('a files entry has unexpected fields');
    if (typeof f.path !== 'string' || !safePath(f.path) || f.path === SEAL_FILE)
      return fail(`files entry ${JSON.stringify(f.path)} is not a plain relative path`);
    if (f.path <= last) return fail(`files are not sorted and unique at ${f.path}`);
    last = f.path;
    if (typeof f.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(f.sha256))
      return fail(`${f.path}: sha256 is malformed`);
    if (!Number.isSafeInteger(f.bytes) || f.bytes < 0) return fail(`${f.path}: bytes is malformed`);
    if (f.media_type !== mediaTypeOf(f.path))
      return fail(
        `${f.path}: media_type ${JSON.stringify(f.media_type)} should be ${mediaTypeOf(f.path)}`,
      );
  }
  const meta = readStoreMeta(join(dir, STORE_FILE)); // unreadable: it fails on its sha256 instead
  if (meta) {
    for (const key of ['built_at', 'as_of'] as const) {
      if (meta[key] !== undefined && meta[key] !== seal[key])
        return fail(
          `${key} ${seal[key]} differs from ${meta[key]} in ${STORE_FILE} (which the revision covers)`,
        );
    }
  }
  for (const lineage of LINEAGE_FILES) {
    if (!seal.files.some((f) => f.path === lineage)) continue;
    let manifest: Record<string, unknown>;
    try {
      manifest = JSON.parse(readFileSync(join(dir, lineage), 'utf8')) as Record<string, unknown>;
    } catch {
      return fail('is missing or not JSON', lineage);
    }
    for (const key of [
      'revision',
      'built_at',
      'as_of',
      'schema_version',
      'previous_revision',
      'rollback',
    ] as const) {
      if (key in manifest && JSON.stringify(manifest[key]) !== JSON.stringify(seal[key])) {
        return fail(
          `${key} ${JSON.stringify(manifest[key])} differs from ${SEAL_FILE}'s ${JSON.stringify(seal[key])}`,
          lineage,
        );
      }
    }
    if (!('revision' in manifest)) return fail('states no revision', lineage);
    const listed = (manifest['artifacts'] ?? manifest['files']) as
      { path: string; sha256: string; bytes: number }[] | undefined;
    if (Array.isArray(listed)) {
      const key = (f: { path: string; sha256: string; bytes: number }) =>
        `${f.path} ${f.sha256} ${f.bytes}`;
      const stated = new Set(listed.filter((f) => f.path !== lineage).map(key));
      const sealed = new Set(seal.files.filter((f) => f.path !== lineage).map(key));
      if (stated.size !== sealed.size || [...sealed].some((k) => !stated.has(k)))
        return fail(`its file list differs from ${SEAL_FILE}'s`, lineage);
    }
  }
  return null;
}
