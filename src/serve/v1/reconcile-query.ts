// The query batch of the W3C Reconciliation Service API 0.2 (section 5.1; the specification's
// schemas/reconciliation-query-batch.json), as /reconcile accepts it: the specification's members,
// each query's other members refused as there, with this service's bounds on top — a `query`, when
// given, is not blank, a positive integer `limit`, at most MAX_BATCH queries (the manifest's batchSize). The batch is checked against this schema and
// the handler's ReconQuery type is derived from it, so the two cannot drift apart.
import type { ErrorObject, ValidateFunction } from '../../lib/ajv.js';
import type { FromSchema } from 'json-schema-to-ts';
import { ProblemError } from '../problems/errors.js';
import { strictBodyAjv } from './strict-ajv.js';

/** Queries per batch: OpenRefine sends 10; more would let one request cost many searches. */
export const MAX_BATCH = 10;

// A property value: a literal, or an entity reconciled before ({id, name}).
const propertyValue = {
  oneOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
    {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    },
  ],
} as const;

export const RECON_QUERY = {
  type: 'object',
  additionalProperties: false,
  // a query names something: its text, or at least one property (the specification's own rule)
  anyOf: [
    { required: ['query'] },
    { required: ['properties'], properties: { properties: { type: 'array', minItems: 1 } } },
  ],
  properties: {
    query: {
      type: 'string',
      minLength: 1,
      maxLength: 500,
      pattern: '\\S',
      description:
        'The name to match; optional: a query of properties alone searches their values (section 5.1).',
    },
    type: {
      oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
      description: 'A type id or a list of them.',
    },
    limit: { type: 'integer', minimum: 1, description: 'Most candidates to return.' },
    properties: {
      type: 'array',
      description:
        'Property constraints: `within` (a containing place) filters; any other property the candidate states (iso, slug, kind ...) is compared with it and counts in its score.',
      items: {
        type: 'object',
        required: ['pid', 'v'],
        properties: {
          pid: { type: 'string' },
          v: { oneOf: [propertyValue, { type: 'array', items: propertyValue }] },
        },
      },
    },
    type_strict: { type: 'string', enum: ['any', 'should', 'all'] },
  },
} as const;

export const RECON_QUERY_BATCH = {
  type: 'object',
  description: 'Reconciliation queries keyed by query id (Reconciliation API 0.2, section 5.1).',
  maxProperties: MAX_BATCH,
  additionalProperties: RECON_QUERY,
} as const;

export type ReconQuery = FromSchema<typeof RECON_QUERY>;
export type ReconQueryBatch = FromSchema<typeof RECON_QUERY_BATCH>;

let check: ValidateFunction<ReconQueryBatch> | null = null;
const validator = (): ValidateFunction<ReconQueryBatch> =>
  (check ??= strictBodyAjv().compile<ReconQueryBatch>(RECON_QUERY_BATCH));

/** Throws invalid_body naming the query and member unless the batch matches RECON_QUERY_BATCH. */
export function assertBatch(batch: object): asserts batch is ReconQueryBatch {
  const valid = validator();
  if (valid(batch)) return;
  const error = valid.errors?.[0];
  throw new ProblemError(
    'invalid_body',
    `Reconciliation queries: ${error ? describe(batch, error) : 'the batch does not match the query batch schema.'}`,
  );
}

function describe(batch: object, error: ErrorObject): string {
  if (error.keyword === 'maxProperties')
    return `at most ${MAX_BATCH} queries per batch (${Object.keys(batch).length} given).`;
  const [key, member, ...rest] = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (key === undefined) return `the batch ${error.message ?? 'is invalid'}.`;
  if (error.keyword === 'additionalProperties')
    return `query "${key}": member "${String(error.params['additionalProperty'])}" is not a reconciliation query member.`;
  if (error.keyword === 'required' && member === undefined)
    return `query "${key}": member "${String(error.params['missingProperty'])}" is required.`;
  const where = [member, ...rest].filter((s) => s !== undefined).join('/');
  return `query "${key}": ${where ? `member "${where}"` : 'the query'} ${error.message ?? 'is invalid'}.`;
}
