// The JSON Schemas of the registry (docs/architecture.md "The registry"): a dataset declaration
// (a file of sources/datasets/, named <order>-<dataset>.json: the dataset's passport and its tables, each with where its
// bytes are, how its cells are read and the indicators it yields), the sources that are not tables
// (sources/reference-sources.json), the datasets that are not series of tables
// (sources/reference-datasets.json), the layers of the time slice (sources/layers.json) and the topic
// scheme (sources/topics.json). The types the build reads them as are derived from these schemas.
import type { FromSchema } from 'json-schema-to-ts';
import { names, nonEmpty, ownOrSourceUrl, reviewStatus, sourceUrl } from '../table-schemas.js';
import { indicatorDeclaration, LAYER_ID, TOPIC_ID } from './indicator-schema.js';
import { READER_SCHEMAS } from './reader-schemas.js';

const SOURCE_ID = '^[a-z0-9-]+$';
export const DATASET_ID = '^[a-z][a-z0-9-]*$';

/** A logical source that figures cite: one or more snapshot files, or tables of sources/. */
export const sourceDeclaration = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'title',
    'publisher',
    'url',
    'licence',
    'attribution',
    'reuse_terms_verified',
    'review_status',
  ],
  properties: {
    id: { type: 'string', pattern: SOURCE_ID },
    title: nonEmpty,
    publisher: nonEmpty,
    url: ownOrSourceUrl,
    licence: nonEmpty,
    attribution: nonEmpty,
    // docs/interface.md §1.4: never infer a licence from an absent field
    reuse_terms_verified: { type: 'boolean' },
    review_status: { enum: ['reviewed', 'unreviewed', 'demonstration'] },
    // files of the source that are not snapshots: sources/ tables, a package (name@version)
    tables: { type: 'array', items: nonEmpty },
  },
} as const;

const readerKind = {
  type: 'object',
  required: ['kind'],
  properties: { kind: { enum: Object.keys(READER_SCHEMAS) as (keyof typeof READER_SCHEMAS)[] } },
} as const;

const tableDeclaration = {
  type: 'object',
  additionalProperties: false,
  required: ['source', 'snapshots', 'reader', 'indicators'],
  properties: {
    source: sourceDeclaration,
    // where its bytes are: paths of the snapshot directory, each pinned by a passport
    snapshots: { type: 'array', uniqueItems: true, items: nonEmpty },
    // how its cells are read; the parameters are checked against the reader's own schema
    reader: readerKind,
    // the indicators it yields, or 'from-reader': the reader derives them from the snapshot's own
    // metadata (a whole repository of indicators: the open-sdg reader)
    indicators: {
      anyOf: [{ type: 'array', minItems: 1, items: indicatorDeclaration }, { const: 'from-reader' }],
    },
  },
} as const;

const datasetPassport = {
  title: nonEmpty,
  description: nonEmpty,
  quality_status: { enum: ['official', 'derived', 'reference', 'demonstration'] },
  historical: { type: 'boolean' },
  publication_limits: nonEmpty,
} as const;

export const datasetDeclaration = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'title', 'description', 'quality_status', 'tables'],
  properties: {
    id: { type: 'string', pattern: DATASET_ID },
    ...datasetPassport,
    // whose official statistics the dataset's are and where to check them, when not the Bureau's
    // (stat.gov.kz): said in its publication limits with the rule of how numbers are published
    official_statistics: {
      type: 'object',
      additionalProperties: false,
      required: ['of', 'check_at'],
      properties: { of: nonEmpty, check_at: nonEmpty },
    },
    tables: { type: 'array', minItems: 1, items: tableDeclaration },
  },
} as const;

export const referenceSources = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'array',
  minItems: 1,
  items: {
    ...sourceDeclaration,
    required: [...sourceDeclaration.required, 'snapshots'],
    properties: {
      ...sourceDeclaration.properties,
      snapshots: { type: 'array', uniqueItems: true, items: nonEmpty },
    },
  },
} as const;

// How a reference dataset's as_of is found: a fixed date, or the latest of what it lists.
const asOfRule = {
  anyOf: [
    { type: 'string', format: 'date' },
    { enum: ['regional-indicators', 'verified-events', 'holidays', 'media-sample', 'none'] },
  ],
} as const;

export const referenceDatasets = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    additionalProperties: false,
    required: [
      'id',
      'title',
      'description',
      'path',
      'csv_path',
      'sources',
      'as_of',
      'sla_days',
      'quality_status',
    ],
    properties: {
      id: { type: 'string', pattern: DATASET_ID },
      ...datasetPassport,
      // days after the latest period end within which the next publication is due (the publisher's
      // cadence); a series dataset's follows its indicators' frequencies (src/model/dataset-freshness.ts)
      sla_days: { type: 'integer', minimum: 1 },
      path: nonEmpty,
      csv_path: { type: ['string', 'null'], minLength: 1 },
      // its sources: listed, or those of the indicators of official-regional-indicators.json
      sources: {
        anyOf: [
          { type: 'array', minItems: 1, items: { type: 'string', pattern: SOURCE_ID } },
          { const: 'regional-indicators' },
        ],
      },
      as_of: asOfRule,
      // indicators Dala counts itself (daily counts of events, of the media sample)
      source: { type: 'string', pattern: SOURCE_ID },
      reader: readerKind,
      indicators: { type: 'array', items: indicatorDeclaration },
    },
  },
} as const;

export const layersTable = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'title'],
    properties: { id: { type: 'string', pattern: LAYER_ID }, title: names },
  },
} as const;

/** A topic of the scheme: a statistical domain of the Bureau (or an SDG goal, read from the platform). */
export const topicRow = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'kind', 'name', 'source_url', 'review_status'],
  properties: {
    id: { type: 'string', pattern: TOPIC_ID },
    kind: { enum: ['domain', 'sdg-goal'] },
    // the goal's number, for an SDG goal
    notation: { type: 'string', pattern: '^[0-9]{1,2}$' },
    name: names,
    source_url: ownOrSourceUrl,
    review_status: reviewStatus,
  },
} as const;

export const topicsTable = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  required: ['scheme', 'topics'],
  properties: {
    scheme: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'title'],
      properties: { id: { type: 'string', pattern: TOPIC_ID }, title: names },
    },
    topics: { type: 'array', minItems: 1, items: topicRow },
  },
} as const;

export type SourceDeclaration = FromSchema<typeof sourceDeclaration>;
export type DatasetDeclaration = FromSchema<typeof datasetDeclaration>;
export type TableDeclaration = DatasetDeclaration['tables'][number];
export type ReferenceSource = FromSchema<typeof referenceSources>[number];
export type ReferenceDataset = FromSchema<typeof referenceDatasets>[number];
export type LayerRow = FromSchema<typeof layersTable>[number];
export type Topic = FromSchema<typeof topicRow>;
export type TopicsTable = FromSchema<typeof topicsTable>;
