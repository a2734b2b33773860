// The release layout is the contract between build and serve (docs/architecture.md).
import { join } from 'node:path';

export const CURRENT_POINTER = 'CURRENT';
export const SEAL_FILE = 'release.json';
export const DATA_DIR = 'data';
export const STORE_FILE = 'store.sqlite';
export const EVIDENCE_FILES = ['evidence/validation.json', 'evidence/counts.json'] as const;
/** Files that carry lineage; they are sealed but kept out of the revision hash. */
export const LINEAGE_FILES = ['data/release-manifest.json'] as const;
export const REVISION_PATTERN = /^[0-9a-f]{16}$/;

export interface SealedFile {
  path: string; // relative to the release directory, forward slashes
  sha256: string;
  bytes: number;
  media_type: string;
}

/** A precompressed representation of a sealed data/ file (see src/release/precompress.ts). */
export interface SealedVariant {
  path: string; // the file's path plus .gz or .br
  sha256: string;
  bytes: number;
  of: string; // the sealed file it encodes
  coding: 'gzip' | 'br';
}

export interface ReleaseSeal {
  revision: string;
  schema_version: string;
  built_at: string; // ISO date-time from SOURCE_DATE_EPOCH
  as_of: string; // ISO date: the release's as-of date (latest data period end)
  previous_revision: string | null;
  rollback: string | null; // path of the previous release's manifest
  files: SealedFile[];
  /** Precompressed variants; outside the revision hash. Absent in releases sealed before them. */
  variants?: SealedVariant[];
}

export function releaseDir(releasesDir: string, revision: string): string {
  return join(releasesDir, revision);
}

export function mediaTypeOf(path: string): string {
  if (path.endsWith('.geojson')) return 'application/geo+json';
  if (path.endsWith('.jsonld')) return 'application/ld+json';
  if (path.endsWith('.ttl')) return 'text/turtle; charset=utf-8';
  if (path.endsWith('.json')) return 'application/json';
  if (path.endsWith('.csv')) return 'text/csv; charset=utf-8';
  if (path.endsWith('.pdf')) return 'application/pdf';
  if (path.endsWith('.sqlite')) return 'application/vnd.sqlite3';
  if (path.endsWith('.html')) return 'text/html; charset=utf-8';
  return 'application/octet-stream';
}
