// Shared JSON Schema pieces (draft 2020-12). Every contract reuses these so that unit, period,
// source and revision are required wherever a figure is published (docs/interface.md §10.2).
import { POINT_STATUSES } from '../../sources/records.js';

import { NAMES_SCHEMA } from '../../lib/languages.js';

/**
 * A contract schema's $id as the code knows it: the root-relative path the release serves it at (a
 * URI-reference, JSON Schema 2020-12 section 8.2.1, resolved against where it was fetched from).
 * schemaArtifacts() writes it under the public URL when the release has one.
 */
export const SCHEMA_PATH = '/data/schemas/';
export const schemaId = (name: string) => `${SCHEMA_PATH}${name}.schema.json`;

export const isoDate = { type: 'string', format: 'date' } as const;
export const names = NAMES_SCHEMA;

/** docs/interface.md §2.1 freshness contract. */
export const freshness = {
  type: 'object',
  required: ['as_of', 'evaluated_at', 'sla_days', 'age_days', 'status', 'reason', 'historical'],
  properties: {
    as_of: { type: ['string', 'null'], format: 'date' },
    evaluated_at: { type: 'string', format: 'date-time' },
    sla_days: { type: 'integer', minimum: 1 },
    age_days: { type: ['integer', 'null'], minimum: 0 },
    status: { enum: ['fresh', 'degraded', 'stale', 'unknown'] },
    reason: { type: 'array', items: { type: 'string' } },
    historical: { type: 'boolean' },
    evaluated_when: {
      enum: ['build', 'request'],
      description:
        'build: evaluated once when the release was built (evaluated_at = built_at); request: at the moment of the answer',
    },
    parts: {
      type: 'array',
      description:
        "each indicator of the dataset with its own latest period, its cadence's SLA and status; the dataset's own as_of, sla_days, age and status are its least fresh part's",
      items: {
        type: 'object',
        required: ['indicator', 'as_of', 'sla_days', 'age_days', 'status'],
        properties: {
          indicator: { type: 'string' },
          as_of: { type: ['string', 'null'], format: 'date' },
          sla_days: { type: 'integer', minimum: 1 },
          age_days: { type: ['integer', 'null'], minimum: 0 },
          status: { enum: ['fresh', 'degraded', 'stale', 'unknown'] },
        },
      },
    },
  },
} as const;

/** Where a source is read: an absolute URL, or for Dala's own tables a root-relative path on the server serving the release. */
export const sourceUrl = {
  type: 'string',
  format: 'uri-reference',
  description:
    "The source's page; for Dala's own tables a root-relative path on the server serving the release",
} as const;

export const sourceRef = {
  type: 'object',
  required: ['id', 'title', 'url', 'revision'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    url: sourceUrl,
    revision: {
      type: 'string',
      description: 'source revision: sha256 prefix over the pinned snapshot files',
    },
  },
} as const;

/**
 * What every figure says first, in every form (JSON with its source, flat with the source's id and
 * revision): its value or the reason there is none, its unit, period and bounds, and its status.
 */
export const FIGURE_HEAD = [
  'value',
  'null_reason',
  'unit',
  'period',
  'period_start',
  'period_end',
  'status',
] as const;
/** The members of a figure, published or absent: the same nine whether or not it has a value. */
const FIGURE_MEMBERS = [...FIGURE_HEAD, 'source', 'note'] as const;

/** A published figure: value or null with a reason (never 0 for missing), unit, period, source. */
export const figure = {
  type: 'object',
  required: FIGURE_MEMBERS,
  properties: {
    note: {
      type: ['string', 'null'],
      description: 'unit change, flag or series break that applies to this value; null when none',
    },
    value: { type: ['number', 'null'] },
    null_reason: { type: ['string', 'null'] },
    unit: { type: 'string', minLength: 1 },
    period: { type: 'string', minLength: 4 },
    period_start: isoDate,
    period_end: isoDate,
    status: { enum: POINT_STATUSES },
    source: sourceRef,
  },
  if: { properties: { value: { type: 'null' } } },
  then: { properties: { null_reason: { type: 'string', minLength: 1 } } },
  else: { properties: { null_reason: { type: 'null' } } },
} as const;

/**
 * A place or indicator with no observation at all: it says so with a reason and its unit and
 * source, and has no period (none is invented: period, period_start, period_end and status are null).
 */
export const absentFigure = {
  type: 'object',
  required: FIGURE_MEMBERS,
  properties: {
    value: { type: 'null' },
    null_reason: { type: 'string', minLength: 1 },
    unit: { type: 'string', minLength: 1 },
    period: { type: 'null' },
    period_start: { type: 'null' },
    period_end: { type: 'null' },
    status: { type: 'null' },
    source: sourceRef,
    note: { type: ['string', 'null'] },
  },
} as const;

/** A published figure, or the statement that there is no observation to publish. */
export const figureOrAbsent = { anyOf: [figure, absentFigure] } as const;

/** Header every JSON contract carries. */
export const contractHeader = {
  contract: { type: 'string' },
  contract_version: { type: 'string' },
  built_at: { type: 'string', format: 'date-time' },
  as_of: isoDate,
} as const;

/** A contract's sealed schema, typed as written so FromSchema can derive the contract's TypeScript type. */
export function contractSchema<
  const P extends Record<string, unknown>,
  const R extends readonly string[],
>(name: string, title: string, properties: P, required: R) {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: schemaId(name),
    title,
    type: 'object',
    required: ['contract', 'contract_version', 'built_at', ...required],
    properties: { ...contractHeader, ...properties },
  } as const;
}
