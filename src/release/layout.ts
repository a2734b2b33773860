// The release layout is the contract between build and serve (docs/architecture.md).
import { join } from 'node:path';
import { REVISION_SCHEMA } from '../publish/schemas/release-seal.js';

export const CURRENT_POINTER = 'CURRENT';
export const SEAL_FILE = 'release.json';
export const DATA_DIR = 'data';
export const STORE_FILE = 'store.sqlite';
export const EVIDENCE_FILES = ['evidence/validation.json', 'evidence/counts.json'] as const;
/** Files that carry lineage; they are sealed but kept out of the revision hash. */
export const LINEAGE_FILES = ['data/release-manifest.json'] as const;
export const REVISION_PATTERN = new RegExp(REVISION_SCHEMA.pattern);

export type { ReleaseSeal, SealedFile, SealedVariant } from '../publish/schemas/release-seal.js';

export function releaseDir(releasesDir: string, revision: string): string {
  return join(releasesDir, revision);
}

export function mediaTypeOf(path: string): string {
  if (path.endsWith('.geojson')) return 'application/geo+json';
  if (path.endsWith('.jsonld')) return 'application/ld+json';
  if (path.endsWith('.ttl')) return 'text/turtle; charset=utf-8';
  if (path.endsWith('.rdf')) return 'application/rdf+xml';
  if (path.endsWith('.json')) return 'application/json';
  if (path.endsWith('.csv')) return 'text/csv; charset=utf-8';
  if (path.endsWith('.pdf')) return 'application/pdf';
  if (path.endsWith('.sqlite')) return 'application/vnd.sqlite3';
  if (path.endsWith('.html')) return 'text/html; charset=utf-8';
  return 'application/octet-stream';
}
