// Schemas of the release's GeoJSON files (RFC 7946): the regions' FeatureCollection and the
// districts' (ADM2), with polygonal geometries. The type of the regions' file the browser app reads is
// derived from its schema (bottom of this file); no server code is imported.
import type { FromSchema } from 'json-schema-to-ts';
import { isoDate, schemaId } from './common.js';
import { SLUG_PATTERN } from '../../lib/slug.js';

const str = { type: 'string' } as const;
const position = { type: 'array', minItems: 2, maxItems: 3, items: { type: 'number' } } as const;
const ring = { type: 'array', minItems: 4, items: position } as const;
const polygonal = {
  oneOf: [
    {
      type: 'object',
      required: ['type', 'coordinates'],
      properties: {
        type: { const: 'Polygon' },
        coordinates: { type: 'array', minItems: 1, items: ring },
      },
    },
    {
      type: 'object',
      required: ['type', 'coordinates'],
      properties: {
        type: { const: 'MultiPolygon' },
        coordinates: {
          type: 'array',
          minItems: 1,
          items: { type: 'array', minItems: 1, items: ring },
        },
      },
    },
  ],
} as const;

export const geoJsonFileSchemas = {
  'district-collection': {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: schemaId('district-collection'),
    title:
      'RFC 7946 FeatureCollection of districts (ADM2, WGS84), simplified within the stated tolerance',
    type: 'object',
    required: ['type', 'features', 'attribution', 'simplification'],
    properties: {
      type: { const: 'FeatureCollection' },
      attribution: { type: 'string', minLength: 1 },
      simplification: {
        type: 'object',
        required: ['max_bytes', 'max_area_error_limit', 'coordinate_decimals', 'method'],
      },
      features: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['type', 'id', 'geometry', 'properties'],
          properties: {
            type: { const: 'Feature' },
            id: { type: 'string', pattern: '^place:KZ-\\d{2}/KZ\\d{6}$' },
            geometry: polygonal,
            properties: {
              type: 'object',
              required: ['id', 'pcode', 'region_iso', 'name_kk', 'name_ru', 'name_en'],
            },
          },
        },
      },
    },
  },
  'feature-collection': {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: schemaId('feature-collection'),
    title: 'RFC 7946 FeatureCollection of polygonal regions (WGS84)',
    type: 'object',
    required: ['type', 'features'],
    properties: {
      type: { const: 'FeatureCollection' },
      features: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['type', 'geometry', 'properties'],
          properties: {
            type: { const: 'Feature' },
            geometry: polygonal,
            properties: {
              type: 'object',
              required: ['id', 'iso', 'kato', 'slug', 'kind', 'name_kk', 'name_ru', 'name_en'],
              properties: {
                id: { type: 'string', pattern: '^place:KZ-\\d{2}$' },
                iso: { type: 'string', pattern: '^KZ-\\d{2}$' },
                kato: str,
                slug: { type: 'string', pattern: SLUG_PATTERN },
                kind: { enum: ['region', 'city'] },
                name_kk: str,
                name_ru: str,
                name_en: str,
                border_changes: {
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['id', 'date', 'title_en', 'title_ru', 'title_kk', 'review_status'],
                    properties: {
                      id: { type: 'string', pattern: '^event:' },
                      date: isoDate,
                      title_en: { type: 'string' },
                      title_ru: { type: 'string' },
                      title_kk: { type: 'string' },
                      review_status: { enum: ['reviewed', 'unreviewed'] },
                    },
                  },
                  description:
                    "The reforms that moved this region's own borders, each with its review status (a border change the Bureau's tables show holds whether or not the event row is reviewed); values before the latest one are in other borders",
                },
              },
            },
          },
        },
      },
    },
  } as const,
};

export type RegionCollection = FromSchema<(typeof geoJsonFileSchemas)['feature-collection']>;
