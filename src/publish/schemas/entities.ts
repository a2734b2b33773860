// Schemas of the entity contracts: entities, entity-graph, reviewed-entity-links, entity-federation.
import { contractSchema, names, sourceRef, sourceUrl } from './common.js';
import { SLUG_PATTERN } from '../../lib/slug.js';

export const reviewStatus = {
  enum: ['verified', 'reviewed', 'unreviewed', 'demonstration', 'matched_by_code'],
} as const;
export const uri = { type: 'string', format: 'uri' } as const;
export const canonicalId = {
  type: 'string',
  pattern: '^(place|institution|indicator|dataset|source|event|person):[^\\s]+$',
} as const;
const strings = { type: 'array', items: { type: 'string' } } as const;
/** Names in kk/ru/en, or English only where the source gives no other language (dataset titles). */
export const someNames = {
  anyOf: [
    names,
    { type: 'object', required: ['en'], properties: { en: { type: 'string', minLength: 1 } } },
  ],
} as const;

/** An entity, with the members of its kind: each required one also defined. */
const entity = (extraRequired: string[] = [], extra: Record<string, object> = {}) => ({
  type: 'object',
  required: ['id', 'type', 'names', 'aliases', 'source_url', 'review_status', ...extraRequired],
  properties: {
    id: canonicalId,
    type: { type: 'string' },
    names,
    aliases: strings,
    source_url: sourceUrl,
    review_status: reviewStatus,
    ...extra,
  },
});

export const entitiesSchema = contractSchema(
  'entities',
  'Catalog of public persons, organizations and locations',
  {
    persons: {
      type: 'array',
      items: entity(['role', 'of', 'as_of'], {
        role: { type: 'string' },
        of: canonicalId,
        as_of: { type: 'string', format: 'date' },
      }),
    },
    persons_note: { type: ['string', 'null'] },
    organizations: {
      type: 'array',
      items: entity(['kind', 'website', 'region'], {
        kind: { type: 'string' },
        website: uri,
        region: { anyOf: [canonicalId, { type: 'null' }] },
      }),
    },
    locations: {
      type: 'array',
      items: entity(['kind', 'iso'], { kind: { type: 'string' }, iso: { type: 'string' } }),
    },
  },
  ['persons', 'persons_note', 'organizations', 'locations'],
);

export const entityGraphSchema = contractSchema(
  'entity-graph',
  'Graph of public entities and links',
  {
    nodes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'type', 'label'],
        properties: {
          id: { anyOf: [canonicalId, uri] },
          type: {
            enum: [
              'place',
              'district',
              'institution',
              'indicator',
              'dataset',
              'source',
              'event',
              'person',
              'external',
            ],
          },
          label: someNames,
        },
      },
    },
    edges: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'from', 'relation', 'to', 'source_url', 'review_status'],
        properties: {
          id: { type: 'string' },
          from: canonicalId,
          to: { anyOf: [canonicalId, uri] },
          relation: {
            enum: [
              'part_of',
              'governs',
              'located_in',
              'same_as',
              'measured_for',
              'derived_from',
              'concerns',
              'renamed_to',
              'split_into',
            ],
          },
          source_url: sourceUrl,
          review_status: reviewStatus,
        },
      },
    },
  },
  ['nodes', 'edges'],
);

export const sameAsLink = {
  type: 'object',
  required: [
    'id',
    'subject',
    'predicate',
    'object',
    'review_status',
    'review_basis',
    'source',
    'source_url',
  ],
  properties: {
    id: { type: 'string' },
    subject: canonicalId,
    predicate: { const: 'same_as' },
    object: uri,
    object_label: { type: 'string' },
    // Only manually confirmed links are published (docs/interface.md §2.2): the schema admits no other status.
    review_status: { enum: ['reviewed', 'verified'] },
    review_basis: { type: 'string', minLength: 1 },
    source: sourceRef,
    source_url: sourceUrl,
  },
} as const;

export const reviewedEntityLinksSchema = contractSchema(
  'reviewed-entity-links',
  'Reviewed cross-project same_as links',
  {
    policy: { type: 'string' },
    matched_by_code: { type: 'integer', minimum: 0 },
    links: { type: 'array', items: sameAsLink },
  },
  ['policy', 'links'],
);

export const entityFederationSchema = contractSchema(
  'entity-federation',
  'Links of entities to infrastructure projects',
  {
    geography_bindings: {
      type: 'array',
      items: {
        type: 'object',
        required: ['entity', 'iso', 'slug', 'geometry', 'analytics'],
        properties: {
          entity: canonicalId,
          iso: { type: 'string', pattern: '^KZ-\\d{2}$' },
          slug: { type: 'string', pattern: SLUG_PATTERN },
          geometry: { type: 'string', pattern: '^/data/geo/regions/[a-z0-9-]+\\.geojson$' },
          analytics: { type: 'string', pattern: '^/data/region-analytics/[a-z0-9-]+\\.json$' },
        },
      },
    },
    media_coverage: {
      type: 'object',
      required: ['status', 'note', 'by_region', 'without_region'],
      properties: {
        status: { const: 'demonstration' },
        note: { type: 'string' },
        provenance: { type: 'object' },
        without_region: { type: 'integer', minimum: 0 },
        by_region: {
          type: 'array',
          items: {
            type: 'object',
            required: ['entity', 'publications'],
            properties: { entity: canonicalId, publications: { type: 'integer', minimum: 0 } },
          },
        },
      },
    },
    cross_project_links: { type: 'array', items: sameAsLink },
  },
  ['geography_bindings', 'media_coverage', 'cross_project_links'],
);
