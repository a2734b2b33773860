// The request body and answers of the W3C Reconciliation Service API 0.2 at /reconcile
// (https://www.w3.org/community/reports/reconciliation/CG-FINAL-specs-0.2-20230410/): the route schemas
// document them and the handler returns the types derived from them (bottom of this file).
// test/v1-reconcile.test.ts checks the manifest schema against the specification's schemas/manifest.json.
import { ENTITY_TYPES, openObject, type ItemOf } from './response-schemas.js';
import { RECON_QUERY_BATCH } from './reconcile-query.js';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const idTemplate = {
  type: 'string',
  pattern: '.*\\{\\{id\\}\\}.*',
  description: 'A URL template: {{id}} stands for an entity id.',
} as const;

/** The service manifest (section 4): what GET /reconcile answers without queries. */
export const RECON_MANIFEST = openObject(
  {
    versions: { type: 'array', items: str, description: 'The API versions this service speaks.' },
    name: str,
    identifierSpace: str,
    schemaSpace: str,
    documentation: str,
    view: openObject({ url: idTemplate }, ['url']),
    defaultTypes: {
      type: 'array',
      items: openObject({ id: { type: 'string', enum: [...ENTITY_TYPES] }, name: str }, [
        'id',
        'name',
      ]),
    },
    suggest: openObject(
      {
        entity: openObject({ service_url: str, service_path: str }, [
          'service_url',
          'service_path',
        ]),
      },
      ['entity'],
    ),
    preview: openObject({ url: idTemplate, width: int, height: int }, ['url', 'width', 'height']),
    batchSize: {
      type: 'integer',
      minimum: 1,
      description: 'The most queries one batch may hold (section 4); a larger batch is refused.',
    },
  },
  [
    'versions',
    'name',
    'identifierSpace',
    'schemaSpace',
    'documentation',
    'view',
    'defaultTypes',
    'suggest',
    'preview',
  ],
);

/** One candidate of a query's result (section 5.2). */
export const RECON_CANDIDATE = openObject(
  {
    id: str,
    name: str,
    description: str,
    score: { type: 'number', description: '0 to 100' },
    match: { type: 'boolean' },
    type: { type: 'array', items: openObject({ id: str, name: str }, ['id', 'name']) },
    features: {
      type: 'array',
      items: openObject({ id: str, value: { type: ['boolean', 'number'] } }, ['id', 'value']),
    },
  },
  ['id', 'name', 'score', 'match', 'type'],
);

/** A batch of results keyed by query id (section 5.2). */
export const RECON_RESULTS = {
  type: 'object',
  description: 'The results of a batch, keyed by the ids of its queries',
  additionalProperties: openObject({ result: { type: 'array', items: RECON_CANDIDATE } }, [
    'result',
  ]),
} as const;

/** Suggest (section 7): entities for a prefix. */
export const SUGGESTIONS = openObject(
  {
    result: {
      type: 'array',
      items: openObject({ id: str, name: str, description: str }, ['id', 'name']),
    },
  },
  ['result'],
);

const extensionValue = {
  type: 'object',
  description: 'A value: {str}, {float}, or an entity {id, name}; none for a value not published',
  properties: { str, float: { type: 'number' }, id: str, name: str },
  additionalProperties: false,
} as const;

/** A data extension answer (section 8.3): each property named, then each entity's values. */
export const RECON_EXTENSION = openObject(
  {
    meta: {
      type: 'array',
      items: openObject({ id: str, name: str, type: openObject({ id: str, name: str }, ['id']) }, [
        'id',
        'name',
      ]),
    },
    rows: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: { type: 'array', items: extensionValue },
      },
    },
  },
  ['meta', 'rows'],
);

/** Property proposals for a type (section 8.2). */
export const RECON_PROPOSALS = openObject(
  {
    type: str,
    limit: int,
    properties: { type: 'array', items: openObject({ id: str, name: str }, ['id', 'name']) },
  },
  ['type', 'properties'],
);

/**
 * GET /reconcile answers the manifest without `queries`, a batch of results with them, and a data
 * extension with `extend`: exactly one of the three (a manifest has array members a batch cannot
 * have; a batch lacks the manifest's required ones; an extension's `meta` is an array, which no
 * result of a batch is, and it lacks the manifest's members).
 */
export const RECON_GET_ANSWER = {
  description:
    'The manifest (no queries), the batch of results keyed by query id, or a data extension',
  oneOf: [RECON_MANIFEST, RECON_RESULTS, RECON_EXTENSION],
} as const;

const QUERIES_TEXT = {
  type: 'string',
  maxLength: 16 * 1024,
  description: 'The batch of queries as JSON text (an object of queries keyed by id).',
} as const;
const EXTEND_TEXT = {
  type: 'string',
  maxLength: 16 * 1024,
  description:
    'A data extension query as JSON text: {ids, properties: [{id, settings}]} (section 8.3).',
} as const;

/**
 * The POST body (section 5.2): OpenRefine sends the batch as JSON text in the form field `queries`; a
 * JSON body holds the batch under `queries` (as an object or as JSON text) or is the batch itself.
 * The handler checks every batch against RECON_QUERY_BATCH (reconcile-query.ts), so a refusal names
 * the query and member.
 */
export const RECON_BODY = {
  content: {
    'application/x-www-form-urlencoded': {
      schema: {
        type: 'object',
        additionalProperties: false,
        oneOf: [{ required: ['queries'] }, { required: ['extend'] }],
        properties: { queries: QUERIES_TEXT, extend: EXTEND_TEXT },
      },
    },
    'application/json': {
      schema: {
        description:
          'The batch under `queries`, a data extension query under `extend`, or the batch itself',
        anyOf: [
          {
            type: 'object',
            required: ['queries'],
            additionalProperties: false,
            properties: { queries: { anyOf: [RECON_QUERY_BATCH, QUERIES_TEXT] } },
          },
          {
            type: 'object',
            required: ['extend'],
            additionalProperties: false,
            properties: { extend: { anyOf: [{ type: 'object' }, EXTEND_TEXT] } },
          },
          RECON_QUERY_BATCH,
        ],
      },
    },
  },
} as const;

export type ReconManifest = ItemOf<typeof RECON_MANIFEST>;
export type ReconResults = ItemOf<typeof RECON_RESULTS>;
export type ReconGetAnswer = ItemOf<typeof RECON_GET_ANSWER>;
export type Suggestions = ItemOf<typeof SUGGESTIONS>;
export type ReconExtension = ItemOf<typeof RECON_EXTENSION>;
