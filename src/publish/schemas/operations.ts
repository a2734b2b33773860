// Schemas of the operational contracts: workbench, quality report, media digest, catalogs,
// provenance, PDF manifests, the release manifest, and the GeoJSON files (./geojson-files.ts). The
// types of the files the browser app reads are derived from these schemas (bottom of this file and of
// ./geojson-files.ts); no server code is imported.
import type { FromSchema } from 'json-schema-to-ts';
import {
  contractSchema,
  freshness,
  isoDate,
  names,
  schemaId,
  sourceRef,
  sourceUrl,
} from './common.js';
import { RELEASE_SEAL_SCHEMA, REVISION_SCHEMA, SEALED_FILE_SCHEMA } from './release-seal.js';
import { geoJsonFileSchemas } from './geojson-files.js';

const sha = { type: 'string', pattern: '^[0-9a-f]{64}$' };
const event = {
  type: 'object',
  required: ['id', 'date', 'kind', 'place', 'title', 'source_url', 'review_status'],
  properties: {
    id: { type: 'string', pattern: '^event:' },
    date: isoDate,
    kind: { type: 'string' },
    place: { type: 'string' },
    title: names,
    source_url: sourceUrl,
    review_status: { enum: ['reviewed', 'unreviewed'] },
  },
};
const str = { type: 'string' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const WORKBENCH_COUNTERS = [
  'regions',
  'districts',
  'institutions',
  'statistical_points',
  'store_point_rows',
  'events',
] as const;
const datasetEntry = {
  type: 'object',
  required: [
    'id',
    'slug',
    'title',
    'description',
    'distributions',
    'sources',
    'topics',
    'quality_status',
    'publication_limits',
    'freshness',
  ],
  properties: {
    id: { type: 'string', pattern: '^dataset:' },
    slug: str,
    title: str,
    description: str,
    distributions: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['media_type', 'url'],
        properties: { media_type: str, url: str },
      },
    },
    sources: { type: 'array', minItems: 1, items: sourceRef },
    // the topics of the dataset's indicators (topic:<id>, /api/v1/topics), in the scheme's order
    topics: { type: 'array', items: { type: 'string', pattern: '^topic:' } },
    quality_status: str,
    publication_limits: str,
    freshness,
  },
} as const;
export const operationsSchemas = {
  workbench: contractSchema(
    'workbench',
    'Verified static slice of changes, events and key counters',
    {
      counters: {
        type: 'object',
        required: [...WORKBENCH_COUNTERS],
        properties: Object.fromEntries(WORKBENCH_COUNTERS.map((c) => [c, count])) as Record<
          (typeof WORKBENCH_COUNTERS)[number],
          typeof count
        >,
        additionalProperties: count,
      },
      changes: { type: 'array', items: event },
      events: { type: 'array', items: event },
    },
    ['counters', 'changes', 'events'],
  ),
  'public-holidays': contractSchema(
    'public-holidays',
    'Calendar of public holidays (date-holidays package, unreviewed)',
    {
      source: sourceRef,
      review_status: { const: 'unreviewed' },
      count: { type: 'integer', minimum: 0 },
      holidays: {
        type: 'array',
        items: {
          type: 'object',
          required: ['date', 'title', 'scheduled'],
          additionalProperties: false,
          properties: { date: isoDate, title: names, scheduled: { type: 'boolean' } },
        },
      },
    },
    ['source', 'review_status', 'count', 'holidays'],
  ),
  'quality-report': contractSchema(
    'quality-report',
    'Freshness and quality of the public datasets',
    {
      summary: {
        type: 'object',
        required: ['fresh', 'degraded', 'stale', 'unknown', 'checks_passed', 'checks_failed'],
        properties: {
          fresh: count,
          degraded: count,
          stale: count,
          unknown: count,
          checks_passed: count,
          checks_failed: { type: 'array', items: { type: 'string' } },
        },
      },
      datasets: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['dataset', 'quality_status', 'freshness'],
          properties: { dataset: str, quality_status: str, freshness },
        },
      },
      checks: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'passed', 'detail'],
          properties: { id: str, passed: { type: 'boolean' }, detail: str },
        },
      },
    },
    ['summary', 'datasets', 'checks'],
  ),
  'media-weekly-digest': contractSchema(
    'media-weekly-digest',
    'Volumes of publications per day, source, topic and region (demonstration sample)',
    {
      quality_status: { const: 'demonstration' },
      provenance: {
        type: 'object',
        required: ['kind'],
        properties: { kind: { const: 'demonstration' } },
      },
      per_day: { type: 'array' },
      per_source: { type: 'array' },
      per_topic: { type: 'array' },
      per_region: { type: 'array' },
      warning: str,
    },
    ['quality_status', 'provenance', 'warning', 'per_day', 'per_source', 'per_topic', 'per_region'],
  ),
  'dataset-catalog': contractSchema(
    'dataset-catalog',
    'Catalog of public datasets',
    {
      count: { type: 'integer' },
      datasets: { type: 'array', minItems: 1, items: datasetEntry },
    },
    ['count', 'datasets'],
  ),
  provenance: contractSchema(
    'provenance',
    'Sources, publication limits and checksums of the published JSON and CSV files',
    {
      sources: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: [
            'id',
            'title',
            'url',
            'licence',
            'attribution',
            'reuse_terms_verified',
            'revision',
          ],
          properties: {
            id: str,
            title: str,
            url: str,
            licence: str,
            attribution: str,
            reuse_terms_verified: { type: 'boolean' },
            revision: str,
          },
        },
      },
      snapshots: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['path', 'origin_url', 'licence', 'sha256', 'bytes', 'retrieved'],
          properties: {
            path: str,
            origin_url: str,
            licence: str,
            sha256: sha,
            bytes: count,
            retrieved: str,
          },
        },
      },
      checksums: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['path', 'sha256', 'bytes'],
          properties: { path: str, sha256: sha, bytes: count },
        },
      },
      publication_limits: {
        type: 'array',
        items: {
          type: 'object',
          required: ['dataset', 'limits'],
          properties: { dataset: str, limits: str },
        },
      },
    },
    ['sources', 'snapshots', 'publication_limits', 'checksums'],
  ),
  'pdf-manifest': contractSchema(
    'pdf-manifest',
    'Checksums of one-page PDFs',
    {
      count: { type: 'integer', minimum: 1 },
      files: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['path', 'sha256', 'bytes', 'media_type', 'subject'],
          properties: {
            path: { type: 'string', pattern: '^/data/.+\\.pdf$' },
            sha256: sha,
            bytes: { type: 'integer', minimum: 1 },
            media_type: { const: 'application/pdf' },
            subject: str,
          },
        },
      },
      data_revision: str,
    },
    ['count', 'files', 'data_revision'],
  ),
  'release-manifest': contractSchema(
    'release-manifest',
    'Revision, artifact hashes, sources and rollback link of the public release',
    {
      revision: REVISION_SCHEMA,
      previous_revision: RELEASE_SEAL_SCHEMA.properties.previous_revision,
      rollback: RELEASE_SEAL_SCHEMA.properties.rollback,
      lineage: {
        type: 'array',
        items: REVISION_SCHEMA,
        description: 'Every earlier revision, newest first',
      },
      public_url: {
        type: ['string', 'null'],
        format: 'uri',
        description:
          'The public URL (DALA_PUBLIC_URL) the release was built for; null: built without one, so its links are root-relative paths on the server that serves it',
      },
      public_url_note: {
        type: 'string',
        description:
          'Present when public_url is null: what the links of this release are relative to',
      },
      permalink: {
        type: 'string',
        format: 'uri-reference',
        description:
          "Where this release's /data/ files stay, byte for byte, while the server keeps the release: an absolute URL under public_url, or a root-relative path on the serving host",
      },
      sources: { type: 'array', items: sourceRef },
      artifacts: { type: 'array', minItems: 1, items: SEALED_FILE_SCHEMA },
    },
    ['revision', 'previous_revision', 'rollback', 'sources', 'artifacts'],
  ),
  ...geoJsonFileSchemas,
};

export type DatasetCatalog = FromSchema<(typeof operationsSchemas)['dataset-catalog']>;
