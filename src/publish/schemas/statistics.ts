// Schemas of the statistical contracts: country pulse, official regional indicators, public
// observations, series datasets, region overview and analytics. Declared `as const`, so the types of
// the files (bottom of this file) are derived from the schemas they are validated against; the
// browser app (web/src/api.ts) reads them. This module imports no server code.
import type { FromSchema } from 'json-schema-to-ts';
import {
  contractSchema,
  FIGURE_HEAD,
  figure,
  figureOrAbsent,
  isoDate,
  names,
  sourceRef,
  sourceUrl,
} from './common.js';
import { SLUG_PATTERN } from '../../lib/slug.js';

const nullableFigure = { anyOf: [{ type: 'null' }, figure] } as const;
// A region's latest figure under its label, with the series key the label stands for (a breakdown's
// former id such as life_expectancy_female is kept as the label; /api/timemachine/ names the series by key).
const latestFigure = {
  anyOf: [
    { type: 'null' },
    {
      allOf: [
        figure,
        {
          type: 'object',
          required: ['series'],
          properties: {
            series: {
              type: 'string',
              description: 'The series key: the metric of /api/timemachine/series',
            },
          },
        },
      ],
    },
  ],
} as const;
const flatFigure = {
  type: 'object',
  required: [...FIGURE_HEAD, 'source_id', 'source_revision'],
  properties: {
    value: { type: ['number', 'null'] },
    null_reason: { type: ['string', 'null'] },
    unit: { type: 'string', minLength: 1 },
    period: { type: 'string' },
    period_start: isoDate,
    period_end: isoDate,
    status: { type: 'string' },
    source_id: { type: 'string' },
    source_revision: { type: 'string' },
  },
  if: { properties: { value: { type: 'null' } } },
  then: { properties: { null_reason: { type: 'string', minLength: 1 } } },
} as const;
const str = { type: 'string' } as const;
/** A region's profile as region-analytics publishes it (src/publish/contracts/regions.ts). */
const regionProfile = {
  type: 'object',
  required: [
    'id',
    'iso',
    'kato',
    'slug',
    'kind',
    'name',
    'official_name',
    'admin_centre',
    'area_km2',
    'district_count',
    'links',
  ],
  properties: {
    id: { type: 'string', pattern: '^place:KZ-\\d{2}$' },
    iso: { type: 'string', pattern: '^KZ-\\d{2}$' },
    kato: { type: 'string', pattern: '^\\d{9}$' },
    slug: { type: 'string', pattern: SLUG_PATTERN },
    kind: { enum: ['region', 'city'] },
    name: names,
    official_name: names,
    admin_centre: names,
    area_km2: { type: 'number', exclusiveMinimum: 0 },
    district_count: { type: 'integer', minimum: 0 },
    links: {
      type: 'object',
      required: ['boundary', 'analytics', 'brief'],
      properties: { boundary: str, analytics: str, brief: str },
    },
  },
} as const;

