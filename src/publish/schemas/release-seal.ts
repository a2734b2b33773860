// release.json, the seal of a release (docs/architecture.md "Release layout"), and the sealed-file
// entry it shares with data/release-manifest.json, declared once as JSON Schemas: the types of the
// sealer, the verifier and the server (src/release/layout.ts) and the published release-manifest
// schema (./operations.ts) both come from here. Declared in publish/ because the manifest's schema is
// published with the other contracts' and release/ and serve/ sit above it.
import type { FromSchema } from 'json-schema-to-ts';

export const REVISION_SCHEMA = { type: 'string', pattern: '^[0-9a-f]{16}$' } as const;
const SHA256 = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const;

/** A file of the release: its path relative to the release directory (forward slashes), hash, size and type. */
export const SEALED_FILE_SCHEMA = {
  type: 'object',
  required: ['path', 'sha256', 'bytes', 'media_type'],
  properties: {
    path: { type: 'string', minLength: 1 },
    sha256: SHA256,
    bytes: { type: 'integer', minimum: 0 },
    media_type: { type: 'string', minLength: 1 },
  },
  additionalProperties: false,
} as const;

/** A precompressed representation of a sealed data/ file (src/release/precompress.ts). */
export const SEALED_VARIANT_SCHEMA = {
  type: 'object',
  required: ['path', 'sha256', 'bytes', 'of', 'coding'],
  properties: {
    path: { type: 'string', description: "the sealed file's path plus .gz or .br" },
    sha256: SHA256,
    bytes: { type: 'integer', minimum: 0 },
    of: { type: 'string', description: 'the sealed file it encodes' },
    coding: { enum: ['gzip', 'br'] },
  },
  additionalProperties: false,
} as const;

export const RELEASE_SEAL_SCHEMA = {
  type: 'object',
  required: [
    'revision',
    'schema_version',
    'built_at',
    'as_of',
    'previous_revision',
    'rollback',
    'files',
  ],
  properties: {
    revision: REVISION_SCHEMA,
    schema_version: { type: 'string' },
    built_at: { type: 'string', format: 'date-time', description: 'from SOURCE_DATE_EPOCH' },
    as_of: {
      type: 'string',
      format: 'date',
      description: "the release's as-of date (latest data period end)",
    },
    previous_revision: { type: ['string', 'null'] },
    rollback: { type: ['string', 'null'], description: "path of the previous release's manifest" },
    files: { type: 'array', items: SEALED_FILE_SCHEMA },
    variants: {
      type: 'array',
      items: SEALED_VARIANT_SCHEMA,
      description: 'outside the revision hash; absent in releases sealed before them',
    },
  },
  additionalProperties: false,
} as const;

export type SealedFile = FromSchema<typeof SEALED_FILE_SCHEMA>;
export type SealedVariant = FromSchema<typeof SEALED_VARIANT_SCHEMA>;
export type ReleaseSeal = FromSchema<typeof RELEASE_SEAL_SCHEMA>;
