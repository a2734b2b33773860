// Schemas of geo-public-contract.json (canonical geography reference) and geo-layer-contract.json
// (state of local geometry).
import { contractSchema, names, sourceRef } from './common.js';
import { canonicalId, reviewStatus, uri } from './entities.js';
import { SLUG_PATTERN } from '../../lib/slug.js';

const iso = { type: 'string', pattern: '^KZ-\\d{2}$' } as const;
const strings = { type: 'array', items: { type: 'string' } } as const;
const regionRef = {
  type: 'object',
  required: ['id', 'iso', 'kind', 'official_name'],
  properties: { id: canonicalId, iso, kind: { enum: ['region', 'city'] }, official_name: names },
} as const;

export const geoPublicContractSchema = contractSchema(
  'geo-public-contract',
  'Canonical geography reference of the regions',
  {
    key_rule: { type: 'string' },
    source: sourceRef,
    regions: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'iso',
          'kato',
          'kind',
          'slug',
          'names',
          'official_names',
          'safe_aliases',
          'legacy_codes',
          'admin_centre',
          'osm_relation',
          'source_url',
          'review_status',
        ],
        properties: {
          id: { type: 'string', pattern: '^place:KZ-\\d{2}$' },
          iso,
          kato: { type: 'string', pattern: '^\\d{9}$' },
          kind: { enum: ['region', 'city'] },
          slug: { type: 'string', pattern: SLUG_PATTERN },
          names,
          official_names: names,
          safe_aliases: strings,
          legacy_codes: strings,
          admin_centre: names,
          osm_relation: {
            type: 'string',
            pattern: '^https://www\\.openstreetmap\\.org/relation/\\d+$',
          },
          iso_matches_kato: { const: true },
          source_url: uri,
          review_status: reviewStatus,
        },
      },
    },
    homonyms: {
      type: 'array',
      items: {
        type: 'object',
        required: ['shared_names', 'entities', 'explanation'],
        properties: {
          shared_names: strings,
          entities: { type: 'array', minItems: 2, items: regionRef },
          explanation: { type: 'string', minLength: 1 },
        },
      },
    },
  },
  ['key_rule', 'regions', 'homonyms'],
);

const checked = { valid: { type: 'boolean' }, rfc7946: { type: 'boolean' } } as const;
export const geoLayerContractSchema = contractSchema(
  'geo-layer-contract',
  'State of local geometry and the boundary of reviewed layers',
  {
    source: sourceRef,
    adm1: {
      type: 'object',
      required: ['path', 'features', 'bytes', 'max_area_error', 'valid', 'rfc7946'],
      properties: {
        path: { const: 'kz_adm1_current.geojson' },
        features: { type: 'integer', minimum: 0 },
        bytes: { type: 'integer', minimum: 0 },
        max_area_error: { type: 'number', minimum: 0 },
        invalid_features: { type: 'integer', minimum: 0 },
        ...checked,
      },
    },
    region_files: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'iso', 'path', 'area_km2', 'valid', 'rfc7946'],
        properties: {
          id: canonicalId,
          iso,
          path: { type: 'string', pattern: '^geo/regions/[a-z0-9-]+\\.geojson$' },
          area_km2: { type: 'number', exclusiveMinimum: 0 },
          ...checked,
        },
      },
    },
    adm2: {
      type: 'object',
      required: [
        'count',
        'invalid',
        'valid',
        'rfc7946',
        'path',
        'bytes',
        'tolerance',
        'max_area_error',
        'published_in',
        'name_corrections',
        'repairs',
      ],
      properties: {
        path: { const: 'geo/kz_adm2_districts.geojson' },
        bytes: { type: 'integer', minimum: 1 },
        max_area_error: { type: 'number', minimum: 0 },
        tolerance: { type: 'object' },
        count: { type: 'integer', minimum: 0 },
        invalid: { type: 'integer', minimum: 0 },
        ...checked,
        published_in: strings,
        name_corrections: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'corrections'],
            properties: { id: canonicalId, corrections: strings },
          },
        },
        repairs: { type: 'string' },
      },
    },
    centres: {
      type: 'object',
      required: [
        'count',
        'published_as',
        'source_points',
        'astana_labelled',
        'nur_sultan_labels',
        'correction',
      ],
      properties: {
        published_as: { type: 'string' },
        source_points: { type: 'integer', minimum: 0 },
        count: { type: 'integer', minimum: 0 },
        astana_labelled: { type: 'boolean' },
        nur_sultan_labels: { type: 'integer', minimum: 0 },
        outside_regions: { type: 'integer', minimum: 0 },
        correction: { type: 'string' },
      },
    },
    additional_layers: {
      type: 'object',
      required: ['reviewed', 'note'],
      properties: { reviewed: { type: 'array' }, note: { type: 'string' } },
    },
  },
  ['adm1', 'region_files', 'adm2', 'centres', 'additional_layers'],
);