export const statisticsSchemas = {
  'country-pulse': contractSchema(
    'country-pulse',
    'Country pulse: six national indicators, each with period and origin',
    {
      place: { const: 'KZ' },
      indicators: {
        type: 'array',
        minItems: 6,
        maxItems: 6,
        items: {
          allOf: [
            figureOrAbsent,
            { required: ['id', 'name'], properties: { id: { type: 'string' }, name: names } },
          ],
        },
      },
    },
    ['place', 'indicators'],
  ),
  'official-regional-indicators': contractSchema(
    'official-regional-indicators',
    'Official regional indicators: 20 regions with separate periods',
    {
      national: { type: 'object', additionalProperties: figureOrAbsent },
      regions: {
        type: 'array',
        minItems: 20,
        maxItems: 20,
        items: {
          type: 'object',
          required: [
            'id',
            'iso',
            'slug',
            'name',
            'population',
            'labour_market',
            'gross_regional_product',
          ],
          properties: {
            id: { type: 'string', pattern: '^place:KZ-\\d{2}$' },
            iso: { type: 'string', pattern: '^KZ-\\d{2}$' },
            slug: { type: 'string', pattern: SLUG_PATTERN },
            name: names,
            population: figure,
            gross_regional_product: figure,
            labour_market: {
              type: 'object',
              required: ['employed', 'unemployment_rate'],
              properties: { employed: figure, unemployment_rate: figure },
            },
          },
          // every other family: an object of indicator -> figure, or the statement that the place has no observation
          additionalProperties: {
            anyOf: [
              names,
              { type: 'object', additionalProperties: figureOrAbsent },
              { type: 'string' },
            ],
          },
        },
      },
    },
    ['national', 'regions'],
  ),
  'public-observations': contractSchema(
    'public-observations',
    'Public observations: flat, with period, source and content hash',
    {
      count: { type: 'integer', minimum: 0 },
      observations: {
        type: 'array',
        items: {
          allOf: [
            flatFigure,
            {
              required: ['id', 'indicator', 'place', 'content_hash'],
              properties: {
                id: { type: 'string', pattern: '^observation:' },
                indicator: str,
                place: str,
                content_hash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
              },
            },
          ],
        },
      },
    },
    ['count', 'observations'],
  ),
  'series-dataset': contractSchema(
    'series-dataset',
    'Full series of one dataset',
    {
      dataset: { type: 'string' },
      sources: { type: 'array', minItems: 1, items: sourceRef },
      count: { type: 'integer' },
      points: { type: 'array', items: { allOf: [flatFigure, { required: ['metric', 'place'] }] } },
    },
    ['dataset', 'sources', 'points'],
  ),
  'region-overview': contractSchema(
    'region-overview',
    'Summary profiles of the 20 regions and their districts',
    {
      region_count: { const: 20 },
      regions: {
        type: 'array',
        minItems: 20,
        maxItems: 20,
        items: {
          type: 'object',
          required: ['id', 'iso', 'slug', 'name', 'area_km2', 'population'],
          properties: {
            id: { type: 'string', pattern: '^place:KZ-' },
            iso: { type: 'string', pattern: '^KZ-' },
            slug: { type: 'string', pattern: SLUG_PATTERN },
            name: names,
            official_name: names,
            population: nullableFigure,
            area_km2: { type: 'number', exclusiveMinimum: 0 },
          },
        },
      },
      districts: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['id', 'pcode', 'region_iso', 'name'],
          properties: {
            id: { type: 'string', pattern: '^place:KZ-' },
            pcode: str,
            region_iso: { type: 'string', pattern: '^KZ-' },
            name: names,
          },
        },
      },
      sources: { type: 'array', minItems: 1, items: sourceRef },
    },
    ['region_count', 'regions', 'districts', 'sources'],
  ),
  'region-analytics': contractSchema(
    'region-analytics',
    'Regional profile of one region',
    {
      region: regionProfile,
      latest: {
        type: 'object',
        additionalProperties: latestFigure,
        description:
          'The latest figure of each regional metric, with its series key; null: none published for this region',
      },
      series: { type: 'object', additionalProperties: { type: 'array', items: figure } },
      districts: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'pcode', 'name'],
          properties: {
            id: { type: 'string', pattern: '^place:KZ-\\d{2}/KZ\\d{6}$' },
            pcode: str,
            name: names,
          },
        },
      },
      district_notes: {
        type: 'array',
        items: str,
        description:
          'why the district population figures and this district set differ: a district with no figure and the rows counting its people, a figure on no district and why the districts do not sum to the region',
      },
      institutions: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'name', 'website'],
          properties: {
            id: { type: 'string', pattern: '^institution:' },
            name: names,
            website: { type: 'string', format: 'uri' },
          },
        },
      },
      events: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'date', 'title', 'source_url', 'review_status'],
          properties: {
            id: str,
            date: isoDate,
            title: names,
            source_url: sourceUrl,
            review_status: str,
          },
        },
      },
      border_changes: {
        type: 'array',
        items: { type: 'string', pattern: '^event:' },
        description:
          "ids of the reform events that moved this region's own borders (its series break there); a change elsewhere is not listed",
      },
    },
    [
      'region',
      'latest',
      'series',
      'districts',
      'district_notes',
      'institutions',
      'events',
      'border_changes',
    ],
  ),
};

export type RegionAnalytics = FromSchema<(typeof statisticsSchemas)['region-analytics']>;
